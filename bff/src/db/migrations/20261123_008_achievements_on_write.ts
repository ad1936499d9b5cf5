import type { Knex } from 'knex';

/**
 * Achievements are awarded where they are earned (dashboard/achievements.ts, called by the learn and bookmark
 * writes), no longer when the dashboard is read. This migration:
 * 1. adds `question_progress.first_answered_at`, the moment the learner first answered the question (the daily
 *    plan counts the new questions done today from it), filled in from `learn_answers` for existing rows;
 * 2. awards, once, what data written before this change had already earned, with the best date that data gives:
 *    STREAK_7 the first answer of the first 7th day in a row (exact, from every answer), MASTER_100 the moment
 *    the 100th of the currently mastered questions was last answered, BOOKMARK_10 the 10th current bookmark,
 *    FIRST_TEST / SCORE_80 the finish of the first (≥ 80 %) mock test. A threshold reached and lost again before
 *    this change cannot be recovered from the aggregates (mastery, bookmarks) and is not awarded.
 * The rules are copied here as they are today (2 right answers in a row = mastered), not imported: a migration
 * must do the same thing whenever it runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('question_progress', (t) => {
    t.timestamp('first_answered_at', { useTz: true });
  });
  await knex.raw(`
    UPDATE question_progress p SET first_answered_at = f.first_at
      FROM (SELECT user_id, question_id, min(answered_at) AS first_at FROM learn_answers GROUP BY 1, 2) f
     WHERE f.user_id = p.user_id AND f.question_id = p.question_id`);
  await backfillAchievements(knex);
}

/** Step 2 of `up` (exported for its test): awards, once, what the stored data had already earned. */
export async function backfillAchievements(knex: Knex): Promise<void> {
  const insert = (select: string) =>
    knex.raw(
      `INSERT INTO achievements (user_id, code, earned_at) ${select} ON CONFLICT (user_id, code) DO NOTHING`,
    );
  await insert(`
    SELECT user_id, 'STREAK_7', min(first_at) FROM (
      SELECT user_id, first_at, row_number() OVER (PARTITION BY user_id, run ORDER BY d) AS nth FROM (
        SELECT user_id, d, first_at, d - (row_number() OVER (PARTITION BY user_id ORDER BY d))::int AS run
          FROM (SELECT user_id, (answered_at AT TIME ZONE 'Europe/Berlin')::date AS d, min(answered_at) AS first_at
                  FROM learn_answers GROUP BY 1, 2) days
      ) runs
    ) numbered
    WHERE nth = 7 GROUP BY user_id`);
  await insert(`
    SELECT user_id, 'MASTER_100', coalesce(at, now()) FROM (
      SELECT p.user_id, p.last_answered_at AS at,
             row_number() OVER (PARTITION BY p.user_id ORDER BY p.last_answered_at NULLS LAST) AS nth
        FROM question_progress p
        JOIN questions q ON q.id = p.question_id
        JOIN users u ON u.id = p.user_id
       WHERE p.correct_streak >= 2 AND q.retired_at IS NULL
         AND (q.state_code IS NULL OR q.state_code = u.federal_state)
    ) mastered
    WHERE nth = 100`);
  await insert(`
    SELECT user_id, 'BOOKMARK_10', created_at FROM (
      SELECT b.user_id, b.created_at,
             row_number() OVER (PARTITION BY b.user_id ORDER BY b.created_at, b.question_id) AS nth
        FROM bookmarks b JOIN questions q ON q.id = b.question_id
       WHERE q.retired_at IS NULL
    ) marked
    WHERE nth = 10`);
  await insert(`
    SELECT user_id, 'FIRST_TEST', min(finalized_at) FROM exam_attempts
     WHERE kind = 'mock' AND user_id IS NOT NULL AND finalized_at IS NOT NULL AND correct_count IS NOT NULL
     GROUP BY user_id`);
  await insert(`
    SELECT user_id, 'SCORE_80', min(finalized_at) FROM exam_attempts
     WHERE kind = 'mock' AND user_id IS NOT NULL AND finalized_at IS NOT NULL
       AND correct_count >= 0.8 * question_count
     GROUP BY user_id`);
}

export async function down(knex: Knex): Promise<void> {
  // Awarded achievements stay: they were earned either way.
  await knex.schema.alterTable('question_progress', (t) => t.dropColumn('first_answered_at'));
}
