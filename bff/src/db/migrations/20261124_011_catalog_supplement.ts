import type { Knex } from 'knex';

/**
 * The project's own additions to the official catalog become data imported with it (issue 14: the server keeps no
 * content in code): state names per interface language beside the official German one, and the written
 * descriptions of the catalog pictures. Both are filled by the catalog import from `bff/data/catalog-supplement.json`;
 * the import's content hash covers that file, so the next start after this migration imports them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('states', (t) => {
    // { en, hr }: the official German name stays in `name`.
    t.jsonb('names').notNullable().defaultTo('{}');
  });
  await knex.schema.createTable('catalog_images', (t) => {
    // File name as the questions reference it (e.g. `bw-1.png`); two questions may share one picture.
    t.text('file').primary();
    // { de, en, hr }: what a sighted learner sees, for screen readers.
    t.jsonb('description').notNullable();
  });
  // Forget the stored hash so the next import runs even where the catalog file itself did not change.
  await knex('catalog_meta').where({ key: 'hash' }).delete();
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('catalog_images');
  await knex.schema.alterTable('states', (t) => {
    t.dropColumn('names');
  });
}
