import type { Knex } from 'knex';

/**
 * How each published build's server renderer fares (bff/src/remotes/ssr-health.ts): failures counted against the
 * build (a crash, a hang, a memory limit, an answer that is not a page), and since when the build is no longer
 * rendered on the server because it kept failing. One row per build, shared by every instance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ssr_build_health', (t) => {
    t.text('remote').notNullable();
    t.text('version').notNullable();
    t.integer('failures').notNullable().defaultTo(0);
    /** Failures since the last render that succeeded. */
    t.integer('consecutive').notNullable().defaultTo(0);
    t.text('last_reason');
    t.timestamp('last_failure_at', { useTz: true });
    /** Set once the build kept failing: its pages are then sent plain and rendered in the browser. */
    t.timestamp('disabled_at', { useTz: true });
    t.primary(['remote', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ssr_build_health');
}
