import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/api/auth/auth';
import { createTestApp, type TestApp } from './helpers/app';
import { clearOfWindowEnd } from './helpers/rate-window';

// Limits per client address count an IPv6 client by its /64 (every address of it is the same home, phone or
// server), and an IPv4-mapped IPv6 address as its IPv4 address.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());
beforeEach(() => clearOfWindowEnd(app.db, [LOGIN_LIMITS.windowSeconds]));

let attempt = 0;
/** A failed password sign-in (a fresh e-mail each time: only the per-address limit is reached) from `ip`. */
async function failedLogin(ip: string): Promise<number> {
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    json: { email: `nobody-${++attempt}@example.org`, password: 'not the password' },
  });
  const body = await res.json();
  expect(body.error.code).toBe(res.status === 429 ? 'rate_limited' : 'invalid_credentials');
  return res.status;
}

describe('per-address limits and IPv6', () => {
  it('every address of one /64 shares one limit; another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMITS.perIp; i++) {
      // Each attempt from another address of 2001:db8:aa:1::/64, written every way IPv6 allows.
      const host = i % 2 ? `2001:db8:aa:1::${i.toString(16)}` : `2001:0DB8:00AA:0001:${i}:0:0:1`;
      statuses.push(await failedLogin(host));
    }
    expect(statuses).toEqual(Array(LOGIN_LIMITS.perIp).fill(401));
    expect(await failedLogin('2001:db8:aa:1:ffff:ffff:ffff:ffff')).toBe(429);
    // The next /64 over is another client.
    expect(await failedLogin('2001:db8:aa:2::1')).toBe(401);
    expect(await failedLogin('2001:db8:ab:1::1')).toBe(401);
  });

  it('an IPv4-mapped IPv6 address is its IPv4 address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect(await failedLogin(i % 2 ? '::ffff:198.51.100.7' : '198.51.100.7')).toBe(401);
    }
    expect(await failedLogin('::ffff:c633:6407')).toBe(429);
    expect(await failedLogin('198.51.100.7')).toBe(429);
    // Its IPv4 neighbour is another client.
    expect(await failedLogin('198.51.100.8')).toBe(401);
  });
});
