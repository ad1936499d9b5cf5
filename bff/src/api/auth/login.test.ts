import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { clearOfWindowEnd } from '../../../test/helpers/rate-window';
import { createApp } from '../../app';
import { hashPassword, verifyPassword } from '../../auth/password';
import { authSetup } from '../../auth/providers';
import { hitRateLimit } from '../../http/rate-limit';
import { createLogger } from '../../logger';
import { createUser } from '../../users/repository';
import { LOGIN_LIMITS } from './auth';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await createUser(app.db, {
    username: 'paula',
    email: 'paula@example.org',
    passwordHash: await hashPassword('correct horse battery staple'),
  });
  await createUser(app.db, { username: 'sso-only', email: 'sso@example.org' });
});
afterAll(() => app.close());
// Tests here count requests up to a rate limit: none of them may straddle the end of a window.
beforeEach(() => clearOfWindowEnd(app.db, [LOGIN_LIMITS.windowSeconds]));
beforeEach(async () => {
  await app.db('rate_limits').delete();
});

const login = (email: unknown, password: unknown) =>
  app.request('/api/auth/login', { method: 'POST', json: { email, password } });
const FAILED = {
  error: { code: 'invalid_credentials', message: 'Login failed. Please check your credentials.' },
};

describe('password hashing', () => {
  it('uses scrypt with a random salt and verifies in constant time', async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret', a)).toBe(true);
    expect(await verifyPassword('Secret', a)).toBe(false);
    expect(await verifyPassword('secret', null)).toBe(false);
    expect(await verifyPassword('secret', 'garbage')).toBe(false);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in an account that has a password and returns the user', async () => {
    const res = await login(' Paula@Example.org ', 'correct horse battery staple');
    expect(res.status).toBe(200);
    const user = await res.json();
    // No provider account is linked to a password-only account: settings say so instead of guessing.
    expect(user).toMatchObject({
      name: 'paula',
      email: 'paula@example.org',
      onboarded: false,
      providers: [],
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await app.request('/api/user/me', { headers: { cookie } });
    expect((await me.json()).id).toBe(user.id);
  });

  it('answers every failure with the same generic 401', async () => {
    for (const [email, password] of [
      ['paula@example.org', 'wrong'],
      ['nobody@example.org', 'correct horse battery staple'],
      ['sso@example.org', 'anything'],
      ['not-an-email', 'x'],
    ]) {
      const res = await login(email, password);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(FAILED);
      expect(res.headers.getSetCookie().join()).not.toMatch(/bf_at=/);
    }
  });

  it('rejects a malformed body with 400', async () => {
    expect((await login(undefined, 'x')).status).toBe(400);
    expect((await login('a@b.c', 42)).status).toBe(400);
  });

  it('20 bad logins from one IP → 429 with Retry-After and a clear message', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 20; i++) {
      last = await login(`guess${i}@example.org`, 'wrong');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perIp).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.perIp).every((s) => s === 429)).toBe(true);
    const retry = Number(last?.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    const body = await last?.json();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/Too many sign-in attempts\. Try again in \d+ minutes?\./);
    // The right password does not get through while the IP is limited either.
    expect((await login('paula@example.org', 'correct horse battery staple')).status).toBe(429);
  });

  it('counts only failed attempts per IP: people signing in from one shared network are not locked out', async () => {
    // A whole office signs in from one address, well over the per-IP budget.
    for (let i = 0; i < LOGIN_LIMITS.perIp + 2; i++) {
      expect((await login('paula@example.org', 'correct horse battery staple')).status).toBe(200);
    }
    // Interleaved typos and successes: only the typos count.
    for (let i = 0; i < LOGIN_LIMITS.perIp - 1; i++) {
      expect((await login(`typo${i}@example.org`, 'wrong')).status).toBe(401);
      expect((await login('paula@example.org', 'correct horse battery staple')).status).toBe(200);
    }
    const ipRows = await app.db('rate_limits').where('key', 'like', 'login:ip:%');
    expect(ipRows.map((r) => r.count)).toEqual([LOGIN_LIMITS.perIp - 1]);
    // The budget of failures is still exactly perIp: one more failure is allowed, then 429 for everyone.
    expect((await login('last-guess@example.org', 'wrong')).status).toBe(401);
    expect((await login('one-more@example.org', 'wrong')).status).toBe(429);
    expect((await login('paula@example.org', 'correct horse battery staple')).status).toBe(429);
  });

  it('holds the IP limit exactly under a burst of parallel bad logins', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 2 * LOGIN_LIMITS.perIp }, (_, i) =>
        login(`burst${i}@example.org`, 'wrong').then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LOGIN_LIMITS.perIp);
  });

  it('limits per email too, and a successful sign-in resets that email counter', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perEmail - 1; i++) {
      expect((await login('paula@example.org', 'wrong')).status).toBe(401);
    }
    expect((await login('paula@example.org', 'correct horse battery staple')).status).toBe(200);
    await app.db('rate_limits').where('key', 'like', 'login:ip:%').delete();
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++) {
      expect((await login('paula@example.org', 'wrong')).status).toBe(401);
    }
    expect((await login('paula@example.org', 'wrong')).status).toBe(429);
    // Other accounts from the same IP are still fine (the IP budget is not spent yet).
    expect((await login('someone@example.org', 'wrong')).status).toBe(401);
  });

  it('keeps its counters in PostgreSQL, where every instance sees them', async () => {
    const a = await hitRateLimit(app.db, 'test:shared', 2, 60);
    const b = await hitRateLimit(app.db, 'test:shared', 2, 60);
    const c = await hitRateLimit(app.db, 'test:shared', 2, 60);
    expect([a.allowed, b.allowed, c.allowed]).toEqual([true, true, false]);
    expect(c.retryAfterSeconds).toBeGreaterThan(0);
    expect(c.retryAfterSeconds).toBeLessThanOrEqual(60);
    const rows = await app.db('rate_limits').where({ key: 'test:shared' });
    expect(rows).toHaveLength(1);
    expect(rows[0].count).toBe(3);
    // Emails never appear in the table.
    await login('private@example.org', 'x');
    const keys = (await app.db('rate_limits').select('key')).map((r) => r.key).join();
    expect(keys).not.toContain('private');
  });
});

describe('production cookies', () => {
  it('are Secure with the __Host- prefix (no Domain, Path=/), and the local provider is not offered', async () => {
    const config = {
      ...app.config,
      env: 'production' as const,
      publicUrl: 'https://buergerfit.example',
      localProvider: false,
      github: {
        clientId: 'gh',
        clientSecret: 'gh-secret',
        url: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
    };
    const prod = createApp({
      db: app.db,
      config,
      logger: createLogger('silent'),
      auth: authSetup(config, app.running.localProvider),
    });
    const server = http.createServer(prod.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    try {
      const providers = await (await fetch(`${base}/api/auth/providers`)).json();
      expect(providers).toEqual({ providers: ['github'] });
      expect((await fetch(`${base}/auth/local`, { redirect: 'manual' })).status).toBe(404);
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-proto': 'https',
          origin: 'https://buergerfit.example',
        },
        body: JSON.stringify({ email: 'paula@example.org', password: 'correct horse battery staple' }),
      });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie().filter((c) => !c.includes('bf_vid='));
      expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-bf_at', '__Host-bf_rt']);
      for (const c of cookies) {
        expect(c).toMatch(/; secure/i);
        expect(c).toMatch(/; httponly/i);
        expect(c).toMatch(/; samesite=lax/i);
        expect(c).toMatch(/; path=\//i);
        expect(c).not.toMatch(/domain=/i);
      }
      const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
      const me = await fetch(`${base}/api/user/me`, { headers: { cookie } });
      expect((await me.json()).email).toBe('paula@example.org');
      // The unprefixed development cookie names mean nothing in production.
      const dev = cookie.replaceAll('__Host-', '');
      expect((await fetch(`${base}/api/user/me`, { headers: { cookie: dev } })).status).toBe(401);
    } finally {
      server.close();
    }
  });
});
