import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import {
  OFFLINE_PAGE,
  SHELL_CSS,
  SHELL_SCRIPT,
  SHELL_STYLE,
  SHELL_TITLE,
  writeShellDist,
} from '../../test/helpers/shell-dist';

// A stand-in repository with one built remote and a built shell, so this runs before any real build exists.
let root: string;
let app: TestApp;
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>';
const MANIFEST = JSON.stringify({ name: 'Bürgerfit', start_url: '/start', display: 'standalone' });
/** A PNG's signature and nothing else: enough for its type. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const chunk = `console.info(${JSON.stringify(randomBytes(20_000).toString('base64'))});\n`.repeat(3);

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-static-'));
  const dist = path.join(root, 'mf-learn', 'dist');
  await fs.mkdir(path.join(dist, 'static', 'js'), { recursive: true });
  await fs.writeFile(path.join(root, 'mf-learn', 'package.json'), JSON.stringify({ version: '1.2.3' }));
  await fs.writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'mf_learn' }));
  await fs.writeFile(path.join(dist, 'static', 'js', 'main.abcdef1234.js'), chunk);
  // What the shell build writes beside its page: the patterns of its route table (shell/src/routes.ts).
  await writeShellDist(root, {
    paths: ['/', '/about', '/start', '/learn/*', '/dashboard/*', '/login'],
    files: {
      'sw.js': "self.addEventListener('fetch', () => {});\n",
      'sw-precache.json': JSON.stringify({ files: [] }),
      'favicon.svg': ICON,
      'manifest.webmanifest': MANIFEST,
    },
  });
  await fs.mkdir(path.join(root, 'shell', 'dist', 'icons'));
  await fs.writeFile(path.join(root, 'shell', 'dist', 'icons', 'icon-192.png'), PNG);
  app = await createTestApp({ STATIC_ROOT: root });
});
afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('serving the shell and published remotes', () => {
  it('publishes a built remote under a versioned path and serves its chunks precompressed and immutable', async () => {
    const { remotes } = await (await app.request('/api/remotes')).json();
    const learn = remotes.find((r: { name: string }) => r.name === 'mf_learn');
    expect(learn.manifestUrl).toMatch(/^\/remotes\/mf_learn\/1\.2\.3-[0-9a-f]{10}\/mf-manifest\.json$/);
    const manifest = await app.request(learn.manifestUrl);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const base = learn.manifestUrl.replace('mf-manifest.json', '');
    const res = await fetch(`${app.url}${base}static/js/main.abcdef1234.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    // fetch decodes br for us: the body is the original file, and the wire form was the quality-11 one.
    expect(await res.text()).toBe(chunk);
    const onDisk = await fs.stat(
      path.join(app.config.remotesDir, 'mf_learn', base.split('/')[3], 'static/js/main.abcdef1234.js.br'),
    );
    expect(onDisk.size).toBe(
      zlib.brotliCompressSync(chunk, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
  });

  it('answers client-side routes with the app page and missing assets with a 404', async () => {
    const page = await app.request('/learn/focus');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${SHELL_TITLE}</title>`);
    expect(html).toContain('<div id="root"></div>');
    // What the page links is served, for good (its names change with its content).
    expect(html).toContain(`<script defer src="${SHELL_SCRIPT}"></script>`);
    expect(html).toContain(`<link href="${SHELL_STYLE}" rel="stylesheet">`);
    const style = await app.request(SHELL_STYLE);
    expect(style.status).toBe(200);
    expect(style.headers.get('cache-control')).toMatch(/immutable/);
    expect(await style.text()).toBe(SHELL_CSS);
    expect((await app.request(SHELL_SCRIPT)).status).toBe(200);
    expect((await app.request('/static/js/missing.123456789a.js')).status).toBe(404);
    expect((await app.request('/remotes/mf_learn/..%2F..%2Fetc/passwd')).status).toBe(404);
    expect((await app.request('/remotes/mf_nope/1/mf-manifest.json')).status).toBe(404);
  });

  it('serves the service worker for the whole app, revalidated on every load, and its precache list', async () => {
    const sw = await app.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/');
    const list = await app.request('/sw-precache.json');
    expect(list.headers.get('cache-control')).toBe('no-cache');
    expect(await list.json()).toEqual({ files: [] });
  });

  it('answers /favicon.ico on every page with the app icon', async () => {
    const ico = await app.request('/favicon.ico', { redirect: 'manual' });
    expect(ico.status).toBe(301);
    expect(ico.headers.get('location')).toBe('/favicon.svg');
    expect(ico.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    const svg = await app.request('/favicon.ico');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    expect(await svg.text()).toBe(ICON);
  });

  it('serves the web app manifest as application/manifest+json for an hour, and its icons for a week', async () => {
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await manifest.json()).toEqual({ name: 'Bürgerfit', start_url: '/start', display: 'standalone' });
    const icon = await app.request('/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=604800');
    expect((await app.request('/icons/icon-193.png')).status).toBe(404);
  });

  it("answers a path outside the shell's route table with the app page and status 404", async () => {
    const missing = await app.request('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    expect(await missing.text()).toContain(`<title>${SHELL_TITLE}</title>`);
    for (const page of ['/', '/about', '/About/', '/learn', '/learn/nonsense', '/dashboard', '/index.html']) {
      const res = await app.request(page);
      expect([page, res.status]).toEqual([page, 200]);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
    expect((await app.request('/aboutx')).status).toBe(404);
    expect((await app.request('/learnx')).status).toBe(404);
    const api = await app.request('/api/nonexistent');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expect((await api.json()).error.code).toBe('not_found');
  });

  it('serves every path as a page while the shell build lists no routes (an older build)', async () => {
    const file = path.join(root, 'shell', 'dist', 'routes.json');
    const list = await fs.readFile(file);
    await fs.rm(file);
    try {
      expect((await app.request('/no-such-page')).status).toBe(200);
    } finally {
      await fs.writeFile(file, list);
    }
    expect((await app.request('/no-such-page')).status).toBe(404);
  });

  it('sends the "app is starting" page while the shell build has no page.json, and /index.html as built', async () => {
    const file = path.join(root, 'shell', 'dist', 'page.json');
    const parts = await fs.readFile(file);
    await fs.rm(file);
    try {
      for (const p of ['/', '/learn/focus']) {
        const res = await app.request(p);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        const html = await res.text();
        expect(html).toContain('The app is starting');
        expect(html).not.toContain('<div id="root">');
      }
      expect(await (await app.request('/index.html')).text()).toBe(OFFLINE_PAGE);
    } finally {
      await fs.writeFile(file, parts);
    }
    expect(await (await app.request('/')).text()).toContain(`<script defer src="${SHELL_SCRIPT}"></script>`);
  });
});
