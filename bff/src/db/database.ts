import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { servePGlite } from './pglite-server';

// PostgreSQL returns bigint (COUNT, SUM) as strings by default; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Database = {
  knex: Knex;
  kind: 'postgres' | 'embedded';
  /** Connection string the pool uses (for the embedded server: its loopback socket). */
  url: string;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax?: number;
  /** Start the embedded database from a copy of this data-dir dump (tests: initdb once, clone many). */
  loadDataDir?: Blob | File;
};

function makeKnex(url: string, poolMax: number): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 5_000 },
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    acquireConnectionTimeout: 10_000,
  });
}

/**
 * DATABASE_URL set → that PostgreSQL. Unset → PGlite (PostgreSQL compiled to WebAssembly) with its data in
 * `dataDir/pg`, exposed on a loopback socket so the app still talks through `pg` and knex: one dialect, one
 * migration set, one code path.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const poolMax = opts.poolMax ?? 10;
  if (opts.databaseUrl) {
    const knex = makeKnex(opts.databaseUrl, poolMax);
    return { knex, kind: 'postgres', url: opts.databaseUrl, close: () => knex.destroy() };
  }
  const pgDir = path.join(opts.dataDir, 'pg');
  await fs.mkdir(pgDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: opts.loadDataDir ? undefined : pgDir,
    loadDataDir: opts.loadDataDir,
  });
  const server = await servePGlite(pglite);
  const url = server.url;
  const knex = makeKnex(url, poolMax);
  return {
    knex,
    kind: 'embedded',
    url,
    async close() {
      await knex.destroy();
      await server.stop();
      await pglite.close();
    },
  };
}

/** True when the database answers a trivial query (`/readyz`). */
export async function databaseReachable(db: Knex): Promise<boolean> {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}
