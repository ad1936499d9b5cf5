import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { writeShellDist } from '../../test/helpers/shell-dist';
import { signIn } from '../../test/helpers/sign-in';

// A stand-in mf-exam build with a server renderer (as platform's build writes it: ssr/index.mjs and ssr/pages.json)
// and a built shell whose route table says /demo is mf_exam's, with its frame renderer. The stand-in renders what it
// was given and what it could read through the BFF, so the test sees exactly what reached it.
let root: string;
let app: TestApp;
const CSS = 'static/css/async/__federation_expose_App.0123456789.css';
const SECRET = 'ssr-test-session-secret-with-32-characters-or-more';

const RENDERER = `
export default {
  pages: ['/demo'],
  async render(request, fetchApi) {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (params.has('fail')) throw new Error('the renderer failed');
    if (params.has('slow')) await new Promise((r) => setTimeout(r, 3000));
    if (params.has('loop')) for (;;) {}
    const states = await fetchApi('/api/' + request.lang + '/german-federal-states');
    const me = await fetchApi('/api/user/me');
    const outside = await fetchApi('/auth/refresh');
    const names = JSON.parse(states.body).map((s) => s.name);
    const secret = process.env.BF_SSR_TEST_SECRET ?? 'no secret';
    const who = request.session.status === 'user' ? request.session.user.name : request.session.status;
    return {
      html: '<h1 id="t">' + [request.url, request.basename, request.lang, who, me.status, outside.status, names.length, names[0], secret].join('|') + '</h1>',
      queries: { mutations: [], queries: [{ queryKey: ['federal-states', request.lang], state: { data: names.length } }] },
      title: 'Demo <' + request.lang + '> · Bürgerfit',
      ...(params.has('deferred')
        ? {
            deferred: [
              { queryKey: ['federal-states', 'all', request.lang], path: '/api/' + request.lang + '/german-federal-states' },
              { queryKey: ['elsewhere'], path: 'https://example.com/api/x' },
              { queryKey: ['auth'], path: '/auth/refresh' },
              { queryKey: ['up'], path: '/api/../auth/refresh' },
              { queryKey: ['quote'], path: '/api/x"><script>alert(1)</script>' },
              { queryKey: 'not a list', path: '/api/en/topics' },
            ],
          }
        : {}),
    };
  },
};
`;

async function mkdirp(...parts: string[]): Promise<string> {
  const dir = path.join(...parts);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-ssr-'));
  const dist = path.join(root, 'mf-exam', 'dist');
  await fs.writeFile(
    path.join(await mkdirp(root, 'mf-exam'), 'package.json'),
    JSON.stringify({ version: '0.1.0' }),
  );
  await fs.writeFile(
    path.join(await mkdirp(dist, 'static', 'css', 'async'), path.basename(CSS)),
    '.exam_x{margin:1rem}',
  );
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      name: 'mf_exam',
      exposes: [{ name: 'App', path: './App', assets: { css: { sync: [CSS], async: [] } } }],
    }),
  );
  await fs.writeFile(path.join(await mkdirp(dist, 'ssr'), 'index.mjs'), RENDERER);
  await fs.writeFile(path.join(dist, 'ssr', 'pages.json'), JSON.stringify({ pages: ['/demo'] }));
  await writeShellDist(root, {
    paths: ['/', '/demo/*', '/learn/*'],
    remotes: [
      { path: '/demo/*', remote: 'mf_exam', basename: '/', protected: false },
      { path: '/learn/*', remote: 'mf_learn', basename: '/learn', protected: true },
    ],
    frame: true,
  });
  // A secret in the BFF's own environment: the renderer's thread must not see it.
  process.env.BF_SSR_TEST_SECRET = SECRET;
  app = await createTestApp({ STATIC_ROOT: root, SESSION_SECRET: SECRET, SSR_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  delete process.env.BF_SSR_TEST_SECRET;
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

const rendered = (html: string) => /<h1 id="t">([^<]*)<\/h1>/.exec(html)?.[1]?.split('|');
const boot = (html: string) =>
  JSON.parse(/<script id="bf-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    queries?: unknown;
    session: { status: string };
  };

describe('server-rendered pages', () => {
  it('renders a guest’s page with its remote’s renderer: their language, their data read through the BFF, nothing else', async () => {
    const res = await app.request('/demo?from=home', { headers: { cookie: 'bf_lang=de' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-buergerfit-prerender')).toBe('mf_exam');
    expect(res.headers.get('server-timing')).toMatch(/^ssr;dur=\d+(\.\d)?$/);
    const html = await res.text();
    // url, basename, language, who, GET /api/user/me, GET /auth/refresh (not the API: refused), states, first
    // state, and a secret of the BFF's environment (the renderer's thread has none).
    expect(rendered(html)).toEqual([
      '/demo?from=home',
      '/',
      'de',
      'guest',
      '401',
      '404',
      '16',
      'Baden-Württemberg',
      'no secret',
    ]);
    // In the shell's frame, in the slot for its remote.
    expect(html).toMatch(
      /<div id="root"><div class="shell_app_x"><header class="shell_header_x">de guest \/demo<\/header><main id="main"><div data-bf-slot="mf_exam"><h1 id="t">[^<]*<\/h1><\/div><\/main>/,
    );
    expect(html).toContain('.exam_x{margin:1rem}');
    // The title the page asked for, escaped, in place of the shell's.
    expect(html).toContain('<title>Demo &lt;de> · Bürgerfit</title>');
    expect(html).not.toContain('<title>Bürgerfit</title>');
    expect(boot(html)).toEqual({
      remotes: expect.any(Array),
      session: { status: 'guest' },
      queries: { mutations: [], queries: [{ queryKey: ['federal-states', 'de'], state: { data: 16 } }] },
    });
  });

  it('names the answers the renderer left out of the page: a preload with cookies and the boot data, only own API paths', async () => {
    const res = await app.request('/demo?deferred=1', { headers: { cookie: 'bf_lang=en' } });
    const html = await res.text();
    expect(res.headers.get('x-buergerfit-prerender')).toBe('mf_exam');
    // After the content, where the page's remote's own files are preloaded too; only own API paths.
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="preload"');
    const end = html.slice(html.indexOf('</main>'));
    const fetched = [...end.matchAll(/<link rel="preload"[^>]* as="fetch"[^>]*>/g)].map((m) => m[0]);
    expect(fetched.filter((link) => link.includes('/api/'))).toEqual([
      '<link rel="preload" href="/api/en/german-federal-states" as="fetch" crossorigin="use-credentials">',
    ]);
    expect(fetched.filter((link) => !link.includes('/api/'))).toEqual([
      expect.stringMatching(
        /^<link rel="preload" href="\/remotes\/mf_exam\/[^"]+\/mf-manifest\.json" as="fetch" crossorigin>$/,
      ),
    ]);
    expect(boot(html)).toMatchObject({
      deferredQueries: [{ queryKey: ['federal-states', 'all', 'en'], path: '/api/en/german-federal-states' }],
    });
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('/auth/refresh');
    // A page with nothing left out names no answer.
    const plain = await (await app.request('/demo')).text();
    expect(plain).not.toContain('crossorigin="use-credentials"');
    expect(boot(plain)).not.toHaveProperty('deferredQueries');
  });

  it('renders a signed-in learner’s page as them: their API calls carry their session', async () => {
    const cookie = await signIn(app, 'ssr-learner');
    const res = await app.request('/demo', { headers: { cookie: `${cookie}; bf_lang=hr` } });
    const parts = rendered(await res.text());
    expect(parts?.slice(2, 5)).toEqual(['hr', 'ssr-learner', '200']);
  });

  it('sends the plain page when the renderer fails, takes too long or never answers, and keeps serving after', async () => {
    for (const query of ['fail', 'slow', 'loop']) {
      const started = Date.now();
      const res = await app.request(`/demo?${query}=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-buergerfit-prerender')).toBeNull();
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(boot(html).queries).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(2500);
    }
    // The stuck worker is replaced: the next page is rendered again.
    await expect
      .poll(async () => rendered(await (await app.request('/demo')).text())?.[3], {
        timeout: 15_000,
        interval: 500,
      })
      .toBe('guest');
  });

  it('renders only the paths the build lists, and never a protected page for a guest', async () => {
    const other = await app.request('/demo/result/123');
    expect(other.headers.get('x-buergerfit-prerender')).toBeNull();
    expect(await other.text()).toContain('<div id="root"></div>');
    const learn = await app.request('/learn', { redirect: 'manual' });
    expect(learn.status).toBe(302);
  });
});
