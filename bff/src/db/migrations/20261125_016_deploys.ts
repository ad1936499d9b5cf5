import type { Knex } from 'knex';

/**
 * Independent deploys (issue 18): deploy tokens (one remote each, stored hashed), the published builds of every
 * remote in the database (content-addressed files, so every instance can read them), and each variant's deploy
 * history (what went live, when, by which token) for rollbacks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deploy_tokens', (t) => {
    t.uuid('id').primary();
    t.text('remote').notNullable();
    /** What the operator called it ("github-actions"); shown in the deploy history. */
    t.text('name').notNullable();
    /** SHA-256 of the token (hex): the token itself is printed once and never stored. */
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
  });
  await knex.schema.createTable('artifact_blobs', (t) => {
    /** SHA-256 of the content (hex): a file shared by two builds is stored once. */
    t.text('sha256').primary();
    t.binary('content').notNullable();
    t.integer('size').notNullable();
  });
  await knex.schema.createTable('remote_builds', (t) => {
    t.text('remote').notNullable();
    t.text('version').notNullable();
    /** [{ path, sha256, size }] of every file of the build (what its build wrote to dist/). */
    t.jsonb('files').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['remote', 'version']);
  });
  await knex.schema.createTable('remote_deploys', (t) => {
    t.bigIncrements('id');
    t.text('remote').notNullable();
    t.text('variant').notNullable();
    /** deploy | rollback | set (the CLI pointing a variant by hand) */
    t.text('action').notNullable();
    t.text('version').notNullable();
    t.text('manifest_url').notNullable();
    /** What the variant pointed at before (null for a new variant): where a rollback goes. */
    t.text('previous_version');
    t.text('previous_manifest_url');
    t.uuid('token_id').references('deploy_tokens.id');
    /** Who: the token's name, `cli` or an admin's user id (kept when the token is revoked). */
    t.text('actor').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['remote', 'variant', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['remote_deploys', 'remote_builds', 'artifact_blobs', 'deploy_tokens']) {
    await knex.schema.dropTableIfExists(t);
  }
}
