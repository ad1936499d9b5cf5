import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import { tooManyRequests } from './errors';

export type RateLimitResult = {
  allowed: boolean;
  count: number;
  limit: number;
  retryAfterSeconds: number;
  /** The window this hit was counted in (for `refundRateLimit`). */
  windowStart: Date;
};

/**
 * Counts one hit on `key` in the current fixed window (aligned to multiples of `windowSeconds` on the database
 * clock) and says whether it is within `limit`. One atomic upsert in PostgreSQL, so every BFF instance shares
 * the same counters.
 */
export async function hitRateLimit(
  db: Knex,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const w = Math.max(1, Math.floor(windowSeconds));
  const { rows } = await db.raw<{ rows: { count: number; retry_after: number; window_start: Date }[] }>(
    `insert into rate_limits (key, window_start, count, expires_at)
     select ?, ws, 1, ws + make_interval(secs => ?)
       from (select to_timestamp(floor(extract(epoch from now()) / ?) * ?) as ws) w
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning count, window_start, ceil(extract(epoch from expires_at - now()))::int as retry_after`,
    [key, w, w, w],
  );
  const row = rows[0] ?? { count: 1, retry_after: w, window_start: new Date() };
  // Now and then, sweep windows that ended (cheap: indexed on expires_at).
  if (Math.random() < 0.02) await db('rate_limits').where('expires_at', '<', db.fn.now()).delete();
  return {
    allowed: row.count <= limit,
    count: row.count,
    limit,
    retryAfterSeconds: Math.max(1, row.retry_after),
    windowStart: new Date(row.window_start),
  };
}

/**
 * Takes back one hit counted by `hitRateLimit` (same key and window), e.g. a login that turned out to succeed, so
 * that only failures use up the budget. Counting first and refunding afterwards keeps the limit exact under
 * concurrent requests (a check-then-count would let a burst through).
 */
export async function refundRateLimit(db: Knex, key: string, windowStart: Date): Promise<void> {
  await db('rate_limits')
    .where({ key, window_start: windowStart })
    .update({ count: db.raw('greatest(count - 1, 0)') });
}

/** Forgets a key's counters (e.g. the per-email login counter after a successful sign-in). */
export async function resetRateLimit(db: Knex, key: string): Promise<void> {
  await db('rate_limits').where({ key }).delete();
}

/**
 * The key of a rate-limit counter: a scope and a digest of who is counted. Values are personal data (a client
 * address, an email): every key stores the digest, never the value.
 */
export function rateLimitKey(scope: string, value: string): string {
  return `${scope}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

/** Throws the 429 (with Retry-After) when the hit is over the limit. */
export async function enforceRateLimit(
  db: Knex,
  key: string,
  limit: number,
  windowSeconds: number,
  message = 'Too many attempts. Please wait a moment and try again.',
): Promise<RateLimitResult> {
  const r = await hitRateLimit(db, key, limit, windowSeconds);
  if (!r.allowed) {
    const minutes = Math.ceil(r.retryAfterSeconds / 60);
    throw tooManyRequests(
      `${message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      r.retryAfterSeconds,
    );
  }
  return r;
}

export type RateLimitOptions = {
  db: Knex;
  /** What is counted, e.g. `contact:ip`; the key stored is this scope and a digest of `by` (`rateLimitKey`). */
  scope: string;
  /** Who is counted for this request, e.g. `(ctx) => ctx.ip`; null skips limiting. */
  by: (ctx: Context) => string | null;
  limit: number;
  windowSeconds: number;
  message?: string;
};

/**
 * Koa middleware: `router.post('/contact', rateLimit({ db, scope: 'contact:ip', by: (ctx) => ctx.ip, limit: 5,
 * windowSeconds: 3600 }), handler)`. Over the limit → 429 `rate_limited` with Retry-After.
 */
export function rateLimit(opts: RateLimitOptions) {
  return async function limitRate(ctx: Context, next: Next) {
    const value = opts.by(ctx);
    if (value !== null) {
      await enforceRateLimit(
        opts.db,
        rateLimitKey(opts.scope, value),
        opts.limit,
        opts.windowSeconds,
        opts.message,
      );
    }
    await next();
  };
}
