import type { Knex } from 'knex';

/**
 * This project's own texts (content/, issue 17) beside the official catalog: an explanation's source, the answers a
 * translation marks as the German itself, and for a time-sensitive question the day its answer was last checked.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('question_translations', (t) => {
    t.text('source');
    t.jsonb('same_as_german');
  });
  await knex.schema.alterTable('questions', (t) => {
    t.date('answer_checked_on');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('questions', (t) => {
    t.dropColumn('answer_checked_on');
  });
  await knex.schema.alterTable('question_translations', (t) => {
    t.dropColumn('same_as_german');
    t.dropColumn('source');
  });
}
