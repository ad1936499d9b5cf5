import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAUTH_START_LIMITS } from '../src/api/auth/auth';
import { CHALLENGE_ROUNDS_PER_DAY } from '../src/api/learn/learn';
import { CHALLENGE_ROUNDS_KEPT } from '../src/learn/repository';
import { createTestApp, type TestApp } from './helpers/app';
import { clearOfWindowEnd } from './helpers/rate-window';
import { CookieJar, signIn } from './helpers/sign-in';

// What one learner or one client can make the server store is bounded (issue 29): challenge rounds, OAuth sign-in
// starts, and the length of a name a sign-in provider reports.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await app.db(table).where(where).count({ n: '*' }).first())?.n);

describe('challenge rounds', () => {
  beforeEach(() => clearOfWindowEnd(app.db, [24 * 3600]));

  const round = { correct: 10, answered: 20, best_streak: 4, duration_seconds: 200 };
  const post = (cookie: string, body = round) =>
    app.request('/api/en/learn/challenge', { method: 'POST', headers: { cookie }, json: body });

  it('a learner keeps the newest 100 rounds and the personal best, however many were stored', async () => {
    const cookie = await signIn(app, 'challenge-keeper');
    const user = await app.db('users').where({ username: 'challenge-keeper' }).first('id');
    // 150 rounds of earlier days, the best of them the oldest.
    const day = 24 * 3600 * 1000;
    const earlier = Array.from({ length: 150 }, (_, i) => ({
      user_id: user.id,
      score: i === 0 ? 9_999 : 100 + i,
      correct: 10,
      answered: 20,
      best_streak: 4,
      duration_seconds: 200,
      created_at: new Date(Date.now() - (200 - i) * day),
    }));
    await app.db.batchInsert('challenge_scores', earlier, 100);
    const res = await post(cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ personalBest: 9_999, isPersonalBest: false });
    expect(await count('challenge_scores', { user_id: user.id })).toBe(CHALLENGE_ROUNDS_KEPT + 1);
    const kept: { score: number }[] = await app
      .db('challenge_scores')
      .where({ user_id: user.id })
      .orderBy('created_at', 'desc')
      .select('score');
    // After the new round: the 99 newest before it (scores 249 down to 151), and the best.
    expect(kept.slice(1).map((r) => r.score)).toEqual([
      ...Array.from({ length: 99 }, (_, i) => 249 - i),
      9_999,
    ]);
    const best = await (await app.request('/api/en/learn/challenge/best', { headers: { cookie } })).json();
    expect(best.best.score).toBe(9_999);
    expect(best.recent).toHaveLength(5);
  });

  it(`at most ${CHALLENGE_ROUNDS_PER_DAY} rounds a day are recorded: then 429 and nothing stored`, async () => {
    const cookie = await signIn(app, 'challenge-daily');
    const user = await app.db('users').where({ username: 'challenge-daily' }).first('id');
    for (let i = 0; i < CHALLENGE_ROUNDS_PER_DAY; i++) expect((await post(cookie)).status).toBe(201);
    const over = await post(cookie);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await over.json()).error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^That is enough challenge rounds for today\. Try again in \d+ minutes?\.$/,
      ),
    });
    expect(await count('challenge_scores', { user_id: user.id })).toBe(CHALLENGE_ROUNDS_PER_DAY);
    // Another learner is not affected.
    expect((await post(await signIn(app, 'challenge-other'))).status).toBe(201);
  }, 60_000);
});

describe('OAuth sign-in starts', () => {
  beforeEach(() => clearOfWindowEnd(app.db, [OAUTH_START_LIMITS.windowSeconds]));

  /** Step 1 of a sign-in, as a browser without cookies starts it, from `ip`. */
  const start = (ip: string) =>
    fetch(`${app.url}/auth/local?login_hint=starter`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': ip },
    });

  it('one network (an IPv6 /64) may start a bounded number; then 429 and no transport session is stored', async () => {
    const before = await count('oauth_sessions');
    for (let i = 1; i <= OAUTH_START_LIMITS.perNetwork; i++) {
      const res = await start(`2001:db8:5:5::${i.toString(16)}`);
      expect(res.status).toBe(302);
      await res.arrayBuffer();
    }
    expect(await count('oauth_sessions')).toBe(before + OAUTH_START_LIMITS.perNetwork);
    const over = await start('2001:db8:5:5:abcd::1');
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe('rate_limited');
    expect(over.headers.getSetCookie()).toEqual([]);
    expect(await count('oauth_sessions')).toBe(before + OAUTH_START_LIMITS.perNetwork);
    // Another network starts as usual.
    expect((await start('2001:db8:5:6::1')).status).toBe(302);
  }, 60_000);

  it('transport sessions that ended are swept when a new one is stored', async () => {
    for (let i = 0; i < 5; i++) expect((await start(`192.0.2.${50 + i}`)).status).toBe(302);
    // Ten minutes later (the database's clock moved on for these rows).
    await app.db('oauth_sessions').update({ expires_at: app.db.raw("now() - interval '1 second'") });
    expect((await start('192.0.2.60')).status).toBe(302);
    expect(await count('oauth_sessions')).toBe(1);
  });
});

/**
 * A stand-in for a GitHub (as GITHUB_URL names an Enterprise Server) that signs in at once and reports the profile
 * given: its authorize step redirects straight back with a code, its token endpoint and API answer for it.
 */
async function fakeGitHub(user: Record<string, unknown>) {
  const codes = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.test');
    const json = (value: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const code = randomBytes(8).toString('hex');
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token')
      return json({ access_token: 'gho_test', token_type: 'bearer' });
    if (url.pathname === '/api/v3/user') return json(user);
    if (url.pathname === '/api/v3/user/emails') return json([]);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('names from a sign-in provider', () => {
  it('a 5,000-character name is stored and shown as its first 39 characters and an ellipsis', async () => {
    const long = `${'Ä'.repeat(36)}bcd${'x'.repeat(4_961)}`;
    const github = await fakeGitHub({ id: 4242, login: long, name: long, email: null, avatar_url: null });
    const gh = await createTestApp({
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_URL: github.url,
      GITHUB_API_URL: `${github.url}/api/v3`,
    });
    try {
      const jar = new CookieJar();
      // The browser's round trip: the app's start, GitHub's authorize, the app's callback, then the app's page.
      let url = `${gh.url}/auth/github`;
      for (let hop = 0; hop < 6 && (url.startsWith(`${gh.url}/auth/`) || url.startsWith(github.url)); hop++) {
        const ours = url.startsWith(gh.url);
        const res = await fetch(url, { redirect: 'manual', headers: ours ? { cookie: jar.header() } : {} });
        if (ours) jar.store(res);
        expect(res.status, url).toBe(302);
        url = new URL(res.headers.get('location') ?? '', url).toString();
      }
      expect(url).toBe(`${gh.url}/welcome`);
      const me = await (await gh.request('/api/user/me', { headers: { cookie: jar.header() } })).json();
      expect(me.name).toBe(`${'Ä'.repeat(36)}bcd…`);
      expect(me.name).toHaveLength(40);
      expect(await gh.db('users').pluck('username')).toEqual([`${'Ä'.repeat(36)}bcd…`]);
      expect(await gh.db('identities').pluck('username')).toEqual([`${'Ä'.repeat(36)}bcd…`]);
    } finally {
      await gh.close();
      await github.stop();
    }
  }, 120_000);
});
