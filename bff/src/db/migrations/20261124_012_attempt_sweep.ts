import type { Knex } from 'knex';

/**
 * The sweep of exam attempts that ran out of time (exam/repository.ts `sweepExpiredAttempts`, every minute on
 * every instance) reads the open attempts with a clock by deadline: a partial index keeps that one small index
 * range instead of a scan of every attempt ever taken.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX exam_attempts_open_deadline ON exam_attempts (deadline_at)
       WHERE finalized_at IS NULL AND deadline_at IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS exam_attempts_open_deadline');
}
