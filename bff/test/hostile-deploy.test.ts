import dc from 'node:diagnostics_channel';
import fs from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { pack, type Header as TarHeaders } from 'tar-stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOY_RATE } from '../src/api/admin/deploy';
import { loadConfig } from '../src/config';
import { createDeployToken } from '../src/remotes/deploy';
import { createTestApp, type TestApp } from './helpers/app';

// The deploy API against what a leaked or compromised deploy token could send: archive bombs, too many files, odd
// names, documents that would run script as the app, manifests that point elsewhere, broken archives, manifest
// URLs of internal addresses. Every one is a 4xx JSON error that stores nothing (no blob or build rows, nothing
// under REMOTES_DIR), the server's memory stays bounded and it answers the next request. Never a 5xx.

let app: TestApp;
let staticRoot: string;

const SHELL_MANIFEST = {
  name: 'shell',
  shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true }],
};
const MB = 1024 * 1024;

/** Every request this suite sends, and how many were answered with a 5xx (the goal: none). */
const sent = { requests: 0, serverErrors: 0 };

/** Outgoing HTTP requests the server starts (the stand-in for "nothing was connected"). */
const outgoing: string[] = [];
const onRequest = (message: unknown) => {
  const { request } = message as { request: ClientRequest };
  outgoing.push(`${request.host}${request.path}`);
};

beforeAll(async () => {
  staticRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-hostile-deploy-'));
  await fs.mkdir(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
  await fs.writeFile(
    path.join(staticRoot, 'shell', 'dist', 'mf-manifest.json'),
    JSON.stringify(SHELL_MANIFEST),
  );
  app = await createTestApp({ STATIC_ROOT: staticRoot });
  dc.subscribe('http.client.request.start', onRequest);
});
afterAll(async () => {
  dc.unsubscribe('http.client.request.start', onRequest);
  console.info(`hostile-deploy: ${sent.requests} requests, ${sent.serverErrors} × 5xx`);
  await app?.close();
  await fs.rm(staticRoot, { recursive: true, force: true });
});
beforeEach(() => {
  outgoing.length = 0;
});

/** A token of mf_learn with its whole deploy budget (each test sends fewer than DEPLOY_RATE.limit with one). */
let tokenCount = 0;
async function freshToken(): Promise<string> {
  return (await createDeployToken(app.db, 'mf_learn', `hostile-${++tokenCount}`)).token;
}

type Manifest = Record<string, unknown>;

/** A valid build of mf_learn: manifest, remote entry, the exposed App's script. */
function manifest(over: { metaData?: Manifest; top?: Manifest; js?: string[] } = {}): string {
  return JSON.stringify({
    id: 'mf_learn',
    name: 'mf_learn',
    metaData: {
      buildInfo: { buildVersion: '2.9.0', buildName: '@buergerfit/mf-learn' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      ...over.metaData,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'mf_learn:App',
        name: 'App',
        path: './App',
        assets: { js: { sync: over.js ?? ['static/js/app.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    ...over.top,
  });
}
const BUILD: Record<string, string> = {
  'mf-manifest.json': manifest(),
  'remoteEntry.js': 'var mf_learn = {};',
  'static/js/app.js': 'export const App = 1;',
};

type Entry = { header: Partial<TarHeaders> & { name: string }; content?: Buffer | string };
const files = (record: Record<string, string>): Entry[] =>
  Object.entries(record).map(([name, content]) => ({ header: { name }, content }));

/** The tar of `entries`, uncompressed. */
async function tar(entries: Entry[]): Promise<Buffer> {
  const p = pack();
  for (const { header, content } of entries) p.entry(header, content ?? '');
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const tgz = async (entries: Entry[]) => zlib.gzipSync(await tar(entries));

/** `size` zero bytes gzipped as they stream (never all in memory). */
async function gzippedZeros(size: number): Promise<Buffer> {
  const zeros = Buffer.alloc(MB);
  const source = Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= MB) yield left >= MB ? zeros : zeros.subarray(0, left);
    })(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of source.pipe(zlib.createGzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A gzipped tar of the valid build plus `count` files of `size` zero bytes each (streamed, one buffer reused). */
async function zeroFilesBomb(count: number, size: number): Promise<Buffer> {
  const zeros = Buffer.alloc(size);
  const p = pack();
  for (const [name, content] of Object.entries(BUILD)) p.entry({ name }, content);
  for (let i = 0; i < count; i++) p.entry({ name: `static/js/zero-${i}.js`, size }, zeros);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p.pipe(zlib.createGzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function send(p: string, init: RequestInit & { json?: unknown }): Promise<Response> {
  const res = await app.request(p, init);
  sent.requests++;
  if (res.status >= 500) sent.serverErrors++;
  return res;
}
const upload = (body: Buffer | ReadableStream, token: string, headers: Record<string, string> = {}) =>
  send('/api/admin/remotes/mf_learn/versions', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

/** Everything a deploy could leave behind: rows of the store and of the registry, and every path on the disk. */
async function stored() {
  const count = async (table: string) =>
    Number((await app.db(table).count<{ n: string }[]>({ n: '*' }))[0]?.n ?? 0);
  const disk = (
    await fs.readdir(app.config.remotesDir, { recursive: true }).catch(() => [] as string[])
  ).sort();
  return {
    blobs: await count('artifact_blobs'),
    builds: await count('remote_builds'),
    deploys: await count('remote_deploys'),
    variants: await count('remote_variants'),
    disk,
  };
}

/** The answer is `status` with the JSON error shape, `code` and a message matching `message`; nothing was kept. */
async function expectRefused(
  res: Response,
  before: Awaited<ReturnType<typeof stored>>,
  status: number,
  code: string,
  message: string | RegExp,
  label: string,
) {
  const text = await res.text();
  expect(res.status, `${label}: ${text.slice(0, 300)}`).toBe(status);
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(body.error.code, label).toBe(code);
  if (typeof message === 'string') expect(body.error.message, label).toBe(message);
  else expect(body.error.message, label).toMatch(message);
  expect(text, label).not.toMatch(/\n\s+at .+:\d+:\d+|node_modules/);
  const after = await stored();
  expect(after, `${label} stored something`).toEqual(before);
  expect(
    after.disk.filter((f) => f.includes('.tmp-')),
    label,
  ).toEqual([]);
}

describe('archive bombs and sizes', () => {
  it('a 200 KB upload of 196 MB of zeros in files is refused while streaming (413): memory stays bounded, nothing is kept, the next request is answered', async () => {
    const bomb = await zeroFilesBomb(28, 7 * MB);
    expect(bomb.length).toBeLessThan(MB);
    const token = await freshToken();
    const before = await stored();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let res: Response;
    try {
      res = await upload(bomb, token);
      await res.clone().text();
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    console.info(
      `hostile-deploy: bomb of ${(bomb.length / 1024).toFixed(0)} KB (196 MB unpacked): RSS ${(rssBefore / MB).toFixed(0)} MB before, peak +${((peak - rssBefore) / MB).toFixed(0)} MB`,
    );
    await expectRefused(res, before, 413, 'too_large', 'The build is larger than 32 MB unpacked.', 'bomb');
    expect(peak - rssBefore).toBeLessThan(150 * MB);
    // The server answers at once afterwards, and a real deploy still works.
    expect((await send('/healthz', {})).status).toBe(200);
    const ok = await upload(await tgz(files(BUILD)), token);
    expect(ok.status).toBe(201);
    const { version } = (await ok.json()) as { version: string };
    const served = await send(`/remotes/mf_learn/${version}/static/js/app.js`, {});
    expect(await served.text()).toBe('export const App = 1;');
  });

  it('gzip of 64 MB of zeros (no tar at all), one file above 8 MB, 2,001 files, a body above 32 MB: 413 each, nothing kept', async () => {
    const token = await freshToken();
    const cases: [string, Buffer | (() => ReadableStream), string][] = [
      ['gzip of zeros', await gzippedZeros(64 * MB), 'The build is larger than 32 MB unpacked.'],
      [
        'one large file',
        await zeroFilesBomb(1, 9 * MB),
        'A file of the build is larger than 8 MB: static/js/zero-0.js.',
      ],
      [
        'too many files',
        await tgz([
          ...files(BUILD),
          ...Array.from({ length: 2_001 }, (_, i) => ({
            header: { name: `static/js/f${i}.js` },
            content: '1',
          })),
        ]),
        'The build has more than 2000 files and folders.',
      ],
      ['a 33 MB body', Buffer.alloc(33 * MB, 7), 'The upload is larger than 32 MB.'],
      [
        // Valid gzip that unpacks to nothing: a header, then empty deflate blocks (00 00 00 ff ff) without end.
        'a 33 MB body without a length',
        () =>
          new ReadableStream({
            start(controller) {
              controller.enqueue(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]));
              const empty = Buffer.alloc(MB - (MB % 5)).fill(Buffer.from([0, 0, 0, 0xff, 0xff]));
              for (let i = 0; i < 34; i++) controller.enqueue(new Uint8Array(empty));
              controller.close();
            },
          }),
        'The upload is larger than 32 MB.',
      ],
    ];
    for (const [label, body, message] of cases) {
      const before = await stored();
      const res = await upload(typeof body === 'function' ? body() : body, token);
      await expectRefused(res, before, 413, 'too_large', message, label);
    }
    expect((await send('/healthz', {})).status).toBe(200);
  });
});

describe('names, types and broken archives', () => {
  const deep = `${Array.from({ length: 300 }, () => 'd').join('/')}/x.js`;
  const cases: [string, () => Promise<Buffer>, string | RegExp][] = [
    [
      "a file named '.'",
      () => tgz([...files(BUILD), { header: { name: '.' }, content: 'x' }]),
      'The archive holds a file without a name: ".".',
    ],
    [
      "a file named '..'",
      () => tgz([...files(BUILD), { header: { name: '..' }, content: 'x' }]),
      'The archive holds a path outside its folder: ..',
    ],
    [
      'a path through ..',
      () => tgz([...files(BUILD), { header: { name: 'static/../../x.js' }, content: 'x' }]),
      'The archive holds a path outside its folder: static/../../x.js',
    ],
    [
      'an absolute path',
      () => tgz([...files(BUILD), { header: { name: '/etc/cron.d/x' }, content: 'x' }]),
      'The archive holds a path outside its folder: /etc/cron.d/x',
    ],
    [
      'a file and a folder of one name (file first)',
      () => tgz([{ header: { name: 'static' }, content: 'x' }, ...files(BUILD)]),
      'The archive holds static twice (as two files, or as a file and a folder): each path names one file.',
    ],
    [
      'a file and a folder of one name (folder first)',
      () => tgz([...files(BUILD), { header: { name: 'static/js' }, content: 'x' }]),
      'The archive holds static/js twice (as two files, or as a file and a folder): each path names one file.',
    ],
    [
      'a folder entry where a file is',
      () => tgz([...files(BUILD), { header: { name: 'remoteEntry.js/', type: 'directory' } }]),
      'The archive holds remoteEntry.js twice (as two files, or as a file and a folder): each path names one file.',
    ],
    [
      'one file twice',
      () => tgz([...files(BUILD), { header: { name: './remoteEntry.js' }, content: 'var other;' }]),
      'The archive holds remoteEntry.js twice (as two files, or as a file and a folder): each path names one file.',
    ],
    [
      'a 5,000-character name',
      () => tgz([...files(BUILD), { header: { name: `${'n'.repeat(5_000)}.js` }, content: 'x' }]),
      /^The archive holds a path longer than 200 characters: "n{80}…"\.$/,
    ],
    [
      'a 300-deep path',
      () => tgz([...files(BUILD), { header: { name: deep }, content: 'x' }]),
      /^The archive holds a path longer than 200 characters: "d\/d\/d/,
    ],
    [
      'a 9-deep path',
      () => tgz([...files(BUILD), { header: { name: 'a/b/c/d/e/f/g/h/i.js' }, content: 'x' }]),
      'The archive holds a path more than 8 folders deep: "a/b/c/d/e/f/g/h/i.js".',
    ],
    [
      'a NUL in a name',
      () =>
        tgz([
          ...files(BUILD),
          { header: { name: 'x.js', pax: { path: 'static/a\u0000b.js' } }, content: 'x' },
        ]),
      'The archive holds a path with a NUL or a backslash: "static/a\\u0000b.js".',
    ],
    [
      'backslashes',
      () => tgz([...files(BUILD), { header: { name: 'static\\js\\evil.js' }, content: 'x' }]),
      'The archive holds a path with a NUL or a backslash: "static\\\\js\\\\evil.js".',
    ],
    [
      'a name outside letters, digits, _ - .',
      () => tgz([...files(BUILD), { header: { name: 'static/js/ä <x>.js' }, content: 'x' }]),
      /^The archive holds a name other than letters, digits/,
    ],
    [
      'a dot file',
      () => tgz([...files(BUILD), { header: { name: 'static/.htaccess' }, content: 'x' }]),
      /^The archive holds a name other than letters, digits.*"static\/\.htaccess"/,
    ],
    [
      'a symlink',
      () =>
        tgz([
          ...files(BUILD),
          { header: { name: 'static/js/l.js', type: 'symlink', linkname: '/etc/passwd' } },
        ]),
      'The archive holds symlink static/js/l.js: only files and folders are allowed.',
    ],
    [
      'a hardlink',
      () =>
        tgz([
          ...files(BUILD),
          { header: { name: 'static/js/h.js', type: 'link', linkname: 'remoteEntry.js' } },
        ]),
      'The archive holds link static/js/h.js: only files and folders are allowed.',
    ],
    [
      'a device',
      () => tgz([...files(BUILD), { header: { name: 'static/null', type: 'character-device' } }]),
      'The archive holds character-device static/null: only files and folders are allowed.',
    ],
    ...([
      'static/x.html',
      'static/x.svg',
      'static/x.xml',
      'static/x.xhtml',
      'prerender/x.svg',
      'static/X.HTM',
    ].map(
      (name) =>
        [
          `a document (${name})`,
          () => tgz([...files(BUILD), { header: { name }, content: '<svg onload="alert(1)"/>' }]),
          new RegExp(
            `^The build holds a file of a type that is not served: ${name.replace(/\./g, '\\.')}\\. `,
          ),
        ] as [string, () => Promise<Buffer>, RegExp],
    ) as [string, () => Promise<Buffer>, RegExp][]),
    [
      'an uploaded mf-manifest.json.gz',
      () =>
        tgz([
          ...files(BUILD),
          {
            header: { name: 'mf-manifest.json.gz' },
            content: zlib.gzipSync(manifest({ metaData: { publicPath: 'https://evil.example/' } })),
          },
        ]),
      /^The build holds a file of a type that is not served: mf-manifest\.json\.gz\. /,
    ],
    [
      'an uploaded .br',
      () => tgz([...files(BUILD), { header: { name: 'static/js/app.js.br' }, content: 'x' }]),
      /^The build holds a file of a type that is not served: static\/js\/app\.js\.br\. /,
    ],
    ...(
      [
        ['https://evil.example/', 'publicPath'],
        ['//evil.example/', 'publicPath'],
        ['http://127.0.0.1:1/', 'publicPath'],
        ['/\\evil.example/', 'publicPath'],
        ['javascript:alert(1)//', 'publicPath'],
      ] as const
    ).map(
      ([value, field]) =>
        [
          `a foreign ${field} ${value}`,
          () => tgz(files({ ...BUILD, 'mf-manifest.json': manifest({ metaData: { publicPath: value } }) })),
          `mf-manifest.json's ${field} ${JSON.stringify(value)} points elsewhere: use 'auto' or a path of this server.`,
        ] as [string, () => Promise<Buffer>, string],
    ),
    [
      'a getPublicPath',
      () =>
        tgz(
          files({
            ...BUILD,
            'mf-manifest.json': manifest({ metaData: { getPublicPath: 'return "https://evil.example/"' } }),
          }),
        ),
      "mf-manifest.json has a getPublicPath (code run in the browser): build with publicPath 'auto' instead.",
    ],
    [
      'a remote loaded from elsewhere',
      () =>
        tgz(
          files({
            ...BUILD,
            'mf-manifest.json': manifest({
              top: {
                remotes: [{ federationContainerName: 'x', entry: 'https://evil.example/mf-manifest.json' }],
              },
            }),
          }),
        ),
      `mf-manifest.json's remotes.entry "https://evil.example/mf-manifest.json" points elsewhere: use 'auto' or a path of this server.`,
    ],
    ...[
      'https://evil.example/x.js',
      '//evil.example/x.js',
      '/api/user/me',
      '../mf_exam/x.js',
      'static/../../x.js',
    ].map(
      (name) =>
        [
          `a manifest naming ${name}`,
          () => tgz(files({ ...BUILD, 'mf-manifest.json': manifest({ js: ['static/js/app.js', name] }) })),
          `The manifest names a file outside the build: ${JSON.stringify(name)} (files are paths relative to the manifest).`,
        ] as [string, () => Promise<Buffer>, string],
    ),
    [
      'a manifest naming a file the build lacks',
      () =>
        tgz(
          files({
            ...BUILD,
            'mf-manifest.json': manifest({ js: ['static/js/app.js', 'static/js/gone.js'] }),
          }),
        ),
      'The manifest names files the build does not contain: static/js/gone.js.',
    ],
    [
      'not gzip',
      async () => Buffer.from('PK\u0003\u0004 a zip, not a gzipped tar'),
      'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
    ],
    [
      'a truncated gzip',
      async () => {
        const whole = await tgz(files(BUILD));
        return whole.subarray(0, whole.length - 30);
      },
      'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
    ],
    [
      'a truncated tar',
      async () => {
        const whole = await tar([
          ...files(BUILD),
          { header: { name: 'static/js/b.js' }, content: 'b'.repeat(5_000) },
        ]);
        return zlib.gzipSync(whole.subarray(0, whole.length - 4_000));
      },
      'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
    ],
    [
      'gzip of something that is not a tar',
      async () => zlib.gzipSync(Buffer.from('{"name":"mf_learn"}'.repeat(100))),
      'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
    ],
  ];

  it('every odd name, document type, manifest trick and broken archive is a 4xx naming it, with nothing kept', async () => {
    let token = await freshToken();
    let used = 0;
    for (const [label, body, message] of cases) {
      if (++used > DEPLOY_RATE.limit - 1) {
        token = await freshToken();
        used = 1;
      }
      const before = await stored();
      const res = await upload(await body(), token);
      await expectRefused(res, before, 422, 'invalid_build', message, label);
    }
    expect(cases.length).toBeGreaterThan(30);
  });

  it('generated archives of hostile names and bytes (seeded): never a 5xx, nothing kept on a 4xx', async () => {
    const fragment = fc.constantFrom(
      '.',
      '..',
      '',
      '/',
      '\\',
      '\u0000',
      'static',
      'js',
      'mf-manifest.json',
      'remoteEntry.js',
      'x.html',
      'x.svg',
      'a.js.gz',
      '~',
      '%2e%2e',
      'ä',
      'CON',
      'n'.repeat(120),
    );
    const name = fc.array(fragment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('/'));
    const entry = fc.record({
      name,
      type: fc.constantFrom('file', 'file', 'file', 'directory', 'symlink'),
      content: fc.string({ maxLength: 20 }),
    });
    let token = await freshToken();
    let used = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { maxLength: 6 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.boolean(),
        async (entries, bytes, garbage) => {
          if (++used >= DEPLOY_RATE.limit) {
            token = await freshToken();
            used = 1;
          }
          const body = garbage
            ? Buffer.from(bytes)
            : await tgz([
                ...files(BUILD),
                ...entries.map((e) => ({
                  header: {
                    name: e.name,
                    type: e.type as TarHeaders['type'],
                    ...(e.type === 'symlink' ? { linkname: 'remoteEntry.js' } : {}),
                  },
                  content: e.type === 'file' ? e.content : undefined,
                })),
              ]);
          const before = await stored();
          const res = await upload(body, token);
          const text = await res.text();
          expect(res.status, text).toBeLessThan(500);
          if (res.status >= 400) {
            expect(JSON.parse(text).error.code).toEqual(expect.any(String));
            expect(await stored()).toEqual(before);
          }
          // A build that went live is withdrawn again, so each run starts from the same registry.
          if (res.status === 201) await app.db('remote_variants').where({ remote: 'mf_learn' }).delete();
        },
      ),
      { seed: 29, numRuns: 60, endOnFailure: true },
    );
  }, 120_000);
});

describe('deploys per token', () => {
  it(`${DEPLOY_RATE.limit} deploys an hour per token, refused ones included; then 429 with Retry-After, nothing read or kept; another token is not affected`, async () => {
    const token = await freshToken();
    const broken = Buffer.from('not gzip');
    for (let i = 0; i < DEPLOY_RATE.limit; i++) {
      expect((await upload(broken, token)).status).toBe(422);
    }
    const before = await stored();
    const res = await upload(await tgz(files(BUILD)), token);
    const retryAfter = Number(res.headers.get('retry-after'));
    await expectRefused(
      res,
      before,
      429,
      'rate_limited',
      /^Too many deploys with this token \(30 an hour\)\. Try again in \d+ minutes?\.$/,
      'over the limit',
    );
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEPLOY_RATE.windowSeconds);
    expect((await upload(await tgz(files(BUILD)), await freshToken())).status).toBe(201);
  });
});

describe('manifests hosted elsewhere', () => {
  it('the tests-only switch that lets a manifest be on loopback is off by default and refused in production', () => {
    expect(app.config.deployLoopbackManifests).toBe(false);
    expect(loadConfig({}).deployLoopbackManifests).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEPLOY_LOOPBACK_MANIFESTS: 'true' })).toThrow(
      /DEPLOY_LOOPBACK_MANIFESTS: for tests only, not allowed in production/,
    );
  });

  it('an internal or special address is refused before any connection, with the same answer for each', async () => {
    const token = await freshToken();
    const targets = [
      `${app.url}/api/user/me`,
      'http://127.0.0.1:5432/',
      'https://127.0.0.1/mf-manifest.json',
      'https://localhost/mf-manifest.json',
      'https://0x7f000001/mf-manifest.json',
      'https://10.0.0.1/mf-manifest.json',
      'https://172.16.5.4/mf-manifest.json',
      'https://192.168.1.1/mf-manifest.json',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/mf-manifest.json',
      'https://224.0.0.1/mf-manifest.json',
      'https://0.0.0.0/mf-manifest.json',
      'https://255.255.255.255/mf-manifest.json',
      'https://[::1]/mf-manifest.json',
      'https://[::]/mf-manifest.json',
      'https://[::ffff:10.0.0.1]/mf-manifest.json',
      'https://[::ffff:127.0.0.1]/mf-manifest.json',
      'https://[fd00::1]/mf-manifest.json',
      'https://[fe80::1]/mf-manifest.json',
      'https://[64:ff9b::a00:1]/mf-manifest.json',
      'https://[2002:a00:1::]/mf-manifest.json',
      'https://user:secret@93.184.216.34/mf-manifest.json',
      'ftp://93.184.216.34/mf-manifest.json',
      'file:///etc/passwd',
    ];
    for (const manifestUrl of targets) {
      const before = await stored();
      const res = await send('/api/admin/remotes/mf_learn/versions', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        json: { manifestUrl },
      });
      await expectRefused(
        res,
        before,
        422,
        'invalid_build',
        `The manifest at ${manifestUrl} could not be fetched: a build hosted elsewhere is fetched over https from a public address, without redirects, within 10 s, and its manifest is at most 1 MB.`,
        manifestUrl,
      );
    }
    expect(outgoing).toEqual([]);
  });
});

describe('serving a build’s files', () => {
  it('a build on disk from before these checks: documents, server-side folders and precompressed copies are never served; the manifest is the checked one; every file has one fixed type', async () => {
    const version = '0.0.1-0123456789';
    const dir = path.join(app.config.remotesDir, 'mf_learn', version);
    const checked = manifest();
    const planted = manifest({ metaData: { publicPath: 'https://evil.example/' } });
    const script = '<script>fetch("/api/user/me")</script>';
    const write: Record<string, string | Buffer> = {
      'mf-manifest.json': checked,
      'mf-manifest.json.gz': zlib.gzipSync(planted),
      'mf-manifest.json.br': zlib.brotliCompressSync(planted),
      'remoteEntry.js': 'var mf_learn = {};',
      'static/js/app.js': 'export const App = 1;',
      'static/css/app.css': 'body{}',
      'static/x.html': script,
      'static/x.htm': script,
      'static/x.svg': `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
      'static/x.xml': `<x xmlns="http://www.w3.org/1999/xhtml">${script}</x>`,
      'static/x.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml">${script}</html>`,
      'static/x.html.gz': zlib.gzipSync(script),
      'static/x.pdf': '%PDF-1.4',
      'static/noext': script,
      'index.html': script,
      'prerender/de/index.html': script,
      'ssr/index.mjs': 'export {}',
    };
    for (const [name, content] of Object.entries(write)) {
      await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fs.writeFile(path.join(dir, name), content);
    }
    const get = (file: string, headers: Record<string, string> = {}) =>
      send(`/remotes/mf_learn/${version}/${file}`, { headers });
    for (const file of [
      'static/x.html',
      'static/x.htm',
      'static/x.svg',
      'static/x.xml',
      'static/x.xhtml',
      'static/x.html.gz',
      'static/x.pdf',
      'static/noext',
      'index.html',
      'prerender/de/index.html',
      'ssr/index.mjs',
      'mf-manifest.json.gz',
      'mf-manifest.json.br',
    ]) {
      const res = await get(file, { accept: 'text/html' });
      expect(res.status, file).toBe(404);
      expect(await res.json(), file).toEqual({
        error: { code: 'not_found', message: 'No such remote file' },
      });
    }
    for (const encoding of ['gzip', 'br', 'gzip, br', 'identity']) {
      const res = await get('mf-manifest.json', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(await res.text(), encoding).toBe(checked);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    const js = await get('static/js/app.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toBe('export const App = 1;');
    const css = await get('static/css/app.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    await fs.rm(dir, { recursive: true, force: true });
  });
});
