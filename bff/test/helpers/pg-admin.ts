import knexFactory, { type Knex } from 'knex';

/** The PostgreSQL server tests use, if any: TEST_DATABASE_URL, else DATABASE_URL. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export async function withDatabase<T>(url: string, fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withDatabase(adminUrl(serverUrl), (db) => db.raw(`drop database if exists "${name}" with (force)`));
}
