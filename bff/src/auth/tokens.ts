import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Access token lifetime: short, because it is checked by signature (plus one session lookup). */
export const ACCESS_TTL_SECONDS = 15 * 60;
/** Refresh token lifetime; every rotation starts a new 30 days. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export type AccessClaims = { userId: string; sessionId: string; expiresAt: number };

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('buergerfit access token v1').digest();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * `v1.<base64url JSON {u, s, e}>.<base64url HMAC-SHA256>`: user id, session (refresh family) id, expiry in
 * Unix seconds. Stateless to verify; the session row is still checked so logout ends it at once.
 */
export function signAccessToken(
  secret: string,
  claims: { userId: string; sessionId: string },
  nowMs = Date.now(),
): { token: string; expiresAt: number } {
  const expiresAt = Math.floor(nowMs / 1000) + ACCESS_TTL_SECONDS;
  const payload = b64(JSON.stringify({ u: claims.userId, s: claims.sessionId, e: expiresAt }));
  const sig = b64(createHmac('sha256', key(secret)).update(`v1.${payload}`).digest());
  return { token: `v1.${payload}.${sig}`, expiresAt };
}

/** The claims of a correctly signed token, expired or not (logout still needs to know the session). */
export function readAccessToken(secret: string, token: string | undefined): AccessClaims | null {
  if (!token || token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const [, payload = '', sig = ''] = parts;
  const expected = createHmac('sha256', key(secret)).update(`v1.${payload}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u?: unknown;
      s?: unknown;
      e?: unknown;
    };
    if (typeof c.u !== 'string' || typeof c.s !== 'string' || typeof c.e !== 'number') return null;
    // Ids are UUIDs; anything else never reaches a query (even signed with the real key).
    if (!UUID.test(c.u) || !UUID.test(c.s)) return null;
    return { userId: c.u, sessionId: c.s, expiresAt: c.e };
  } catch {
    return null;
  }
}

export function isExpired(claims: AccessClaims, nowMs = Date.now()): boolean {
  return claims.expiresAt * 1000 <= nowMs;
}

/** 256 random bits; the cookie carries it, the database only its SHA-256. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that replaces `token` at rotation: derived from it with a server-side key instead of drawn
 * at random, so a second request presenting the same token during the grace period (two tabs refreshing at
 * once) can be given the very same successor without the server ever storing a usable token.
 */
export function successorToken(secret: string, token: string): string {
  const k = createHmac('sha256', secret).update('buergerfit refresh successor v1').digest();
  return createHmac('sha256', k).update(token).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
