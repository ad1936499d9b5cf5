import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub (as a GitHub Enterprise Server at GITHUB_URL would be), for production mode, which has no
 * test provider: the authorize page asks for a login name, the token endpoint checks the client's secret, the
 * redirect URI and PKCE, the API answers `/user` and `/user/emails` for the token's user. It is a test double of
 * the provider only; the BFF's OAuth client (grant), callback, profile fetch and session are the real ones.
 */
export type FakeGitHub = { url: string; clientId: string; clientSecret: string; stop(): Promise<void> };

type Grant = { login: string; redirectUri: string; challenge: string; at: number };

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const base64url = (b: Buffer) => b.toString('base64url');
/** A stable numeric account id per login, as GitHub's ids are numbers. */
const accountId = (login: string) =>
  Number.parseInt(createHash('sha256').update(login).digest('hex').slice(0, 8), 16);

async function body(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    return new URLSearchParams(JSON.parse(text || '{}') as Record<string, string>);
  }
  return new URLSearchParams(text);
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const clientId = 'cluster-e2e';
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, string>();

  const send = (res: http.ServerResponse, status: number, type: string, text: string) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(text);
  };
  const json = (res: http.ServerResponse, status: number, value: unknown) =>
    send(res, status, 'application/json', JSON.stringify(value));

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake-github');
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== clientId) return send(res, 400, 'text/plain', 'unknown client_id');
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('state')) {
          return send(res, 400, 'text/plain', 'PKCE (S256) and state are required');
        }
        const hidden = ['redirect_uri', 'state', 'code_challenge']
          .map((k) => `<input type="hidden" name="${k}" value="${html(q.get(k) ?? '')}">`)
          .join('');
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          `<!doctype html><title>Sign in to GitHub</title><form method="post" action="/login/oauth/authorize">${hidden}<label>Username <input name="login" required></label><button>Authorize</button></form>`,
        );
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/authorize') {
        const f = await body(req);
        const login = (f.get('login') ?? '').trim();
        const redirectUri = f.get('redirect_uri') ?? '';
        if (!/^[a-z0-9-]{1,39}$/i.test(login)) return send(res, 400, 'text/plain', 'bad login');
        const code = base64url(randomBytes(16));
        codes.set(code, { login, redirectUri, challenge: f.get('code_challenge') ?? '', at: Date.now() });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', f.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const f = await body(req);
        const basic = (req.headers.authorization ?? '').match(/^Basic (.+)$/)?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
          : [f.get('client_id'), f.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
        const code = f.get('code') ?? '';
        const grant = codes.get(code);
        codes.delete(code);
        const verifier = f.get('code_verifier') ?? '';
        const challenge = base64url(createHash('sha256').update(verifier).digest());
        if (
          !grant ||
          Date.now() - grant.at > 60_000 ||
          grant.redirectUri !== f.get('redirect_uri') ||
          grant.challenge !== challenge
        ) {
          return json(res, 400, { error: 'bad_verification_code' });
        }
        const token = `gho_${base64url(randomBytes(24))}`;
        tokens.set(token, grant.login);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (
        req.method === 'GET' &&
        (url.pathname === '/api/v3/user' || url.pathname === '/api/v3/user/emails')
      ) {
        if (!login) return json(res, 401, { message: 'Bad credentials' });
        const email = `${login}@users.cluster.test`;
        if (url.pathname.endsWith('/emails'))
          return json(res, 200, [{ email, primary: true, verified: true }]);
        return json(res, 200, { id: accountId(login), login, name: login, email: null, avatar_url: null });
      }
      send(res, 404, 'text/plain', 'not found');
    } catch {
      send(res, 500, 'text/plain', 'fake GitHub failed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
