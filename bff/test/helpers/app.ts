import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { createLogger } from '../../src/logger';
import { type Running, start } from '../../src/start';
import { FaultProxy } from './fault-proxy';
import { withDbName } from './global-setup';
import { adminUrl, dropDatabase, withDatabase } from './pg-admin';

export type TestApp = {
  url: string;
  db: Knex;
  config: Config;
  kind: 'postgres' | 'embedded';
  running: Running;
  /** With `{ faultProxy: true }`: the cuttable link between the server and its database. */
  proxy?: FaultProxy | undefined;
  /** fetch against the app over real HTTP; JSON bodies are encoded for you. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
};

/**
 * A fresh database cloned from the prepared one, and the real server (`start()`) listening on a free port.
 * Env overrides go through the same zod config as production.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { faultProxy?: boolean } = {},
): Promise<TestApp> {
  const provided = inject('testDb');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-app-'));
  // The builds published once for all test files, as this server would have written them (its own copy: a test
  // may change or remove them). The database clone already has them stored.
  if (!env.REMOTES_DIR)
    await fs.cp(inject('testRemotes'), path.join(dataDir, 'remotes'), { recursive: true });
  const baseEnv = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  };
  let cleanup = async () => {};
  let proxy: FaultProxy | undefined;
  let config: Config;
  let running: Running;
  if (provided.kind === 'postgres') {
    const name = `bf_t_${randomBytes(6).toString('hex')}`;
    await withDatabase(adminUrl(provided.serverUrl), (db) =>
      db.raw(`create database "${name}" template "${provided.template}"`),
    );
    let dbUrl = withDbName(provided.serverUrl, name);
    if (opts.faultProxy) {
      const u = new URL(dbUrl);
      proxy = await new FaultProxy(u.hostname, Number(u.port || 5432)).start();
      u.hostname = '127.0.0.1';
      u.port = String(proxy.port);
      dbUrl = u.toString();
    }
    config = loadConfig({ ...baseEnv, DATABASE_URL: dbUrl });
    running = await start(config, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'));
    cleanup = () => dropDatabase(provided.serverUrl, name);
  } else {
    config = loadConfig(baseEnv);
    const dump = new Blob([await fs.readFile(provided.dump)]);
    let opened = await openDatabase({ dataDir, loadDataDir: dump, poolMax: config.databasePoolMax });
    if (opts.faultProxy) {
      const direct = opened;
      const u = new URL(direct.url);
      proxy = await new FaultProxy(u.hostname, Number(u.port)).start();
      u.port = String(proxy.port);
      const via = await openDatabase({ databaseUrl: u.toString(), dataDir, poolMax: config.databasePoolMax });
      opened = {
        ...via,
        kind: 'embedded',
        async close() {
          await via.close();
          await direct.close();
        },
      };
    }
    running = await start(config, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), opened);
  }
  const url = running.url;
  return {
    url,
    db: running.db.knex,
    // What the server runs with: session secret resolved, public URL with the real port.
    config: running.config,
    kind: running.db.kind,
    running,
    request(p, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined && !h.has('content-type')) h.set('content-type', 'application/json');
      return fetch(`${url}${p}`, {
        ...rest,
        headers: h,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    proxy,
    async close() {
      proxy?.up();
      await running.stop();
      await proxy?.stop();
      await cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
