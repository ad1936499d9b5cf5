import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { importCatalog } from '../../src/catalog/import';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { migrateLatest } from '../../src/db/migrate';
import { adminUrl, dropDatabase, testServerUrl, withDatabase } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; serverUrl: string; template: string } | { kind: 'embedded'; dump: string };
  }
}

/**
 * Prepares one migrated database with the catalog imported, which every test file then clones:
 * on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL) as a template database, otherwise as a PGlite data-dir dump.
 */
export default async function setup(project: TestProject) {
  const catalogPath = loadConfig({}).catalogPath;
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const template = `bf_tpl_${process.pid}_${Date.now().toString(36)}`;
    await withDatabase(adminUrl(serverUrl), (db) => db.raw(`create database "${template}"`));
    const db = await openDatabase({
      databaseUrl: withDbName(serverUrl, template),
      dataDir: os.tmpdir(),
      poolMax: 2,
    });
    await migrateLatest(db.knex);
    await importCatalog(db.knex, catalogPath);
    await db.close();
    project.provide('testDb', { kind: 'postgres', serverUrl, template });
    return async () => dropDatabase(serverUrl, template);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-test-'));
  const db = await openDatabase({ dataDir: dir, poolMax: 2 });
  await migrateLatest(db.knex);
  await importCatalog(db.knex, catalogPath);
  await db.close();
  // Re-open only to dump: closing flushed everything to the data dir.
  const pg = await PGlite.create({ dataDir: path.join(dir, 'pg') });
  const blob = await pg.dumpDataDir('none');
  await pg.close();
  const dump = path.join(dir, 'template.tar');
  await fs.writeFile(dump, Buffer.from(await blob.arrayBuffer()));
  project.provide('testDb', { kind: 'embedded', dump });
  return async () => fs.rm(dir, { recursive: true, force: true });
}

export function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
