import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** What grant and the callback need to know about the loopback provider. */
export type LocalProvider = {
  /** http://127.0.0.1:PORT — every endpoint is built from this (the mock calls itself localhost). */
  baseUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
};

export const DEFAULT_TEST_USER = 'learner';

/** login_hint → a safe test-user name: lower-case letters, digits, `.`, `_`, `-`; anything else → learner. */
export function testUserName(hint: unknown): string {
  const v = typeof hint === 'string' ? hint.trim().toLowerCase() : '';
  return /^[a-z0-9._-]{1,40}$/.test(v) ? v : DEFAULT_TEST_USER;
}

/** The profile the local provider reports for a test user (id_token claims and userinfo alike). */
export function testUserClaims(name: string) {
  return {
    sub: `local-${name}`,
    preferred_username: name,
    name,
    email: `${name}@local.test`,
    email_verified: true,
  };
}

function decodeJwtPayload(jwt: string): Record<string, unknown> | null {
  try {
    const part = jwt.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Starts oauth2-mock-server on 127.0.0.1 (random port) as an OIDC provider that signs in whoever the
 * authorize request's `login_hint` names, without asking. The hint travels authorize → code → token → userinfo:
 * remembered per authorization code, then read back from the access token's `sub`.
 */
export async function startLocalProvider(): Promise<LocalProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  const clientId = 'buergerfit-local';
  const hintByCode = new Map<string, { name: string; at: number }>();

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    const now = Date.now();
    for (const [c, v] of hintByCode) if (now - v.at > 10 * 60_000) hintByCode.delete(c);
    hintByCode.set(code, { name: testUserName(url.searchParams.get('login_hint')), at: now });
  });

  server.service.on(
    'beforeTokenSigning',
    (
      token: { payload: Record<string, unknown> },
      req: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = typeof req.body?.code === 'string' ? req.body.code : undefined;
      const name = (code && hintByCode.get(code)?.name) ?? DEFAULT_TEST_USER;
      Object.assign(token.payload, testUserClaims(name));
    },
  );
  server.service.on(
    'beforeResponse',
    (_res: unknown, req: IncomingMessage & { body?: { code?: unknown } }) => {
      if (typeof req.body?.code === 'string') hintByCode.delete(req.body.code);
    },
  );

  server.service.on('beforeUserinfo', (res: { body: unknown; statusCode: number }, req: IncomingMessage) => {
    const auth = req.headers.authorization ?? '';
    const claims = auth.startsWith('Bearer ') ? decodeJwtPayload(auth.slice(7)) : null;
    const sub = typeof claims?.sub === 'string' ? claims.sub : '';
    if (!sub.startsWith('local-')) {
      res.statusCode = 401;
      res.body = { error: 'invalid_token' };
      return;
    }
    res.body = testUserClaims(testUserName(sub.slice('local-'.length)));
  });

  return {
    baseUrl,
    authorizeUrl: `${baseUrl}/authorize`,
    tokenUrl: `${baseUrl}/token`,
    userinfoUrl: `${baseUrl}/userinfo`,
    clientId,
    clientSecret: 'local-development-only',
    stop: () => server.stop(),
  };
}
