import http from 'node:http';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREATE_LIMITS } from '../src/api/exams/exams';
import { BEACON_LIMIT } from '../src/api/remotes/remotes';
import { signAccessToken } from '../src/auth/tokens';
import { errorHandler } from '../src/http/error-handler';
import { safeReturnPath } from '../src/http/redirect';
import { NEW_VISITORS } from '../src/http/visitor';
import { createLogger } from '../src/logger';
import { createTestApp, type TestApp } from './helpers/app';
import { answerKey } from './helpers/questions';
import { clearOfWindowEnd } from './helpers/rate-window';
import { liveDefault } from './helpers/remotes';
import { CookieJar, signIn, signInFlow } from './helpers/sign-in';

/** Regression tests for what an independent probe of the running BFF found (issue 13). */
let app: TestApp;
let key: Map<number, number>;

beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' });
  await liveDefault(app.db, 'mf_learn', 't1');
  key = await answerKey(app.db);
});
afterAll(() => app.close());
// Tests here count requests up to a rate limit: none of them may straddle the end of a window.
beforeEach(() => clearOfWindowEnd(app.db, [15 * 60, 3600]));

/** A client address behind the one trusted proxy (the proxy appends what it saw). */
let ipSeq = 0;
const freshIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** A first visit from `ip`: the visitor cookie (`bf_vid=…`) it is given. */
async function newVisitor(ip: string): Promise<string> {
  const res = await app.request('/api/remotes', { headers: { 'x-forwarded-for': ip } });
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('bf_vid='))
    ?.split(';')[0] as string;
}

describe('1. production without TRUST_PROXY', () => {
  it('a new visitor gets the registry and a Secure __Host- visitor cookie, not a 500', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://buergerfit.example',
      SESSION_SECRET: 'a-real-looking-secret-of-forty-characters!',
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      // Only read for its presence here: the test's own database is used (PostgreSQL or embedded).
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/placeholder',
    });
    try {
      await liveDefault(prod.db, 'mf_learn', 't1');
      const res = await prod.request('/api/remotes');
      expect(res.status).toBe(200);
      expect((await res.json()).remotes.length).toBeGreaterThan(0);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-bf_vid='));
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; path=\//i);
      const vid = cookie?.split(';')[0] as string;
      // It can be used: the same visitor keeps its assignment, and a guest can start the demo.
      const again = await prod.request('/api/remotes', { headers: { cookie: vid } });
      expect(again.headers.getSetCookie().filter((c) => c.includes('bf_vid'))).toEqual([]);
      const demo = await prod.request('/api/en/exams', {
        method: 'POST',
        json: { kind: 'demo' },
        headers: { cookie: vid },
      });
      expect(demo.status).toBe(201);
      expect((await prod.request('/')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('2. no open redirect after sign-in', () => {
  const VARIANTS = [
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/x/..//evil.example',
    '/x/../..//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/%5c%5cevil.example',
    '/%2f%2fevil.example',
    '//evil.example',
    'https://evil.example',
  ];

  it('every variant ends on the app itself', () => {
    for (const v of VARIANTS) expect([v, safeReturnPath(v)]).toEqual([v, '/']);
    expect(safeReturnPath('/learn?topic=history')).toBe('/learn?topic=history');
    expect(safeReturnPath('/demo/result/5f0c')).toBe('/demo/result/5f0c');
  });

  it('an onboarded learner signing in with any of them lands on /', async () => {
    const jar = new CookieJar();
    await signInFlow(app, { name: 'redirected', jar });
    await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'BE' },
      headers: { cookie: jar.header() },
    });
    for (const redirect of VARIANTS) {
      const r = await signInFlow(app, { name: 'redirected', redirect });
      expect([redirect, r.location]).toEqual([redirect, '/']);
    }
    expect((await signInFlow(app, { name: 'redirected', redirect: '/learn' })).location).toBe('/learn');
  });
});

describe('3. two tabs refreshing at once', () => {
  const refresh = (cookie: string) => app.request('/auth/refresh', { method: 'POST', headers: { cookie } });
  const rtOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('bf_rt='))
      ?.split(';')[0];

  it('both stay signed in with the same new token; reuse after the grace period still revokes the family', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const cookie = await signIn(app, `tabs-${trial}`);
      const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
      expect([a.status, b.status]).toEqual([204, 204]);
      expect(rtOf(a)).toBeDefined();
      expect(rtOf(a)).toBe(rtOf(b));
      // The new token works, and the session with it.
      const next = await refresh(rtOf(a) as string);
      expect(next.status).toBe(204);
      const atOf = next.headers
        .getSetCookie()
        .find((c) => c.startsWith('bf_at='))
        ?.split(';')[0] as string;
      expect((await app.request('/api/user/me', { headers: { cookie: atOf } })).status).toBe(200);
    }

    // Later than the grace period, the first token again: reuse → the whole family is revoked.
    const cookie = await signIn(app, 'tabs-late');
    const first = await refresh(cookie);
    const current = rtOf(first) as string;
    await app
      .db('refresh_tokens')
      .whereNotNull('replaced_by')
      .update({ revoked_at: app.db.raw("now() - interval '1 minute'") });
    expect((await refresh(cookie)).status).toBe(401);
    expect((await refresh(current)).status).toBe(401);
  });
});

describe('4. answers racing the finalize', () => {
  it('an answer either counts in the score or gets 409; none is stored after the finalize', async () => {
    for (let trial = 0; trial < 15; trial++) {
      const cookie = await signIn(app, `race-${trial}`);
      const start = await app.request('/api/en/exams', {
        method: 'POST',
        json: { kind: 'mock' },
        headers: { cookie },
      });
      const attempt = await start.json();
      const puts = (attempt.questions as { position: number; number: number }[]).map((q) =>
        app.request(`/api/en/exams/${attempt.id}/answers/${q.position}`, {
          method: 'PUT',
          json: { answer: key.get(q.number) },
          headers: { cookie },
        }),
      );
      await new Promise((r) => setTimeout(r, trial % 5));
      const finalize = app.request(`/api/en/exams/${attempt.id}/finalize`, {
        method: 'POST',
        headers: { cookie },
      });
      const statuses = await Promise.all(puts.map(async (p) => (await p).status));
      const done = await (await finalize).json();
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      const accepted = statuses.filter((s) => s === 200).length;
      // Every acknowledged answer was right, so the score is exactly the number acknowledged.
      expect([trial, done.result.correct]).toEqual([trial, accepted]);
      const late = await app
        .db('exam_attempt_items as i')
        .join('exam_attempts as a', 'a.id', 'i.attempt_id')
        .where('a.id', attempt.id)
        .whereRaw('i.answered_at > a.finalized_at')
        .count({ n: '*' })
        .first();
      expect(Number(late?.n)).toBe(0);
    }
  }, 60_000);
});

describe('5. rate limits behind a proxy', () => {
  it('a client rotating the leftmost X-Forwarded-For is still one client', async () => {
    const client = freshIp();
    const login = (i: number) =>
      app.request('/api/auth/login', {
        method: 'POST',
        json: { email: `nobody-${i}@example.org`, password: 'wrong' },
        headers: { 'x-forwarded-for': `10.0.0.${i}, ${client}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(i)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);

    const sender = freshIp();
    const contact = (i: number) =>
      app.request('/api/en/contact', {
        method: 'POST',
        json: { name: 'Ana', email: 'ana@example.org', subject: 'general', message: `Hello ${i}` },
        headers: { 'x-forwarded-for': `10.1.0.${i}, ${sender}` },
      });
    const sent: number[] = [];
    for (let i = 0; i < 7; i++) sent.push((await contact(i)).status);
    expect(sent).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});

describe('6. no 5xx from anything a client can send', () => {
  it('a corrupt gzip body is a 400', async () => {
    const good = gzipSync(
      Buffer.from(JSON.stringify({ name: 'A', email: 'a@b.cd', subject: 'general', message: 'x' })),
    );
    for (const body of [Buffer.from('not gzip at all'), good.subarray(0, good.length - 6)]) {
      const res = await app.request('/api/en/contact', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-forwarded-for': freshIp(),
        },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_body');
    }
  });

  it('a NUL character in any text field is a 400 naming the field, and nothing is stored', async () => {
    const cookie = await signIn(app, 'nul');
    const before = Number((await app.db('contact_messages').count({ n: '*' }).first())?.n);
    for (const field of ['name', 'email', 'message']) {
      const body = {
        name: 'Ana',
        email: 'ana@example.org',
        subject: 'general',
        message: 'Hi',
        [field]: 'a\u0000b',
      };
      const res = await app.request('/api/en/contact', {
        method: 'POST',
        json: body,
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.details[0]).toMatchObject({ path: field, code: 'nul_character' });
    }
    expect(Number((await app.db('contact_messages').count({ n: '*' }).first())?.n)).toBe(before);
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'a\u0000@example.org', password: 'x' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(login.status).toBe(400);
    const nick = await app.request('/api/user/settings', {
      method: 'PATCH',
      json: { nickname: 'N\u0000' },
      headers: { cookie },
    });
    expect(nick.status).toBe(400);
    expect((await app.request('/api/en/learn?state=B%00E', { headers: { cookie } })).status).toBe(400);
  });

  it('integers beyond their column, a reused client_id, impossible dates and a forged non-UUID token are 4xx', async () => {
    const cookie = await signIn(app, 'bounds');
    const post = (json: unknown) =>
      app.request('/api/en/learn-mode', { method: 'POST', json, headers: { cookie } });
    expect((await post({ question_id: 2_147_483_648, is_correct: true })).status).toBe(400);
    const clientId = '6f2c3f9e-8a51-4c8e-9d7e-2b6f1f4f1a01';
    expect((await post({ question_id: 1, is_correct: true, client_id: clientId })).status).toBe(201);
    expect((await post({ question_id: 1, is_correct: true, client_id: clientId })).status).toBe(200);
    const reused = await post({ question_id: 2, is_correct: true, client_id: clientId });
    expect(reused.status).toBe(409);
    expect((await reused.json()).error.code).toBe('client_id_reused');

    for (const examDate of ['0000-01-01', '1999-12-31', '2100-01-01', '2026-02-30']) {
      const res = await app.request('/api/user/settings', {
        method: 'PATCH',
        json: { examDate },
        headers: { cookie },
      });
      expect([examDate, res.status]).toEqual([examDate, 400]);
    }

    const { token } = signAccessToken(app.config.sessionSecret as string, {
      userId: 'not-a-uuid',
      sessionId: 'x',
    });
    for (const path of ['/api/user/me', '/api/en/user/dashboard', '/api/en/learn']) {
      expect((await app.request(path, { headers: { cookie: `bf_at=${token}` } })).status).toBe(401);
    }
  });

  it('methods no route takes are 405 in the JSON error shape, on pages and under /api and /auth', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH']) {
      for (const path of ['/', '/api/en/learn', '/auth/refresh', '/api/remotes']) {
        const res = await rawRequest(method, path);
        expect([method, path, res.status]).toEqual([method, path, 405]);
        expect(JSON.parse(res.body).error.code).toBe('method_not_allowed');
      }
    }
    const wrong = await app.request('/api/en/learn', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toMatch(/GET/);
    expect((await wrong.json()).error.code).toBe('method_not_allowed');
  });

  it('a database that goes away inside a transaction is a 503, not a 500', async () => {
    const koa = new Koa();
    koa.use(errorHandler(createLogger('silent')));
    koa.use(() => {
      throw new Error('Client has encountered a connection error and is not queryable');
    });
    const server = koa.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/x`);
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe('unavailable');
    } finally {
      server.close();
    }
  });
});

describe('7. limits where anyone can write', () => {
  it('one open attempt per owner and kind: the same test continues, another state retires the open one', async () => {
    const vid = 'bf_vid=3b8f6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const start = (state: string) =>
      app.request('/api/en/exams', {
        method: 'POST',
        json: { kind: 'demo', state },
        headers: { cookie: vid, 'x-forwarded-for': freshIp() },
      });
    const first = await start('BE');
    expect(first.status).toBe(201);
    const a = await first.json();
    const again = await start('BE');
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(a.id);
    // Nothing answered yet: starting with another state discards it.
    const other = await start('BY');
    expect(other.status).toBe(201);
    const b = await other.json();
    expect((await app.request(`/api/en/exams/${a.id}`, { headers: { cookie: vid } })).status).toBe(404);
    // Answered: starting again with another state finalizes it as it stands.
    await app.request(`/api/en/exams/${b.id}/answers/1`, {
      method: 'PUT',
      json: { answer: 0 },
      headers: { cookie: vid },
    });
    expect((await start('HH')).status).toBe(201);
    const kept = await (await app.request(`/api/en/exams/${b.id}`, { headers: { cookie: vid } })).json();
    expect(kept.status).toBe('finalized');
    const open = await app
      .db('exam_attempts')
      .whereRaw("visitor_id = '3b8f6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'")
      .whereNull('finalized_at');
    expect(open).toHaveLength(1);
  });

  it('parallel starts open one attempt, and a learner may start a limited number per hour', async () => {
    const cookie = await signIn(app, 'starter');
    const ip = freshIp();
    const starts = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.request('/api/en/exams', {
          method: 'POST',
          json: { kind: 'mock' },
          headers: { cookie, 'x-forwarded-for': ip },
        }),
      ),
    );
    const ids = new Set(await Promise.all(starts.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    let last = 0;
    for (let i = 8; i < CREATE_LIMITS.perOwner + 1; i++) {
      const res = await app.request('/api/en/exams', {
        method: 'POST',
        json: { kind: 'mock' },
        headers: { cookie, 'x-forwarded-for': ip },
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });

  it('exposures are stored once per visitor, and one address brings a bounded number of new visitors', async () => {
    const ip = freshIp();
    const vid = await newVisitor(ip);
    for (let i = 0; i < 10; i++) {
      const res = await app.request('/api/remotes/exposures', {
        method: 'POST',
        json: { remote: 'mf_learn' },
        headers: { cookie: vid, 'x-forwarded-for': ip },
      });
      expect(res.status).toBe(204);
    }
    const rows = await app
      .db('remote_exposures')
      .where({ visitor_id: vid.split('=')[1], remote: 'mf_learn' });
    expect(rows).toHaveLength(1);

    const flood = freshIp();
    let refused = 0;
    for (let i = 0; i < NEW_VISITORS.perIp + 2; i++) {
      const res = await app.request('/api/remotes', { headers: { 'x-forwarded-for': flood } });
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(2);
    // A visitor who already has a cookie is never refused.
    expect(
      (await app.request('/api/remotes', { headers: { cookie: vid, 'x-forwarded-for': flood } })).status,
    ).toBe(200);

    // Beacons are limited per visitor (counted before anything is stored): its exposure, then conversions.
    const beaconIp = freshIp();
    const beaconVid = await newVisitor(beaconIp);
    const statuses: number[] = [];
    for (let i = 0; i < BEACON_LIMIT + 1; i++) {
      const res = await app.request(i === 0 ? '/api/remotes/exposures' : '/api/remotes/conversions', {
        method: 'POST',
        json: i === 0 ? { remote: 'mf_learn' } : { remote: 'mf_learn', event: 'first_answer' },
        headers: { cookie: beaconVid, 'x-forwarded-for': beaconIp },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, BEACON_LIMIT).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});

/** A request exactly as written (no URL normalisation), like `curl --path-as-is`. */
function rawRequest(method: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('8. no file-existence oracle', () => {
  it('dot segments are refused before the file system is asked: an existing and a missing file answer alike', async () => {
    const answers = await Promise.all(
      [
        '/../../../../etc/passwd',
        '/../../../../etc/no-such-file',
        '/./../../etc/hostname',
        '/static/../../../etc/passwd',
      ].map((p) => rawRequest('GET', p)),
    );
    for (const a of answers) expect(a.status).toBe(404);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    for (const p of ['/remotes/mf_learn/../../../etc/passwd', '/catalog-images/..']) {
      expect((await rawRequest('GET', p)).status).toBe(404);
    }
  });
});

describe('9. Permissions-Policy', () => {
  it('turns camera, microphone and geolocation off on pages and API answers', async () => {
    for (const path of ['/', '/api/en/german-federal-states', '/healthz']) {
      const policy = (await app.request(path)).headers.get('permissions-policy') ?? '';
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
    }
  });
});
