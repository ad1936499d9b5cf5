import type { PageBoot } from '@buergerfit/contract';
import { emptySlot, type PageParts } from '@buergerfit/contract/page';
import type { Context } from 'koa';
import type { SelfDispatch } from '../app';
import type { Config } from '../config';
import type { Language } from '../http/lang';
import { manifestUrlFor } from '../remotes/publish';
import { type SelfGet, type SsrRenderer, ssrEntry, ssrPages } from '../remotes/ssr';
import type { ServerRendering } from '../remotes/ssr-health';
import { PRERENDER_REMOTE, prerendered, prerenderedPaths, remoteCss } from './fragments';
import type { PageRemote } from './route-table';
import type { ShellBuild } from './shell-build';
import type { MadeContent } from './template';

/**
 * The "render" and "frame" steps of the page pipeline (page.ts): a page's content made on the server for this
 * visitor. Two renders, each in the sandboxed renderer of its build (remotes/ssr.ts):
 *
 * - the **frame**: the shell's own page (header, footer, the page's area holding an empty slot for its remote) for
 *   this visitor, language and path, from the shell build's `ssr/index.mjs` (shell/src/frame.tsx);
 * - the **content**: the page's remote for this visitor — the version of their own A/B variant — rendered by that
 *   build's renderer (`ssr/index.mjs`, if it lists the path), or for a public marketing page the fragment
 *   mf_marketing's build wrote (fragments.ts).
 *
 * The content goes into the frame's slot; the browser hydrates both (shell/src/bootstrap.tsx, PageIsland.tsx). Null
 * whenever the page cannot be made (no renderer, a session the shell must refresh first, too slow, a failure): the
 * empty shell page is sent and the browser renders it.
 */

/** A made page's content, with what the page's boot data gains from the render. */
export type Made = MadeContent & {
  remote: string;
  /** The render's first data (a dehydrated query cache); undefined for a build-time fragment. */
  queries: unknown;
  deferred: { queryKey: unknown[]; path: string }[];
  /** Whether a render wrote React's form replay script (kept out of the markup, put into the page once). */
  formReplay: boolean;
  /**
   * Whether the content is still loading something only its app can finish (an element `aria-busy="true"`: the
   * demo resuming an attempt kept in the browser): its scripts must start at once, not on the first tap.
   */
  busy: boolean;
};

export type Maker = {
  make(ctx: Context, boot: PageBoot, route: PageRemote | null, lang: Language): Promise<Made | null>;
  /** Starts the renderers of the frame and of every live build with server-rendered pages ahead of the first page. */
  warm(builds: { remote: string; version: string }[]): void;
};

/** Headers of the visitor's request that an API read of the render carries. */
const FORWARDED = ['cookie', 'accept-language', 'user-agent', 'host', 'x-forwarded-for', 'x-forwarded-proto'];

/** A guest's frame is the same for every guest: kept per language and path (until the shell is rebuilt). */
const MAX_FRAMES = 200;

/** React's form replay script as a render writes it, taken out of the markup; whether it was there. */
function withoutReplay(html: string, replay: string | null): { html: string; found: boolean } {
  if (!replay) return { html, found: false };
  const tag = `<script>${replay}</script>`;
  const parts = html.split(tag);
  return { html: parts.join(''), found: parts.length > 1 };
}

export function createMaker({
  config,
  renderer,
  health,
  shellBuild,
  dispatch,
}: {
  config: Config;
  renderer: SsrRenderer;
  health: ServerRendering['health'];
  shellBuild: () => Promise<ShellBuild | null>;
  dispatch: SelfDispatch | undefined;
}): Maker {
  const frames = new Map<string, { stamp: number; html: string; css: string; replay: boolean }>();

  /**
   * The render's API reads, as the visitor of `ctx` (their cookies and address). They go through the app's whole
   * middleware stack in-process: the same authentication, validation, limits and handlers as the browser's own GET,
   * which is what makes the server's markup the markup the browser would render (see docs/decisions.md).
   */
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

  /** The shell's frame for this visitor and path, with its slot for `remote`; null when it cannot be rendered. */
  const frameFor = async (
    ctx: Context,
    build: ShellBuild,
    parts: PageParts,
    boot: PageBoot,
    lang: Language,
  ): Promise<{ html: string; css: string; replay: boolean } | null> => {
    if (!build.frame) return null;
    const key = boot.session.status === 'guest' ? `${lang} ${ctx.path}` : null;
    const cached = key ? frames.get(key) : undefined;
    if (cached && cached.stamp === build.stamp) return cached;
    try {
      const rendered = await renderer.render(
        { file: build.frame.file, stamp: String(build.stamp) },
        { url: ctx.path, basename: '/', lang, session: boot.session },
        async () => ({ status: 404, body: '' }),
      );
      const { html, found } = withoutReplay(rendered.html, parts.formReplay);
      const frame = { stamp: build.stamp, html, css: build.frame.css, replay: found };
      if (key) {
        if (frames.size >= MAX_FRAMES) frames.delete(frames.keys().next().value as string);
        frames.set(key, frame);
      }
      return frame;
    } catch (err) {
      ctx.state.log.warn({ err }, 'shell frame not rendered: the page is sent empty');
      return null;
    }
  };

  /** The page's remote rendered for this visitor by their variant's build; null when it has no renderer for it. */
  const contentFor = async (
    ctx: Context,
    boot: PageBoot,
    route: PageRemote | null,
    lang: Language,
    parts: PageParts,
  ): Promise<(Omit<Made, 'markup' | 'busy'> & { html: string }) | null> => {
    if (route && dispatch) {
      const remote = boot.remotes?.find((r) => r.name === route.remote);
      if (remote && remote.manifestUrl === manifestUrlFor(remote.name, remote.version)) {
        const list = await ssrPages(config.remotesDir, remote.name, remote.version);
        const build = { remote: remote.name, version: remote.version };
        // A build whose renderer kept failing is no longer rendered here: its page renders in the browser.
        if (list.pages.includes(ctx.path) && (await health.allowed(build))) {
          const [rendered, css] = await Promise.all([
            renderer.render(
              { file: ssrEntry(config.remotesDir, remote.name, remote.version), build },
              { url: ctx.path + ctx.search, basename: route.basename, lang, session: boot.session },
              selfGet(ctx, dispatch),
            ),
            remoteCss(config.remotesDir, remote.name, remote.version),
          ]);
          const { html, found } = withoutReplay(rendered.html, parts.formReplay);
          return {
            remote: remote.name,
            html,
            css,
            title: rendered.title,
            queries: rendered.queries,
            deferred: rendered.deferred,
            formReplay: found,
          };
        }
      }
    }
    // A public page whose markup mf_marketing's build wrote.
    if (!(await prerenderedPaths(config.remotesDir)).has(ctx.path)) return null;
    const remote = boot.remotes?.find((r) => r.name === PRERENDER_REMOTE);
    if (!remote || remote.manifestUrl !== manifestUrlFor(PRERENDER_REMOTE, remote.version)) return null;
    const prepared = await prerendered(config.remotesDir, remote.version, lang, ctx.path);
    if (!prepared) return null;
    const { html, found } = withoutReplay(prepared.fragment, parts.formReplay);
    return {
      remote: PRERENDER_REMOTE,
      html,
      css: prepared.css,
      title: prepared.title ?? null,
      queries: undefined,
      deferred: [],
      formReplay: found,
    };
  };

  return {
    async make(ctx, boot, route, lang) {
      if (config.ssrTimeoutMs === 0 || boot.session.status === 'unknown') return null;
      const build = await shellBuild();
      if (!build?.frame) return null;
      const started = performance.now();
      const [frame, content] = await Promise.all([
        frameFor(ctx, build, build.parts, boot, lang),
        contentFor(ctx, boot, route, lang, build.parts),
      ]);
      ctx.set('Server-Timing', `ssr;dur=${(performance.now() - started).toFixed(1)}`);
      if (!frame || !content) return null;
      // The content goes into the frame's slot for its remote (there exactly once, or the page is not made).
      const slot = emptySlot(content.remote);
      const at = frame.html.indexOf(slot);
      if (at < 0 || frame.html.indexOf(slot, at + 1) >= 0) return null;
      const open = slot.slice(0, slot.indexOf('></div>') + 1);
      return {
        ...content,
        markup: `${frame.html.slice(0, at)}${open}${content.html}</div>${frame.html.slice(at + slot.length)}`,
        css: [frame.css, content.css].filter(Boolean).join('\n'),
        formReplay: frame.replay || content.formReplay,
        busy: content.html.includes('aria-busy="true"'),
      };
    },
    warm(builds) {
      void shellBuild().then((build) => {
        if (build?.frame) renderer.warm({ file: build.frame.file, stamp: String(build.stamp) });
      });
      for (const build of builds)
        renderer.warm({ file: ssrEntry(config.remotesDir, build.remote, build.version), build });
    },
  };
}
