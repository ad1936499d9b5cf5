import dc from 'node:diagnostics_channel';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createDeployToken, revokeDeployToken } from '../../remotes/deploy';

// The deploy API over real HTTP against a real database: tokens, validation, the atomic switch, the store
// every instance reads from, the history and rollbacks.

let app: TestApp;
let staticRoot: string;
let learnToken: string;
let examToken: string;

/** The shell's shared singletons, as its build's manifest lists them. */
const SHELL_MANIFEST = {
  name: 'shell',
  shared: [
    { name: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { name: 'react-dom', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { name: '@buergerfit/platform', version: '0.1.0', requiredVersion: '0.1.0', singleton: true },
  ],
};

type Files = Record<string, string>;

/** A build of mf_learn as its bundler writes it: manifest, remote entry, the exposed App's files. */
function build(over: { manifest?: Record<string, unknown>; drop?: string; app?: string } = {}): Files {
  const manifest = {
    id: 'mf_learn',
    name: 'mf_learn',
    metaData: {
      buildInfo: { buildVersion: '1.4.0', buildName: '@buergerfit/mf-learn' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true }],
    remotes: [],
    exposes: [
      {
        id: 'mf_learn:App',
        name: 'App',
        path: './App',
        assets: {
          js: { sync: ['static/js/app.js'], async: ['static/js/later.js'] },
          css: { sync: ['static/css/app.css'], async: [] },
        },
      },
    ],
    ...over.manifest,
  };
  const files: Files = {
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': 'var mf_learn = {};',
    'static/js/app.js': over.app ?? 'export const App = 1;',
    'static/js/later.js': 'export const later = 2;',
    'static/css/app.css': 'body{}',
  };
  if (over.drop) delete files[over.drop];
  return files;
}

/** A gzipped tar of `files` (names as given: `./x`, `../x` and folders included). */
async function tgz(files: Files, extra: (p: ReturnType<typeof pack>) => void = () => {}): Promise<Buffer> {
  const p = pack();
  for (const [name, content] of Object.entries(files)) p.entry({ name }, content);
  extra(p);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p.pipe(zlib.createGzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const deploy = (body: Buffer | object, token: string | null, query = '', type = 'application/gzip') =>
  app.request(`/api/admin/remotes/mf_learn/versions${query}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(Buffer.isBuffer(body) ? { 'content-type': type } : {}),
    },
    ...(Buffer.isBuffer(body) ? { body } : { json: body }),
  });

const learnEntry = async () => {
  const res = await app.request('/api/remotes');
  const body = (await res.json()) as { remotes: { name: string; version: string; manifestUrl: string }[] };
  return body.remotes.find((r) => r.name === 'mf_learn');
};

beforeAll(async () => {
  staticRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-deploy-root-'));
  await fs.mkdir(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
  await fs.writeFile(
    path.join(staticRoot, 'shell', 'dist', 'mf-manifest.json'),
    JSON.stringify(SHELL_MANIFEST),
  );
  // The stand-in CDN below listens on 127.0.0.1 over http: allowed by the tests-only switch.
  app = await createTestApp({ STATIC_ROOT: staticRoot, DEPLOY_LOOPBACK_MANIFESTS: 'true' });
  learnToken = (await createDeployToken(app.db, 'mf_learn', 'learn-ci')).token;
  examToken = (await createDeployToken(app.db, 'mf_exam', 'exam-ci')).token;
});
afterAll(async () => {
  await app.close();
  await fs.rm(staticRoot, { recursive: true, force: true });
});
beforeEach(async () => {
  await app.db('remote_deploys').delete();
  await app.db('remote_variants').delete();
  // Each test starts with the tokens' deploy budget (DEPLOY_RATE) unused.
  await app.db('rate_limits').delete();
});

describe('deploy tokens', () => {
  it('no token is a 401 asking for one; an unknown or revoked token is a 401; another remote’s token is a 403', async () => {
    const body = await tgz(build());
    const none = await deploy(body, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="deploy"');
    expect(await none.json()).toMatchObject({
      error: { code: 'unauthorized', message: 'A deploy token is required (Authorization: Bearer <token>).' },
    });

    const unknown = await deploy(body, 'bfd_not-a-token');
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.message).toBe('This deploy token is not valid (unknown or revoked).');

    const other = await deploy(body, examToken);
    expect(other.status).toBe(403);
    expect((await other.json()).error).toMatchObject({
      code: 'wrong_remote',
      message: 'This deploy token is for mf_exam, not mf_learn.',
    });

    const { id, token } = await createDeployToken(app.db, 'mf_learn', 'short-lived');
    expect(await revokeDeployToken(app.db, id.slice(0, 8))).toBe(true);
    expect((await deploy(body, token)).status).toBe(401);
    // Nothing went live.
    expect(await learnEntry()).toBeUndefined();
  });

  it('stores only a hash of the token', async () => {
    const rows = await app.db('deploy_tokens').select('token_hash');
    expect(rows.map((r) => r.token_hash)).not.toContain(learnToken);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('publishing a build', () => {
  it('201: the build goes live at the next registry read, its files are served, the history names the token', async () => {
    const res = await deploy(await tgz(build()), learnToken, '?variant=default&weight=300');
    expect(res.status).toBe(201);
    const record = await res.json();
    expect(record).toMatchObject({
      remote: 'mf_learn',
      variant: 'default',
      action: 'deploy',
      actor: 'learn-ci',
      previousVersion: null,
    });
    expect(record.version).toMatch(/^1\.4\.0-[0-9a-f]{10}$/);
    expect(record.manifestUrl).toBe(`/remotes/mf_learn/${record.version}/mf-manifest.json`);
    expect(await learnEntry()).toMatchObject({ version: record.version, manifestUrl: record.manifestUrl });
    const variant = await app.db('remote_variants').where({ remote: 'mf_learn', variant: 'default' }).first();
    expect(variant).toMatchObject({ weight: 300, enabled: true, pinned: true });

    const file = await app.request(`/remotes/mf_learn/${record.version}/static/js/app.js`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('export const App = 1;');

    // The same build again is the same version (content-addressed), stored once.
    const again = await (await deploy(await tgz(build()), learnToken)).json();
    expect(again.version).toBe(record.version);
    expect(again.previousVersion).toBe(record.version);
  });

  it('another instance (an empty disk) serves a build from the store', async () => {
    const record = await (
      await deploy(await tgz(build({ app: 'export const App = "store";' })), learnToken)
    ).json();
    await fs.rm(path.join(app.config.remotesDir, 'mf_learn', record.version), {
      recursive: true,
      force: true,
    });
    const file = await app.request(`/remotes/mf_learn/${record.version}/static/js/app.js`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('export const App = "store";');
    expect((await app.request(`/remotes/mf_learn/${record.version}/static/js/nope.js`)).status).toBe(404);
  });

  it('accepts the build folder itself in the archive (tar of mf-learn/dist)', async () => {
    const nested = Object.fromEntries(Object.entries(build()).map(([k, v]) => [`mf-learn/dist/${k}`, v]));
    const res = await deploy(await tgz(nested), learnToken);
    expect(res.status).toBe(201);
  });

  it('422 with the reason for a build that cannot go live; nothing changes', async () => {
    const first = await (await deploy(await tgz(build()), learnToken)).json();
    const reasons: [Buffer, string][] = [
      [
        Buffer.from('not a tar'),
        'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
      ],
      [await tgz(build({ drop: 'mf-manifest.json' })), 'The build has no mf-manifest.json at its top level.'],
      [await tgz({ ...build(), 'mf-manifest.json': '{"name": ' }), 'mf-manifest.json is not valid JSON.'],
      [await tgz(build({ manifest: { name: 'mf_exam' } })), 'The manifest is for mf_exam, not mf_learn.'],
      [
        await tgz(build({ manifest: { exposes: [{ path: './Other', assets: {} }] } })),
        'mf_learn does not expose ./App.',
      ],
      [
        await tgz(build({ drop: 'static/js/later.js' })),
        'The manifest names files the build does not contain: static/js/later.js.',
      ],
      [
        await tgz(
          build({
            manifest: {
              shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true }],
            },
          }),
        ),
        'mf_learn asks for react ^18.2.0, but the shell shares react 19.3.1 with every remote (one copy per page): build it against react 19.3.1.',
      ],
      [
        await tgz(build(), (p) => p.entry({ name: '../escape.js' }, 'x')),
        'The archive holds a path outside its folder: ../escape.js',
      ],
      [
        await tgz(build(), (p) => p.entry({ name: 'link.js', type: 'symlink', linkname: '/etc/passwd' })),
        'The archive holds symlink link.js: only files and folders are allowed.',
      ],
    ];
    for (const [body, reason] of reasons) {
      const res = await deploy(body, learnToken);
      expect(res.status, reason).toBe(422);
      expect(await res.json()).toEqual({ error: { code: 'invalid_build', message: reason } });
    }
    expect((await learnEntry())?.version).toBe(first.version);
    const counted = await app.db('remote_deploys').count<{ count: string }[]>({ count: '*' });
    expect(Number(counted[0]?.count)).toBe(1);
  });

  it('a build of the real remotes’ shape: its standalone index.html is left out, server-side folders are kept but not served, every other file is served with its type', async () => {
    const files: Files = {
      ...build(),
      'index.html': '<!DOCTYPE html><script src="static/js/app.js"></script>',
      'mf-stats.json': '{}',
      'static/js/later.js': `export const later = 2;${' '.repeat(2000)}`,
      'static/js/app.js.LICENSE.txt': '/*! MIT */',
      'ssr/index.mjs': `export function render() {}${' '.repeat(2000)}`,
      'ssr/pages.json': '{"pages":[]}',
      'prerender/de/index.html': '<main>Hallo</main>',
      'prerender/pages.json': '{"pages":[]}',
    };
    const res = await deploy(await tgz(files), learnToken);
    expect(res.status).toBe(201);
    const { version } = await res.json();
    const stored = await app.db('remote_builds').where({ remote: 'mf_learn', version }).first('files');
    expect((stored.files as { path: string }[]).map((f) => f.path).sort()).toEqual(
      Object.keys(files)
        .filter((f) => f !== 'index.html')
        .sort(),
    );
    const get = (file: string) => app.request(`/remotes/mf_learn/${version}/${file}`);
    for (const file of ['index.html', 'ssr/index.mjs', 'ssr/pages.json', 'prerender/de/index.html']) {
      expect((await get(file)).status, file).toBe(404);
    }
    // Precompressed copies only of what is served.
    const dir = path.join(app.config.remotesDir, 'mf_learn', version);
    const exists = (f: string) =>
      fs.access(path.join(dir, f)).then(
        () => true,
        () => false,
      );
    expect(await exists('static/js/later.js.br')).toBe(true);
    expect(await exists('ssr/index.mjs.br')).toBe(false);
    const licence = await get('static/js/app.js.LICENSE.txt');
    expect(licence.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(licence.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get('mf-stats.json')).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('a deploy that fails after its files were written keeps nothing: no stored file, no folder, no temporary folder', async () => {
    await app.db.raw(`create or replace function refuse_deploy() returns trigger language plpgsql as
      $$ begin raise exception 'the history is full'; end $$`);
    await app.db.raw(
      'create trigger refuse_deploy before insert on remote_deploys for each row execute function refuse_deploy()',
    );
    const count = async (table: string) => Number((await app.db(table).count({ n: '*' }).first())?.n);
    const disk = async () => (await fs.readdir(app.config.remotesDir, { recursive: true })).sort();
    try {
      const before = {
        blobs: await count('artifact_blobs'),
        builds: await count('remote_builds'),
        disk: await disk(),
      };
      const res = await deploy(await tgz(build({ app: 'export const App = "never stored";' })), learnToken);
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toEqual(expect.any(String));
      expect({
        blobs: await count('artifact_blobs'),
        builds: await count('remote_builds'),
        disk: await disk(),
      }).toEqual(before);
    } finally {
      await app.db.raw('drop trigger refuse_deploy on remote_deploys');
    }
    expect((await deploy(await tgz(build({ app: 'export const App = "stored";' })), learnToken)).status).toBe(
      201,
    );
  });

  it('400 for bad options, 415 for another body type', async () => {
    const body = await tgz(build());
    const bad = await deploy(body, learnToken, '?variant=Not%20Valid');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(
      'A variant name is 1-40 lower-case letters, digits and dashes.',
    );
    expect((await deploy(body, learnToken, '?weight=2000')).status).toBe(400);
    const text = await deploy(body, learnToken, '', 'text/plain');
    expect(text.status).toBe(415);
  });
});

describe('rollback and history', () => {
  it('goes back to the previous build, recorded with who did it', async () => {
    const one = await (await deploy(await tgz(build({ app: 'one' })), learnToken)).json();
    const two = await (await deploy(await tgz(build({ app: 'two' })), learnToken)).json();
    expect(two.version).not.toBe(one.version);
    expect((await learnEntry())?.version).toBe(two.version);

    const back = await app.request('/api/admin/remotes/mf_learn/rollback', {
      method: 'POST',
      headers: { authorization: `Bearer ${learnToken}` },
    });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({
      action: 'rollback',
      version: one.version,
      previousVersion: two.version,
    });
    expect((await learnEntry())?.version).toBe(one.version);

    const history = await app.request('/api/admin/remotes/mf_learn/versions', {
      headers: { authorization: `Bearer ${learnToken}` },
    });
    const { deploys } = await history.json();
    expect(
      deploys.map((d: { action: string; version: string; actor: string }) => [d.action, d.version, d.actor]),
    ).toEqual([
      ['rollback', one.version, 'learn-ci'],
      ['deploy', two.version, 'learn-ci'],
      ['deploy', one.version, 'learn-ci'],
    ]);

    // Another remote's token may not roll this one back.
    const other = await app.request('/api/admin/remotes/mf_learn/rollback', {
      method: 'POST',
      headers: { authorization: `Bearer ${examToken}` },
    });
    expect(other.status).toBe(403);
  });

  it('409 when there is nothing to go back to', async () => {
    await deploy(await tgz(build()), learnToken);
    const res = await app.request('/api/admin/remotes/mf_learn/rollback?variant=default', {
      method: 'POST',
      headers: { authorization: `Bearer ${learnToken}` },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('mf_learn/default has no earlier build to go back to.');
  });
});

describe('a build hosted elsewhere (manifest URL)', () => {
  let cdn: http.Server;
  let cdnUrl: string;
  const hosted: Files = build();
  /** Requests the server itself starts (the manifest and HEAD checks), as host and path. */
  const outgoing: string[] = [];
  const onRequest = (message: unknown) => {
    const { request } = message as { request: http.ClientRequest };
    outgoing.push(`${request.host}${request.path}`);
  };
  beforeAll(async () => {
    cdn = http.createServer((req, res) => {
      const url = req.url ?? '';
      if (url.startsWith('/redirect/')) {
        res.writeHead(302, { location: 'http://10.255.255.1/mf-manifest.json' });
        res.end();
        return;
      }
      if (url.startsWith('/same-redirect/')) {
        res.writeHead(301, { location: `${cdnUrl}/learn/mf-manifest.json` });
        res.end();
        return;
      }
      if (url.startsWith('/big/')) {
        res.writeHead(200);
        res.end(`${hosted['mf-manifest.json']}${' '.repeat(1024 * 1024)}`);
        return;
      }
      const variants: Record<string, Record<string, unknown>> = {
        '/foreign/': { metaData: { ...manifestMeta, publicPath: 'https://evil.example/' } },
        '/own/': { metaData: { ...manifestMeta, publicPath: `${cdnUrl}/own/` } },
        '/outside/': {
          exposes: [{ name: 'App', path: './App', assets: { js: { sync: ['//evil.example/x.js'] } } }],
        },
      };
      const prefix = Object.keys(variants).find((p) => url.startsWith(p));
      const file = url.replace(/^\/(learn|foreign|own|outside)\//, '');
      const content =
        prefix && file === 'mf-manifest.json'
          ? JSON.stringify({ ...JSON.parse(hosted['mf-manifest.json'] as string), ...variants[prefix] })
          : hosted[file];
      res.writeHead(content === undefined ? 404 : 200);
      res.end(req.method === 'HEAD' ? undefined : content);
    });
    await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
    cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    dc.subscribe('http.client.request.start', onRequest);
  });
  afterAll(async () => {
    dc.unsubscribe('http.client.request.start', onRequest);
    await new Promise<void>((r) => cdn.close(() => r()));
  });
  beforeEach(() => {
    outgoing.length = 0;
  });
  const manifestMeta = JSON.parse(build()['mf-manifest.json'] as string).metaData;
  const unreachable = (url: string) =>
    `The manifest at ${url} could not be fetched: a build hosted elsewhere is fetched over https from a public address, without redirects, within 10 s, and its manifest is at most 1 MB.`;

  it('201 after its manifest and files are checked; the page CSP then allows its origin', async () => {
    const res = await deploy(
      { manifestUrl: `${cdnUrl}/learn/mf-manifest.json`, variant: 'cdn', weight: 0 },
      learnToken,
    );
    expect(res.status).toBe(201);
    const record = await res.json();
    expect(record).toMatchObject({ variant: 'cdn', manifestUrl: `${cdnUrl}/learn/mf-manifest.json` });
    expect(record.version).toMatch(/^1\.4\.0-[0-9a-f]{10}$/);
    // The manifest, then each file it names, all from the stand-in CDN's own address.
    expect(outgoing[0]).toBe('127.0.0.1/learn/mf-manifest.json');
    expect(outgoing.slice(1).sort()).toEqual(
      ['remoteEntry.js', 'static/css/app.css', 'static/js/app.js', 'static/js/later.js'].map(
        (f) => `127.0.0.1/learn/${f}`,
      ),
    );
    await expect
      .poll(async () => (await app.request('/')).headers.get('content-security-policy'), { timeout: 5000 })
      .toContain(`script-src 'self' ${cdnUrl}`);
    // A public path on the manifest's own origin is its own.
    expect((await deploy({ manifestUrl: `${cdnUrl}/own/mf-manifest.json` }, learnToken)).status).toBe(201);
  });

  it('the same 422 for every way the fetch fails: an answer other than 200, a redirect (never followed), a manifest above 1 MB, a private or special address (never connected to, even with loopback allowed for tests)', async () => {
    const urls = [
      `${cdnUrl}/nothing/mf-manifest.json`,
      `${cdnUrl}/redirect/mf-manifest.json`,
      `${cdnUrl}/same-redirect/mf-manifest.json`,
      `${cdnUrl}/big/mf-manifest.json`,
      'http://10.0.0.1/mf-manifest.json',
      'http://192.168.0.1/mf-manifest.json',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:7f00:1]/mf-manifest.json',
      'http://[fd12::1]/mf-manifest.json',
      `http://127.0.0.1:1/mf-manifest.json`,
    ];
    for (const manifestUrl of urls) {
      const res = await deploy({ manifestUrl }, learnToken);
      expect(res.status, manifestUrl).toBe(422);
      expect(await res.json(), manifestUrl).toEqual({
        error: { code: 'invalid_build', message: unreachable(manifestUrl) },
      });
    }
    // Only the stand-in CDN was asked (once per URL of it), nothing a redirect pointed at.
    expect(outgoing).toEqual([
      '127.0.0.1/nothing/mf-manifest.json',
      '127.0.0.1/redirect/mf-manifest.json',
      '127.0.0.1/same-redirect/mf-manifest.json',
      '127.0.0.1/big/mf-manifest.json',
      '127.0.0.1/mf-manifest.json',
    ]);
    expect(await learnEntry()).toBeUndefined();
  });

  it('422 for a public path or a file on another origin; nothing else is fetched', async () => {
    const foreign = await deploy({ manifestUrl: `${cdnUrl}/foreign/mf-manifest.json` }, learnToken);
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).error.message).toBe(
      "mf-manifest.json's publicPath \"https://evil.example/\" points elsewhere: use 'auto' or a path of the manifest’s origin.",
    );
    const outside = await deploy({ manifestUrl: `${cdnUrl}/outside/mf-manifest.json` }, learnToken);
    expect(outside.status).toBe(422);
    expect((await outside.json()).error.message).toBe(
      'The manifest names a file outside the build: "//evil.example/x.js" (files are paths relative to the manifest).',
    );
    expect(outgoing).toEqual(['127.0.0.1/foreign/mf-manifest.json', '127.0.0.1/outside/mf-manifest.json']);
  });

  it('422 when a file it names is not there', async () => {
    delete hosted['static/css/app.css'];
    const res = await deploy({ manifestUrl: `${cdnUrl}/learn/mf-manifest.json` }, learnToken);
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toBe(
      'The manifest names files that are not there: static/css/app.css.',
    );
  });
});
