import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { clearOfWindowEnd } from '../../../test/helpers/rate-window';
import { liveDefault } from '../../../test/helpers/remotes';
import { NEW_VISITORS } from '../../http/visitor';
import { switchVariant } from '../../remotes/deploy';
import { listVariants, report, updateVariant, upsertVariant } from '../../remotes/registry';
import { UNASSIGNED_BEACON_LIMIT } from './remotes';

let app: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy: a test that floods sends from an address of its own (X-Forwarded-For).
  app = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

type Visitor = { cookie: string | null };
async function remotesFor(v: Visitor, ip?: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (v.cookie) headers.cookie = v.cookie;
  if (ip) headers['x-forwarded-for'] = ip;
  const res = await app.request('/api/remotes', { headers });
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

let ipSeq = 0;
/** A client address of its own (behind the trusted proxy), so one test's counters never reach another's. */
const freshIp = () => `203.0.113.${++ipSeq}`;

/** A beacon as a script sends it: `cookie` as given (none, made up or real), from `ip`. */
function beacon(
  kind: 'exposures' | 'conversions',
  body: unknown,
  opts: { cookie?: string | null; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  return app.request(`/api/remotes/${kind}`, { method: 'POST', headers, json: body });
}

const stored = async () => ({
  assignments: Number((await app.db('remote_assignments').count({ n: '*' }).first())?.n),
  exposures: Number((await app.db('remote_exposures').count({ n: '*' }).first())?.n),
  conversions: Number((await app.db('remote_conversions').count({ n: '*' }).first())?.n),
});

const UNKNOWN_VISITOR = {
  error: {
    code: 'unknown_visitor',
    message: 'Only a visitor this server assigned a variant of that remote is counted. Nothing was stored.',
  },
};

describe('A/B beacons count only visitors the server admitted and assigned', () => {
  // Tests here count requests up to a rate limit: none of them may straddle the end of a window.
  beforeEach(() => clearOfWindowEnd(app.db, [15 * 60]));

  it('1,000 cookieless exposures store nothing and mint no visitor: 403, then 429 past the limit of the network', async () => {
    const ip = freshIp();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await beacon('exposures', { remote: 'mf_marketing', variant: 'default' }, { ip });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.headers.getSetCookie()).toEqual([]);
      if (i === 0) expect(await res.json()).toEqual(UNKNOWN_VISITOR);
      else if (i === 999) {
        expect(res.status).toBe(429);
        expect((await res.json()).error.code).toBe('rate_limited');
      } else await res.arrayBuffer();
    }
    expect(Object.fromEntries(statuses)).toEqual({
      403: UNASSIGNED_BEACON_LIMIT,
      429: 1000 - UNASSIGNED_BEACON_LIMIT,
    });
    expect(await stored()).toEqual({ assignments: 0, exposures: 0, conversions: 0 });
    expect((await report(app.db)).every((r) => r.visitors === 0 && r.conversions === 0)).toBe(true);
  }, 120_000);

  it('a made-up visitor cookie (a UUID the server never issued) counts nothing, exposure or conversion', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const cookie = `bf_vid=${randomUUID()}`;
      const exposure = await beacon('exposures', { remote: 'mf_marketing' }, { cookie, ip });
      expect(exposure.status).toBe(403);
      expect(await exposure.json()).toEqual(UNKNOWN_VISITOR);
      const conversion = await beacon(
        'conversions',
        { remote: 'mf_marketing', event: 'start_clicked' },
        { cookie, ip },
      );
      expect(conversion.status).toBe(403);
      expect(await conversion.json()).toEqual(UNKNOWN_VISITOR);
    }
    expect(await stored()).toEqual({ assignments: 0, exposures: 0, conversions: 0 });
  });

  it('a visitor of one remote is unknown to the beacons of a remote it was not given', async () => {
    const v: Visitor = { cookie: null };
    await remotesFor(v);
    // mf_exam has no live variant: this visitor was assigned none.
    const res = await beacon('exposures', { remote: 'mf_exam' }, { cookie: v.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(UNKNOWN_VISITOR);
    expect((await stored()).exposures).toBe(0);
  });

  it('a real visitor counts once however often it sends, exposure and conversion alike', async () => {
    await marketingAllB();
    const v: Visitor = { cookie: null };
    expect((await remotesFor(v)).mf_marketing).toBe('b');
    for (let i = 0; i < 25; i++) {
      expect((await beacon('exposures', { remote: 'mf_marketing', variant: 'b' }, v)).status).toBe(204);
    }
    for (let i = 0; i < 25; i++) {
      const res = await beacon('conversions', { remote: 'mf_marketing', event: 'start_clicked' }, v);
      expect(res.status).toBe(204);
    }
    expect(await stored()).toEqual({ assignments: 2, exposures: 1, conversions: 1 });
    expect((await report(app.db)).find((r) => r.remote === 'mf_marketing' && r.variant === 'b')).toEqual({
      remote: 'mf_marketing',
      variant: 'b',
      visitors: 1,
      conversions: 1,
      rate: 1,
    });
  });

  it('a conversion before the exposure counts nothing (409 not_exposed); after it, it counts', async () => {
    const v: Visitor = { cookie: null };
    await remotesFor(v);
    const early = await beacon('conversions', { remote: 'mf_learn', event: 'first_answer' }, v);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      error: {
        code: 'not_exposed',
        message: 'A conversion counts only after this visitor was shown that variant. Nothing was stored.',
      },
    });
    expect((await stored()).conversions).toBe(0);
    expect((await beacon('exposures', { remote: 'mf_learn' }, v)).status).toBe(204);
    expect((await beacon('conversions', { remote: 'mf_learn', event: 'first_answer' }, v)).status).toBe(204);
    const row = (await report(app.db)).find((r) => r.remote === 'mf_learn');
    expect(row).toMatchObject({ visitors: 1, conversions: 1 });
  });

  it("a link's ping (a tap before the page is hydrated) counts the conversion as the beacon does, once", async () => {
    const v: Visitor = { cookie: null };
    await remotesFor(v);
    // What the browser sends for <a ping>: POST, text/ping, the body PING.
    const ping = (query: string, cookie = v.cookie) =>
      app.request(`/api/remotes/conversions/ping?${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'text/ping',
          'ping-from': 'http://localhost/',
          'ping-to': 'http://localhost/start',
          ...(cookie ? { cookie } : {}),
        },
        body: 'PING',
      });
    const early = await ping('remote=mf_marketing&event=start_clicked');
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('not_exposed');
    expect((await beacon('exposures', { remote: 'mf_marketing' }, v)).status).toBe(204);
    for (let i = 0; i < 3; i++) {
      const res = await ping('remote=mf_marketing&event=start_clicked');
      expect(res.status).toBe(204);
    }
    expect(await stored()).toEqual({ assignments: 2, exposures: 1, conversions: 1 });
    // A made-up event name or remote, or no visitor: 4xx, nothing stored.
    const bad = await ping('remote=mf_marketing&event=Start!');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0].path).toBe('event');
    expect((await ping('remote=mf_nothing&event=start_clicked')).status).toBe(400);
    expect((await ping('remote=mf_marketing&event=start_clicked', null)).status).toBe(403);
    expect(await stored()).toEqual({ assignments: 2, exposures: 1, conversions: 1 });
  });

  it('an exposure naming a variant the visitor was not assigned counts nothing (409 other_variant)', async () => {
    await addMarketingB();
    await updateVariant(app.db, 'mf_marketing', 'b', { weight: 0 });
    const v: Visitor = { cookie: null };
    expect((await remotesFor(v)).mf_marketing).toBe('default');
    const res = await beacon('exposures', { remote: 'mf_marketing', variant: 'b' }, v);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('other_variant');
    expect((await stored()).exposures).toBe(0);
  });

  it('a made-up cookie on GET /api/remotes is a new visitor: it uses up the new-visitor budget of its network', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= NEW_VISITORS.perIp; i++) {
      const res = await app.request('/api/remotes', {
        headers: { cookie: `bf_vid=${randomUUID()}`, 'x-forwarded-for': ip },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(NEW_VISITORS.perIp);
    expect(statuses.at(-1)).toBe(429);
  }, 120_000);
});
