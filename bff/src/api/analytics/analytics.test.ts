import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { rateLimitKey } from '../../http/rate-limit';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

describe('POST /api/{lang}/analytics/events', () => {
  it('stores the chosen plan', async () => {
    const res = await app.request('/api/en/analytics/events', {
      method: 'POST',
      json: { event: 'plan_selected', plan: 'subscription', billing: 'yearly' },
    });
    expect(res.status).toBe(204);
    const row = await app.db('analytics_events').orderBy('id', 'desc').first();
    expect(row).toMatchObject({ name: 'plan_selected', props: { plan: 'subscription', billing: 'yearly' } });
  });

  it('refuses unknown events and plans', async () => {
    for (const json of [
      { event: 'buy' },
      { event: 'plan_selected', plan: 'gold' },
      { event: 'plan_selected', plan: 'free', x: 1 },
    ]) {
      expect((await app.request('/api/en/analytics/events', { method: 'POST', json })).status).toBe(400);
    }
  });

  it('counts a client by a digest of its address: no rate-limit key holds the address', async () => {
    const res = await app.request('/api/en/analytics/events', {
      method: 'POST',
      json: { event: 'plan_selected', plan: 'free' },
      headers: { 'x-forwarded-for': '10.9.8.7' },
    });
    expect(res.status).toBe(204);
    const keys: string[] = await app.db('rate_limits').pluck('key');
    expect(keys).toContain(rateLimitKey('events:ip', '10.9.8.7'));
    expect(keys.filter((k) => k.includes('10.9.8.7'))).toEqual([]);
  });
});
