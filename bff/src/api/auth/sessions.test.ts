import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { liveDefault } from '../../../test/helpers/remotes';
import { CookieJar, signInFlow } from '../../../test/helpers/sign-in';
import { readAccessToken, signAccessToken } from '../../auth/tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function session(name: string): Promise<CookieJar> {
  return (await signInFlow(app, { name })).jar;
}
async function post(path: string, jar: CookieJar, headers: Record<string, string> = {}) {
  const res = await app.request(path, { method: 'POST', headers: { cookie: jar.header(), ...headers } });
  jar.store(res);
  return res;
}
const me = (jar: CookieJar) => app.request('/api/user/me', { headers: { cookie: jar.header() } });
const secret = () => app.config.sessionSecret ?? '';

describe('access token', () => {
  it('without a session: 401 in the one error shape', async () => {
    const res = await app.request('/api/user/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign-in required' } });
  });

  it('is refused when tampered with, or expired', async () => {
    const jar = await session('tamper');
    const token = jar.get('bf_at') ?? '';
    const claims = readAccessToken(secret(), token);
    expect(claims).not.toBeNull();
    const [v, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: claims?.userId, s: claims?.sessionId, e: 9e9 })).toString(
      'base64url',
    );
    jar.cookies.set('bf_at', `${v}.${forged}.${sig}`);
    expect((await me(jar)).status).toBe(401);
    const expired = signAccessToken(
      secret(),
      { userId: claims?.userId ?? '', sessionId: claims?.sessionId ?? '' },
      Date.now() - 16 * 60_000,
    );
    jar.cookies.set('bf_at', expired.token);
    expect((await me(jar)).status).toBe(401);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: new access and refresh cookies, the old refresh token is marked replaced', async () => {
    const jar = await session('rotator');
    const oldRefresh = jar.get('bf_rt');
    const res = await post('/auth/refresh', jar);
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(jar.get('bf_rt')).not.toBe(oldRefresh);
    // A fresh access token (15 more minutes) comes with every rotation.
    expect(res.headers.getSetCookie().find((c) => c.startsWith('bf_at=v1.'))).toMatch(/httponly/i);
    expect((await me(jar)).status).toBe(200);
    const rows = await app.db('refresh_tokens').orderBy('created_at');
    const family = rows.filter((r) => r.family_id === rows.find((x) => x.replaced_by)?.family_id);
    expect(family).toHaveLength(2);
    expect(family[0].replaced_by).toBe(family[1].id);
    expect(family[0].revoked_at).not.toBeNull();
    expect(family[1].revoked_at).toBeNull();
    // Only hashes are stored.
    expect(rows.map((r) => r.token_hash)).not.toContain(jar.get('bf_rt'));
  });

  it('reuse of an already-rotated token revokes the whole family: the newest token is then 401 too', async () => {
    const jar = await session('victim');
    const stolen = jar.get('bf_rt') ?? '';
    expect((await post('/auth/refresh', jar)).status).toBe(204);
    expect((await post('/auth/refresh', jar)).status).toBe(204);
    const newest = jar.get('bf_rt') ?? '';

    // Later than the grace period (two tabs refreshing at once may present a just-rotated token; see
    // hardening.test.ts), the stolen token comes back.
    await app
      .db('refresh_tokens')
      .whereNotNull('replaced_by')
      .update({ revoked_at: app.db.raw("now() - interval '1 minute'") });
    const attacker = new CookieJar();
    attacker.cookies.set('bf_rt', stolen);
    const reuse = await post('/auth/refresh', attacker);
    expect(reuse.status).toBe(401);
    expect(reuse.headers.getSetCookie().join()).toMatch(/bf_rt=;/);

    const victim = new CookieJar();
    victim.cookies.set('bf_rt', newest);
    expect((await post('/auth/refresh', victim)).status).toBe(401);
    // The access token of the revoked session stops working at once (its session row is checked).
    expect((await me(jar)).status).toBe(401);
  });

  it('without a refresh cookie or with an unknown one: 401', async () => {
    expect((await app.request('/auth/refresh', { method: 'POST' })).status).toBe(401);
    const jar = new CookieJar();
    jar.cookies.set('bf_rt', 'not-a-token');
    expect((await post('/auth/refresh', jar)).status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session and clears the cookies even with an expired access token', async () => {
    const jar = await session('leaver');
    const claims = readAccessToken(secret(), jar.get('bf_at'));
    const refresh = jar.get('bf_rt') ?? '';
    const expired = signAccessToken(
      secret(),
      { userId: claims?.userId ?? '', sessionId: claims?.sessionId ?? '' },
      Date.now() - 60 * 60_000,
    );
    jar.cookies.set('bf_at', expired.token);
    const res = await post('/auth/logout', jar);
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie();
    expect(cleared.find((c) => c.startsWith('bf_at='))).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect(cleared.find((c) => c.startsWith('bf_rt='))).toMatch(/expires=Thu, 01 Jan 1970/i);
    const s = await app.db('sessions').where({ id: claims?.sessionId }).first();
    expect(s.revoked_at).not.toBeNull();
    const again = new CookieJar();
    again.cookies.set('bf_rt', refresh);
    expect((await post('/auth/refresh', again)).status).toBe(401);
  });

  it('works with no access token at all (refresh cookie only), and with no cookies', async () => {
    const jar = await session('leaver2');
    jar.cookies.delete('bf_at');
    const refresh = jar.get('bf_rt') ?? '';
    expect((await post('/auth/logout', jar)).status).toBe(204);
    const again = new CookieJar();
    again.cookies.set('bf_rt', refresh);
    expect((await post('/auth/refresh', again)).status).toBe(401);
    expect((await app.request('/auth/logout', { method: 'POST' })).status).toBe(204);
  });

  it('ends a live access token immediately', async () => {
    const jar = await session('leaver3');
    const access = jar.get('bf_at') ?? '';
    await post('/auth/logout', jar);
    const stale = new CookieJar();
    stale.cookies.set('bf_at', access);
    expect((await me(stale)).status).toBe(401);
  });
});

describe('Origin check on state-changing requests', () => {
  it('refuses a cross-origin POST with 403 forbidden_origin', async () => {
    const jar = await session('csrf');
    for (const [method, path] of [
      ['POST', '/auth/logout'],
      ['POST', '/auth/refresh'],
      ['PATCH', '/api/user/settings'],
      ['DELETE', '/api/user'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/remotes/conversions'],
    ] as const) {
      const res = await app.request(path, {
        method,
        json: {},
        headers: { cookie: jar.header(), origin: 'https://evil.example' },
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden_origin');
    }
    // Nothing happened: still signed in.
    expect((await me(jar)).status).toBe(200);
  });

  it('lets same-origin POSTs through, including /api/remotes/*', async () => {
    await liveDefault(app.db, 'mf_learn');
    const origin = new URL(app.config.publicUrl).origin;
    // A visitor the server assigned (its beacons count).
    const visitor = (await app.request('/api/remotes')).headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const exposure = await app.request('/api/remotes/exposures', {
      method: 'POST',
      json: { remote: 'mf_learn' },
      headers: { origin, cookie: visitor },
    });
    expect(exposure.status).toBe(204);
    const conversion = await app.request('/api/remotes/conversions', {
      method: 'POST',
      json: { remote: 'mf_learn', event: 'started' },
      headers: { origin, cookie: visitor },
    });
    expect(conversion.status).toBe(204);
    const jar = await session('sameorigin');
    expect((await post('/auth/refresh', jar, { origin })).status).toBe(204);
    // GETs are never refused, whatever the Origin.
    expect(
      (await app.request('/api/auth/providers', { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });
});
