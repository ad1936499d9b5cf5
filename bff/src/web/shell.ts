import fs from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import send from 'koa-send';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { fileExists, IMMUTABLE, SAFE_SEGMENT } from '../http/files';
import { admitVisitor, visitorId } from '../http/visitor';
import { routeTableReader } from '../pages/route-table';
import {
  injectPrerender,
  PRERENDER_HEADER,
  PRERENDER_REMOTE,
  prerendered,
  prerenderedPaths,
  prerenderLanguage,
  type ShellStyles,
} from '../remotes/prerender';
import { manifestUrlFor } from '../remotes/publish';
import { resolveForVisitor } from '../remotes/registry';

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bürgerfit</title></head><body><main><h1>Bürgerfit</h1><p>The app is starting: its frontend has not been built yet. Run <code>npm start</code> (it builds what is missing) and reload.</p></main></body></html>`;

/** The app's icon (shell/public/favicon.svg): not content-hashed, so cached for a week rather than for good. */
const ICON = 'favicon.svg';
const ICON_CACHE = 'public, max-age=604800';

/**
 * Serves the shell: its service worker, its icon, its files, and its page for every other path — with status 200
 * on a path of the shell's route table (prerendered for a public marketing page) and 404 on any other path, where
 * the shell shows its not-found screen.
 */
export function shellRoutes({ db, config, logger }: Deps): Router {
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
    if (!(await prerenderedPaths(config.remotesDir)).has(ctx.path)) return false;
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

  /** The shell's index.html, or a starting page while the frontend is not built yet. */
  const sendShellPage = async (ctx: Context) => {
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
    if (rel && rel !== 'index.html' && rel.split('/').every((s) => SAFE_SEGMENT.test(s))) {
      if (await fileExists(path.join(shellDist, rel))) {
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
    // A path the shell's route table does not have is the shell's page too (its not-found screen), with a 404.
    const table = rel === 'index.html' ? null : await routeTable();
    if (table && !table.isPage(ctx.path)) {
      await sendShellPage(ctx);
      ctx.status = 404;
      return;
    }
    if (await servePrerendered(ctx)) return;
    await sendShellPage(ctx);
  };

  router.get(/^\/(?!api\/|api$|auth\/|remotes\/|catalog-images\/).*/, serveShell);
  return router;
}
