import type { Knex } from 'knex';

/**
 * One section of "Download my data". Every feature that stores something about a user adds ONE entry to
 * `EXPORT_SECTIONS` (users/export.ts: answers, exam attempts, bookmarks, …) — and a `user_id … ON DELETE CASCADE`
 * column, so deleting the account removes it too. Never export secrets (tokens, hashes).
 */
export type ExportSection = {
  name: string;
  collect(db: Knex, userId: string): Promise<unknown>;
};

/** A section that lists what `list` finds for the user, each entry as `entry` writes it. */
export function listSection<T>(
  name: string,
  list: (db: Knex, userId: string) => PromiseLike<T[]>,
  entry: (row: T) => unknown,
): ExportSection {
  return { name, collect: async (db, userId) => (await list(db, userId)).map(entry) };
}

/** The user's rows of `table` (by its `user_id` column), ordered by `order`. */
export const ownRows =
  (table: string, ...order: string[]) =>
  (db: Knex, userId: string) =>
    db(table).where({ user_id: userId }).orderBy(order);
