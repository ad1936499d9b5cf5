import type { Knex } from 'knex';

/**
 * Celebrations (issue 30, item 6; dashboard/celebrations.ts): `users.celebrated_until`, the instant up to which the
 * learner's wins (a passed mock test, a badge, a streak milestone) have been shown to them. A win dated after it is
 * celebrated once, on whichever device the learner is, and the client moves it forward once it has shown the win.
 * Existing learners start at the migration's moment (what they won before was never celebrated and is not now: a
 * badge of last month is no moment), new ones at their sign-up.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('celebrated_until', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('celebrated_until'));
}
