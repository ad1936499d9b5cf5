import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listQuestions, listStates, listTopics } from '../src/catalog/repository';
import { loadConfig } from '../src/config';
import { migrateLatest } from '../src/db/migrate';
import { createLogger } from '../src/logger';
import { listVariants, resolveForVisitor, upsertVariant } from '../src/remotes/registry';
import { start } from '../src/start';
import { signIn } from './helpers/sign-in';

// The embedded default path, whatever database the rest of the suite uses: what `npm start` does with no
// DATABASE_URL, on a brand-new data folder, then again after a restart.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-embedded-'));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
});

describe('embedded PostgreSQL (PGlite) default', () => {
  it('starts on an empty data folder, migrates, imports the catalog and keeps the data across a restart', async () => {
    let cookie = '';
    const first = await start(config, createLogger('silent'));
    try {
      expect(first.db.kind).toBe('embedded');
      cookie = await signIn(first, 'embedded');
      expect(await (await fetch(`${first.url}/api/de/learn`, { headers: { cookie } })).json()).toHaveLength(
        300,
      );
      expect(await migrateLatest(first.db.knex)).toEqual([]);
      await upsertVariant(first.db.knex, {
        remote: 'mf_exam',
        variant: 'b',
        version: '9.9.9',
        manifestUrl: '/x.json',
      });
      // One query per repository, through the same pg driver and knex client as production.
      expect(await listStates(first.db.knex, 'en')).toHaveLength(16);
      expect((await listTopics(first.db.knex, 'hr')).find((t) => t.id === 'history')?.name).toBe(
        'Povijest i odgovornost',
      );
      expect(await listQuestions(first.db.knex, 'en', { state: 'HH' })).toHaveLength(310);
      expect(
        (await resolveForVisitor(first.db.knex, '00000000-0000-4000-8000-000000000001')).length,
      ).toBeGreaterThan(0);
    } finally {
      await first.stop();
    }
    const second = await start(config, createLogger('silent'));
    try {
      expect(await (await fetch(`${second.url}/api/en/german-federal-states`)).json()).toHaveLength(16);
      // Sessions survive the restart: the generated secret is kept in DATA_DIR/session-secret.
      expect(second.config.sessionSecret).toBe(first.config.sessionSecret);
      expect(await (await fetch(`${second.url}/api/de/learn`, { headers: { cookie } })).json()).toHaveLength(
        300,
      );
      expect((await listVariants(second.db.knex, 'mf_exam')).map((v) => v.variant)).toContain('b');
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('still starts when the catalog file is missing, and the learn API answers an empty list', async () => {
    const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-nocatalog-'));
    const noCatalog = { ...config, dataDir: emptyDir, catalogPath: path.join(emptyDir, 'missing.json') };
    const running = await start(noCatalog, createLogger('silent'));
    try {
      const res = await fetch(`${running.url}/api/en/learn`, { headers: { cookie: await signIn(running) } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    } finally {
      await running.stop();
      await fs.rm(emptyDir, { recursive: true, force: true });
    }
  }, 120_000);
});
