import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNASSIGNED_BEACON_LIMIT } from '../src/api/remotes/remotes';
import { report, upsertVariant } from '../src/remotes/registry';
import { createTestApp, type TestApp } from './helpers/app';
import { clearOfWindowEnd } from './helpers/rate-window';
import { liveDefault } from './helpers/remotes';

// Generated hostile A/B beacons: no cookie, made-up cookies, a real visitor converting before it was shown anything,
// odd bodies and content types, floods. Never a 5xx, and none of them counts: the report stays empty.

let app: TestApp;
/** A visitor the server admitted and assigned (its cookie from `GET /api/remotes`), never exposed. */
let realCookie: string;
let assignmentsAtStart: number;

beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' });
  await app.db('remote_variants').delete();
  await liveDefault(app.db, 'mf_marketing');
  await liveDefault(app.db, 'mf_learn');
  await upsertVariant(app.db, {
    remote: 'mf_marketing',
    variant: 'b',
    version: '2',
    manifestUrl: '/b.json',
    weight: 100,
  });
  const res = await app.request('/api/remotes', { headers: { 'x-forwarded-for': '192.0.2.1' } });
  realCookie = res.headers.getSetCookie()[0]?.split(';')[0] as string;
  expect(realCookie).toMatch(/^bf_vid=[0-9a-f-]{36}$/);
  assignmentsAtStart = await count('remote_assignments');
  expect(assignmentsAtStart).toBe(2);
}, 60_000);
afterAll(async () => {
  console.info(`hostile-beacons: ${sent.requests} requests, ${sent.serverErrors} × 5xx`);
  await app.close();
});

const count = async (table: string) => Number((await app.db(table).count({ n: '*' }).first())?.n);

/** Every beacon this suite sends, and how many were answered with a 5xx (the goal: none). */
const sent = { requests: 0, serverErrors: 0 };

type Beacon = {
  kind: 'exposures' | 'conversions';
  cookie: string | null;
  ip: string;
  contentType: string;
  body: string;
};

async function send(b: Beacon): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': b.ip, 'content-type': b.contentType };
  if (b.cookie !== null) headers.cookie = b.cookie;
  const res = await app.request(`/api/remotes/${b.kind}`, { method: 'POST', headers, body: b.body });
  sent.requests++;
  if (res.status >= 500) sent.serverErrors++;
  return res;
}

/** Not counted, told so in the JSON error shape; never a stack trace, never a new visitor cookie. */
async function expectRefused(res: Response, label: string): Promise<number> {
  const text = await res.text();
  expect(res.status, `${label} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text, label).not.toMatch(/\n\s+at .+:\d+:\d+|node_modules|DatabaseError|syntax error at/);
  expect(JSON.parse(text).error.code, label).toEqual(expect.any(String));
  expect(res.headers.getSetCookie(), label).toEqual([]);
  return res.status;
}

const REMOTES = ['mf_marketing', 'mf_learn', 'mf_exam', 'mf_account', 'mf_nope', '', 'MF_MARKETING'];
const oddString = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    'a\u202eb',
    'x'.repeat(70),
    'b',
    'default',
    '../default',
    '6f2c3f9e-8a51-4c8e-9d7e-2b6f1f4f1a01',
  ),
  fc.string({ maxLength: 30 }),
);
const remote = fc.oneof(fc.constantFrom(...REMOTES), oddString);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(oddString, { maxLength: 3 }),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }),
);

/** Well-formed beacons, beacons with odd fields, and arbitrary JSON. */
const jsonBody = fc.oneof(
  fc.record({ remote, variant: fc.option(oddString, { nil: undefined }) }, { requiredKeys: ['remote'] }),
  fc.record({ remote, event: fc.oneof(fc.constantFrom('start_clicked', 'sign_in', 'x'), oddString) }),
  fc.dictionary(fc.constantFrom('remote', 'variant', 'event', '__proto__', 'visitor_id'), oddValue, {
    maxKeys: 5,
  }),
  fc.jsonValue({ maxDepth: 3 }),
);
/** The bytes sent: JSON of a body, or something that is not (cut short, empty, too big, another type). */
const payload = fc.oneof(
  {
    weight: 6,
    arbitrary: jsonBody.map((b) => ({ contentType: 'application/json', body: JSON.stringify(b) })),
  },
  fc.constantFrom(
    { contentType: 'application/json', body: '' },
    { contentType: 'application/json', body: '{"remote":' },
    { contentType: 'application/json', body: 'null' },
    {
      contentType: 'application/json',
      body: JSON.stringify({ remote: 'mf_marketing', pad: 'x'.repeat(200_000) }),
    },
    { contentType: 'text/plain', body: 'remote=mf_marketing' },
    { contentType: 'application/x-www-form-urlencoded', body: 'remote=mf_marketing&variant=b' },
  ),
);

/** The real visitor's cookie with its last character changed: a UUID the server never issued, one away from it. */
const nearMiss = (cookie: string) => `${cookie.slice(0, -1)}${cookie.endsWith('0') ? '1' : '0'}`;

/**
 * Who sends it: nobody in particular (no cookie), a made-up visitor (a valid-looking UUID, one next to the real
 * visitor's, or garbage), several visitor cookies at once, or the real visitor, who has never been shown anything
 * (so its conversions count nothing either; its exposures would count, so it sends none here).
 */
type Sender = { cookie: (real: string) => string | null; real: boolean };
const sender: fc.Arbitrary<Sender> = fc.oneof(
  fc.constant({ cookie: () => null, real: false }),
  fc.uuid().map((id) => ({ cookie: () => `bf_vid=${id}`, real: false })),
  oddString.map((v) => ({ cookie: () => `bf_vid=${encodeURIComponent(v)}`, real: false })),
  fc.uuid().map((id) => ({ cookie: (real: string) => `bf_vid=${id}; ${real}`, real: false })),
  fc.constant({ cookie: nearMiss, real: false }),
  fc.constant({ cookie: (real: string) => real, real: true }),
);

describe('hostile A/B beacons', () => {
  it('generated cookieless, made-up and unexposed beacons with odd bodies: never a 5xx, none counted', async () => {
    await clearOfWindowEnd(app.db, [15 * 60]);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('exposures' as const, 'conversions' as const),
        sender,
        payload,
        async (kind, who, { contentType, body }) => {
          // The real visitor's exposures would count: it only converts (before any exposure) here.
          const beacon: Beacon = {
            kind: who.real ? 'conversions' : kind,
            cookie: who.cookie(realCookie),
            // Spread over addresses: the limit of a network is the flood test's.
            ip: `10.9.${Math.floor(n / 200)}.${n++ % 200}`,
            contentType,
            body,
          };
          await expectRefused(await send(beacon), `${beacon.kind} ${beacon.cookie} ${body.slice(0, 80)}`);
        },
      ),
      { seed: 20261126, numRuns: 400, endOnFailure: true },
    );
  }, 240_000);

  it('floods from one network, in parallel: 403 up to its limit, then 429, none counted', async () => {
    await clearOfWindowEnd(app.db, [15 * 60]);
    const samples = fc.sample(
      fc.tuple(fc.constantFrom('exposures' as const, 'conversions' as const), fc.option(fc.uuid())),
      { seed: 20261126, numRuns: UNASSIGNED_BEACON_LIMIT + 60 },
    );
    const statuses: number[] = [];
    // Twenty at a time, from addresses of one IPv6 /64 (one network).
    for (let i = 0; i < samples.length; i += 20) {
      const batch = samples.slice(i, i + 20).map(([kind, id], j) =>
        send({
          kind,
          cookie: id ? `bf_vid=${id}` : null,
          ip: `2001:db8:77:1:${(i + j).toString(16)}::1`,
          contentType: 'application/json',
          body: JSON.stringify(
            kind === 'exposures'
              ? { remote: 'mf_marketing', variant: 'b' }
              : { remote: 'mf_marketing', event: 'start_clicked' },
          ),
        }).then((res) => expectRefused(res, `flood ${i + j}`)),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(UNASSIGNED_BEACON_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);
  }, 240_000);

  it('counted nothing: no exposure, no conversion, no new visitor, an empty report', async () => {
    expect(sent.serverErrors).toBe(0);
    expect(await count('remote_exposures')).toBe(0);
    expect(await count('remote_conversions')).toBe(0);
    expect(await count('remote_assignments')).toBe(assignmentsAtStart);
    expect(await report(app.db)).toEqual([
      { remote: 'mf_learn', variant: 'default', visitors: 0, conversions: 0, rate: 0 },
      { remote: 'mf_marketing', variant: 'b', visitors: 0, conversions: 0, rate: 0 },
      { remote: 'mf_marketing', variant: 'default', visitors: 0, conversions: 0, rate: 0 },
    ]);
  });
});
