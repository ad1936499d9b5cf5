import fs from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import send from 'koa-send';
import { catalogInfo } from '../catalog/repository';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { admitVisitor, visitorId } from '../http/visitor';
import { isRemoteName } from '../remotes/names';
import {
  injectPrerender,
  PRERENDER_HEADER,
  PRERENDER_REMOTE,
  PRERENDERED_PATHS,
  prerendered,
  prerenderLanguage,
  type ShellStyles,
} from '../remotes/prerender';
import { manifestUrlFor } from '../remotes/publish';
import { resolveForVisitor } from '../remotes/registry';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A path segment we serve from: letters, digits, `_`, `.` and `-`, but never one made of dots only (`.`, `..`):
 * checked before the file system is asked anything, so no answer depends on what exists outside the served roots.
 */
const SAFE_SEGMENT = /^(?!\.+$)[\w.-]+$/;

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bürgerfit</title></head><body><main><h1>Bürgerfit</h1><p>The app is starting: its frontend has not been built yet. Run <code>npm start</code> (it builds what is missing) and reload.</p></main></body></html>`;

async function exists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Serves the catalog pictures, the versioned remote builds and the shell (with the SPA fallback). */
export function staticRoutes({ db, config }: Deps): Router {
  const router = new Router();
  const shellDist = path.join(config.staticRoot, 'shell', 'dist');
  let imageDir: string | null | undefined;

  router.get('/catalog-images/:file', async (ctx) => {
    const { file } = ctx.params as { file: string };
    if (!SAFE_SEGMENT.test(file)) throw notFound('No such picture');
    imageDir ??= (await catalogInfo(db)).imageDir;
    const dir = imageDir ? path.join(imageDir, 'images') : null;
    if (!dir || !(await exists(path.join(dir, file)))) throw notFound('No such picture');
    await send(ctx, file, { root: dir, maxage: 365 * 24 * 3600 * 1000, immutable: true });
  });

  router.get('/remotes/:remote/:version/*file', async (ctx) => {
    const params = ctx.params as { remote: string; version: string; file: string | string[] };
    const { remote, version } = params;
    const file = Array.isArray(params.file) ? params.file.join('/') : params.file;
    if (
      !isRemoteName(remote) ||
      !SAFE_SEGMENT.test(version) ||
      file.split('/').some((s) => !SAFE_SEGMENT.test(s))
    ) {
      throw notFound('No such remote file');
    }
    const root = path.join(config.remotesDir, remote, version);
    if (!(await exists(path.join(root, file)))) throw notFound('No such remote file');
    await send(ctx, file, {
      root,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', file === 'mf-manifest.json' ? 'no-cache' : IMMUTABLE);
        res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
  });

  // The service worker and its precache list: revalidated on every load, so a new shell is seen at once.
  router.get('/sw.js', async (ctx) => {
    if (!(await exists(path.join(shellDist, 'sw.js')))) throw notFound('No service worker built');
    await send(ctx, 'sw.js', {
      root: shellDist,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Service-Worker-Allowed', '/');
      },
    });
  });
  router.get('/sw-precache.json', async (ctx) => {
    if (!(await exists(path.join(shellDist, 'sw-precache.json')))) throw notFound('No precache list built');
    await send(ctx, 'sw-precache.json', {
      root: shellDist,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    });
  });

  let shellPage: { mtimeMs: number; html: string; styles: ShellStyles } | null = null;
  /** The shell's index.html and its own stylesheets (read again when a new shell build replaces the page). */
  const readShellPage = async () => {
    const file = path.join(shellDist, 'index.html');
    const { mtimeMs } = await fs.stat(file);
    if (shellPage?.mtimeMs === mtimeMs) return shellPage;
    const html = await fs.readFile(file, 'utf8');
    const styles = new Map<string, string>();
    for (const [, href] of html.matchAll(/<link href="(\/static\/css\/[\w.-]+\.css)" rel="stylesheet">/g)) {
      if (href) styles.set(href, await fs.readFile(path.join(shellDist, href), 'utf8'));
    }
    shellPage = { mtimeMs, html, styles };
    return shellPage;
  };

  /**
   * A public marketing page: the shell's page with the prerendered fragment of the visitor's own mf_marketing
   * variant in the visitor's language (see remotes/prerender.ts). False when there is nothing to put in (no
   * fragment in that build, a remote on another origin, the database unreachable): then the plain page is sent.
   */
  const servePrerendered = async (ctx: Context): Promise<boolean> => {
    if (!PRERENDERED_PATHS.has(ctx.path)) return false;
    try {
      // Past the new-visitor budget of this address, the plain page (no assignment is stored for it).
      if (!(await admitVisitor(ctx, db, config))) return false;
      const { html, styles } = await readShellPage();
      const remote = (await resolveForVisitor(db, visitorId(ctx, config))).find(
        (r) => r.name === PRERENDER_REMOTE,
      );
      if (!remote || remote.manifestUrl !== manifestUrlFor(PRERENDER_REMOTE, remote.version)) return false;
      const lang = prerenderLanguage(ctx);
      const prepared = await prerendered(config.remotesDir, remote.version, lang, ctx.path);
      const page = prepared && injectPrerender(html, prepared, lang, ctx.path, styles);
      if (!page) return false;
      ctx.state.cspStyleHashes = [page.styleHash];
      ctx.type = 'html';
      ctx.set('Vary', 'Cookie, Accept-Language');
      ctx.set(PRERENDER_HEADER, PRERENDER_REMOTE);
      ctx.body = page.html;
      return true;
    } catch (err) {
      // The plain page still works; a failure here is worth knowing about, never worth a 500.
      ctx.state.log.warn({ err }, 'prerendered page not served');
      return false;
    }
  };

  const serveShell = async (ctx: Context) => {
    const rel = ctx.path.replace(/^\/+/, '');
    // `.` and `..` segments (sent with --path-as-is or encoded) name nothing we serve, whatever exists there.
    if (rel.split('/').some((s) => /^\.+$/.test(s))) throw notFound('No such file');
    if (rel && rel !== 'index.html' && rel.split('/').every((s) => SAFE_SEGMENT.test(s))) {
      if (await exists(path.join(shellDist, rel))) {
        const hashed = /\.[0-9a-f]{8,}\./.test(rel) || rel.startsWith('static/');
        await send(ctx, rel, {
          root: shellDist,
          setHeaders: (res) => res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=300'),
        });
        return;
      }
      // A missing asset is a 404, not the app page.
      if (/\.\w{1,8}$/.test(rel)) throw notFound('No such file');
    }
    ctx.set('Cache-Control', 'no-cache');
    if (await servePrerendered(ctx)) return;
    if (await exists(path.join(shellDist, 'index.html'))) {
      await send(ctx, 'index.html', { root: shellDist });
      ctx.set('Cache-Control', 'no-cache');
    } else {
      ctx.type = 'html';
      ctx.body = STARTING_PAGE;
    }
  };
  router.get(/^\/(?!api\/|api$|auth\/|remotes\/|catalog-images\/).*/, serveShell);
  return router;
}
