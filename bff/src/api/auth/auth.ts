import { authCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import grant from 'grant';
import type { Context, Next } from 'koa';
import { clearSessionCookies, cookieNames, setSessionCookies } from '../../auth/cookies';
import { testUserName } from '../../auth/local-provider';
import { startSession } from '../../auth/middleware';
import { destroyOAuthSession, oauthSession } from '../../auth/oauth-session';
import { verifyPassword } from '../../auth/password';
import { fetchProfile, type GrantResponse, grantConfig, isProvider } from '../../auth/providers';
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from '../../auth/sessions';
import { readAccessToken, signAccessToken } from '../../auth/tokens';
import type { Deps } from '../../deps';
import { claimGuestDemo } from '../../exam/claim';
import type { Mount } from '../../http/call';
import { HttpError, notFound, unauthorized } from '../../http/errors';
import {
  clientNetwork,
  enforceRateLimit,
  rateLimitKey,
  refundRateLimit,
  resetRateLimit,
} from '../../http/rate-limit';
import { safeReturnPath, welcomePath } from '../../http/redirect';
import { visitorId } from '../../http/visitor';
import { recordConversion } from '../../remotes/registry';
import { findUserByEmail, signInWithIdentity, userJson } from '../../users/repository';

/**
 * OAuth sign-ins one network (an IPv4 address, an IPv6 /64) may start per 15 minutes: each start stores a transport
 * session (`oauth_sessions`, ten minutes). A classroom behind one address signing in, some twice, stays well below.
 */
export const OAUTH_START_LIMITS = { perNetwork: 120, windowSeconds: 15 * 60 } as const;

/** Password sign-in limits (fixed 15-minute windows, shared by all instances through PostgreSQL). */
export const LOGIN_LIMITS = { perIp: 10, perEmail: 5, windowSeconds: 15 * 60 } as const;

const LOGIN_FAILED = 'Login failed. Please check your credentials.';
const OAUTH_FAILED = '/login?error=oauth';

/**
 * Sign-in and sessions. Every call here is one of the contract's, except the OAuth flow itself
 * (`GET /auth/:provider` and its `/callback`): redirects to and from the provider, no data.
 */
export function authRoutes({ db, config, auth }: Deps, mount: Mount): Router {
  const router = new Router();
  const names = cookieNames(config);
  const secret = () => {
    if (!config.sessionSecret) throw new Error('session secret not resolved');
    return config.sessionSecret;
  };
  const grantHandler = grant.koa()({ config: grantConfig(config, auth) });

  const recordSignIn = async (ctx: Context) => {
    try {
      await recordConversion(db, visitorId(ctx, config), 'mf_account', 'sign_in');
    } catch (err) {
      ctx.state.log.warn({ err }, 'sign-in conversion not recorded');
    }
  };

  /** A guest's finished demo in this browser becomes the learner's; a failure here never fails the sign-in. */
  const claimDemo = async (ctx: Context, userId: string) => {
    try {
      await claimGuestDemo(ctx, db, config, userId);
    } catch (err) {
      ctx.state.log.warn({ err }, 'guest demo not claimed');
    }
  };

  mount(router, authCalls.providers, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { providers: auth.providers };
  });

  /**
   * Counts a sign-in start of this network before its transport session is stored: past the limit 429, nothing
   * stored. An unknown provider is a 404 first and counts nothing.
   */
  const limitStarts = async (ctx: Context, next: Next) => {
    if (!isProvider((ctx.params as { provider?: string }).provider, auth)) {
      throw notFound('No such sign-in provider.', 'unknown_provider');
    }
    await enforceRateLimit(
      db,
      rateLimitKey('oauth:start:ip', clientNetwork(ctx.ip)),
      OAUTH_START_LIMITS.perNetwork,
      OAUTH_START_LIMITS.windowSeconds,
      'Too many sign-ins started from this network.',
    );
    await next();
  };

  /** Starts the authorization code flow: `?redirect=/path` to come back to, `?login_hint=NAME` (local only). */
  router.get('/auth/:provider', limitStarts, oauthSession(db, config), async (ctx) => {
    const { provider } = ctx.params as { provider: string };
    if (!isProvider(provider, auth)) throw notFound('No such sign-in provider.', 'unknown_provider');
    const returnTo = safeReturnPath(ctx.query.redirect);
    const hint = ctx.query.login_hint;
    // grant must not see our query (it would treat it as dynamic provider overrides).
    ctx.query = {};
    ctx.session = { returnTo };
    if (provider === 'local') {
      ctx.state.grant = { dynamic: { custom_params: { login_hint: testUserName(hint) } } };
    }
    ctx.set('Cache-Control', 'no-store');
    await grantHandler(ctx, async () => {
      // grant answers with a redirect to the provider; reaching here means it could not build one.
      ctx.state.log.warn({ provider }, 'oauth connect failed');
      destroyOAuthSession(ctx);
      ctx.redirect(OAUTH_FAILED);
    });
  });

  router.get('/auth/:provider/callback', oauthSession(db, config), async (ctx) => {
    const { provider } = ctx.params as { provider: string };
    if (!isProvider(provider, auth)) throw notFound('No such sign-in provider.', 'unknown_provider');
    ctx.set('Cache-Control', 'no-store');
    const stored = ctx.session ?? {};
    const fail = (reason: string, err?: unknown) => {
      ctx.state.log.warn({ provider, reason, err }, 'oauth sign-in failed');
      destroyOAuthSession(ctx);
      ctx.redirect(OAUTH_FAILED);
    };
    if (stored.grant?.provider !== provider) return fail('no matching oauth session');
    let response: GrantResponse | undefined;
    try {
      await grantHandler(ctx, async () => {
        response = (ctx.state.grant as { response?: GrantResponse } | undefined)?.response;
      });
    } catch (err) {
      return fail('grant error', err);
    }
    if (!response || response.error) {
      return fail(typeof response?.error === 'string' ? response.error.slice(0, 200) : 'provider error');
    }
    try {
      const profile = await fetchProfile(provider, response, auth, config);
      const { user } = await signInWithIdentity(db, profile);
      await startSession(ctx, db, config, user, provider);
      await claimDemo(ctx, user.id);
      await recordSignIn(ctx);
      destroyOAuthSession(ctx);
      // A new user is onboarded first; /welcome carries the remembered destination on (?redirect=).
      ctx.redirect(user.onboarded ? (stored.returnTo ?? '/') : welcomePath(stored.returnTo));
    } catch (err) {
      fail('profile or sign-in failed', err);
    }
  });

  /**
   * Email + password, for accounts that have one. One generic failure. Limited per IP and per email; the IP
   * budget counts failed attempts only (a success gives its hit back), so many people signing in from one
   * office or school network do not lock each other out. A success also clears its email's counter.
   */
  mount(router, authCalls.login, async (ctx, { body: { email, password } }) => {
    const message = 'Too many sign-in attempts.';
    const ipKey = rateLimitKey('login:ip', clientNetwork(ctx.ip));
    const ipHit = await enforceRateLimit(db, ipKey, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds, message);
    const emailKey = rateLimitKey('login:email', email);
    await enforceRateLimit(db, emailKey, LOGIN_LIMITS.perEmail, LOGIN_LIMITS.windowSeconds, message);
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.password_hash);
    if (!ok || !user) throw new HttpError(401, 'invalid_credentials', LOGIN_FAILED);
    await refundRateLimit(db, ipKey, ipHit.windowStart);
    await resetRateLimit(db, emailKey);
    await startSession(ctx, db, config, user, 'password');
    await claimDemo(ctx, user.id);
    await recordSignIn(ctx);
    return userJson(db, user);
  });

  /** Rotates the refresh token (empty body). Reuse of a rotated token revokes its family. */
  mount(router, authCalls.refresh, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const token = ctx.cookies.get(names.refresh);
    if (!token) {
      clearSessionCookies(ctx, config);
      throw unauthorized('No session to refresh. Please sign in again.');
    }
    const r = await rotateRefreshToken(db, token, secret(), ctx.get('user-agent') || null);
    if (!r.ok) {
      if (r.reason === 'reused') ctx.state.log.warn('refresh token reuse: session family revoked');
      clearSessionCookies(ctx, config);
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    const { token: accessToken } = signAccessToken(secret(), { userId: r.userId, sessionId: r.sessionId });
    setSessionCookies(ctx, config, { accessToken, refreshToken: r.refreshToken });
  });

  /** Ends the session whatever state the access token is in (expired, missing), and clears the cookies. */
  mount(router, authCalls.logout, async (ctx) => {
    const sessions = new Set<string>();
    const refresh = ctx.cookies.get(names.refresh);
    if (refresh && refresh.length <= 128) {
      const family = await sessionOfRefreshToken(db, refresh);
      if (family) sessions.add(family);
    }
    const claims = readAccessToken(secret(), ctx.cookies.get(names.access));
    if (claims) sessions.add(claims.sessionId);
    for (const id of sessions) await revokeSession(db, id);
    clearSessionCookies(ctx, config);
  });

  return router;
}
