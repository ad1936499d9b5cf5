import { z } from 'zod';
import { call } from './call';
import { SignInProvider } from './common';
import { User } from './user';

/**
 * Sessions (architecture.md, "Sessions and sign-in"). The OAuth flow itself (`GET /auth/:provider`, its
 * `/callback`) answers with redirects, not data, so it is no call here.
 */

/** The providers configured on this server (`local`: the loopback provider, never in production). */
export const AuthProviders = z.object({ providers: z.array(SignInProvider) }).strict();
export type AuthProviders = z.infer<typeof AuthProviders>;

/** Spec §7: email and password. Not strict: the BFF ignores other keys. */
export const LoginCredentials = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginCredentials = z.infer<typeof LoginCredentials>;

export const authCalls = {
  providers: call('GET /api/auth/providers', 'none', AuthProviders),
  /**
   * 401 `invalid_credentials` with spec §8's 'Login failed. Please check your credentials.'; limited per IP
   * (failures only) and per email.
   */
  login: call('POST /api/auth/login', 'none', User, { body: LoginCredentials }),
  /** Rotates the refresh token (spec §4 "Token refresh", empty body); reuse of a rotated one revokes its family. */
  refresh: call('POST /auth/refresh', 'none', null),
  /** Ends the session whatever state the access token is in, and clears the cookies. */
  logout: call('POST /auth/logout', 'none', null),
};
