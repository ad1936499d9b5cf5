import type { Knex } from 'knex';

/** The A/B console (issue 18): an admin role on users (granted with the CLI) and the audit log of its changes. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('role').notNullable().defaultTo('learner');
  });
  await knex.raw("ALTER TABLE users ADD CONSTRAINT users_role CHECK (role IN ('learner', 'admin'))");
  await knex.schema.createTable('admin_audit', (t) => {
    t.bigIncrements('id');
    /** Null for the CLI (and kept when the admin's account is deleted: the log outlives it). */
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.text('actor').notNullable();
    t.text('action').notNullable();
    t.text('remote');
    t.text('variant');
    t.text('before');
    t.text('after');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('admin_audit');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('role');
  });
}
