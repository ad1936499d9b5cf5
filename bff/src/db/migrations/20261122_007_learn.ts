import type { Knex } from 'knex';

/**
 * Offline answers: the learn remote queues answers made without a network and replays them later. Each carries
 * a client-made UUID (`client_id`), unique per learner, so a replay after a lost response is stored once.
 * Answers sent online may carry one too; older rows have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('learn_answers', (t) => {
    t.uuid('client_id');
    t.unique(['user_id', 'client_id'], { indexName: 'learn_answers_user_client_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('learn_answers', (t) => {
    t.dropUnique(['user_id', 'client_id'], 'learn_answers_user_client_unique');
    t.dropColumn('client_id');
  });
}
