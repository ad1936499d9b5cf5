import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDbName } from './helpers/global-setup';
import { adminUrl, dropDatabase, withDatabase } from './helpers/pg-admin';

// The production build: `npm run build` bundles the BFF into dist/ (no TypeScript at run time), and
// `node dist/server.mjs` with NODE_ENV=production serves and stops gracefully on SIGTERM. Production runs on
// PostgreSQL only (DATABASE_URL is required there): with the embedded test database these tests do not run; CI
// and `TEST_DATABASE_URL=postgres://… npm test` run them.

const bff = path.resolve(import.meta.dirname, '..');
const provided = inject('testDb');
let dbName: string | null = null;
let dataDir: string;
let server: ChildProcess;
let port: number;
let output = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as net.AddressInfo;
      s.close(() => resolve(p));
    });
    s.on('error', reject);
  });

const onPostgres = provided.kind === 'postgres';

beforeAll(async () => {
  if (!onPostgres) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: bff, stdio: 'pipe' });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-prod-'));
  port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // No frontend builds to publish at start (that is `npm start`'s job, tested elsewhere): a quick start.
    STATIC_ROOT: dataDir,
    LOG_LEVEL: 'info',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://buergerfit.test',
    GITHUB_CLIENT_ID: 'id',
    GITHUB_CLIENT_SECRET: 'secret',
  };
  if (provided.kind === 'postgres') {
    dbName = `bf_t_${randomBytes(6).toString('hex')}`;
    const name = dbName;
    await withDatabase(adminUrl(provided.serverUrl), (db) =>
      db.raw(`create database "${name}" template "${provided.template}"`),
    );
    env.DATABASE_URL = withDbName(provided.serverUrl, name);
  }
  // No tsx, no loader: the bundle runs on Node alone.
  server = spawn(process.execPath, ['dist/server.mjs'], { cwd: bff, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d) => {
    output += String(d);
  });
  server.stderr?.on('data', (d) => {
    output += String(d);
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  if (server.exitCode === null) server.kill('SIGKILL');
  if (dbName && provided.kind === 'postgres') await dropDatabase(provided.serverUrl, dbName);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe.runIf(onPostgres)('the production bundle', () => {
  it('serves the API from dist/ with production headers', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/en/german-federal-states`);
    expect(res.status).toBe(200);
    expect((await res.json())[0]).toEqual({ code: 'BW', name: 'Baden-Württemberg' });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('on SIGTERM finishes a request under way, then stops accepting and exits 0', async () => {
    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const body = JSON.stringify({ remote: 'mf_learn' });
    socket.write(
      `POST /api/remotes/exposures HTTP/1.1\r\nHost: buergerfit.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    let answer = '';
    socket.on('data', (d) => {
      answer += String(d);
    });
    const ended = new Promise<void>((r) => socket.once('close', () => r()));
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    await new Promise((r) => setTimeout(r, 100));
    server.kill('SIGTERM');
    await expect.poll(() => output, { timeout: 5000 }).toContain('shutting down');
    // New connections are refused while the old one is still being served.
    await expect(fetch(`http://127.0.0.1:${port}/readyz`)).rejects.toThrow();
    socket.write(body.slice(5));
    await ended;
    // Answered in full (a cookieless beacon counts nothing: 403 unknown_visitor).
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('"code":"unknown_visitor"');
    expect(await exited).toBe(0);
  }, 30_000);
});
