import type { Knex } from 'knex';

/** Every table whose rows the dashboard reads for one learner (dashboard/repository.ts), by its `user_id`. */
export const PROGRESS_TABLES = [
  'learn_answers',
  'question_progress',
  'exam_attempts',
  'achievements',
  'dismissed_recommendations',
  'bookmarks',
] as const;

/**
 * `users.progress_version` counts the changes to what the dashboard shows a learner: statement triggers on every
 * table it reads add one for each learner whose rows a transaction inserted, changed or deleted. The dashboard cache
 * (dashboard/cache.ts) keys its entries by it, and every request already reads the user's row with its session,
 * so a cached dashboard costs no query, stays right on every BFF instance, and no write path — nor a test or an
 * operator writing SQL — can forget to invalidate it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE users ADD COLUMN progress_version bigint NOT NULL DEFAULT 0');
  for (const [op, sets] of [
    ['insert', 'SELECT user_id FROM new_rows'],
    ['update', 'SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows'],
    ['delete', 'SELECT user_id FROM old_rows'],
  ] as const) {
    // Once per learner and transaction is enough (its changes become visible together): an answer writes two or
    // three of these tables, and the learner's row is updated once. `bf.progress_bumped` is transaction-local.
    await knex.raw(`
      CREATE FUNCTION bump_progress_version_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE learner uuid;
      BEGIN
        FOR learner IN SELECT DISTINCT user_id FROM (${sets}) changed WHERE user_id IS NOT NULL LOOP
          IF coalesce(current_setting('bf.progress_bumped', true), '') <> learner::text THEN
            UPDATE users SET progress_version = progress_version + 1 WHERE id = learner;
            PERFORM set_config('bf.progress_bumped', learner::text, true);
          END IF;
        END LOOP;
        RETURN NULL;
      END $$`);
  }
  for (const table of PROGRESS_TABLES) {
    await knex.raw(`
      CREATE TRIGGER ${table}_progress_insert AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_progress_version_on_insert()`);
    await knex.raw(`
      CREATE TRIGGER ${table}_progress_update AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION bump_progress_version_on_update()`);
    await knex.raw(`
      CREATE TRIGGER ${table}_progress_delete AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_progress_version_on_delete()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of PROGRESS_TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${table}_progress_${op} ON ${table}`);
    }
  }
  for (const op of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP FUNCTION IF EXISTS bump_progress_version_on_${op}()`);
  }
  await knex.raw('ALTER TABLE users DROP COLUMN IF EXISTS progress_version');
}
