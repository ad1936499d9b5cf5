import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../src/admin/console';
import { createDeployToken } from '../src/remotes/deploy';
import { sandboxAvailable } from '../src/remotes/sandbox';
import { SSR_FAILURE_LIMIT } from '../src/remotes/ssr-health';
import { createTestApp, type TestApp } from './helpers/app';
import { writeShellDist } from './helpers/shell-dist';
import { signIn } from './helpers/sign-in';

// Hostile builds of mf_learn, deployed through the deploy API with mf_learn's own token, as a team's compromised CI
// would: their server renderers try to escape (run a shell command, write a file outside the build, read the
// server's environment and /proc/self/environ, reach the network and the database's socket) or to take the server
// down (kill themselves, loop for ever, eat memory, answer garbage). Each attempt fails inside the sandbox, the page
// still answers 200, and the server serves the next request.

let root: string;
let app: TestApp;
let token: string;
let cookie: string;
/** A TCP listener and a unix socket on this machine that the renderer must not reach. */
let listener: net.Server;
let socketServer: net.Server;
let connections = 0;
let socketPath: string;
/** A file the renderer tries to write (outside its build). */
let outside: string;
const SECRET = 'hostile-builds-session-secret-with-32-chars-or-more';

const SHELL_MANIFEST = {
  name: 'shell',
  shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true }],
};

/** A build of mf_learn whose server renderer is `renderer` (its `render` body) and lists /learn. */
function buildWith(renderer: string, tag: string): Record<string, string> {
  const manifest = {
    id: 'mf_learn',
    name: 'mf_learn',
    metaData: {
      buildInfo: { buildVersion: '6.6.6', buildName: '@buergerfit/mf-learn' },
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
        assets: { js: { sync: ['static/js/app.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
  return {
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': `var mf_learn = {}; // ${tag}`,
    'static/js/app.js': 'export const App = 1;',
    'ssr/pages.json': JSON.stringify({ pages: ['/learn'] }),
    'ssr/index.mjs': `
import fs from 'node:fs';
import net from 'node:net';
export default {
  pages: ['/learn'],
  async render(request, fetchApi) {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    ${renderer}
    return { html: '<h1 id="t">rendered ${tag}</h1>', queries: null, deferred: [], title: null };
  },
};
`,
  };
}

async function tgz(files: Record<string, string>): Promise<Buffer> {
  const p = pack();
  for (const [name, content] of Object.entries(files)) p.entry({ name }, content);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p.pipe(zlib.createGzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Deploys a build through the API with mf_learn's token; returns its version. */
async function deploy(files: Record<string, string>): Promise<string> {
  const res = await app.request('/api/admin/remotes/mf_learn/versions', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    body: await tgz(files),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { version: string }).version;
}

/** The learner's /learn page: status, whether the server rendered it, and its markup. */
async function learnPage(query = '') {
  const res = await app.request(`/learn${query}`, { headers: { cookie } });
  return { status: res.status, rendered: res.headers.get('x-buergerfit-prerender'), html: await res.text() };
}

const healthOf = async (version: string) =>
  app.db('ssr_build_health').where({ remote: 'mf_learn', version }).first();

/** The server still answers: its health check and an API call. */
async function serverAnswers() {
  expect((await app.request('/healthz')).status).toBe(200);
  expect((await app.request('/api/de/german-federal-states')).status).toBe(200);
}

beforeAll(async () => {
  // The sandbox needs bubblewrap (apt-get install bubblewrap): without it nothing is rendered on the server at all.
  expect(sandboxAvailable()).toEqual({ ok: true });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-hostile-builds-'));
  // A shell build whose frame (itself rendered in the sandbox) has the slot the learner's page goes into.
  await writeShellDist(root, {
    paths: ['/', '/learn/*'],
    remotes: [{ path: '/learn/*', remote: 'mf_learn', basename: '/learn', protected: true }],
    frame: true,
    files: { 'mf-manifest.json': JSON.stringify(SHELL_MANIFEST) },
  });
  outside = path.join(root, 'written-by-a-build');
  socketPath = path.join(root, 'db.sock');
  listener = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  socketServer = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
  // A secret in the server's own environment, as DATABASE_URL and SESSION_SECRET are in production.
  process.env.BF_HOSTILE_TEST_SECRET = SECRET;
  app = await createTestApp({ STATIC_ROOT: root, SESSION_SECRET: SECRET, SSR_TIMEOUT_MS: '4000' });
  token = (await createDeployToken(app.db, 'mf_learn', 'learn-ci')).token;
  cookie = await signIn(app, 'hostile-viewer');
}, 60_000);

afterAll(async () => {
  delete process.env.BF_HOSTILE_TEST_SECRET;
  await app?.close();
  await new Promise((resolve) => listener?.close(resolve));
  await new Promise((resolve) => socketServer?.close(resolve));
  await fs.rm(root, { recursive: true, force: true });
});

describe('a deployed build’s server renderer runs in a sandbox', () => {
  it('cannot run a command, write outside its build, read the environment, files or /proc, or reach the network', async () => {
    const port = (listener.address() as net.AddressInfo).port;
    const attempts = `
    const tried = {};
    const attempt = async (name, fn) => {
      try { tried[name] = 'ok ' + String(await fn()).slice(0, 60); } catch (e) { tried[name] = e.code || e.name; }
    };
    await attempt('shell', async () => (await import('node:child_process')).execSync('id').toString());
    await attempt('spawn', async () => (await import('node:child_process')).spawnSync('/usr/bin/id').status);
    await attempt('write', () => fs.writeFileSync(${JSON.stringify(outside)}, 'escaped'));
    await attempt('writeOwn', () => fs.writeFileSync('/build/ssr/planted.mjs', 'x'));
    await attempt('environ', () => fs.readFileSync('/proc/self/environ', 'utf8'));
    await attempt('parentEnviron', () => fs.readFileSync('/proc/1/environ', 'utf8'));
    await attempt('passwd', () => fs.readFileSync('/etc/passwd', 'utf8'));
    await attempt('dataDir', () => fs.readdirSync(${JSON.stringify(app.config.dataDir)}).join());
    await attempt('worker', async () => new (await import('node:worker_threads')).Worker('1', { eval: true }));
    await attempt('binding', () => process.binding('fs'));
    await attempt('eval', () => eval('6 * 7'));
    await attempt('tcp', () => new Promise((ok, fail) => {
      const s = net.connect(${port}, '127.0.0.1', () => ok('connected'));
      s.on('error', fail);
    }));
    await attempt('unix', () => new Promise((ok, fail) => {
      const s = net.connect(${JSON.stringify(socketPath)}, () => ok('connected'));
      s.on('error', fail);
    }));
    await attempt('fetch', async () => (await fetch('http://127.0.0.1:${port}/')).status);
    await attempt('dns', async () => (await import('node:dns/promises')).lookup('localhost').then((a) => a.address));
    const env = Object.keys(process.env).join(',') || 'empty';
    const own = (await fetchApi('/api/user/me')).status;
    return {
      html: '<pre id="escape">' + JSON.stringify({ ...tried, env, own }).replace(/</g, '&lt;') + '</pre>',
      queries: null, deferred: [], title: null,
    };`;
    await deploy(buildWith(attempts, 'escape'));
    const page = await learnPage();
    expect(page.status).toBe(200);
    expect(page.rendered).toBe('mf_learn');
    const tried = JSON.parse(
      (/<pre id="escape">(.*?)<\/pre>/.exec(page.html)?.[1] ?? 'null').replace(/&lt;/g, '<'),
    );
    expect(tried).toEqual({
      shell: 'ERR_ACCESS_DENIED',
      spawn: 'ERR_ACCESS_DENIED',
      write: 'ERR_ACCESS_DENIED',
      writeOwn: 'ERR_ACCESS_DENIED',
      environ: 'ERR_ACCESS_DENIED',
      parentEnviron: 'ERR_ACCESS_DENIED',
      passwd: 'ERR_ACCESS_DENIED',
      dataDir: 'ERR_ACCESS_DENIED',
      worker: 'ERR_ACCESS_DENIED',
      binding: 'ERR_ACCESS_DENIED',
      eval: 'EvalError',
      // The sandbox has a network of its own, with nothing in it; the host's sockets are not in its file system.
      tcp: 'ECONNREFUSED',
      unix: 'ENOENT',
      fetch: 'TypeError',
      dns: 'EAI_AGAIN',
      // Only the working folder bubblewrap sets (the build's own): nothing of the server's.
      env: 'PWD',
      // Its data comes through the BFF, as the viewer: allowed.
      own: 200,
    });
    expect(connections).toBe(0);
    await expect(fs.access(outside)).rejects.toThrow();
    expect(page.html).not.toContain(SECRET);
    await serverAnswers();
  });

  it('a renderer that kills itself, exits, loops for ever, eats memory or answers garbage costs that one render', async () => {
    const version = await deploy(
      buildWith(
        `
    const how = params.get('do');
    if (how === 'kill') process.kill(process.pid, 'SIGKILL');
    if (how === 'exit') process.exit(3);
    if (how === 'loop') for (;;) {}
    if (how === 'heap') { const hog = []; for (;;) hog.push(new Array(1e6).fill(Math.random())); }
    if (how === 'buffer') { const hog = []; for (;;) hog.push(Buffer.alloc(256 * 1024 * 1024, 1)); }
    if (how === 'garbage') { fs.writeSync(3, 'this is not a page\\n'); await new Promise(() => {}); }
    if (how === 'huge') {
      // 12 MB without a line's end, written past the pipe's non-blocking refusals.
      const line = Buffer.alloc(12 * 1024 * 1024, 'x');
      for (let at = 0; at < line.length; ) {
        try { at += fs.writeSync(3, line, at); } catch (e) { if (e.code !== 'EAGAIN') throw e; }
      }
      await new Promise(() => {});
    }
    if (how === 'wrong') return { html: 42, queries: 'no', deferred: [], title: null };
    if (how === 'throw') throw new Error('the renderer failed');`,
        'crashy',
      ),
    );
    expect((await learnPage()).html).toContain(
      '<div data-bf-slot="mf_learn"><h1 id="t">rendered crashy</h1></div>',
    );
    // What the CLI's history and the console then say of the build.
    const reasons: Record<string, string> = {
      kill: 'crash: the renderer exited (SIGKILL)',
      exit: 'crash: the renderer exited (code 3)',
      loop: 'hang: a render ran longer than 16000 ms',
      heap: 'memory: the renderer ran out of memory',
      buffer: 'error: Array buffer allocation failed',
      garbage: 'garbage: a line that is not JSON',
      huge: 'garbage: an answer larger than 8 MB',
      wrong: 'garbage: an answer that is not a page',
      throw: 'error: the renderer failed',
    };
    for (const [how, reason] of Object.entries(reasons)) {
      const before = Number((await healthOf(version))?.failures ?? 0);
      const page = await learnPage(`?do=${how}`);
      // The plain page: the shell renders /learn in the browser.
      expect(page.status, how).toBe(200);
      expect(page.rendered, how).toBeNull();
      expect(page.html, how).toContain('<div id="root">');
      // The failure is charged to the build (a hang once its deadline has passed).
      await expect
        .poll(async () => Number((await healthOf(version))?.failures ?? 0), {
          timeout: 40_000,
          interval: 100,
        })
        .toBe(before + 1);
      expect((await healthOf(version))?.last_reason, how).toBe(reason);
      await serverAnswers();
      // The next view gets a fresh renderer; its success ends the run of failures.
      const next = await learnPage();
      expect(next.rendered, how).toBe('mf_learn');
      expect(next.html, how).toContain('rendered crashy');
      await expect
        .poll(async () => Number((await healthOf(version))?.consecutive), { timeout: 5000 })
        .toBe(0);
    }
    const health = await healthOf(version);
    expect(health).toMatchObject({ failures: 9, consecutive: 0, disabled_at: null });
  }, 180_000);

  it(`a build that fails ${SSR_FAILURE_LIMIT} times in a row is no longer rendered on the server, and says so`, async () => {
    const version = await deploy(buildWith(`process.kill(process.pid, 'SIGKILL');`, 'dies'));
    for (let i = 1; i <= SSR_FAILURE_LIMIT; i++) {
      const page = await learnPage();
      expect(page.status).toBe(200);
      expect(page.rendered).toBeNull();
      await expect
        .poll(async () => Number((await healthOf(version))?.failures ?? 0), { timeout: 10_000 })
        .toBe(i);
    }
    const health = await healthOf(version);
    expect(health?.disabled_at).not.toBeNull();
    expect(health?.last_reason).toMatch(/^crash: the renderer exited \(SIGKILL\)$/);
    // No more renders: the page is sent plain at once, and nothing more is charged.
    const after = await learnPage();
    expect(after.status).toBe(200);
    expect(after.rendered).toBeNull();
    expect(Number((await healthOf(version))?.failures)).toBe(SSR_FAILURE_LIMIT);
    await serverAnswers();
    // The A/B console and the CLI's history say so.
    const owner = await signIn(app, 'owner');
    await setAdmin(app.db, { userId: null, name: 'cli' }, 'owner', true);
    const overview = await (await app.request('/api/admin/ab', { headers: { cookie: owner } })).json();
    const learn = overview.remotes.find((r: { remote: string }) => r.remote === 'mf_learn');
    expect(learn.variants[0]).toMatchObject({
      variant: 'default',
      version,
      serverRender: {
        failures: SSR_FAILURE_LIMIT,
        lastReason: 'crash: the renderer exited (SIGKILL)',
        offSince: new Date(health?.disabled_at).toISOString(),
      },
    });
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'src/cli/remotes.ts', 'history', 'mf_learn', '--json'],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { ...process.env, DATABASE_URL: app.running.db.url, LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
    );
    const history = JSON.parse(stdout) as { version: string; serverRender: { offSince: string } | null }[];
    expect(history[0]).toMatchObject({
      version,
      serverRender: { failures: SSR_FAILURE_LIMIT, offSince: new Date(health?.disabled_at).toISOString() },
    });
    // The team's next deploy is rendered again.
    await deploy(buildWith('', 'fixed'));
    const fixed = await learnPage();
    expect(fixed.rendered).toBe('mf_learn');
    expect(fixed.html).toContain('rendered fixed');
  }, 120_000);
});
