import fs from 'node:fs/promises';
import path from 'node:path';
import type { PageBoot } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Context } from 'koa';
import send from 'koa-send';
import type { SelfDispatch } from '../app';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { fileExists, IMMUTABLE, SAFE_SEGMENT } from '../http/files';
import type { Language } from '../http/lang';
import { safeReturnPath } from '../http/redirect';
import { type PageRemote, routeTableReader } from '../pages/route-table';
import {
  AFTER_PAINT_SCRIPT,
  attr,
  injectPrerender,
  PRERENDER_HEADER,
  PRERENDER_REMOTE,
  prerendered,
  prerenderedPaths,
  prerenderLanguage,
  remoteCss,
  type ShellFrame,
  type ShellStyles,
  splitFrame,
} from '../remotes/prerender';
import { manifestUrlFor } from '../remotes/publish';
import { listVariants } from '../remotes/registry';
import { type SelfGet, SSR_DIR, ssrEntry, ssrPages } from '../remotes/ssr';
import { createServerRendering } from '../remotes/ssr-health';
import { atBodyEnd, bootElement, intoHead, pageBoot, remotePreloads } from './boot';

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bürgerfit</title></head><body><main><h1>Bürgerfit</h1><p>The app is starting: its frontend has not been built yet. Run <code>npm start</code> (it builds what is missing) and reload.</p></main></body></html>`;

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
/** The shell's `start` route (shell/src/route-table.ts). */
const START_PATH = '/start';
/** The sign-in page, and where it sends a learner who is signed in already and asked for nothing else. */
const LOGIN_PATH = '/login';
const LOGIN_DEFAULT = '/dashboard';
/** The shell's public script that puts the learner's theme on a page before its first paint. */
const THEME_SCRIPT = 'theme.js';

/**
 * Serves the shell: its service worker, its icon, its files, and its page for every other path — with status 200
 * on a path of the shell's route table (prerendered for a public marketing page) and 404 on any other path, where
 * the shell shows its not-found screen.
 */

/** Headers of the visitor's request that an in-process API call of the server render carries. */
const FORWARDED = ['cookie', 'accept-language', 'user-agent', 'host', 'x-forwarded-for', 'x-forwarded-proto'];

export function shellRoutes(deps: Deps, dispatch?: SelfDispatch): Router {
  const { config, logger } = deps;
  const router = new Router();
  // The server's sandboxed renderers (one process per build, started by the first page that needs it).
  const { renderer, health } = deps.rendering ?? createServerRendering(deps.db, logger, config.ssrTimeoutMs);
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

  type ShellPage = {
    mtimeMs: number;
    html: string;
    styles: ShellStyles;
    afterPaint: string | null;
    /** The shell's theme.js, put inline into the head of a page sent with its content. */
    themeScript: string | null;
    /** The frame's renderer (`ssr/index.mjs`, from shell/src/frame.tsx) and its app chunk's CSS, when built. */
    frame: { file: string; css: string } | null;
  };
  let shellPage: ShellPage | null = null;
  /** The shell's index.html and its own stylesheets (read again when a new shell build replaces the page). */
  const readShellPage = async (): Promise<ShellPage> => {
    const file = path.join(shellDist, 'index.html');
    const { mtimeMs } = await fs.stat(file);
    if (shellPage?.mtimeMs === mtimeMs) return shellPage;
    const html = await fs.readFile(file, 'utf8');
    const styles = new Map<string, string>();
    for (const [, href] of html.matchAll(/<link href="(\/static\/css\/[\w.-]+\.css)" rel="stylesheet">/g)) {
      if (href) styles.set(href, await fs.readFile(path.join(shellDist, href), 'utf8'));
    }
    // The script that starts the entry scripts after the first paint, put inline into a prerendered page.
    const afterPaint = await fs
      .readFile(path.join(shellDist, AFTER_PAINT_SCRIPT.slice(1)), 'utf8')
      .catch(() => null);
    const themeScript = await fs.readFile(path.join(shellDist, THEME_SCRIPT), 'utf8').catch(() => null);
    shellPage = { mtimeMs, html, styles, afterPaint, themeScript, frame: await readFrame() };
    frames.clear();
    return shellPage;
  };

  /** The frame's renderer and the stylesheets of the shell's app chunk (what its header and footer need). */
  const readFrame = async (): Promise<{ file: string; css: string } | null> => {
    const file = path.join(shellDist, SSR_DIR, 'index.mjs');
    if (!(await fileExists(file))) return null;
    const dir = path.join(shellDist, 'static', 'css', 'async');
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => /^[\w.-]+\.css$/.test(n));
    const css = await Promise.all(names.sort().map((n) => fs.readFile(path.join(dir, n), 'utf8')));
    return { file, css: css.join('\n') };
  };

  /** A guest's frame is the same for every guest: kept per language and path (until the shell is rebuilt). */
  const frames = new Map<string, ShellFrame>();
  const MAX_FRAMES = 200;

  /**
   * The shell's header and footer for this visitor and page, rendered on the server around the page's markup;
   * null when they cannot be (no frame renderer built, a session the shell must refresh first, a failure): then the
   * page is sent without them and the shell adds them, as it did before.
   */
  const frameFor = async (ctx: Context, boot: PageBoot, lang: Language): Promise<ShellFrame | null> => {
    const { frame, mtimeMs } = await readShellPage();
    if (!frame || boot.session.status === 'unknown' || config.ssrTimeoutMs === 0) return null;
    const key = boot.session.status === 'guest' ? `${lang} ${ctx.path}` : null;
    const cached = key ? frames.get(key) : undefined;
    if (cached) return cached;
    try {
      const rendered = await renderer.render(
        { file: frame.file, stamp: String(mtimeMs) },
        { url: ctx.path, basename: '/', lang, session: boot.session },
        async () => ({ status: 404, body: '' }),
      );
      const split = splitFrame(rendered.html, frame.css);
      if (split && key) {
        if (frames.size >= MAX_FRAMES) frames.delete(frames.keys().next().value as string);
        frames.set(key, split);
      }
      return split;
    } catch (err) {
      ctx.state.log.warn({ err }, 'shell frame not rendered: the page is sent without it');
      return null;
    }
  };

  /** A GET on the app's own API as the visitor of `ctx` (their cookies and address), answered in-process. */
  const selfGet =
    (ctx: Context, run: SelfDispatch): SelfGet =>
    async (apiPath) => {
      const url = new URL(apiPath, 'http://self');
      if (!url.pathname.startsWith('/api/') || url.pathname.split('/').includes('..')) {
        return { status: 404, body: '' };
      }
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = ctx.get(name);
        if (value) headers[name] = value;
      }
      const res = await run({
        method: 'GET',
        url: url.pathname + url.search,
        headers,
        remoteAddress: ctx.request.socket.remoteAddress ?? '127.0.0.1',
      });
      return { status: res.statusCode, body: res.payload };
    };

  /**
   * A page whose remote renders it on the server (its build has a server renderer listing this path): the visitor's
   * own variant renders it, in their language, as them; null when it cannot (no renderer, a remote on another
   * origin, a session the shell must refresh first, too slow, a failure — then the plain page is sent).
   */
  const serverRenderedPage = async (ctx: Context, boot: PageBoot, route: PageRemote) => {
    const remote = boot.remotes?.find((r) => r.name === route.remote);
    if (!dispatch || !remote || config.ssrTimeoutMs === 0 || boot.session.status === 'unknown') return null;
    if (remote.manifestUrl !== manifestUrlFor(remote.name, remote.version)) return null;
    const list = await ssrPages(config.remotesDir, remote.name, remote.version);
    if (!list.pages.includes(ctx.path)) return null;
    const build = { remote: remote.name, version: remote.version };
    // A build whose renderer kept failing is no longer rendered here: its page renders in the browser.
    if (!(await health.allowed(build))) return null;
    const atOnce = list.usedAtOnce.includes(ctx.path);
    const lang = prerenderLanguage(ctx);
    const started = performance.now();
    const [{ html, styles, afterPaint, themeScript }, css, rendered, frame] = await Promise.all([
      readShellPage(),
      remoteCss(config.remotesDir, remote.name, remote.version),
      renderer.render(
        { file: ssrEntry(config.remotesDir, remote.name, remote.version), build },
        { url: ctx.path + ctx.search, basename: route.basename, lang, session: boot.session },
        selfGet(ctx, dispatch),
      ),
      frameFor(ctx, boot, lang),
    ]);
    ctx.set('Server-Timing', `ssr;dur=${(performance.now() - started).toFixed(1)}`);
    const page = injectPrerender(
      html,
      { fragment: rendered.html, css, title: rendered.title },
      lang,
      ctx.path,
      styles,
      // A page complete as sent (the demo's start, sign-in, the dashboard: text and links) is used as it is until the
      // learner acts; a page used at once (learn) starts its scripts just after the first paint.
      {
        remote: remote.name,
        afterPaint,
        themeScript,
        frame,
        start: atOnce ? 'paint' : 'interaction',
      },
    );
    return page
      ? { ...page, remote: remote.name, queries: rendered.queries, deferred: rendered.deferred, atOnce }
      : null;
  };

  /**
   * A public marketing page: the shell's page with the prerendered fragment of the visitor's own mf_marketing
   * variant in the visitor's language (see remotes/prerender.ts). Null when there is nothing to put in (no fragment
   * in that build, a remote on another origin, past the new-visitor budget): then the plain page is sent.
   */
  const prerenderedPage = async (ctx: Context, boot: PageBoot | null) => {
    if (!boot?.remotes || !(await prerenderedPaths(config.remotesDir)).has(ctx.path)) return null;
    const { html, styles, afterPaint, themeScript } = await readShellPage();
    const remote = boot.remotes.find((r) => r.name === PRERENDER_REMOTE);
    if (!remote || remote.manifestUrl !== manifestUrlFor(PRERENDER_REMOTE, remote.version)) return null;
    const lang = prerenderLanguage(ctx);
    const [prepared, frame] = await Promise.all([
      prerendered(config.remotesDir, remote.version, lang, ctx.path),
      frameFor(ctx, boot, lang),
    ]);
    // A static page: reading it needs no script, so its remote starts when the learner first uses the page.
    const page = prepared
      ? injectPrerender(html, prepared, lang, ctx.path, styles, {
          wake: 'interaction',
          afterPaint,
          themeScript,
          frame,
        })
      : null;
    return page
      ? { ...page, remote: PRERENDER_REMOTE, queries: undefined, deferred: [], atOnce: false }
      : null;
  };

  /**
   * The visitor's boot data, or null when it cannot be had (the database unreachable): the plain page still
   * works — the shell then asks for it — so a failure here is worth knowing about, never worth a 500.
   */
  const bootOf = async (ctx: Context): Promise<PageBoot | null> => {
    try {
      return await pageBoot(ctx, deps);
    } catch (err) {
      ctx.state.log.warn({ err }, 'page sent without its boot data');
      return null;
    }
  };

  /**
   * A page of the shell: its index.html (prerendered for a public marketing page) with the visitor's boot data
   * and, for a page the shell renders from a remote, preloads of that remote's files. One visitor's page: it
   * varies by cookie and is never stored by a shared cache.
   */
  const sendPage = async (ctx: Context, route: PageRemote | null) => {
    if (!(await fileExists(path.join(shellDist, 'index.html')))) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'html';
      ctx.body = STARTING_PAGE;
      return;
    }
    const boot = await bootOf(ctx);
    // A guest on a page that needs a session goes to sign in, as the shell would send them, a round trip sooner.
    if (route?.protected && boot?.session.status === 'guest') {
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(`/login?redirect=${encodeURIComponent(ctx.path + ctx.search)}`);
      return;
    }
    // /start sends the visitor where the shell's StartRedirect would (a guest to the demo, a learner to onboarding or
    // the dashboard), without a page whose only job is to leave: a link to it works before any script.
    if (ctx.path === START_PATH && boot && boot.session.status !== 'unknown') {
      const user = boot.session.status === 'user' ? boot.session.user : null;
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(!user ? '/demo' : user.onboarded ? '/dashboard' : '/welcome');
      return;
    }
    // A learner on the sign-in page goes on to where it would send them once signed in (mf-account's Login does the
    // same when its script runs): the page is used as sent until a first touch, and this one has nothing to use.
    if (ctx.path === LOGIN_PATH && boot?.session.status === 'user') {
      const wanted = typeof ctx.query.redirect === 'string' ? ctx.query.redirect : '';
      const target = safeReturnPath(wanted);
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(target === '/' && wanted !== '/' ? LOGIN_DEFAULT : target);
      return;
    }
    let prerenderedHtml: string | null = null;
    /** A made page whose remote starts just after the first paint (learn), not at the first touch. */
    let startsAtOnce = false;
    let pageBootData = boot;
    /** Preloads of the answers a server render left out of the page (its large first data). */
    let dataPreloads = '';
    try {
      const page =
        (boot && route
          ? await serverRenderedPage(ctx, boot, route).catch((err: unknown) => {
              ctx.state.log.warn({ err }, 'server render failed: the plain page is sent');
              return null;
            })
          : null) ?? (await prerenderedPage(ctx, boot));
      if (page) {
        prerenderedHtml = page.html;
        startsAtOnce = page.atOnce;
        ctx.state.cspStyleHashes = [page.styleHash];
        if (page.scriptHashes.length > 0) ctx.state.cspScriptHashes = page.scriptHashes;
        ctx.set(PRERENDER_HEADER, page.remote);
        if (boot && page.queries !== undefined) {
          pageBootData = {
            ...boot,
            queries: page.queries,
            ...(page.deferred.length > 0 ? { deferredQueries: page.deferred } : {}),
          };
          // The platform's API client sends its cookies (credentials: include): the preload must match that.
          dataPreloads = page.deferred
            .map(
              (d) => `<link rel="preload" href="${attr(d.path)}" as="fetch" crossorigin="use-credentials">`,
            )
            .join('');
        }
      }
    } catch (err) {
      ctx.state.log.warn({ err }, 'prerendered page not served');
    }
    const html = prerenderedHtml ?? (await readShellPage()).html;
    // A prerendered page paints without JavaScript: its remote loads after the first paint, unhurried. One whose
    // remote starts then gets its texts preloaded (at the end of the page); one used as sent until the first touch
    // fetches nothing before it.
    const remote =
      route && (!prerenderedHtml || startsAtOnce)
        ? boot?.remotes?.find((r) => r.name === route.remote)
        : undefined;
    const preloads = remote
      ? await remotePreloads(config.remotesDir, remote, prerenderLanguage(ctx), prerenderedHtml !== null)
      : '';
    ctx.type = 'html';
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Vary', prerenderedHtml ? 'Cookie, Accept-Language' : 'Cookie');
    const bootData = pageBootData ? bootElement(pageBootData) : '';
    // With the page's content in it, the boot data (a server render's answers can be hundreds of KB) comes after
    // the content, so the browser paints the content first; the shell reads it only once the page is parsed.
    // A made page's remote comes after the first paint: so do the preloads of its texts (after the content).
    ctx.body = prerenderedHtml
      ? atBodyEnd(intoHead(html, dataPreloads), `${preloads}${bootData}`)
      : intoHead(html, `${preloads}${bootData}`);
  };

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
      await sendPage(ctx, null);
      ctx.status = 404;
      return;
    }
    await sendPage(ctx, table?.remoteOf(ctx.path) ?? null);
  };

  /**
   * Starts the renderers of the shell's frame and of every live build with pages rendered on the server, so that the
   * first learner after a start does not wait for a sandbox to start (about 0.3 s, seconds on a busy machine, past
   * which the page would be sent plain). Not in tests, whose servers come and go by the dozen.
   */
  const warmUp = async () => {
    if (!(await fileExists(path.join(shellDist, 'index.html')))) return;
    const { frame, mtimeMs } = await readShellPage();
    if (frame) renderer.warm({ file: frame.file, stamp: String(mtimeMs) });
    for (const v of await listVariants(deps.db)) {
      if (!v.enabled || v.manifestUrl !== manifestUrlFor(v.remote, v.version)) continue;
      if ((await ssrPages(config.remotesDir, v.remote, v.version)).pages.length === 0) continue;
      const build = { remote: v.remote, version: v.version };
      if (await health.allowed(build))
        renderer.warm({ file: ssrEntry(config.remotesDir, v.remote, v.version), build });
    }
  };
  if (config.env !== 'test' && config.ssrTimeoutMs > 0) {
    warmUp().catch((err: unknown) => logger.warn({ err }, 'server renderers not started ahead'));
  }

  router.get(/^\/(?!api\/|api$|auth\/|remotes\/|catalog-images\/).*/, serveShell);
  return router;
}
