import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { importCatalog } from '../../src/catalog/import';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { migrateLatest } from '../../src/db/migrate';
import { createLogger } from '../../src/logger';
import { syncDefaultVariants } from '../../src/remotes/publish';
import { adminUrl, dropDatabase, testServerUrl, withDatabase } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; serverUrl: string; template: string } | { kind: 'embedded'; dump: string };
    /** The built remotes as the server keeps them on disk (precompressed), published once for every test file. */
    testRemotes: string;
  }
}

/**
 * Prepares one migrated database with the catalog imported and the built remotes published, which every test file
 * then clones: on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL) as a template database, otherwise as a PGlite
 * data-dir dump. The published builds' folder (each file precompressed) is prepared once beside it and copied per
 * test file: publishing at every test file's start took 8.6 s of its set-up (brotli over every file).
 */
export default async function setup(project: TestProject) {
  const { catalogPath, staticRoot } = loadConfig({});
  const serverUrl = testServerUrl();
  const remotes = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-test-remotes-'));
  const removeRemotes = () => fs.rm(remotes, { recursive: true, force: true });
  const publish = (knex: Parameters<typeof syncDefaultVariants>[0]) =>
    syncDefaultVariants(knex, staticRoot, remotes, createLogger('silent'));
  project.provide('testRemotes', remotes);
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
    await publish(db.knex);
    await db.close();
    project.provide('testDb', { kind: 'postgres', serverUrl, template });
    return async () => {
      await dropDatabase(serverUrl, template);
      await removeRemotes();
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-test-'));
  const db = await openDatabase({ dataDir: dir, poolMax: 2 });
  await migrateLatest(db.knex);
  await importCatalog(db.knex, catalogPath);
  await publish(db.knex);
  await db.close();
  // Re-open only to dump: closing flushed everything to the data dir.
  const pg = await PGlite.create({ dataDir: path.join(dir, 'pg') });
  const blob = await pg.dumpDataDir('none');
  await pg.close();
  const dump = path.join(dir, 'template.tar');
  await fs.writeFile(dump, Buffer.from(await blob.arrayBuffer()));
  project.provide('testDb', { kind: 'embedded', dump });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await removeRemotes();
  };
}

export function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
