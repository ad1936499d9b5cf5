import fs from 'node:fs/promises';
import path from 'node:path';
import type { PageParts } from '@buergerfit/contract/page';

/**
 * A stand-in shell build (what the shell's build writes into `shell/dist`), for tests that run before any real build
 * exists: the page's parts as data (`page.json`), the files it names, the offline page (`index.html`, which the BFF
 * serves as built for the service worker), the small scripts a made page carries inline (`theme.js`,
 * `after-paint.js`), the route table and, when asked for, the frame's server renderer (`ssr/index.mjs`, what
 * shell/src/frame.tsx builds into: the shell's header and footer around the page's empty slot).
 */

export const SHELL_TITLE = 'Bürgerfit';
/** The shell's entry script and stylesheet, as page.json names them. */
export const SHELL_SCRIPT = '/static/js/index.1234567890.js';
export const SHELL_STYLE = '/static/css/index.abcdef0123.css';
export const SHELL_CSS = 'body{margin:0}';
/** The stylesheet of the shell's app chunk (`static/css/async/`): what the frame's header and footer need. */
export const FRAME_CSS = '.shell_header_x{position:sticky}';
export const THEME = "document.documentElement.dataset.theme='dark';";
export const AFTER_PAINT = '(()=>{window.__started=document.currentScript.dataset.scripts})();';
/** React's form replay script, as page.json names it and a render writes it (`<script>…</script>`). */
export const FORM_REPLAY = 'addEventListener("submit",function(e){window.__replayed=e.target})';
export const DESCRIPTION = 'Learn for the German naturalisation test.';
/** The offline page as the shell's build writes it (`dist/index.html`). */
export const OFFLINE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>${SHELL_TITLE}</title><script defer src="${SHELL_SCRIPT}"></script><link href="${SHELL_STYLE}" rel="stylesheet"></head><body><div id="root"></div></body></html>`;

export type RemoteRoute = {
  path: string;
  remote: string;
  basename?: string;
  protected: boolean;
  fetchEarly?: boolean;
};

/** What a stand-in frame renderer writes (see `frameRenderer`). */
export type FrameOptions = {
  /** How often the page's empty slot is in the frame (the real frame: once). */
  slots?: 0 | 1 | 2;
  /** The frame's own copy of React's form replay script (a form in its header). */
  replay?: boolean;
  /** A word in its footer: tells one build's frame from another's. */
  label?: string;
  /** A frame renderer that throws. */
  broken?: boolean;
};

export type ShellDistOptions = {
  /** The route table's page patterns; by default the remote routes' and `/`. */
  paths?: string[];
  remotes?: RemoteRoute[];
  /** A frame renderer (`ssr/index.mjs`): true for the default one, or what it writes. None by default. */
  frame?: boolean | FrameOptions;
  /** page.json's fields other than the defaults. */
  parts?: Partial<PageParts>;
  /** More files of the build, by path in dist (`sw.js`, `favicon.svg`). */
  files?: Record<string, string>;
};

const PAGE_PARTS = 'page.json';
const FRAME_FILE = path.join('ssr', 'index.mjs');

/**
 * The source of a frame renderer: the shell's header (the language, who the visitor is and the path it was asked
 * for) and footer around the page's area, which holds the empty slot of the remote the route table gives the path
 * (`<div data-bf-slot="<remote>"></div>`, as the real frame writes it). It sets process-wide state while it renders,
 * as a real renderer's global fetch and language do.
 */
export function frameRenderer(remotes: readonly RemoteRoute[], options: FrameOptions = {}): string {
  const { slots = 1, replay = false, label = '', broken = false } = options;
  const routes = remotes.map((r) => [r.path, r.remote]);
  return `const ROUTES = ${JSON.stringify(routes)};
const remoteOf = (url) =>
  ROUTES.find(([p]) => (p.endsWith('/*') ? url === p.slice(0, -2) || url.startsWith(p.slice(0, -1)) : url === p))?.[1];
export default {
  pages: [],
  async render({ url, lang, session }) {
    ${broken ? "throw new Error('the frame broke');" : ''}
    globalThis.__rendering = 'frame';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const who = session.status === 'user' ? 'user ' + session.user.name : session.status;
    const remote = remoteOf(url);
    const slot = remote ? '<div data-bf-slot="' + remote + '"></div>' : '';
    return {
      html: '<div class="shell_app_x"><header class="shell_header_x">' + lang + ' ' + who + ' ' + url +
        ${replay ? `'<script>' + ${JSON.stringify(FORM_REPLAY)} + '</script>'` : "''"} +
        '</header><main id="main">' + slot.repeat(${slots}) + '</main><footer>Footer ' + lang + ${JSON.stringify(label ? ` ${label}` : '')} + '</footer></div>',
      queries: null,
      deferred: [],
      title: null,
    };
  },
};
`;
}

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/** Writes a shell build into `<root>/shell/dist` (the BFF's STATIC_ROOT layout); returns that folder. */
export async function writeShellDist(root: string, options: ShellDistOptions = {}): Promise<string> {
  const dist = path.join(root, 'shell', 'dist');
  const remotes = options.remotes ?? [];
  const parts: PageParts = {
    title: SHELL_TITLE,
    meta: [
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'description', content: DESCRIPTION },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
    scripts: [SHELL_SCRIPT],
    styles: [SHELL_STYLE],
    formReplay: FORM_REPLAY,
    ...options.parts,
  };
  await write(path.join(dist, 'index.html'), OFFLINE_PAGE);
  for (const script of parts.scripts) await write(path.join(dist, script), 'void 0;\n');
  for (const style of parts.styles) await write(path.join(dist, style), SHELL_CSS);
  await write(path.join(dist, 'static', 'css', 'async', 'shell_app.0123456789.css'), FRAME_CSS);
  await write(path.join(dist, 'theme.js'), THEME);
  await write(path.join(dist, 'after-paint.js'), AFTER_PAINT);
  await write(
    path.join(dist, 'routes.json'),
    JSON.stringify({
      paths: options.paths ?? ['/', ...remotes.map((r) => r.path)],
      remotes: remotes.map((r) => ({ basename: '/', ...r })),
    }),
  );
  if (options.frame) {
    await write(
      path.join(dist, FRAME_FILE),
      frameRenderer(remotes, options.frame === true ? {} : options.frame),
    );
  }
  for (const [file, text] of Object.entries(options.files ?? {})) await write(path.join(dist, file), text);
  await write(path.join(dist, PAGE_PARTS), JSON.stringify(parts));
  return dist;
}

/**
 * A new build of the shell in place: its frame renderer replaced (or removed, with `frame: null`) and its page.json
 * written again, later than the last one (the BFF tells builds apart by page.json's modification time).
 */
export async function rebuildFrame(
  dist: string,
  remotes: readonly RemoteRoute[],
  frame: FrameOptions | null,
): Promise<void> {
  const file = path.join(dist, FRAME_FILE);
  if (frame) await write(file, frameRenderer(remotes, frame));
  else await fs.rm(file, { force: true });
  const parts = path.join(dist, PAGE_PARTS);
  const before = (await fs.stat(parts)).mtimeMs;
  await fs.writeFile(parts, await fs.readFile(parts));
  const later = new Date(Math.max(before + 1000, Date.now()));
  await fs.utimes(parts, later, later);
}
