import path from 'node:path';
import Router from '@koa/router';
import send from 'koa-send';
import { catalogInfo } from '../catalog/repository';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { fileExists, IMMUTABLE, SAFE_SEGMENT } from '../http/files';
import { ensureLocalBuild } from '../remotes/artifacts';
import { servedType } from '../remotes/build-rules';
import { isRemoteName } from '../remotes/names';

/** Serves the catalog pictures and the versioned remote builds (both immutable). */
export function fileRoutes({ db, config }: Deps): Router {
  const router = new Router();
  let imageDir: string | null | undefined;

  router.get('/catalog-images/:file', async (ctx) => {
    const { file } = ctx.params as { file: string };
    if (!SAFE_SEGMENT.test(file)) throw notFound('No such picture');
    imageDir ??= (await catalogInfo(db)).imageDir;
    const dir = imageDir ? path.join(imageDir, 'images') : null;
    if (!dir || !(await fileExists(path.join(dir, file)))) throw notFound('No such picture');
    await send(ctx, file, { root: dir, maxage: 365 * 24 * 3600 * 1000, immutable: true });
  });

  router.get('/remotes/:remote/:version/*file', async (ctx) => {
    const params = ctx.params as { remote: string; version: string; file: string | string[] };
    const { remote, version } = params;
    const file = Array.isArray(params.file) ? params.file.join('/') : params.file;
    // Only the types a page loads, each as one fixed type (never a document: HTML, SVG or XML would run script as
    // the app); not the folders the BFF reads itself (the server renderer, prerendered fragments). This also holds
    // for builds published before deploys were checked for it.
    const type = servedType(file);
    if (
      !isRemoteName(remote) ||
      !SAFE_SEGMENT.test(version) ||
      file.split('/').some((s) => !SAFE_SEGMENT.test(s) || s.startsWith('.')) ||
      !type
    ) {
      throw notFound('No such remote file');
    }
    const root = path.join(config.remotesDir, remote, version);
    // A build another instance published is copied from the store the first time it is asked for here.
    if (!(await fileExists(path.join(root, file)))) {
      const copied = await ensureLocalBuild(db, config.remotesDir, remote, version, true).catch(() => false);
      if (!copied || !(await fileExists(path.join(root, file)))) throw notFound('No such remote file');
    }
    const manifest = file === 'mf-manifest.json';
    await send(ctx, file, {
      root,
      // The manifest is sent exactly as it was checked, never a precompressed copy beside it.
      brotli: !manifest,
      gzip: !manifest,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', manifest ? 'no-cache' : IMMUTABLE);
        res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
    ctx.type = type;
    ctx.set('X-Content-Type-Options', 'nosniff');
  });

  return router;
}
