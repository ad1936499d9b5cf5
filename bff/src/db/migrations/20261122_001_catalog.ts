import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalog_meta', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('states', (t) => {
    t.string('code', 2).primary();
    t.text('name').notNullable();
    t.smallint('position').notNullable();
  });
  await knex.schema.createTable('topics', (t) => {
    t.text('id').primary();
    t.text('parent_id').references('topics.id').onDelete('CASCADE');
    t.jsonb('name').notNullable();
    t.smallint('position').notNullable();
  });
  await knex.schema.createTable('questions', (t) => {
    t.integer('id').primary();
    t.text('official').notNullable().unique();
    t.string('state_code', 2).references('states.code');
    t.text('topic').notNullable().references('topics.id');
    t.text('subtopic').references('topics.id');
    t.smallint('correct').notNullable();
    t.text('image');
    t.text('edition').notNullable();
    /** Set when a newer edition dropped the question but learners' rows still point at it. */
    t.timestamp('retired_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['state_code']);
  });
  await knex.raw(
    'ALTER TABLE questions ADD CONSTRAINT questions_correct_range CHECK (correct BETWEEN 0 AND 3)',
  );
  await knex.schema.createTable('question_translations', (t) => {
    t.integer('question_id').notNullable().references('questions.id').onDelete('CASCADE');
    t.string('lang', 2).notNullable();
    t.text('text');
    t.jsonb('answers').notNullable();
    t.text('explanation');
    t.primary(['question_id', 'lang']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['question_translations', 'questions', 'topics', 'states', 'catalog_meta']) {
    await knex.schema.dropTableIfExists(t);
  }
}
