import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { allowSecureCookies, cookieNames, cookieOptions } from '../auth/cookies';
import type { Config } from '../config';
import { clientNetwork, hitRateLimit, rateLimitKey } from './rate-limit';

declare module 'koa' {
  interface DefaultState {
    /** The anonymous visitor id, once read or minted for this request. */
    visitorId?: string;
    /** Set by `admitVisitor` when a new visitor was refused. */
    retryAfterSeconds?: number;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The anonymous visitor id that keeps A/B assignments sticky and owns a guest's demo: an HttpOnly cookie with a
 * random UUID, no personal data. Like the session cookies it is Secure with the `__Host-` prefix in production,
 * whether or not Koa itself saw https (behind a TLS-terminating proxy without TRUST_PROXY it did not).
 */
export function visitorId(ctx: Context, config: Config): string {
  if (ctx.state.visitorId) return ctx.state.visitorId;
  const name = cookieNames(config).visitor;
  const existing = ctx.cookies.get(name);
  if (existing && UUID.test(existing)) {
    ctx.state.visitorId = existing;
    return existing;
  }
  const id = randomUUID();
  ctx.state.visitorId = id;
  allowSecureCookies(ctx, config);
  ctx.cookies.set(name, id, cookieOptions(config, YEAR_SECONDS));
  return id;
}

/**
 * The visitor id this request's cookie holds, or null; never mints one. Whether the server ever issued it is a
 * separate question (an A/B beacon asks whether it has an assignment): anyone can send a UUID.
 */
export function visitorCookie(ctx: Context, config: Config): string | null {
  if (ctx.state.visitorId) return ctx.state.visitorId;
  const existing = ctx.cookies.get(cookieNames(config).visitor);
  return existing && UUID.test(existing) ? existing : null;
}

/**
 * New visitors one client address may bring per window: each gets an A/B assignment per remote (rows in
 * PostgreSQL), so a script without cookies must not mint them without end. A school or a mobile carrier puts
 * many people behind one address, hence a generous number.
 */
export const NEW_VISITORS = { perIp: 300, windowSeconds: 15 * 60 } as const;

/**
 * True when this request may be served as a visitor: the server has assigned its visitor before (a cookie it
 * issued), or the address may bring a new one. A cookie the server never assigned (one made up) is a new visitor.
 */
export async function admitVisitor(ctx: Context, db: Knex, config: Config): Promise<boolean> {
  const existing = visitorCookie(ctx, config);
  if (existing && (await db('remote_assignments').where({ visitor_id: existing }).first('remote')))
    return true;
  const hit = await hitRateLimit(
    db,
    rateLimitKey('visitor:new:ip', clientNetwork(ctx.ip)),
    NEW_VISITORS.perIp,
    NEW_VISITORS.windowSeconds,
  );
  if (!hit.allowed) ctx.state.retryAfterSeconds = hit.retryAfterSeconds;
  return hit.allowed;
}
