import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import {
  AFTER_PAINT,
  FORM_REPLAY,
  FRAME_CSS,
  type FrameOptions,
  type RemoteRoute,
  rebuildFrame,
  SHELL_CSS,
  SHELL_SCRIPT,
  THEME,
  writeShellDist,
} from '../../test/helpers/shell-dist';
import { signInFlow } from '../../test/helpers/sign-in';

// A stand-in mf-marketing build with one prerendered page, two remotes rendering a page each on the server, and a
// built shell whose frame renderer (what shell/src/frame.tsx builds into dist/ssr/index.mjs) writes the visitor it
// was asked for into its header, and the page's empty slot into its main area.
const REMOTES: RemoteRoute[] = [
  { path: '/', remote: 'mf_marketing', protected: false },
  { path: '/demo/*', remote: 'mf_exam', protected: false, fetchEarly: true },
  { path: '/login', remote: 'mf_account', protected: false },
];
/** An inline script a build wrote into its markup (not React's form replay): the page's policy must refuse it. */
const BUILD_SCRIPT = 'window.__builtScript=1';
/**
 * A remote's server renderer for `page`: what it rendered is the language it was asked for, read back after a wait.
 * `form`: the page has a form whose action is a function, so React writes its form replay script before it (and
 * the build wrote a script of its own after it).
 */
const pageRenderer = (page: string, form: boolean) => `export default {
  pages: ['${page}'],
  async render({ lang, url }) {
    globalThis.__rendering = lang;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const heading = '<h1>${page} ' + globalThis.__rendering + '</h1>';
    const html = ${form ? `'<script>' + ${JSON.stringify(FORM_REPLAY)} + '</script><form>' + heading + '</form><script>${BUILD_SCRIPT}</script>'` : `url.includes('busy=1') ? '<section aria-busy="true">' + heading + '</section>' : heading`};
    return { html, queries: null, deferred: [], title: null };
  },
};`;
const APP_CSS = 'static/css/async/__federation_expose_App.0123456789.css';
const MARKETING_CSS = '.mkt_hero_x{padding:2rem}';

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/** A static root with the stand-in builds, the shell's frame writing what `frame` says. */
async function staticRoot(frame: FrameOptions): Promise<{ root: string; shell: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-frame-'));
  const mkt = path.join(root, 'mf-marketing');
  await write(path.join(mkt, 'package.json'), JSON.stringify({ version: '0.1.0' }));
  await write(path.join(mkt, 'dist', APP_CSS), MARKETING_CSS);
  await write(
    path.join(mkt, 'dist', 'mf-manifest.json'),
    JSON.stringify({
      name: 'mf_marketing',
      exposes: [{ name: 'App', path: './App', assets: { css: { sync: [APP_CSS], async: [] } } }],
    }),
  );
  for (const lang of ['de', 'en', 'hr']) {
    await write(path.join(mkt, 'dist', 'prerender', lang, 'index.html'), `<h1>Hero ${lang}</h1>`);
  }
  await write(path.join(mkt, 'dist', 'prerender', 'pages.json'), JSON.stringify({ pages: ['/'] }));
  for (const [remote, name, page, form] of [
    ['mf-exam', 'mf_exam', '/demo', false],
    ['mf-account', 'mf_account', '/login', true],
  ] as const) {
    const dist = path.join(root, remote, 'dist');
    await write(path.join(root, remote, 'package.json'), JSON.stringify({ version: '0.1.0' }));
    await write(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ name, exposes: [{ name: 'App', path: './App' }] }),
    );
    await write(path.join(dist, 'ssr', 'index.mjs'), pageRenderer(page, form));
    await write(path.join(dist, 'ssr', 'pages.json'), JSON.stringify({ pages: [page] }));
  }
  const shell = await writeShellDist(root, {
    paths: ['/', '/demo/*', '/login', '/start'],
    remotes: REMOTES,
    frame,
  });
  return { root, shell };
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The sources a page's Content-Security-Policy allows scripts from. */
const scriptSrc = (res: Response) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ??
  [];
/** The text of every inline script of a page that runs (not a JSON data element). */
const inlineScripts = (html: string) =>
  [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1] as string);
const count = (html: string, part: string) => html.split(part).length - 1;

describe("the shell's frame around a page's content", () => {
  let root: string;
  let app: TestApp;
  beforeAll(async () => {
    // The shell's header has a form of its own: React's form replay script is in the frame's render too.
    ({ root } = await staticRoot({ replay: true }));
    app = await createTestApp({ STATIC_ROOT: root });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it("puts a static page's markup into the frame's slot, between the shell's own header and footer", async () => {
    const res = await app.request('/', { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-buergerfit-prerender')).toBe('mf_marketing');
    const html = await res.text();
    // React's form replay listens before the content exists: once, at the start of the body, not in the markup.
    expect(html).toContain(
      `<body><script>${FORM_REPLAY}</script><div id="root"><div class="shell_app_x">` +
        '<header class="shell_header_x">de guest /</header><main id="main">' +
        '<div data-bf-slot="mf_marketing"><h1>Hero de</h1></div></main><footer>Footer de</footer></div></div>',
    );
    expect(count(html, FORM_REPLAY)).toBe(1);
    // The preloads (kept until the learner shows intent: a public page) and the boot data come after the content
    // (it paints first), then the script that starts the shell's entry scripts on that intent, inline.
    expect(html).toMatch(
      new RegExp(
        `<footer>Footer de</footer></div></div>(<template id="bf-later">(<link rel="preload"[^>]*>)+</template>)?<script id="bf-boot" type="application/json">\\{[^<]*\\}</script>` +
          `<script data-scripts="${escaped(SHELL_SCRIPT)}" data-hydrate="intent">${escaped(AFTER_PAINT)}</script></body></html>$`,
      ),
    );
    expect(html).not.toContain(`<script defer src="${SHELL_SCRIPT}"`);
    // Every style of the first paint is in the page's one <style> (the shell's, its frame's, the remote's); the
    // learner's theme is set in the head before it.
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1] as string);
    expect(styles).toHaveLength(1);
    const style = styles[0] as string;
    for (const css of [SHELL_CSS, FRAME_CSS, MARKETING_CSS]) expect(style).toContain(css);
    expect(html).toContain(`<script>${THEME}</script><style>`);
    expect(html).not.toContain('rel="stylesheet"');
    // The policy allows exactly these inline scripts and this style, by their hashes.
    expect(scriptSrc(res)).toEqual(["'self'", sha(THEME), sha(AFTER_PAINT), sha(FORM_REPLAY)]);
    expect(res.headers.get('content-security-policy')).toMatch(
      new RegExp(`style-src 'self'[^;]* ${escaped(sha(style))}`),
    );
  });

  it('frames a page its remote renders on the server, in its slot', async () => {
    const demo = await (await app.request('/demo', { headers: { 'accept-language': 'hr' } })).text();
    expect(demo).toContain(
      '<header class="shell_header_x">hr guest /demo</header><main id="main"><div data-bf-slot="mf_exam"><h1>/demo hr</h1></div></main><footer>Footer hr</footer>',
    );
    const login = await app.request('/login', { headers: { 'accept-language': 'en' } });
    expect(login.headers.get('x-buergerfit-prerender')).toBe('mf_account');
    const html = await login.text();
    expect(html).toContain(
      '<header class="shell_header_x">en guest /login</header><main id="main"><div data-bf-slot="mf_account">',
    );
    expect(html).toContain('<h1>/login en</h1>');
    // A public page starts its scripts on the first intent; one still loading what only its app can finish starts
    // them after its first paint, with its files after the content.
    expect(demo).toContain('data-hydrate="intent"');
    // The route table says the demo's first view's main control is one the app drives: its files are fetched just
    // after the first paint (not kept for the intent), so that a tap on it waits only for their start.
    expect(demo).toContain(
      `<script data-scripts="${SHELL_SCRIPT}" data-hydrate="intent" data-fetch="paint">`,
    );
    const busy = await (await app.request('/demo?busy=1', { headers: { 'accept-language': 'en' } })).text();
    expect(busy).toContain(
      '<div data-bf-slot="mf_exam"><section aria-busy="true"><h1>/demo en</h1></section>',
    );
    expect(busy).toContain(`<script data-scripts="${SHELL_SCRIPT}">`);
    expect(busy).not.toContain('data-hydrate');
    expect(busy).not.toContain('<template');
  });

  it("lets React's form replay into the page once, by its hash, and no other script a build wrote", async () => {
    // The sign-in form's render and the frame both wrote React's form replay script.
    const res = await app.request('/login', { headers: { 'accept-language': 'en' } });
    const html = await res.text();
    expect(count(html, FORM_REPLAY)).toBe(1);
    expect(html).toContain(`<body><script>${FORM_REPLAY}</script><div id="root">`);
    expect(html).toContain('<div data-bf-slot="mf_account"><form><h1>/login en</h1></form>');
    // A form the app drives is no reason to fetch the app early (the footer's legal entries are such forms on every
    // page): only the route table's fetchEarly is.
    expect(html).toContain(`<script data-scripts="${SHELL_SCRIPT}" data-hydrate="intent">`);
    const allowed = scriptSrc(res);
    expect(allowed).toEqual(["'self'", sha(THEME), sha(AFTER_PAINT), sha(FORM_REPLAY)]);
    // Whatever else a build wrote as a script does not run: the policy allows only the page's own.
    expect(allowed).not.toContain(sha(BUILD_SCRIPT));
    for (const script of inlineScripts(html)) {
      if (script !== BUILD_SCRIPT) expect(allowed, script).toContain(sha(script));
    }
  });

  it("renders one page at a time: renders at once never see each other's state", async () => {
    const langs = ['de', 'en', 'hr', 'de', 'en', 'hr', 'de', 'en'];
    const pages = await Promise.all(
      langs.map(async (lang) =>
        (await app.request('/demo', { headers: { cookie: `bf_lang=${lang}` } })).text(),
      ),
    );
    expect(pages.map((html) => /<h1>\/demo (\w+)<\/h1>/.exec(html)?.[1])).toEqual(langs);
    expect(pages.map((html) => /<header class="shell_header_x">(\w+) guest/.exec(html)?.[1])).toEqual(langs);
  });

  it("renders a signed-in learner's own header, and never gives it to a guest or a guest's to them", async () => {
    const header = async (cookie?: string) =>
      /<header class="shell_header_x">([^<]*)<\/header>/.exec(
        await (
          await app.request('/', { headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) } })
        ).text(),
      )?.[1];
    expect(await header()).toBe('en guest /');
    const { cookie } = await signInFlow(app, { name: 'frame-learner' });
    expect(await header(cookie)).toBe('en user frame-learner /');
    expect(await header()).toBe('en guest /');
    expect(await header(cookie)).toBe('en user frame-learner /');
  });

  it("does not serve the renderer as a file, and sends /start and a learner's /login where the app would", async () => {
    expect((await app.request('/ssr/index.mjs')).status).toBe(404);
    expect((await app.request('/ssr/pages.json')).status).toBe(404);
    const guest = await app.request('/start', { redirect: 'manual' });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/demo');
    const { cookie } = await signInFlow(app, { name: 'frame-new-learner' });
    const learner = await app.request('/start', { headers: { cookie }, redirect: 'manual' });
    expect(learner.status).toBe(302);
    expect(learner.headers.get('location')).toBe('/welcome');
    // A learner on the sign-in page goes on where it would send them; a guest gets the page.
    const login = async (query: string) => {
      const res = await app.request(`/login${query}`, { headers: { cookie }, redirect: 'manual' });
      return [res.status, res.headers.get('location')];
    };
    expect(await login('?redirect=%2Fprofile-settings')).toEqual([302, '/profile-settings']);
    expect(await login('')).toEqual([302, '/dashboard']);
    expect(await login('?redirect=%2F%2Fevil.example')).toEqual([302, '/dashboard']);
    expect((await app.request('/login', { redirect: 'manual' })).status).toBe(200);
  });
});

describe('a page is made only in a frame with its slot', () => {
  let root: string;
  let shell: string;
  let app: TestApp;
  beforeAll(async () => {
    ({ root, shell } = await staticRoot({ label: 'one' }));
    app = await createTestApp({ STATIC_ROOT: root });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const home = async () => {
    const res = await app.request('/', { headers: { 'accept-language': 'en' } });
    return { res, made: res.headers.get('x-buergerfit-prerender'), html: await res.text() };
  };

  it('sends the empty page when the frame lacks the slot, has it twice, fails or is not built; a new build counts at once', async () => {
    const first = await home();
    expect(first.made).toBe('mf_marketing');
    expect(first.html).toContain(
      '<div data-bf-slot="mf_marketing"><h1>Hero en</h1></div></main><footer>Footer en one</footer>',
    );
    // Each a new shell build: a guest's frame kept from the build before is not used.
    const broken: [string, FrameOptions | null][] = [
      ['no slot', { slots: 0 }],
      ['the slot twice', { slots: 2 }],
      ['a renderer that throws', { broken: true }],
      ['no frame renderer', null],
    ];
    for (const [why, frame] of broken) {
      await rebuildFrame(shell, REMOTES, frame);
      const page = await home();
      expect(page.res.status, why).toBe(200);
      expect(page.made, why).toBeNull();
      // The empty page: the content is not sent without its frame; the shell's scripts load as usual.
      expect(page.html, why).toContain('<body><div id="root"></div><script id="bf-boot"');
      expect(page.html, why).not.toContain('Hero en');
      expect(page.html, why).toContain(`<script defer src="${SHELL_SCRIPT}"></script>`);
      expect(page.html, why).not.toContain(FRAME_CSS);
      expect(page.res.headers.get('content-security-policy'), why).not.toContain('sha256-');
    }
    // The server kept serving: the next build's frame is used for the next page.
    await rebuildFrame(shell, REMOTES, { label: 'two' });
    const fixed = await home();
    expect(fixed.made).toBe('mf_marketing');
    expect(fixed.html).toContain(
      '<div data-bf-slot="mf_marketing"><h1>Hero en</h1></div></main><footer>Footer en two</footer>',
    );
  });
});
