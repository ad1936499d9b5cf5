import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { allowSecureCookies, cookieNames, cookieOptions } from '../auth/cookies';
import type { Config } from '../config';
import { claimAttempt, offerClaim } from './repository';

/**
 * A guest's demo is kept at sign-up. When a guest finishes a demo, the browser gets an HttpOnly cookie holding a
 * random token (only its SHA-256 is stored, on the attempt); when that browser signs in or signs up, the attempt
 * becomes the learner's and its answers enter their log. Nobody else can claim it (the token never leaves that
 * browser, and the attempt id alone is worth nothing), and it is claimed once (the token is spent).
 */
export const CLAIM_TTL_SECONDS = 24 * 3600;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function issueClaim(ctx: Context, db: Knex, config: Config, attemptId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await offerClaim(db, attemptId, hashToken(token), new Date(Date.now() + CLAIM_TTL_SECONDS * 1000));
  allowSecureCookies(ctx, config);
  ctx.cookies.set(cookieNames(config).claim, token, cookieOptions(config, CLAIM_TTL_SECONDS));
}

/** After a sign-in: claims the demo this browser holds a token for, if any, and clears the cookie. */
export async function claimGuestDemo(
  ctx: Context,
  db: Knex,
  config: Config,
  userId: string,
): Promise<string | null> {
  const name = cookieNames(config).claim;
  const token = ctx.cookies.get(name);
  if (!token) return null;
  allowSecureCookies(ctx, config);
  ctx.cookies.set(name, '', { ...cookieOptions(config, 0), maxAge: 0, expires: new Date(0) });
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const attemptId = await claimAttempt(db, hashToken(token), userId);
  if (attemptId) ctx.state.log.info({ attemptId }, 'guest demo claimed');
  return attemptId;
}
