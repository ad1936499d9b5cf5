import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('remote_variants', (t) => {
    t.text('remote').notNullable();
    t.text('variant').notNullable();
    t.text('version').notNullable();
    t.text('manifest_url').notNullable();
    t.integer('weight').notNullable().defaultTo(100);
    t.boolean('enabled').notNullable().defaultTo(true);
    /** true once an operator chose the version by hand: start-up no longer moves it to the newest build. */
    t.boolean('pinned').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['remote', 'variant']);
  });
  await knex.raw(
    'ALTER TABLE remote_variants ADD CONSTRAINT remote_variants_weight CHECK (weight BETWEEN 0 AND 1000)',
  );
  await knex.schema.createTable('remote_assignments', (t) => {
    t.uuid('visitor_id').notNullable();
    t.text('remote').notNullable();
    t.text('variant').notNullable();
    t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['visitor_id', 'remote']);
  });
  await knex.schema.createTable('remote_exposures', (t) => {
    t.bigIncrements('id');
    t.uuid('visitor_id').notNullable();
    t.text('remote').notNullable();
    t.text('variant').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['remote', 'variant']);
  });
  await knex.schema.createTable('remote_conversions', (t) => {
    t.uuid('visitor_id').notNullable();
    t.text('remote').notNullable();
    t.text('variant').notNullable();
    t.text('event').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['visitor_id', 'remote']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['remote_conversions', 'remote_exposures', 'remote_assignments', 'remote_variants']) {
    await knex.schema.dropTableIfExists(t);
  }
}
