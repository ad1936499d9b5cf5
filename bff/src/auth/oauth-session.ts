import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import type { Config } from '../config';
import { allowSecureCookies, cookieNames, cookieOptions } from './cookies';

/** Ten minutes to come back from the provider. */
const OAUTH_SESSION_SECONDS = 10 * 60;

export type OAuthSessionData = {
  /** grant's transport session: provider, state, nonce, code_verifier. */
  grant?: Record<string, unknown>;
  /** Where to go after signing in (a same-origin path). */
  returnTo?: string;
};

declare module 'koa' {
  interface BaseContext {
    /** Server-side OAuth transport session (only on /auth/{provider} routes). */
    session?: OAuthSessionData | null;
  }
}

const idOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/**
 * `ctx.session` for grant, kept in PostgreSQL (`oauth_sessions`) and keyed by a random httpOnly cookie that
 * only ever holds the lookup value. Saved after the handler when it changed; `destroyOAuthSession` ends it.
 */
export function oauthSession(db: Knex, config: Config) {
  const name = cookieNames(config).oauth;
  return async function withOAuthSession(ctx: Context, next: Next) {
    let cookie = ctx.cookies.get(name);
    let loaded: OAuthSessionData = {};
    if (cookie && /^[\w-]{43}$/.test(cookie)) {
      const row = await db('oauth_sessions')
        .where({ id: idOf(cookie) })
        .andWhere('expires_at', '>', db.fn.now())
        .first('data');
      if (row) loaded = row.data as OAuthSessionData;
    } else cookie = undefined;
    const before = JSON.stringify(loaded);
    ctx.session = structuredClone(loaded);
    await next();
    allowSecureCookies(ctx, config);
    if (ctx.session === null) {
      if (cookie)
        await db('oauth_sessions')
          .where({ id: idOf(cookie) })
          .delete();
      ctx.cookies.set(name, '', { ...cookieOptions(config, 0), expires: new Date(0) });
      return;
    }
    if (JSON.stringify(ctx.session ?? {}) === before) return;
    if (!cookie) {
      cookie = randomBytes(32).toString('base64url');
      ctx.cookies.set(name, cookie, cookieOptions(config, OAUTH_SESSION_SECONDS));
      // Each new transport session sweeps the ones that ended (indexed on expires_at: usually nothing to do).
      await db('oauth_sessions').where('expires_at', '<', db.fn.now()).delete();
    }
    await db('oauth_sessions')
      .insert({
        id: idOf(cookie),
        data: JSON.stringify(ctx.session ?? {}),
        expires_at: db.raw(`now() + interval '${OAUTH_SESSION_SECONDS} seconds'`),
      })
      .onConflict('id')
      .merge();
  };
}

/** Ends the OAuth round trip: the row is deleted and the cookie cleared once the handler returns. */
export function destroyOAuthSession(ctx: Context): void {
  ctx.session = null;
}
