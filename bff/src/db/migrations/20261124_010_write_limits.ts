import type { Knex } from 'knex';
import { type AttemptRow, retireAttempt } from '../../exam/repository';

/**
 * Bounds on what anyone can write (issue 13):
 * 1. One exposure row per visitor, remote and variant (the A/B report counts exposed visitors, so repeats added
 *    rows and nothing else): duplicates are removed, keeping the first, and a unique index keeps it so.
 * 2. At most one open exam attempt per owner (learner, or a guest's browser) and kind: of several open ones the
 *    newest stays open and the older ones are retired as starting a new test retires them (discarded when nothing
 *    was answered, finalized as they stand otherwise), then partial unique indexes keep it so.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    DELETE FROM remote_exposures e USING remote_exposures f
     WHERE e.visitor_id = f.visitor_id AND e.remote = f.remote AND e.variant = f.variant AND e.id > f.id`);
  await knex.raw(
    'CREATE UNIQUE INDEX remote_exposures_once ON remote_exposures (visitor_id, remote, variant)',
  );

  const older: AttemptRow[] = (
    await knex.raw(`
      SELECT * FROM (
        SELECT a.*, row_number() OVER (
                 PARTITION BY coalesce(a.user_id::text, 'v:' || a.visitor_id::text), a.kind
                 ORDER BY a.created_at DESC, a.id DESC) AS nth
          FROM exam_attempts a WHERE a.finalized_at IS NULL) ranked
       WHERE nth > 1`)
  ).rows;
  for (const attempt of older) await retireAttempt(knex, attempt);
  await knex.raw(
    `CREATE UNIQUE INDEX exam_attempts_one_open_per_user ON exam_attempts (user_id, kind)
       WHERE finalized_at IS NULL AND user_id IS NOT NULL`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX exam_attempts_one_open_per_visitor ON exam_attempts (visitor_id, kind)
       WHERE finalized_at IS NULL AND user_id IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS exam_attempts_one_open_per_visitor');
  await knex.raw('DROP INDEX IF EXISTS exam_attempts_one_open_per_user');
  await knex.raw('DROP INDEX IF EXISTS remote_exposures_once');
}
