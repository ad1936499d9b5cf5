import type { Knex } from 'knex';

/**
 * Per-learner memory models (issue 30, learn/memory-model.ts): FSRS parameters fitted to a learner's own answer
 * log by a background job, and the job's queue.
 * 1. `users.memory_parameters`: the FSRS-6 weights the scheduler uses for the learner, beside their other
 *    scheduling settings (null: the standard weights).
 * 2. `memory_models`: one row per learner with answers. `answers_counted` is the job's running count of the
 *    learner's log (it decides when a fit is due); `checked_*` and `outcome` describe the last fit attempt and
 *    its held-out losses; `fitted_at / fitted_answers` say when and on how many answers the weights in use were
 *    fitted; `claimed_by / claimed_until` are the lease of the instance fitting the learner now.
 * 3. `memory_model_scan`: one row, the last `learn_answers.id` the job has counted. It starts at 0, so the first
 *    scan counts every answer already in the log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.specificType('memory_parameters', 'double precision[]');
  });
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_memory_parameters
       CHECK (memory_parameters IS NULL OR cardinality(memory_parameters) = 21)`,
  );
  await knex.schema.createTable('memory_models', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.integer('answers_counted').notNullable().defaultTo(0);
    t.timestamp('checked_at', { useTz: true });
    t.integer('checked_answers');
    t.text('outcome');
    t.double('loss_personal');
    t.double('loss_standard');
    t.integer('held_out');
    t.timestamp('fitted_at', { useTz: true });
    t.integer('fitted_answers');
    t.text('claimed_by');
    t.timestamp('claimed_until', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE memory_models ADD CONSTRAINT memory_models_outcome
       CHECK (outcome IS NULL OR outcome IN ('personal', 'standard_better', 'too_few', 'failed'))`,
  );
  await knex.schema.createTable('memory_model_scan', (t) => {
    t.smallint('id').primary();
    t.bigInteger('last_answer_id').notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE memory_model_scan ADD CONSTRAINT memory_model_scan_one_row CHECK (id = 1)');
  await knex('memory_model_scan').insert({ id: 1, last_answer_id: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('memory_model_scan');
  await knex.schema.dropTableIfExists('memory_models');
  await knex.raw('ALTER TABLE users DROP CONSTRAINT IF EXISTS users_memory_parameters');
  await knex.schema.alterTable('users', (t) => t.dropColumn('memory_parameters'));
}
