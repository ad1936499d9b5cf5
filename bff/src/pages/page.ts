import type { PageBoot } from '@buergerfit/contract';
import { MADE_HEADER } from '@buergerfit/contract/page';
import type { Context } from 'koa';
import type { SelfDispatch } from '../app';
import type { Deps } from '../deps';
import { safeReturnPath } from '../http/redirect';
import { visitorId } from '../http/visitor';
import { manifestUrlFor } from '../remotes/publish';
import { listVariants, recordExposure } from '../remotes/registry';
import { ssrPages } from '../remotes/ssr';
import { createServerRendering } from '../remotes/ssr-health';
import { pageBoot, remotePreloads } from './boot';
import { prerenderLanguage } from './fragments';
import { createMaker } from './make';
import type { PageRemote } from './route-table';
import { shellBuildReader } from './shell-build';
import { attr, renderDocument } from './template';

/**
 * The page pipeline: every page of the app the BFF sends goes through these steps, in this order.
 *
 * 1. **Route** (route-table.ts): the path's remote, its basename, whether it needs a session.
 * 2. **Boot data** (boot.ts): who the visitor is and which build of each remote they get (their A/B variants).
 *    Redirects that need nothing more happen here (a guest on a protected page, `/start`, a learner on `/login`).
 * 3. **Render** and 4. **frame** (make.ts): the page's remote rendered for this visitor in its build's sandboxed
 *    renderer (or its build-time fragment), put into the shell's frame rendered the same way.
 * 5. **Assembly** (template.ts): one typed template writes the document — made, or the empty shell page when the
 *    page could not be made — with the CSP hashes of its inline style and scripts.
 *
 * The browser then paints the markup, starts the shell's scripts after that paint and hydrates the page
 * (shell/src/bootstrap.tsx, remotes/PageIsland.tsx). The page protocol both sides share is contract/src/page.ts.
 */

/** Sent before the frontends are built. */
export const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bürgerfit</title></head><body><main><h1>Bürgerfit</h1><p>The app is starting: its frontend has not been built yet. Run <code>npm start</code> (it builds what is missing) and reload.</p></main></body></html>`;

/** The shell's `start` route (shell/src/route-table.ts). */
const START_PATH = '/start';
/** The sign-in page, and where it sends a learner who is signed in already and asked for nothing else. */
const LOGIN_PATH = '/login';
const LOGIN_DEFAULT = '/dashboard';

export type Pages = {
  /** Sends the page for `ctx.path` (`route`: its entry in the route table, null for a path that has none). */
  send(ctx: Context, route: PageRemote | null): Promise<void>;
};

export function createPages(deps: Deps, shellDist: string, dispatch?: SelfDispatch): Pages {
  const { config, logger } = deps;
  const { renderer, health } = deps.rendering ?? createServerRendering(deps.db, logger, config.ssrTimeoutMs);
  const shellBuild = shellBuildReader(shellDist);
  const maker = createMaker({ config, renderer, health, shellBuild, dispatch });

  /**
   * The visitor's boot data, or null when it cannot be had (the database unreachable): the empty page still works —
   * the shell then asks for it — so a failure here is worth knowing about, never worth a 500.
   */
  const bootOf = async (ctx: Context): Promise<PageBoot | null> => {
    try {
      return await pageBoot(ctx, deps);
    } catch (err) {
      ctx.state.log.warn({ err }, 'page sent without its boot data');
      return null;
    }
  };

  /** Step 2's redirects: where the visitor goes instead of this page, if anywhere. */
  const redirectOf = (ctx: Context, route: PageRemote | null, boot: PageBoot | null): string | null => {
    // A guest on a page that needs a session goes to sign in, as the shell would send them, a round trip sooner.
    if (route?.protected && boot?.session.status === 'guest')
      return `/login?redirect=${encodeURIComponent(ctx.path + ctx.search)}`;
    // /start sends the visitor where the shell's StartRedirect would (a guest to the demo, a learner to onboarding or
    // the dashboard), without a page whose only job is to leave: a link to it works before any script.
    if (ctx.path === START_PATH && boot && boot.session.status !== 'unknown') {
      const user = boot.session.status === 'user' ? boot.session.user : null;
      return !user ? '/demo' : user.onboarded ? '/dashboard' : '/welcome';
    }
    // A learner on the sign-in page goes on to where it would send them once signed in.
    if (ctx.path === LOGIN_PATH && boot?.session.status === 'user') {
      const wanted = typeof ctx.query.redirect === 'string' ? ctx.query.redirect : '';
      const target = safeReturnPath(wanted);
      return target === '/' && wanted !== '/' ? LOGIN_DEFAULT : target;
    }
    return null;
  };

  const send = async (ctx: Context, route: PageRemote | null) => {
    const build = await shellBuild();
    if (!build) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'html';
      ctx.body = STARTING_PAGE;
      return;
    }
    const boot = await bootOf(ctx);
    const redirect = redirectOf(ctx, route, boot);
    if (redirect) {
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(redirect);
      return;
    }
    const lang = prerenderLanguage(ctx);
    const made = boot
      ? await maker.make(ctx, boot, route, lang).catch((err: unknown) => {
          ctx.state.log.warn({ err }, 'page not made: the empty page is sent');
          return null;
        })
      : null;
    // What the page's scripts fetch next: the route's remote's files (after the content when the page is made).
    const remote = route ? boot?.remotes?.find((r) => r.name === route.remote) : undefined;
    const remoteFiles = remote ? await remotePreloads(config.remotesDir, remote, lang) : '';
    const madeDocument =
      made && boot
        ? renderDocument({
            parts: build.parts,
            lang,
            // The boot data gains the render's first data: the browser hydrates from what the server rendered.
            boot:
              made.queries !== undefined
                ? {
                    ...boot,
                    queries: made.queries,
                    ...(made.deferred.length > 0 ? { deferredQueries: made.deferred } : {}),
                  }
                : boot,
            // The answers a render left out of the page: the platform's API client sends its cookies
            // (credentials: include), and a preload must match that.
            preloads: [
              remoteFiles,
              ...made.deferred.map(
                (d) => `<link rel="preload" href="${attr(d.path)}" as="fetch" crossorigin="use-credentials">`,
              ),
            ].join(''),
            made: {
              content: made,
              shellStyles: build.styles,
              themeScript: build.themeScript,
              afterPaint: build.afterPaint,
              formReplay: made.formReplay ? build.parts.formReplay : null,
              // A signed-in learner's page needs the app for its first tap, and a page still loading needs it to
              // finish; any other page works without it until the learner shows intent, and fetches early only
              // when the route says its first view's main control is one the app drives (the demo's Start).
              start: route?.protected || made.busy ? 'paint' : 'intent',
              fetchEarly: route?.fetchEarly ?? false,
            },
          })
        : null;
    const document =
      madeDocument ?? renderDocument({ parts: build.parts, lang, boot, preloads: remoteFiles, made: null });
    if (!document) throw new Error('the empty page cannot fail to render');
    if (made && madeDocument) {
      ctx.state.cspStyleHashes = document.styleHashes;
      ctx.state.cspScriptHashes = document.scriptHashes;
      ctx.set(MADE_HEADER, made.remote);
      // The visitor is shown the variant in this page, before any script (a public page's may never start): the
      // A/B exposure is counted here, as the shell's beacon would count it.
      if (remote?.name === made.remote) {
        await recordExposure(deps.db, visitorId(ctx, config), remote.name, remote.variant).catch(
          (err: unknown) => ctx.state.log.warn({ err }, 'exposure of a made page not recorded'),
        );
      }
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Vary', madeDocument ? 'Cookie, Accept-Language' : 'Cookie');
    ctx.body = document.html;
  };

  /**
   * Starts the renderers of the shell's frame and of every live build with pages rendered on the server, so that the
   * first learner after a start does not wait for a sandbox to start (about 0.3 s, seconds on a busy machine, past
   * which the page would be sent empty). Not in tests, whose servers come and go by the dozen.
   */
  const warmUp = async () => {
    const builds: { remote: string; version: string }[] = [];
    for (const v of await listVariants(deps.db)) {
      if (!v.enabled || v.manifestUrl !== manifestUrlFor(v.remote, v.version)) continue;
      if ((await ssrPages(config.remotesDir, v.remote, v.version)).pages.length === 0) continue;
      const build = { remote: v.remote, version: v.version };
      if (await health.allowed(build)) builds.push(build);
    }
    maker.warm(builds);
  };
  if (config.env !== 'test' && config.ssrTimeoutMs > 0) {
    warmUp().catch((err: unknown) => logger.warn({ err }, 'server renderers not started ahead'));
  }

  return { send };
}
