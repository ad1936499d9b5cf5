import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exam_attempts', (t) => {
    t.uuid('id').primary();
    /** The owner: a signed-in user, or (guests, demo only) the anonymous visitor id of the bf_vid cookie. */
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.uuid('visitor_id');
    t.text('kind').notNullable();
    t.string('state_code', 2).notNullable().references('states.code');
    t.smallint('question_count').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deadline_at', { useTz: true });
    t.timestamp('finalized_at', { useTz: true });
    t.smallint('correct_count');
    t.boolean('passed');
    t.index(['user_id', 'created_at']);
    t.index(['visitor_id']);
  });
  await knex.raw(
    "ALTER TABLE exam_attempts ADD CONSTRAINT exam_attempts_kind CHECK (kind IN ('demo', 'mock'))",
  );
  await knex.raw(
    'ALTER TABLE exam_attempts ADD CONSTRAINT exam_attempts_owner CHECK (user_id IS NOT NULL OR visitor_id IS NOT NULL)',
  );
  await knex.schema.createTable('exam_attempt_items', (t) => {
    t.uuid('attempt_id').notNullable().references('exam_attempts.id').onDelete('CASCADE');
    t.smallint('position').notNullable();
    t.integer('question_id').notNullable().references('questions.id');
    t.smallint('answer');
    t.boolean('unsure').notNullable().defaultTo(false);
    t.timestamp('answered_at', { useTz: true });
    t.primary(['attempt_id', 'position']);
    t.unique(['attempt_id', 'question_id']);
  });
  await knex.raw(
    'ALTER TABLE exam_attempt_items ADD CONSTRAINT exam_items_answer CHECK (answer BETWEEN 0 AND 3)',
  );
  await knex.schema.createTable('achievements', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('code').notNullable();
    t.timestamp('earned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'code']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['achievements', 'exam_attempt_items', 'exam_attempts'])
    await knex.schema.dropTableIfExists(t);
}
