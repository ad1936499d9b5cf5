import { expect } from 'vitest';

/** A tiny cookie jar: name → value, fed by Set-Cookie (Max-Age=0 / past Expires delete). Host-agnostic. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export type SignInResult = {
  /** `Cookie` header value with the session cookies (and the A/B visitor cookie). */
  cookie: string;
  jar: CookieJar;
  /** Where the app sent the browser at the end: `/welcome`, the remembered path, or `/login?error=oauth`. */
  location: string;
  /** Every URL visited, in order (the BFF, the local provider's authorize endpoint, the callback). */
  hops: string[];
};

/**
 * Runs the full grant code flow against the local provider, like a browser: GET /auth/local → provider's
 * /authorize → /auth/local/callback → final redirect, following each redirect by hand with a cookie jar.
 */
export async function signInFlow(
  app: { url: string },
  opts: { name?: string; redirect?: string; jar?: CookieJar } = {},
): Promise<SignInResult> {
  const jar = opts.jar ?? new CookieJar();
  const qs = new URLSearchParams();
  if (opts.name !== undefined) qs.set('login_hint', opts.name);
  if (opts.redirect !== undefined) qs.set('redirect', opts.redirect);
  const appOrigin = new URL(app.url).origin;
  let url = `${app.url}/auth/local${qs.size ? `?${qs}` : ''}`;
  const hops: string[] = [];
  for (let i = 0; i < 6; i++) {
    hops.push(url);
    const target = new URL(url);
    const ours = target.origin === appOrigin;
    const res = await fetch(url, { redirect: 'manual', headers: ours ? { cookie: jar.header() } : {} });
    if (ours) jar.store(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`sign-in flow stopped at ${url} with ${res.status}: ${await res.text()}`);
    }
    const next = new URL(location, url);
    // Back on the app and not on an /auth/ route: that is the landing page.
    if (next.origin === appOrigin && !next.pathname.startsWith('/auth/')) {
      return { cookie: jar.header(), jar, location: `${next.pathname}${next.search}`, hops };
    }
    url = next.toString();
  }
  throw new Error(`sign-in flow did not finish: ${hops.join(' → ')}`);
}

/** Signs in test user `name` through the local provider; returns the Cookie header to send with requests. */
export async function signIn(app: { url: string }, name = 'learner'): Promise<string> {
  const r = await signInFlow(app, { name });
  expect(r.location).not.toMatch(/error=/);
  return r.cookie;
}

/** The id of the user signed in with `cookie` (from `GET /api/user/me`). */
export async function userIdOf(
  app: { request(path: string, init?: RequestInit): Promise<Response> },
  cookie: string,
) {
  const res = await app.request('/api/user/me', { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()).id as string;
}
