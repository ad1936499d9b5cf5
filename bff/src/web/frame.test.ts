import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { signInFlow } from '../../test/helpers/sign-in';

// A stand-in mf-marketing build with one prerendered page, and a built shell whose frame renderer (what
// shell/src/frame.tsx builds into dist/ssr/index.mjs) writes the visitor it was asked for into its header.
const FRAME_RENDERER = `export default {
  pages: [],
  async render({ url, lang, session }) {
    // Process-wide state, as a real renderer's global fetch and language: a render beside it would see it.
    globalThis.__rendering = 'frame';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const who = session.status === 'user' ? 'user ' + session.user.name : session.status;
    return {
      html: '<div class="shell_app_x"><header class="shell_header_x">' + lang + ' ' + who + ' ' + url +
        '</header><main id="main"><bf-slot></bf-slot></main><footer>Footer ' + lang + '</footer></div>',
      queries: null,
      deferred: [],
      title: null,
    };
  },
};`;
/** A remote's server renderer for `page`: what it rendered is the language it was asked for, read back after a wait. */
const pageRenderer = (page: string, usedAtOnce: string[] | undefined) => ({
  module: `export default {
  pages: ['${page}'],
  async render({ lang }) {
    globalThis.__rendering = lang;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { html: '<h1>${page} ' + globalThis.__rendering + '</h1>', queries: null, deferred: [], title: null };
  },
};`,
  list: JSON.stringify(usedAtOnce ? { pages: [page], usedAtOnce } : { pages: [page] }),
});
const BROKEN_RENDERER = `export default { pages: [], async render() { throw new Error('frame broke'); } };`;
const FRAME_CSS = '.shell_header_x{position:sticky}';
const THEME = "document.documentElement.dataset.theme='dark';";
const AFTER_PAINT = '(()=>{window.__started=document.currentScript.dataset.scripts})();';
const APP_CSS = 'static/css/async/__federation_expose_App.0123456789.css';

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/** A static root with the stand-in builds; `renderer` is the frame renderer's source. */
async function staticRoot(renderer: string): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-frame-'));
  const mkt = path.join(root, 'mf-marketing');
  await write(path.join(mkt, 'package.json'), JSON.stringify({ version: '0.1.0' }));
  await write(path.join(mkt, 'dist', APP_CSS), '.mkt_hero_x{padding:2rem}');
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
  // Two remotes rendering a page each on the server: the demo is complete as sent, sign-in is (here) used at once.
  for (const [remote, name, page, usedAtOnce] of [
    ['mf-exam', 'mf_exam', '/demo', []],
    ['mf-account', 'mf_account', '/login', ['/login']],
  ] as const) {
    const dist = path.join(root, remote, 'dist');
    const renderer = pageRenderer(page, [...usedAtOnce]);
    await write(path.join(root, remote, 'package.json'), JSON.stringify({ version: '0.1.0' }));
    await write(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ name, exposes: [{ name: 'App', path: './App' }] }),
    );
    await write(path.join(dist, 'ssr', 'index.mjs'), renderer.module);
    await write(path.join(dist, 'ssr', 'pages.json'), renderer.list);
  }
  const shell = path.join(root, 'shell', 'dist');
  await write(
    path.join(shell, 'index.html'),
    '<!doctype html><html><head><title>Bürgerfit</title><script defer src="/static/js/index.1234567890.js"></script><link href="/static/css/index.abcdef0123.css" rel="stylesheet"></head><body><div id="root"></div></body></html>',
  );
  await write(path.join(shell, 'static', 'css', 'index.abcdef0123.css'), 'body{margin:0}');
  await write(
    path.join(shell, 'routes.json'),
    JSON.stringify({
      paths: ['/', '/demo/*', '/login', '/start'],
      remotes: [
        { path: '/', remote: 'mf_marketing', basename: '/', protected: false },
        { path: '/demo/*', remote: 'mf_exam', basename: '/', protected: false },
        { path: '/login', remote: 'mf_account', basename: '/', protected: false },
      ],
    }),
  );
  await write(path.join(shell, 'static', 'css', 'async', 'o.0123456789.css'), FRAME_CSS);
  await write(path.join(shell, 'after-paint.js'), AFTER_PAINT);
  await write(path.join(shell, 'theme.js'), THEME);
  await write(path.join(shell, 'ssr', 'index.mjs'), renderer);
  return root;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64');
const quoted = (hash: string) => hash.replace(/[+/]/g, '\\$&');

describe("the shell's frame around a static page", () => {
  let root: string;
  let app: TestApp;
  beforeAll(async () => {
    root = await staticRoot(FRAME_RENDERER);
    app = await createTestApp({ STATIC_ROOT: root });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it("puts the page's markup into the shell's own header and footer, whose scripts wait for the learner", async () => {
    const res = await app.request('/', { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<div id="root"><div class="shell_app_x"><header class="shell_header_x">de guest /</header><main id="main">' +
        '<div id="bf-prerender" data-remote="mf_marketing" data-path="/" data-lang="de" data-wake="interaction">' +
        '<h1>Hero de</h1></div></main><footer>Footer de</footer></div></div>',
    );
    expect(html).not.toContain('<main id="bf-prerender"');
    // The scripts start at the first touch, not after the first paint.
    expect(html).toMatch(
      /<script data-bf-after-paint data-scripts="\/static\/js\/index\.1234567890\.js" data-start="interaction">/,
    );
    // The frame's stylesheet is in the page's one <style>; the learner's theme is set in the head, before it.
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain(FRAME_CSS);
    expect(style).toContain('.mkt_hero_x{padding:2rem}');
    expect(html).toContain(`<head><title>Bürgerfit</title><script>${THEME}</script><style>`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      new RegExp(`script-src 'self' 'sha256-${quoted(sha(AFTER_PAINT))}' 'sha256-${quoted(sha(THEME))}';`),
    );
    expect(csp).toMatch(new RegExp(`style-src 'self'[^;]* 'sha256-${quoted(sha(style))}'`));
  });

  it('frames a page its remote renders on the server; its scripts wait unless the remote says it is used at once', async () => {
    const demo = await (await app.request('/demo', { headers: { 'accept-language': 'hr' } })).text();
    expect(demo).toContain(
      '<header class="shell_header_x">hr guest /demo</header><main id="main"><div id="bf-prerender" data-remote="mf_exam" data-path="/demo" data-lang="hr"><h1>/demo hr</h1></div></main>',
    );
    expect(demo).toContain('data-start="interaction"');
    const login = await (await app.request('/login', { headers: { 'accept-language': 'en' } })).text();
    expect(login).toContain('<h1>/login en</h1>');
    expect(login).toContain('<header class="shell_header_x">en guest /login</header>');
    expect(login).toContain('<script data-bf-after-paint data-scripts="/static/js/index.1234567890.js">');
    expect(login).not.toContain('data-start');
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

  it("renders a signed-in learner's own header, and never gives it to a guest", async () => {
    const { cookie } = await signInFlow(app, { name: 'frame-learner' });
    const mine = await (await app.request('/', { headers: { cookie, 'accept-language': 'en' } })).text();
    expect(mine).toContain('<header class="shell_header_x">en user frame-learner /</header>');
    const guest = await (await app.request('/', { headers: { 'accept-language': 'en' } })).text();
    expect(guest).toContain('<header class="shell_header_x">en guest /</header>');
    expect(guest).not.toContain('frame-learner');
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

describe('a frame that cannot be rendered', () => {
  it('leaves the page as it was without it: the markup alone, the scripts after the first paint', async () => {
    const root = await staticRoot(BROKEN_RENDERER);
    const app = await createTestApp({ STATIC_ROOT: root });
    try {
      const res = await app.request('/', { headers: { 'accept-language': 'hr' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(
        '<div id="root"><main id="bf-prerender" data-remote="mf_marketing" data-path="/" data-lang="hr" data-wake="interaction"><h1>Hero hr</h1></main></div>',
      );
      expect(html).toContain('<script data-bf-after-paint data-scripts="/static/js/index.1234567890.js">');
      expect(html).not.toContain(FRAME_CSS);
    } finally {
      await app.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
