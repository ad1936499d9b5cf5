import type { Knex } from 'knex';
import { backfillExamAnswers } from '../../exam/answer-log';

/**
 * One learning record (issue 12): `learn_answers` becomes the log of every answer a signed-in learner gives,
 * in any mode — the learn modes and, when an attempt is finalized, the demo and mock test.
 * 1. `learn_answers.attempt_id` names the exam attempt an answer came from (one answer per attempt and
 *    question: the partial unique index makes logging an attempt idempotent), `rating` keeps a flashcard's
 *    self-grade so the record can be replayed exactly.
 * 2. `question_progress.recent_correct / recent_incorrect`: recency-weighted evidence for readiness (the latest
 *    answer weighs 1, each earlier one half as much), and `first_correct` (was the first answer right: the
 *    learner's cold accuracy), computed here from the log for existing records.
 * 3. `users.desired_retention` (FSRS, 0.80–0.95, default 0.90).
 * 4. `exam_attempts.claim_hash / claim_expires_at`: a guest's finished demo can be claimed once by the browser
 *    that took it (the hash of an HttpOnly cookie's token), when that browser signs in.
 * 5. Backfill: the answers of every finalized attempt of a signed-in learner enter the log, and the records of
 *    the questions they touch are replayed from the log in time order (`exam/answer-log.ts`). Running it again
 *    inserts nothing and changes nothing.
 * The replay uses the live scheduler, not a frozen copy: the records it rebuilds must be what the write path
 * would have produced, and they are rebuilt with the learner's current settings like any later answer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('learn_answers', (t) => {
    t.uuid('attempt_id').references('exam_attempts.id').onDelete('SET NULL');
    t.text('rating');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX learn_answers_attempt_question_unique
       ON learn_answers (attempt_id, question_id) WHERE attempt_id IS NOT NULL`,
  );
  await knex.raw(
    `ALTER TABLE learn_answers ADD CONSTRAINT learn_answers_rating
       CHECK (rating IS NULL OR rating IN ('again', 'hard', 'good', 'easy'))`,
  );
  await knex.schema.alterTable('question_progress', (t) => {
    t.double('recent_correct').notNullable().defaultTo(0);
    t.double('recent_incorrect').notNullable().defaultTo(0);
    t.boolean('first_correct');
  });
  await knex.raw(`
    UPDATE question_progress p SET recent_correct = e.rc, recent_incorrect = e.ri, first_correct = e.fc
      FROM (SELECT user_id, question_id,
                   sum(CASE WHEN is_correct THEN power(0.5, n - 1) ELSE 0 END) AS rc,
                   sum(CASE WHEN is_correct THEN 0 ELSE power(0.5, n - 1) END) AS ri,
                   bool_or(is_correct) FILTER (WHERE first) AS fc
              FROM (SELECT user_id, question_id, is_correct,
                           row_number() OVER (PARTITION BY user_id, question_id
                                              ORDER BY answered_at DESC, id DESC) AS n,
                           row_number() OVER (PARTITION BY user_id, question_id
                                              ORDER BY answered_at, id) = 1 AS first
                      FROM learn_answers) ranked
             GROUP BY 1, 2) e
     WHERE e.user_id = p.user_id AND e.question_id = p.question_id`);
  await knex.schema.alterTable('users', (t) => {
    t.double('desired_retention').notNullable().defaultTo(0.9);
  });
  await knex.raw(
    'ALTER TABLE users ADD CONSTRAINT users_desired_retention CHECK (desired_retention BETWEEN 0.8 AND 0.95)',
  );
  await knex.schema.alterTable('exam_attempts', (t) => {
    t.text('claim_hash');
    t.timestamp('claim_expires_at', { useTz: true });
  });
  await knex.raw(
    'CREATE UNIQUE INDEX exam_attempts_claim_hash ON exam_attempts (claim_hash) WHERE claim_hash IS NOT NULL',
  );
  await backfillExamAnswers(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS exam_attempts_claim_hash');
  await knex.schema.alterTable('exam_attempts', (t) => {
    t.dropColumn('claim_hash');
    t.dropColumn('claim_expires_at');
  });
  await knex.raw('ALTER TABLE users DROP CONSTRAINT IF EXISTS users_desired_retention');
  await knex.schema.alterTable('users', (t) => t.dropColumn('desired_retention'));
  await knex.schema.alterTable('question_progress', (t) => {
    t.dropColumn('recent_correct');
    t.dropColumn('recent_incorrect');
    t.dropColumn('first_correct');
  });
  // Exam answers leave the log again; the records they changed keep their state (rebuilt from the rest later).
  await knex('learn_answers').whereNotNull('attempt_id').delete();
  await knex.raw('DROP INDEX IF EXISTS learn_answers_attempt_question_unique');
  await knex.raw('ALTER TABLE learn_answers DROP CONSTRAINT IF EXISTS learn_answers_rating');
  await knex.schema.alterTable('learn_answers', (t) => {
    t.dropColumn('attempt_id');
    t.dropColumn('rating');
  });
}
