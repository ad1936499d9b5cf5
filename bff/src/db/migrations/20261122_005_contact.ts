import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.uuid('id').primary();
    /** The signed-in sender, if any; deleting the account deletes their messages (they hold name and email). */
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('subject').notNullable();
    t.text('message').notNullable();
    t.string('lang', 2).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE contact_messages ADD CONSTRAINT contact_subject CHECK (subject IN ('feedback', 'technical', 'general'))",
  );
  await knex.raw(
    'ALTER TABLE contact_messages ADD CONSTRAINT contact_message_length CHECK (char_length(message) <= 1000)',
  );
  await knex.schema.createTable('analytics_events', (t) => {
    t.bigIncrements('id');
    t.uuid('visitor_id').notNullable();
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.jsonb('props').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['name', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_events');
  await knex.schema.dropTableIfExists('contact_messages');
}
