import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAGE_BOOT_ID, PageBoot } from '@buergerfit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { OFFLINE_PAGE, writeShellDist } from '../../test/helpers/shell-dist';
import { CookieJar, signInFlow } from '../../test/helpers/sign-in';

// A stand-in repository: a built shell whose route table names the remotes, and a built mf-learn with the files
// its manifest lists for `./App` (a fresh clone has no real build when the tests run).
let root: string;
let app: TestApp;
const LEARN_MANIFEST = {
  name: 'mf_learn',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  exposes: [
    {
      path: './App',
      assets: {
        js: {
          sync: ['static/js/async/expose_App.11aa22bb33.js', 'static/js/async/n.44cc55dd66.js'],
          async: [
            'static/js/async/texts-de.1a2b3c4d5e.js',
            'static/js/async/texts-en.2b3c4d5e6f.js',
            'static/js/async/texts-hr.3c4d5e6f7a.js',
            'static/js/async/p.4d5e6f7a8b.js',
          ],
        },
        css: { sync: ['static/css/async/expose_App.77ee88ff99.css'], async: [] },
      },
    },
  ],
};

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-boot-'));
  const learn = path.join(root, 'mf-learn');
  await fs.mkdir(path.join(learn, 'dist'), { recursive: true });
  await fs.writeFile(path.join(learn, 'package.json'), JSON.stringify({ version: '2.0.0' }));
  await fs.writeFile(path.join(learn, 'dist', 'mf-manifest.json'), JSON.stringify(LEARN_MANIFEST));
  await fs.writeFile(path.join(learn, 'dist', 'remoteEntry.js'), 'var mf_learn;\n');
  await writeShellDist(root, {
    paths: ['/', '/demo/*', '/learn/*', '/login'],
    remotes: [
      { path: '/demo/*', remote: 'mf_exam', protected: false },
      { path: '/learn/*', remote: 'mf_learn', protected: true },
      { path: '/login', remote: 'mf_account', protected: false },
    ],
  });
  app = await createTestApp({ STATIC_ROOT: root });
});
afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** The boot data of a page, checked against the contract's schema. */
function bootOf(html: string): PageBoot {
  const match = html.match(new RegExp(`<script id="${PAGE_BOOT_ID}" type="application/json">(.*?)</script>`));
  expect(match, 'the page carries its boot data').not.toBeNull();
  return PageBoot.parse(JSON.parse(match?.[1] ?? ''));
}

const page = (p: string, cookie?: string, headers: Record<string, string> = {}) =>
  app.request(p, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });

describe('the page answers what the shell would fetch first', () => {
  it("gives a new guest their registry entries — the same sticky assignment /api/remotes then answers — and 'guest'", async () => {
    const jar = new CookieJar();
    const res = await page('/demo');
    expect(res.status).toBe(200);
    jar.store(res);
    expect(jar.get('bf_vid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('vary')).toBe('Cookie');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const boot = bootOf(await res.text());
    expect(boot.session).toEqual({ status: 'guest' });
    const learn = boot.remotes?.find((r) => r.name === 'mf_learn');
    expect(learn?.manifestUrl).toMatch(/^\/remotes\/mf_learn\/2\.0\.0-[0-9a-f]{10}\/mf-manifest\.json$/);
    const registry = await app.request('/api/remotes', { headers: { cookie: jar.header() } });
    expect((await registry.json()).remotes).toEqual(boot.remotes);
  });

  it('gives a signed-in learner themselves, exactly as /api/user/me does', async () => {
    const { cookie } = await signInFlow(app, { name: 'boot-learner' });
    const saved = await app.request('/api/user/settings', {
      method: 'PATCH',
      headers: { cookie },
      json: { nickname: '</script><script>alert(1)</script>' },
    });
    expect(saved.status).toBe(200);
    const html = await (await page('/demo', cookie)).text();
    // The nickname cannot end the element early: its `<` travels as \u003c.
    expect(html).not.toContain('</script><script>alert(1)');
    const boot = bootOf(html);
    const me = await (await app.request('/api/user/me', { headers: { cookie } })).json();
    expect(boot.session).toEqual({ status: 'user', user: me });
    expect(me.nickname).toBe('</script><script>alert(1)</script>');
  });

  it("says 'unknown' for an expired access token beside a refresh cookie (the shell refreshes as before)", async () => {
    const { jar } = await signInFlow(app, { name: 'boot-returning' });
    const refreshOnly = [...jar.cookies]
      .filter(([name]) => name !== 'bf_at')
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    expect(refreshOnly).toContain('bf_rt=');
    expect(bootOf(await (await page('/demo', refreshOnly)).text()).session).toEqual({ status: 'unknown' });
  });

  it('preloads the route remote’s manifest, entry, chunks and stylesheet for a signed-in learner', async () => {
    const { cookie } = await signInFlow(app, { name: 'boot-preload' });
    const res = await page('/learn/focus', cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const learn = bootOf(html).remotes?.find((r) => r.name === 'mf_learn');
    const base = learn?.manifestUrl.replace('mf-manifest.json', '') ?? '';
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"( crossorigin)?>/g)].map(
      ([, href, as, cors]) => `${as}${cors ? ' (cors)' : ''} ${href}`,
    );
    expect(preloads).toEqual([
      `fetch (cors) ${base}mf-manifest.json`,
      `script ${base}remoteEntry.js`,
      `script ${base}static/js/async/expose_App.11aa22bb33.js`,
      `script ${base}static/js/async/n.44cc55dd66.js`,
      // Its texts in the page's language (English: no language cookie, no Accept-Language), not the others.
      `script ${base}static/js/async/texts-en.2b3c4d5e6f.js`,
      `style ${base}static/css/async/expose_App.77ee88ff99.css`,
    ]);
    const textsFor = async (cookies: string, acceptLanguage: string) =>
      [
        ...(
          await (await page('/learn/focus', cookies, { 'accept-language': acceptLanguage })).text()
        ).matchAll(/texts-\w+\.\w+\.js/g),
      ].map((m) => m[0]);
    expect(await textsFor(cookie, 'hr-HR,hr;q=0.9,en;q=0.5')).toEqual(['texts-hr.3c4d5e6f7a.js']);
    // The language the learner chose (its cookie) wins over the browser's.
    expect(await textsFor(`${cookie}; bf_lang=de`, 'hr')).toEqual(['texts-de.1a2b3c4d5e.js']);
    // Every preloaded file is there to fetch, and nothing the page's policy refuses.
    expect((await app.request(`${base}remoteEntry.js`)).status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'[;\s]/);
  });

  it('preloads nothing of a build whose files are gone (a preloaded 404 would outlive their return)', async () => {
    const { cookie } = await signInFlow(app, { name: 'boot-missing' });
    const preloadCount = async () =>
      [...(await (await page('/learn', cookie)).text()).matchAll(/<link rel="preload"/g)].length;
    expect(await preloadCount()).toBe(6);
    const learn = (await (await app.request('/api/remotes')).json()).remotes.find(
      (r: { name: string }) => r.name === 'mf_learn',
    );
    const folder = path.join(app.config.remotesDir, 'mf_learn', learn.version);
    await fs.rename(folder, `${folder}.aside`);
    try {
      expect(await preloadCount()).toBe(0);
    } finally {
      await fs.rename(`${folder}.aside`, folder);
    }
    expect(await preloadCount()).toBe(6);
  });

  it('sends a guest on a page that needs a session to sign in, remembering the page', async () => {
    const res = await page('/learn/focus?topic=politics');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Flearn%2Ffocus%3Ftopic%3Dpolitics');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const login = await page('/login');
    expect(login.status).toBe(200);
    expect(bootOf(await login.text()).session).toEqual({ status: 'guest' });
  });

  it("keeps /index.html nobody's page: no boot data, the service worker's offline copy", async () => {
    const res = await page('/index.html');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(OFFLINE_PAGE);
    expect(res.headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it("treats unreadable cookies as 'unknown': a forged token is no session, the shell checks as before", async () => {
    const res = await page('/demo', 'bf_vid=not-a-uuid; bf_at=garbage; bf_rt=garbage');
    expect(res.status).toBe(200);
    expect(bootOf(await res.text()).session).toEqual({ status: 'unknown' });
  });
});
