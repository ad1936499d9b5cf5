import { freshAccount } from '@buergerfit/contract/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { liveDefault } from '../../../test/helpers/remotes';
import { CookieJar, signIn, signInFlow } from '../../../test/helpers/sign-in';
import { signInWithIdentity } from '../../users/repository';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const me = (cookie: string) => app.request('/api/user/me', { headers: { cookie } });

/** Step 1 of the flow only: the redirect to the provider and the transport-session cookie. */
async function startFlow(query = '') {
  const jar = new CookieJar();
  const res = await fetch(`${app.url}/auth/local${query}`, { redirect: 'manual' });
  jar.store(res);
  return { res, jar, location: new URL(res.headers.get('location') ?? '') };
}

describe('GET /api/auth/providers', () => {
  it('lists only the local provider when no real credentials are configured', async () => {
    const res = await app.request('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ providers: ['local'] });
  });
});

describe('sign-in through grant and the local provider', () => {
  it('sends the browser to the provider with state, PKCE, nonce and the exact redirect URI', async () => {
    const { res, location } = await startFlow('?login_hint=carol');
    expect(res.status).toBe(302);
    expect(location.origin).toBe(app.running.localProvider?.baseUrl);
    expect(location.pathname).toBe('/authorize');
    const p = location.searchParams;
    expect(p.get('redirect_uri')).toBe(`${app.config.publicUrl}/auth/local/callback`);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('state')).toMatch(/^[0-9a-f]{40}$/);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('login_hint')).toBe('carol');
  });

  it("keeps grant's transport session server-side: the cookie is only a random key", async () => {
    const { res, jar, location } = await startFlow('?redirect=/learn');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('bf_oauth='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const value = jar.get('bf_oauth') ?? '';
    expect(value).toMatch(/^[\w-]{43}$/);
    const state = location.searchParams.get('state') ?? '';
    expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain(state);
    const rows = await app.db('oauth_sessions').select('data');
    const mine = rows.find((r) => r.data.grant?.state === state);
    expect(mine?.data.returnTo).toBe('/learn');
    expect(mine?.data.grant.code_verifier).toBeTruthy();
  });

  it('signs a new user in and lands on /welcome; the session cookies are httpOnly and SameSite=Lax', async () => {
    const r = await signInFlow(app, { name: 'alice', redirect: '/dashboard' });
    expect(r.location).toBe('/welcome');
    expect(r.hops.map((h) => new URL(h).pathname)).toEqual([
      '/auth/local',
      '/authorize',
      '/auth/local/callback',
    ]);
    expect(r.jar.get('bf_at')).toMatch(/^v1\./);
    expect(r.jar.get('bf_rt')).toBeTruthy();
    expect(r.jar.get('bf_oauth')).toBeUndefined();
    const res = await me(r.cookie);
    expect(res.status).toBe(200);
    // Exactly a fresh account (the contract's sample of one), named after the provider's profile.
    expect(await res.json()).toEqual({
      ...freshAccount,
      id: expect.any(String),
      name: 'alice',
      email: 'alice@local.test',
      providers: ['local'],
    });
  });

  it('sets the session cookies HttpOnly, SameSite=Lax, Path=/ with the right lifetimes', async () => {
    const { jar, location } = await startFlow('?login_hint=cookies');
    const back = await fetch(location, { redirect: 'manual' });
    const callback = await fetch(back.headers.get('location') ?? '', {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    const cookies = callback.headers.getSetCookie();
    const at = cookies.find((c) => c.startsWith('bf_at='));
    const rt = cookies.find((c) => c.startsWith('bf_rt='));
    for (const c of [at, rt]) {
      expect(c).toMatch(/httponly/i);
      expect(c).toMatch(/samesite=lax/i);
      expect(c).toMatch(/path=\//i);
    }
    const lifetime = (c: string | undefined) =>
      (new Date(/expires=([^;]+)/i.exec(c ?? '')?.[1] ?? 0).getTime() - Date.now()) / 1000;
    expect(lifetime(at)).toBeGreaterThan(890);
    expect(lifetime(at)).toBeLessThanOrEqual(900);
    expect(lifetime(rt)).toBeGreaterThan(30 * 24 * 3600 - 10);
    expect(lifetime(rt)).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(cookies.find((c) => c.startsWith('bf_oauth='))).toMatch(/expires=Thu, 01 Jan 1970/i);
  });

  it('brings a returning, onboarded user back to the remembered location', async () => {
    const first = await signIn(app, 'bob');
    const done = await app.request('/api/user/settings', {
      method: 'PATCH',
      json: { onboarded: true },
      headers: { cookie: first },
    });
    expect(done.status).toBe(200);
    const again = await signInFlow(app, { name: 'bob', redirect: '/learn?topic=history' });
    expect(again.location).toBe('/learn?topic=history');
    // Same account both times.
    expect((await (await me(again.cookie)).json()).id).toBe((await (await me(first)).json()).id);
    // Only same-origin paths are remembered.
    for (const evil of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect((await signInFlow(app, { name: 'bob', redirect: evil })).location).toBe('/');
    }
  });

  it('sends a new user to /welcome carrying the remembered location, so onboarding ends there', async () => {
    const r = await signInFlow(app, { name: 'newcomer-going-to-learn', redirect: '/learn?topic=history' });
    expect(r.location).toBe(`/welcome?redirect=${encodeURIComponent('/learn?topic=history')}`);
    const carried = new URL(r.location, app.url).searchParams.get('redirect');
    expect(carried).toBe('/learn?topic=history');
    // Still not onboarded (a reload of /welcome before saving): the path is carried again.
    const again = await signInFlow(app, { name: 'newcomer-going-to-learn', redirect: '/exam/mock' });
    expect(again.location).toBe('/welcome?redirect=%2Fexam%2Fmock');
    // The defaults and the sign-in pages themselves are not carried; foreign targets never are.
    for (const [redirect, expected] of [
      [undefined, '/welcome'],
      ['/', '/welcome'],
      ['/dashboard', '/welcome'],
      ['/welcome', '/welcome'],
      ['/welcome?redirect=%2Flearn', '/welcome'],
      ['/login?redirect=%2Flearn', '/welcome'],
      ['//evil.example/x', '/welcome'],
      ['https://evil.example/', '/welcome'],
      ['/\\evil.example', '/welcome'],
      ['javascript:alert(1)', '/welcome'],
    ] as const) {
      const name = `newcomer-${Math.random().toString(36).slice(2, 8)}`;
      const opts = redirect === undefined ? { name } : { name, redirect };
      expect((await signInFlow(app, opts)).location, String(redirect)).toBe(expected);
    }
  });

  it('treats the login hint case-insensitively and defaults to the learner account', async () => {
    const r = await signInFlow(app, { name: 'Dora' });
    expect((await (await me(r.cookie)).json()).name).toBe('dora');
    const d = await signInFlow(app, {});
    expect((await (await me(d.cookie)).json()).email).toBe('learner@local.test');
  });

  it('records the A/B conversion of mf_account on sign-in, for a visitor shown mf_account first', async () => {
    await liveDefault(app.db, 'mf_account');
    // The sign-in page: the visitor is assigned a variant and its exposure is recorded.
    const jar = new CookieJar();
    jar.store(await app.request('/api/remotes'));
    const vid = jar.get('bf_vid');
    expect(vid).toBeTruthy();
    const exposure = await app.request('/api/remotes/exposures', {
      method: 'POST',
      json: { remote: 'mf_account' },
      headers: { cookie: jar.header() },
    });
    expect(exposure.status).toBe(204);
    await signInFlow(app, { name: 'converter', jar });
    const rows = await app.db('remote_conversions').where({ visitor_id: vid, remote: 'mf_account' });
    expect(rows).toHaveLength(1);
    expect(rows[0].event).toBe('sign_in');
  });

  it('records no conversion for a sign-in of a visitor never shown mf_account', async () => {
    await liveDefault(app.db, 'mf_account');
    const conversions = () =>
      app.db('remote_conversions').where({ remote: 'mf_account' }).select('visitor_id');
    const before = await conversions();
    const jar = new CookieJar();
    jar.store(await app.request('/api/remotes'));
    await signInFlow(app, { name: 'unexposed', jar });
    // Nor for a browser that came without a visitor cookie.
    await signInFlow(app, { name: 'cookieless' });
    expect(await conversions()).toEqual(before);
  });
});

describe('failed sign-ins land on /login?error=oauth, never an error page', () => {
  it('denied consent', async () => {
    const { jar, location } = await startFlow();
    const state = location.searchParams.get('state');
    const res = await fetch(`${app.url}/auth/local/callback?error=access_denied&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oauth');
    expect(res.headers.getSetCookie().join()).not.toMatch(/bf_at=v1/);
  });

  it('a forged state', async () => {
    const { jar, location } = await startFlow();
    const back = await fetch(location, { redirect: 'manual' });
    const cb = new URL(back.headers.get('location') ?? '');
    cb.searchParams.set('state', 'f'.repeat(40));
    const res = await fetch(cb, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(res.headers.get('location')).toBe('/login?error=oauth');
  });

  it('a callback without the transport session (login CSRF, expired, other browser)', async () => {
    const { location } = await startFlow();
    const back = await fetch(location, { redirect: 'manual' });
    const res = await fetch(back.headers.get('location') ?? '', { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/login?error=oauth');
  });

  it('a replayed callback (the code and the transport session are single-use)', async () => {
    const { jar, location } = await startFlow();
    const back = await fetch(location, { redirect: 'manual' });
    const cb = back.headers.get('location') ?? '';
    const first = await fetch(cb, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(first.headers.get('location')).toBe('/welcome');
    const replay = await fetch(cb, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(replay.headers.get('location')).toBe('/login?error=oauth');
  });

  it('an unconfigured provider is a 404, not a redirect loop', async () => {
    for (const p of ['/auth/github', '/auth/google/callback', '/auth/facebook']) {
      const res = await fetch(`${app.url}${p}`, { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('unknown_provider');
    }
  });
});

describe('finding, creating and linking accounts', () => {
  const base = { username: 'x', avatarUrl: null };

  it('links a second provider only on a verified, equal email', async () => {
    const a = await signInWithIdentity(app.db, {
      ...base,
      provider: 'github',
      subject: '1001',
      email: 'Linked@Example.org',
      emailVerified: true,
    });
    expect(a.created).toBe(true);
    const b = await signInWithIdentity(app.db, {
      ...base,
      provider: 'google',
      subject: 'g-1001',
      email: 'linked@example.org',
      emailVerified: true,
    });
    expect(b).toMatchObject({ created: false, linked: true });
    expect(b.user.id).toBe(a.user.id);

    const unverified = await signInWithIdentity(app.db, {
      ...base,
      provider: 'local',
      subject: 'local-linked',
      email: 'linked@example.org',
      emailVerified: false,
    });
    expect(unverified.created).toBe(true);
    expect(unverified.user.id).not.toBe(a.user.id);
    expect(unverified.user.email).toBeNull();

    const again = await signInWithIdentity(app.db, {
      ...base,
      provider: 'google',
      subject: 'g-1001',
      email: 'other@example.org',
      emailVerified: true,
    });
    expect(again.user.id).toBe(a.user.id);
  });
});
