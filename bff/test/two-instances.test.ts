import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { createDeployToken } from '../src/remotes/deploy';
import { upsertVariant } from '../src/remotes/registry';
import { type Running, start } from '../src/start';
import { withDbName } from './helpers/global-setup';
import { adminUrl, dropDatabase, withDatabase } from './helpers/pg-admin';
import { CookieJar, signInFlow } from './helpers/sign-in';

// Two BFF instances on one PostgreSQL, each with its own disk, as behind a load balancer: whatever one of them
// stores, the other sees. (The same over nginx with TLS, in production mode, is issue 18's e2e still to come.)

const provided = inject('testDb');
const onPostgres = provided.kind === 'postgres';
let dbName = '';
const dirs: string[] = [];
let a: Running;
let b: Running;

async function instance(databaseUrl: string, secret: string): Promise<Running> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-two-'));
  dirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_ROOT: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: secret,
  });
  return start(config, createLogger('silent'));
}

const get = (on: Running, p: string, cookie = '') =>
  fetch(`${on.url}${p}`, { headers: cookie ? { cookie } : {} });
const post = (on: Running, p: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${on.url}${p}`, { method: 'POST', ...init, headers: { cookie, ...(init.headers ?? {}) } });

beforeAll(async () => {
  if (!onPostgres || provided.kind !== 'postgres') return;
  dbName = `bf_t_${randomBytes(6).toString('hex')}`;
  await withDatabase(adminUrl(provided.serverUrl), (db) =>
    db.raw(`create database "${dbName}" template "${provided.template}"`),
  );
  const url = withDbName(provided.serverUrl, dbName);
  const secret = randomBytes(32).toString('hex');
  [a, b] = await Promise.all([instance(url, secret), instance(url, secret)]);
}, 60_000);

afterAll(async () => {
  if (!onPostgres || provided.kind !== 'postgres') return;
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDatabase(provided.serverUrl, dbName);
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe.runIf(onPostgres)('two instances on one database', () => {
  it('a session started on one works on the other; a refresh token reused on the other revokes the family', async () => {
    const { jar } = await signInFlow({ url: a.url }, { name: 'roamer' });
    const meA = await (await get(a, '/api/user/me', jar.header())).json();
    const onB = await get(b, '/api/user/me', jar.header());
    expect(onB.status).toBe(200);
    expect((await onB.json()).id).toBe(meA.id);

    const stolen = jar.get('bf_rt') ?? '';
    const rotated = await post(a, '/auth/refresh', jar.header());
    expect(rotated.status).toBe(204);
    jar.store(rotated);
    // Past the grace period for two tabs refreshing at once: the old token is a reuse.
    await a.db
      .knex('refresh_tokens')
      .whereNotNull('replaced_by')
      .update({ revoked_at: a.db.knex.raw("now() - interval '1 minute'") });
    const thief = new CookieJar();
    thief.cookies.set('bf_rt', stolen);
    expect((await post(b, '/auth/refresh', thief.header())).status).toBe(401);
    expect((await post(a, '/auth/refresh', jar.header())).status).toBe(401);
    expect((await get(b, '/api/user/me', jar.header())).status).toBe(401);
  });

  it('a visitor keeps their A/B variant whichever instance answers', async () => {
    await upsertVariant(a.db.knex, {
      remote: 'mf_learn',
      variant: 'default',
      version: '1',
      manifestUrl: '/x/1.json',
      weight: 100,
    });
    await upsertVariant(a.db.knex, {
      remote: 'mf_learn',
      variant: 'b',
      version: '2',
      manifestUrl: '/x/2.json',
      weight: 100,
    });
    for (let i = 0; i < 10; i++) {
      const first = await get(i % 2 ? a : b, '/api/remotes');
      const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const variant = (await first.json()).remotes.find(
        (r: { name: string }) => r.name === 'mf_learn',
      ).variant;
      const again = await (await get(i % 2 ? b : a, '/api/remotes', cookie)).json();
      expect(again.remotes.find((r: { name: string }) => r.name === 'mf_learn').variant).toBe(variant);
    }
  });

  it('a build deployed through one instance is served by the other at the next page load (copied from the store)', async () => {
    // Only the default variant (the A/B test above left a second one).
    await a.db.knex('remote_variants').where({ remote: 'mf_learn' }).delete();
    const { token } = await createDeployToken(a.db.knex, 'mf_learn', 'learn-ci');
    const manifest = {
      name: 'mf_learn',
      metaData: { buildInfo: { buildVersion: '2.0.0' }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [],
      exposes: [
        {
          path: './App',
          assets: { js: { sync: ['static/js/app.js'], async: [] }, css: { sync: [], async: [] } },
        },
      ],
    };
    const p = pack();
    p.entry({ name: 'mf-manifest.json' }, JSON.stringify(manifest));
    p.entry({ name: 'remoteEntry.js' }, 'var mf_learn;');
    p.entry({ name: 'static/js/app.js' }, 'export default "two instances";');
    p.finalize();
    const chunks: Buffer[] = [];
    for await (const c of p.pipe(zlib.createGzip())) chunks.push(c as Buffer);
    const res = await fetch(`${a.url}/api/admin/remotes/mf_learn/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      body: Buffer.concat(chunks),
    });
    expect(res.status).toBe(201);
    const { version, manifestUrl } = await res.json();
    const registry = await (await get(b, '/api/remotes')).json();
    expect(registry.remotes.find((r: { name: string }) => r.name === 'mf_learn')).toMatchObject({
      version,
      manifestUrl,
    });
    const file = await get(b, `/remotes/mf_learn/${version}/static/js/app.js`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('export default "two instances";');
  });

  it('rate limits count across instances', async () => {
    const { jar } = await signInFlow({ url: a.url }, { name: 'reporter' });
    const report = (on: Running) =>
      post(on, '/api/en/questions/1/reports', jar.header(), {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'translation', text: 'A typo' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await report(i % 2 ? b : a)).status);
    // Five per learner and 10 minutes in all, not five per instance.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
