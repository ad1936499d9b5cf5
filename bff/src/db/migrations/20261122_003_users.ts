import type { Knex } from 'knex';

/**
 * Accounts and sessions. Every table holding a user's data has a `user_id` column with ON DELETE CASCADE, so
 * deleting the `users` row deletes everything tied to the user (a test checks every `user_id` table).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    /** Account username or display name from the provider that created the account. */
    t.text('username').notNullable();
    /** Only ever a verified address (it is what links a second provider), or null. */
    t.text('email');
    t.text('nickname');
    t.text('avatar_url');
    t.string('preferred_language', 2);
    t.string('federal_state', 2).references('states.code').onDelete('SET NULL');
    t.boolean('onboarded').notNullable().defaultTo(false);
    t.boolean('notify_email').notNullable().defaultTo(false);
    t.boolean('notify_push').notNullable().defaultTo(false);
    t.boolean('notify_weekly_report').notNullable().defaultTo(false);
    /** scrypt$N$r$p$salt$hash (base64url) for accounts that may sign in with a password; null otherwise. */
    t.text('password_hash');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');
  await knex.raw(
    "ALTER TABLE users ADD CONSTRAINT users_preferred_language CHECK (preferred_language IN ('de', 'en', 'hr'))",
  );

  await knex.schema.createTable('identities', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('provider').notNullable();
    t.text('subject').notNullable();
    t.text('username');
    t.text('email');
    t.boolean('email_verified').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'subject']);
    t.index(['user_id']);
  });

  /** One row per sign-in: the refresh-token family. Revoking it ends the session (access tokens name it). */
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('method').notNullable();
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary();
    t.uuid('family_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** SHA-256 (hex) of the cookie value; the token itself is never stored. */
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.uuid('replaced_by');
    t.index(['family_id']);
    t.index(['user_id']);
  });

  /** grant's transport session during an OAuth round trip (state, nonce, PKCE verifier, return path). */
  await knex.schema.createTable('oauth_sessions', (t) => {
    t.text('id').primary();
    t.jsonb('data').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });

  /** Fixed-window counters shared by every BFF instance. */
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['key', 'window_start']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['rate_limits', 'oauth_sessions', 'refresh_tokens', 'sessions', 'identities', 'users']) {
    await knex.schema.dropTableIfExists(t);
  }
}
