import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn, userIdOf } from '../../../test/helpers/sign-in';
import { setAdmin } from '../../admin/console';
import { switchVariant } from '../../remotes/deploy';
import { upsertVariant } from '../../remotes/registry';

// The A/B console's API: admins only (403 for a learner on every call), figures with intervals, changes audited.

let app: TestApp;
let admin: string;
let learner: string;

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  app.request(path, { ...init, headers: { cookie, ...(init.headers ?? {}) } });

/**
 * `n` visitors the server assigned `variant` of mf_marketing and exposed to it, the first `converted` of them
 * converted.
 */
async function visitors(variant: string, n: number, converted: number, prefix: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    visitor_id: `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`,
    remote: 'mf_marketing',
    variant,
  }));
  await app.db.batchInsert('remote_assignments', rows, 500);
  await app.db.batchInsert('remote_exposures', rows, 500);
  await app.db.batchInsert(
    'remote_conversions',
    rows.slice(0, converted).map((r) => ({ ...r, event: 'sign_up' })),
    500,
  );
}

beforeAll(async () => {
  // Behind one trusted proxy: scripted beacons below come from addresses of their own (X-Forwarded-For).
  app = await createTestApp({ TRUST_PROXY: 'true' });
  admin = await signIn(app, 'owner');
  learner = await signIn(app, 'learner-x');
  expect(await setAdmin(app.db, { userId: null, name: 'cli' }, 'owner', true)).toMatchObject({
    username: 'owner',
  });
  await app.db('remote_variants').delete();
  await upsertVariant(app.db, {
    remote: 'mf_marketing',
    variant: 'default',
    version: '1',
    manifestUrl: '/remotes/mf_marketing/1/mf-manifest.json',
  });
  await upsertVariant(app.db, {
    remote: 'mf_marketing',
    variant: 'b',
    version: '2',
    manifestUrl: '/remotes/mf_marketing/2/mf-manifest.json',
  });
  // 1,000 visitors each: 100 and 130 conversions (the textbook example of stats.test.ts).
  await visitors('default', 1000, 100, 'aaaaaaaa');
  await visitors('b', 1000, 130, 'bbbbbbbb');
});
afterAll(() => app.close());

describe('who may use it', () => {
  it('a learner gets 403 from every admin call and changes nothing; a guest 401', async () => {
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ['/api/admin/ab', {}],
      ['/api/admin/ab/mf_marketing/b', { method: 'PATCH', json: { weight: 0 } }],
      ['/api/admin/ab/mf_marketing/b/rollback', { method: 'POST' }],
      ['/api/admin/audit', {}],
    ];
    for (const [path, init] of calls) {
      const res = await as(learner, path, init);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'admin_only', message: 'This is for administrators only.' },
      });
      expect((await app.request(path, init)).status, path).toBe(401);
    }
    const b = await app.db('remote_variants').where({ remote: 'mf_marketing', variant: 'b' }).first();
    expect(b.weight).toBe(100);
  });
});

describe('the console', () => {
  it('reports each variant with a 95 % interval, B against default with its interval and verdict, and the sample size', async () => {
    const res = await as(admin, '/api/admin/ab?lift=0.2');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.lift).toBe(0.2);
    const marketing = body.remotes.find((r: { remote: string }) => r.remote === 'mf_marketing');
    const [base, b] = marketing.variants;
    expect(base).toMatchObject({
      variant: 'default',
      visitors: 1000,
      conversions: 100,
      rate: 0.1,
      comparison: null,
    });
    expect(base.interval.low).toBeCloseTo(0.0829, 4);
    expect(base.interval.high).toBeCloseTo(0.1202, 4);
    expect(b).toMatchObject({ variant: 'b', visitors: 1000, conversions: 130 });
    expect(b.comparison.verdict).toBe('better');
    expect(b.comparison.pValue).toBeCloseTo(0.0355, 4);
    expect(b.comparison.interval.low).toBeCloseTo(0.00207, 5);
    // 10 % → 12 %: 3,841 visitors per variant.
    expect(marketing.sampleSize).toBe(3841);
    // A remote without figures has no sample size.
    expect(body.remotes.find((r: { remote: string }) => r.remote === 'mf_exam')).toMatchObject({
      variants: [],
      sampleSize: null,
    });
  });

  it('400 scripted exposure-and-conversion pairs with cookies the server never issued change none of its numbers', async () => {
    const figures = async () => {
      const res = await as(admin, '/api/admin/ab?lift=0.2');
      expect(res.status).toBe(200);
      return (await res.json()).remotes;
    };
    const before = await figures();
    const marketing = before.find((r: { remote: string }) => r.remote === 'mf_marketing');
    expect(marketing.variants.map((v: { visitors: number; conversions: number }) => v.visitors)).toEqual([
      1000, 1000,
    ]);
    const statuses = new Set<number>();
    for (let i = 0; i < 400; i++) {
      // A fresh made-up visitor per pair, each from an address of its own (no rate limit is what stops them).
      const headers = {
        cookie: `bf_vid=${randomUUID()}`,
        'x-forwarded-for': `10.40.${Math.floor(i / 200)}.${i % 200}`,
      };
      const exposure = await app.request('/api/remotes/exposures', {
        method: 'POST',
        headers,
        json: { remote: 'mf_marketing', variant: 'b' },
      });
      const conversion = await app.request('/api/remotes/conversions', {
        method: 'POST',
        headers,
        json: { remote: 'mf_marketing', event: 'sign_up' },
      });
      for (const res of [exposure, conversion]) {
        statuses.add(res.status);
        expect((await res.json()).error.code).toBe('unknown_visitor');
      }
    }
    expect([...statuses]).toEqual([403]);
    expect(await figures()).toEqual(before);
  }, 120_000);

  it('a weight change and switching a variant off are stored and written to the audit log with who did it', async () => {
    const res = await as(admin, '/api/admin/ab/mf_marketing/b', { method: 'PATCH', json: { weight: 25 } });
    expect(res.status).toBe(200);
    expect((await res.json()).variants.find((v: { variant: string }) => v.variant === 'b').weight).toBe(25);
    expect(
      (await as(admin, '/api/admin/ab/mf_marketing/b', { method: 'PATCH', json: { enabled: false } })).status,
    ).toBe(200);
    // Only what changed is logged: the same weight again adds nothing.
    await as(admin, '/api/admin/ab/mf_marketing/b', { method: 'PATCH', json: { weight: 25 } });
    const log = await (await as(admin, '/api/admin/audit')).json();
    expect(
      log.entries.map((e: Record<string, unknown>) => [
        e.actor,
        e.action,
        e.remote,
        e.variant,
        e.before,
        e.after,
      ]),
    ).toEqual([
      ['owner', 'disable', 'mf_marketing', 'b', null, null],
      ['owner', 'weight', 'mf_marketing', 'b', '100', '25'],
      ['cli', 'grant', null, null, null, 'owner'],
    ]);
    const registry = await (await app.request('/api/remotes')).json();
    expect(
      registry.remotes
        .filter((r: { name: string }) => r.name === 'mf_marketing')
        .map((r: { variant: string }) => r.variant),
    ).toEqual(['default']);
  });

  it('bad input is a 400; an unknown variant a 404; nothing to roll back a 409', async () => {
    expect(
      (await as(admin, '/api/admin/ab/mf_marketing/b', { method: 'PATCH', json: { weight: 5000 } })).status,
    ).toBe(400);
    expect((await as(admin, '/api/admin/ab/mf_marketing/b', { method: 'PATCH', json: {} })).status).toBe(400);
    expect(
      (await as(admin, '/api/admin/ab/mf_nope/b', { method: 'PATCH', json: { weight: 1 } })).status,
    ).toBe(400);
    expect(
      (await as(admin, '/api/admin/ab/mf_marketing/zzz', { method: 'PATCH', json: { weight: 1 } })).status,
    ).toBe(404);
    // Nothing to go back to: the overview offers none, and a rollback asked for anyway is refused.
    const ab = await (await as(admin, '/api/admin/ab')).json();
    const marketing = ab.remotes.find((r: { remote: string }) => r.remote === 'mf_marketing');
    expect(marketing.variants.map((v: { rollbackTo: string | null }) => v.rollbackTo)).toEqual([null, null]);
    const none = await as(admin, '/api/admin/ab/mf_marketing/default/rollback', { method: 'POST' });
    expect(none.status).toBe(409);
  });

  it('rolls a variant back to its previous build, audited', async () => {
    await switchVariant(
      app.db,
      {
        remote: 'mf_exam',
        variant: 'default',
        version: '1',
        manifestUrl: '/remotes/mf_exam/1/mf-manifest.json',
        action: 'deploy',
      },
      { name: 'exam-ci' },
    );
    await switchVariant(
      app.db,
      {
        remote: 'mf_exam',
        variant: 'default',
        version: '2',
        manifestUrl: '/remotes/mf_exam/2/mf-manifest.json',
        action: 'deploy',
      },
      { name: 'exam-ci' },
    );
    // The overview names the build a rollback brings back.
    const before = await (await as(admin, '/api/admin/ab')).json();
    const examBefore = before.remotes.find((r: { remote: string }) => r.remote === 'mf_exam');
    expect(examBefore.variants[0]).toMatchObject({ version: '2', rollbackTo: '1' });
    const res = await as(admin, '/api/admin/ab/mf_exam/default/rollback', { method: 'POST' });
    expect(res.status).toBe(200);
    const exam = await res.json();
    expect(exam.variants[0].version).toBe('1');
    // Back on 1, whose newest entry is this rollback from 2: rolling back again undoes it.
    expect(exam.variants[0].rollbackTo).toBe('2');
    expect(exam.deploys[0]).toMatchObject({
      action: 'rollback',
      version: '1',
      previousVersion: '2',
      actor: 'owner',
    });
    const log = await (await as(admin, '/api/admin/audit')).json();
    expect(log.entries[0]).toMatchObject({
      action: 'rollback',
      remote: 'mf_exam',
      variant: 'default',
      before: '2',
      after: '1',
    });
    expect(await userIdOf(app, admin)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
