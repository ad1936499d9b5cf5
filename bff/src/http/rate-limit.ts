import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * Who a per-address limit counts: an IPv4 address as it is; an IPv6 address by its /64, the block one home, phone
 * or server is given (it may use any address in it, so each address alone would be a fresh client); an IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`) as its IPv4 address. Anything else (no address at all) as it stands.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const h = hextets(address);
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) {
    const [hi = 0, lo = 0] = h.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${h
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups). */
function hextets(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((x) => Number.parseInt(x, 16)) : [];
  const [head, tail] = text.split('::');
  const left = groups(head);
  if (tail === undefined) return left;
  const right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
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
  /** Who is counted for this request, e.g. `(ctx) => clientNetwork(ctx.ip)`; null skips limiting. */
  by: (ctx: Context) => string | null;
  limit: number;
  windowSeconds: number;
  message?: string;
};

/**
 * Koa middleware: `router.post('/contact', rateLimit({ db, scope: 'contact:ip', by: (ctx) => clientNetwork(ctx.ip), limit: 5,
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
