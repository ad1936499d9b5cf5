import type { Context } from 'koa';
import type { Config } from '../config';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from './tokens';

/** Production cookies are Secure with the `__Host-` prefix (no Domain, Path=/): bound to exactly this origin. */
export function cookieNames(config: Config) {
  const prefix = config.env === 'production' ? '__Host-' : '';
  return {
    access: `${prefix}bf_at`,
    refresh: `${prefix}bf_rt`,
    oauth: `${prefix}bf_oauth`,
    /** A guest's claim on the demo they just finished, spent when that browser signs in (exam/claim.ts). */
    claim: `${prefix}bf_claim`,
    /** The anonymous visitor (A/B assignment, a guest's demo): http/visitor.ts. */
    visitor: `${prefix}bf_vid`,
  };
}

export function cookieOptions(config: Config, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.env === 'production',
    maxAge: maxAgeSeconds * 1000,
    overwrite: true,
  };
}

/**
 * Production is https by definition (PUBLIC_URL must be https://), usually behind a TLS-terminating proxy.
 * Koa only knows the request was https when it trusts the proxy (TRUST_PROXY), and refuses to set a Secure
 * cookie otherwise; the cookies themselves must not depend on that setting.
 */
export function allowSecureCookies(ctx: Context, config: Config): void {
  if (config.env === 'production') (ctx.cookies as unknown as { secure: boolean }).secure = true;
}

export function setSessionCookies(
  ctx: Context,
  config: Config,
  tokens: { accessToken: string; refreshToken: string },
): void {
  const names = cookieNames(config);
  allowSecureCookies(ctx, config);
  ctx.cookies.set(names.access, tokens.accessToken, cookieOptions(config, ACCESS_TTL_SECONDS));
  ctx.cookies.set(names.refresh, tokens.refreshToken, cookieOptions(config, REFRESH_TTL_SECONDS));
  ctx.set('Cache-Control', 'no-store');
}

export function clearSessionCookies(ctx: Context, config: Config): void {
  const names = cookieNames(config);
  const gone = { ...cookieOptions(config, 0), maxAge: 0, expires: new Date(0) };
  allowSecureCookies(ctx, config);
  ctx.cookies.set(names.access, '', gone);
  ctx.cookies.set(names.refresh, '', gone);
  ctx.set('Cache-Control', 'no-store');
}
