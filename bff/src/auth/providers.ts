import type { GrantConfig } from 'grant';
import type { Config } from '../config';
import type { ExternalProfile } from '../users/repository';
import type { LocalProvider } from './local-provider';
import { githubProfile, oidcProfile } from './profiles';

export const PROVIDERS = ['github', 'google', 'local'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Sign-in providers available at run time: the configured real ones, or the loopback one. */
export type AuthSetup = {
  providers: ProviderName[];
  local: LocalProvider | null;
};

export function authSetup(config: Config, local: LocalProvider | null): AuthSetup {
  const providers: ProviderName[] = [];
  if (config.github) providers.push('github');
  if (config.google) providers.push('google');
  if (local && config.localProvider && config.env !== 'production') providers.push('local');
  return { providers, local: config.env === 'production' ? null : local };
}

export const isProvider = (v: unknown, setup: AuthSetup): v is ProviderName =>
  typeof v === 'string' && (setup.providers as string[]).includes(v);

/**
 * grant's configuration: authorization code flow with state and PKCE (plus an OIDC nonce where there is an
 * id_token), redirect URI `${PUBLIC_URL}/auth/{provider}/callback`, the response handed to our callback in
 * `ctx.state.grant` (transport "state"), never put in a cookie.
 */
export function grantConfig(config: Config, setup: AuthSetup): GrantConfig {
  const g: GrantConfig = {
    defaults: {
      origin: config.publicUrl,
      prefix: '/auth',
      transport: 'state',
      state: true,
      pkce: true,
      response: ['tokens', 'jwt'],
    },
  };
  if (config.github && setup.providers.includes('github')) {
    g.github = {
      // grant knows github.com's endpoints; an Enterprise Server has the same paths on its own host.
      authorize_url: `${config.github.url}/login/oauth/authorize`,
      access_url: `${config.github.url}/login/oauth/access_token`,
      key: config.github.clientId,
      secret: config.github.clientSecret,
      scope: ['read:user', 'user:email'],
      scope_delimiter: ' ',
    };
  }
  if (config.google && setup.providers.includes('google')) {
    g.google = {
      key: config.google.clientId,
      secret: config.google.clientSecret,
      scope: ['openid', 'email', 'profile'],
      scope_delimiter: ' ',
      nonce: true,
    };
  }
  if (setup.local && setup.providers.includes('local')) {
    g.local = {
      authorize_url: setup.local.authorizeUrl,
      access_url: setup.local.tokenUrl,
      oauth: 2,
      key: setup.local.clientId,
      secret: setup.local.clientSecret,
      scope: ['openid', 'email', 'profile'],
      scope_delimiter: ' ',
      nonce: true,
    };
  }
  return g;
}

export type GrantResponse = {
  access_token?: string;
  id_token?: string;
  jwt?: { id_token?: { payload?: { sub?: unknown } } };
  error?: unknown;
};

/** The provider's account behind a successful grant response. */
export async function fetchProfile(
  provider: ProviderName,
  response: GrantResponse,
  setup: AuthSetup,
  config: Pick<Config, 'github'>,
): Promise<ExternalProfile> {
  const token = response.access_token;
  if (!token) throw new Error('no access token');
  const idSub = response.jwt?.id_token?.payload?.sub;
  const sub = typeof idSub === 'string' ? idSub : undefined;
  switch (provider) {
    case 'github':
      if (!config.github) throw new Error('GitHub is not configured');
      return githubProfile(token, config.github.apiUrl);
    case 'google':
      return oidcProfile('google', 'https://openidconnect.googleapis.com/v1/userinfo', token, sub);
    case 'local':
      if (!setup.local) throw new Error('local provider not running');
      return oidcProfile('local', setup.local.userinfoUrl, token, sub);
  }
}
