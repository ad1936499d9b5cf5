import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import send from 'koa-send';
import type { SelfDispatch } from '../app';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { fileExists, IMMUTABLE, SAFE_SEGMENT } from '../http/files';
import { createPages, STARTING_PAGE } from '../pages/page';
import { routeTableReader } from '../pages/route-table';
import { SSR_DIR } from '../remotes/ssr';

/** The app's icon (shell/public/favicon.svg): not content-hashed, so cached for a week rather than for good. */
const ICON = 'favicon.svg';
const ICON_CACHE = 'public, max-age=604800';
/**
 * The web app manifest (shell/public/manifest.webmanifest): its registered type, and an hour in caches, so a new name,
 * colour or icon list reaches browsers and installed apps the same day.
 */
const MANIFEST = 'manifest.webmanifest';
const MANIFEST_TYPE = 'application/manifest+json';
const MANIFEST_CACHE = 'public, max-age=3600';
/** The app's PNG icons (shell/public/icons/): not content-hashed either; a changed icon gets a new file name. */
const ICONS_DIR = 'icons/';

/**
 * Serves the shell: its service worker, its icon, its files, and its page for every other path (the page pipeline,
 * pages/page.ts) — with status 200 on a path of the shell's route table and 404 on any other path, where the shell
 * shows its not-found screen.
 */

export function shellRoutes(deps: Deps, dispatch?: SelfDispatch): Router {
  const { config, logger } = deps;
  const router = new Router();
  const shellDist = path.join(config.staticRoot, 'shell', 'dist');
  const routeTable = routeTableReader(shellDist, (err) =>
    logger.warn({ err }, 'shell routes.json unreadable: every path is served as a page'),
  );

  // The service worker and its precache list: revalidated on every load, so a new shell is seen at once.
  router.get('/sw.js', async (ctx) => {
    if (!(await fileExists(path.join(shellDist, 'sw.js')))) throw notFound('No service worker built');
    await send(ctx, 'sw.js', {
      root: shellDist,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Service-Worker-Allowed', '/');
      },
    });
  });
  router.get('/sw-precache.json', async (ctx) => {
    if (!(await fileExists(path.join(shellDist, 'sw-precache.json'))))
      throw notFound('No precache list built');
    await send(ctx, 'sw-precache.json', {
      root: shellDist,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    });
  });

  // Browsers ask for /favicon.ico on every page whatever the page links: it is the shell's SVG icon.
  router.get('/favicon.ico', async (ctx) => {
    if (!(await fileExists(path.join(shellDist, ICON)))) throw notFound('No icon built');
    ctx.redirect(`/${ICON}`);
    ctx.status = 301;
    ctx.set('Cache-Control', ICON_CACHE);
  });
  router.get(`/${ICON}`, async (ctx) => {
    if (!(await fileExists(path.join(shellDist, ICON)))) throw notFound('No icon built');
    await send(ctx, ICON, {
      root: shellDist,
      setHeaders: (res) => res.setHeader('Cache-Control', ICON_CACHE),
    });
  });

  router.get(`/${MANIFEST}`, async (ctx) => {
    if (!(await fileExists(path.join(shellDist, MANIFEST)))) throw notFound('No manifest built');
    await send(ctx, MANIFEST, {
      root: shellDist,
      setHeaders: (res) => res.setHeader('Cache-Control', MANIFEST_CACHE),
    });
    ctx.type = MANIFEST_TYPE;
  });

  const pages = createPages(deps, shellDist, dispatch);

  /** The shell's index.html as built, for the service worker's offline copy (nobody's page). */
  const sendPlainPage = async (ctx: Context) => {
    if (await fileExists(path.join(shellDist, 'index.html'))) {
      await send(ctx, 'index.html', { root: shellDist });
      ctx.set('Cache-Control', 'no-cache');
    } else {
      ctx.type = 'html';
      ctx.body = STARTING_PAGE;
    }
  };

  const serveShell = async (ctx: Context) => {
    const rel = ctx.path.replace(/^\/+/, '');
    // `.` and `..` segments (sent with --path-as-is or encoded) name nothing we serve, whatever exists there.
    if (rel.split('/').some((s) => /^\.+$/.test(s))) throw notFound('No such file');
    // The frame's server renderer is the server's, not a file of the site.
    if (rel.split('/')[0] === SSR_DIR) throw notFound('No such file');
    if (rel && rel !== 'index.html' && rel.split('/').every((s) => SAFE_SEGMENT.test(s))) {
      if (await fileExists(path.join(shellDist, rel))) {
        const hashed = /\.[0-9a-f]{8,}\./.test(rel) || rel.startsWith('static/');
        const cache = hashed ? IMMUTABLE : rel.startsWith(ICONS_DIR) ? ICON_CACHE : 'public, max-age=300';
        await send(ctx, rel, {
          root: shellDist,
          setHeaders: (res) => res.setHeader('Cache-Control', cache),
        });
        return;
      }
      // A missing asset is a 404, not the app page.
      if (/\.\w{1,8}$/.test(rel)) throw notFound('No such file');
    }
    if (rel === 'index.html') {
      await sendPlainPage(ctx);
      return;
    }
    // A path the shell's route table does not have is the shell's page too (its not-found screen), with a 404.
    const table = await routeTable();
    if (table && !table.isPage(ctx.path)) {
      await pages.send(ctx, null);
      ctx.status = 404;
      return;
    }
    await pages.send(ctx, table?.remoteOf(ctx.path) ?? null);
  };

  router.get(/^\/(?!api\/|api$|auth\/|remotes\/|catalog-images\/).*/, serveShell);
  return router;
}
