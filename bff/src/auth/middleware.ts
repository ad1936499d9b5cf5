import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import type { Config } from '../config';
import { unauthorized } from '../http/errors';
import type { UserRow } from '../users/repository';
import { cookieNames, setSessionCookies } from './cookies';
import { createSession, userOfSession } from './sessions';
import { isExpired, readAccessToken, signAccessToken } from './tokens';

declare module 'koa' {
  interface DefaultState {
    /** Set for a request with a live session (by `resolveSession` / `requireSession`). */
    auth?: { user: UserRow; sessionId: string };
  }
}

/** Resolves the session behind the access-token cookie, if any: a valid signature, unexpired, session live. */
export async function resolveSession(
  ctx: Context,
  db: Knex,
  config: Config,
): Promise<{ user: UserRow; sessionId: string } | null> {
  if (ctx.state.auth) return ctx.state.auth;
  const secret = config.sessionSecret;
  if (!secret) return null;
  const claims = readAccessToken(secret, ctx.cookies.get(cookieNames(config).access));
  if (!claims || isExpired(claims)) return null;
  const user = await userOfSession(db, claims.userId, claims.sessionId);
  if (!user) return null;
  ctx.state.auth = { user, sessionId: claims.sessionId };
  return ctx.state.auth;
}

/**
 * A live session or 401 JSON. The one way a route requires a session: mounted where routes are mounted
 * (api/index.ts), for every route below a path. Handlers then use `currentUser(ctx)`.
 */
export function requireSession(db: Knex, config: Config) {
  return async function requireSignedIn(ctx: Context, next: Next) {
    if (!(await resolveSession(ctx, db, config))) throw unauthorized();
    await next();
  };
}

/** The signed-in user; only call on a route mounted behind `requireSession`. */
export function currentUser(ctx: Context): UserRow {
  const auth = ctx.state.auth;
  if (!auth) throw unauthorized();
  return auth.user;
}

/** Starts a session for the user: a new refresh family, an access token, both cookies. */
export async function startSession(
  ctx: Context,
  db: Knex,
  config: Config,
  user: UserRow,
  method: string,
): Promise<void> {
  const secret = config.sessionSecret;
  if (!secret) throw new Error('session secret not resolved');
  const { sessionId, refreshToken } = await createSession(db, user.id, {
    method,
    userAgent: ctx.get('user-agent') || null,
  });
  const { token } = signAccessToken(secret, { userId: user.id, sessionId });
  setSessionCookies(ctx, config, { accessToken: token, refreshToken });
  ctx.state.auth = { user, sessionId };
}
