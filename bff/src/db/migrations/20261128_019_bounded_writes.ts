import type { Knex } from 'knex';
import { CHALLENGE_ROUNDS_KEPT } from '../../learn/repository';
import { boundName, NAME_MAX } from '../../users/repository';

/**
 * Bounds on what one learner or one sign-in writes (issue 29), applied to what is already stored:
 * 1. A learner's challenge rounds: the newest CHALLENGE_ROUNDS_KEPT and the personal best are kept.
 * 2. Names from sign-in providers longer than NAME_MAX graphemes (they were shown in every header) are shortened
 *    as a sign-in now stores them (`boundName`), on the account and on its identities.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `DELETE FROM challenge_scores WHERE id IN (
       SELECT id FROM (
         SELECT id,
                row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS recent,
                row_number() OVER (PARTITION BY user_id ORDER BY score DESC, created_at ASC, id ASC) AS best
           FROM challenge_scores) ranked
        WHERE recent > ? AND best > 1)`,
    [CHALLENGE_ROUNDS_KEPT],
  );
  for (const table of ['users', 'identities']) {
    // Candidates by code points; boundName decides by graphemes.
    const long: { id: string; username: string }[] = await knex(table)
      .whereRaw('char_length(username) > ?', [NAME_MAX])
      .select('id', 'username');
    for (const row of long) {
      const bounded = boundName(row.username);
      if (bounded !== row.username) await knex(table).where({ id: row.id }).update({ username: bounded });
    }
  }
}

/** Nothing to undo: what was dropped or shortened is gone. */
export async function down(): Promise<void> {}
