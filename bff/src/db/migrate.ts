import type { Knex } from 'knex';
import { migrationSource } from './migrations/index';

/** Applies every pending migration (each in its own transaction); running it again changes nothing. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}
