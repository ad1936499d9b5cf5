import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { liveDefault } from '../../../test/helpers/remotes';
import { switchVariant } from '../../remotes/deploy';
import { listVariants, report, updateVariant, upsertVariant } from '../../remotes/registry';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Visitor = { cookie: string | null };
async function remotesFor(v: Visitor): Promise<Record<string, string>> {
  const res = await app.request('/api/remotes', { headers: v.cookie ? { cookie: v.cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const set = res.headers.get('set-cookie');
  if (set) v.cookie = set.split(';')[0] ?? null;
  const body: { remotes: { name: string; variant: string; manifestUrl: string }[] } = await res.json();
  return Object.fromEntries(body.remotes.map((r) => [r.name, r.variant]));
}

beforeEach(async () => {
  await app.db('remote_assignments').delete();
  await app.db('remote_exposures').delete();
  await app.db('remote_conversions').delete();
  await app.db('remote_variants').delete();
  await liveDefault(app.db, 'mf_marketing');
  await liveDefault(app.db, 'mf_learn');
});

/** Variant B of mf_marketing at weight 100, next to the default: an even split. */
const addMarketingB = () =>
  upsertVariant(app.db, {
    remote: 'mf_marketing',
    variant: 'b',
    version: '2',
    manifestUrl: '/b.json',
    weight: 100,
  });

/** Variant B of mf_marketing, with the default's weight at 0: every new visitor gets B. */
async function marketingAllB() {
  await addMarketingB();
  await updateVariant(app.db, 'mf_marketing', 'default', { weight: 0 });
}

describe('runtime registry and A/B', () => {
  it('gives each remote its manifest URL and a visitor cookie', async () => {
    const v: Visitor = { cookie: null };
    const res = await app.request('/api/remotes');
    const body = await res.json();
    expect(body.remotes).toContainEqual({
      name: 'mf_learn',
      variant: 'default',
      version: '1',
      manifestUrl: '/remotes/mf_learn/1/mf-manifest.json',
    });
    expect(res.headers.get('set-cookie')).toMatch(/bf_vid=.*httponly/i);
    await remotesFor(v);
    expect(v.cookie).toMatch(/^bf_vid=/);
  });

  it('sends a fresh visitor to variant B at 100%, other remotes unaffected', async () => {
    await marketingAllB();
    const fresh = await remotesFor({ cookie: null });
    expect(fresh.mf_marketing).toBe('b');
    expect(fresh.mf_learn).toBe('default');
  });

  it('keeps a 50/50 assignment sticky across reloads and spreads visitors over both', async () => {
    await addMarketingB();
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const v: Visitor = { cookie: null };
      const first = await remotesFor(v);
      seen.add(first.mf_marketing ?? '');
      for (let reload = 0; reload < 3; reload++)
        expect((await remotesFor(v)).mf_marketing).toBe(first.mf_marketing);
    }
    expect(seen).toEqual(new Set(['default', 'b']));
  });

  it('keeps existing visitors on their variant when the weights change (only new visitors follow them)', async () => {
    const existing: Visitor = { cookie: null };
    expect((await remotesFor(existing)).mf_marketing).toBe('default');
    await marketingAllB();
    expect((await remotesFor(existing)).mf_marketing).toBe('default');
    expect((await remotesFor({ cookie: null })).mf_marketing).toBe('b');
  });

  it('moves visitors off a disabled variant', async () => {
    await marketingAllB();
    const v: Visitor = { cookie: null };
    expect((await remotesFor(v)).mf_marketing).toBe('b');
    await updateVariant(app.db, 'mf_marketing', 'b', { enabled: false });
    expect((await remotesFor(v)).mf_marketing).toBe('default');
    // Deploying a new build of the switched-off variant puts it live again for fresh visitors.
    await switchVariant(
      app.db,
      { remote: 'mf_marketing', variant: 'b', version: '3', manifestUrl: '/b3.json', action: 'deploy' },
      { name: 'test' },
    );
    expect((await remotesFor({ cookie: null })).mf_marketing).toBe('b');
  });

  it('records exposures and one conversion per visitor, and reports the rate per variant', async () => {
    await marketingAllB();
    const visitors: Visitor[] = [{ cookie: null }, { cookie: null }, { cookie: null }, { cookie: null }];
    for (const v of visitors) {
      await remotesFor(v);
      const exp = await app.request('/api/remotes/exposures', {
        method: 'POST',
        headers: { cookie: v.cookie ?? '' },
        json: { remote: 'mf_marketing', variant: 'b' },
      });
      expect(exp.status).toBe(204);
    }
    for (const v of visitors.slice(0, 1)) {
      for (let i = 0; i < 2; i++) {
        const conv = await app.request('/api/remotes/conversions', {
          method: 'POST',
          headers: { cookie: v.cookie ?? '' },
          json: { remote: 'mf_marketing', event: 'demo_started' },
        });
        expect(conv.status).toBe(204);
      }
    }
    const rows = await report(app.db);
    expect(rows.find((r) => r.remote === 'mf_marketing' && r.variant === 'b')).toMatchObject({
      visitors: 4,
      conversions: 1,
      rate: 0.25,
    });
    const bad = await app.request('/api/remotes/conversions', {
      method: 'POST',
      json: { remote: 'mf_nope', event: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('lists variants for the operator', async () => {
    expect((await listVariants(app.db)).map((v) => `${v.remote}/${v.variant}`)).toEqual([
      'mf_learn/default',
      'mf_marketing/default',
    ]);
  });
});
