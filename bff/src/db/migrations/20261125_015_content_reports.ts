import type { Knex } from 'knex';

/**
 * Problems learners report with a question (issue 17): which question, in which interface language, against
 * which content version (`catalog_meta.content_hash` when it was sent), what kind of problem and their words. A
 * signed-in learner's report is theirs: exported with their data and deleted with the account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_reports', (t) => {
    t.uuid('id').primary();
    /** No cascade: a question with reports is retired by a newer edition, never deleted (catalog import). */
    t.integer('question_id').notNullable().references('questions.id');
    t.string('lang', 2).notNullable();
    /** The content hash the learner saw; null only if the catalog was imported before content/ existed. */
    t.text('content_version');
    t.text('kind').notNullable();
    t.text('text').notNullable();
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
    t.index(['question_id', 'created_at']);
    t.index(['user_id']);
  });
  await knex.raw(
    `ALTER TABLE content_reports ADD CONSTRAINT content_report_kind
       CHECK (kind IN ('translation', 'explanation', 'answer', 'picture', 'other'))`,
  );
  await knex.raw(
    'ALTER TABLE content_reports ADD CONSTRAINT content_report_text CHECK (char_length(text) BETWEEN 1 AND 1000)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('content_reports');
}
