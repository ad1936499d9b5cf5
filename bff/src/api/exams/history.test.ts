import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { answerKey } from '../../../test/helpers/questions';
import { CookieJar, signIn, signInFlow } from '../../../test/helpers/sign-in';

/** Exam history and review, "Practise my mistakes", and a guest's demo claimed at sign-up (issue 12). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Attempt = { id: string; questions: { position: number; number: number }[] };

/** A browser: its own cookie jar, requests with its cookies. */
function browser(jar = new CookieJar()) {
  return {
    jar,
    async call(method: string, path: string, json?: unknown) {
      const res = await app.request(path, { method, json, headers: { cookie: jar.header() } });
      jar.store(res);
      return res;
    },
  };
}
type Browser = ReturnType<typeof browser>;

async function signedIn(name: string): Promise<Browser> {
  const b = browser();
  const r = await signInFlow(app, { name: `${name}-${Math.random().toString(36).slice(2, 8)}`, jar: b.jar });
  expect(r.location).not.toMatch(/error=/);
  return b;
}

/** Positions 1–20 right (5 marked unsure), 21–30 wrong, 31–33 blank. */
async function take(b: Browser, kind: 'demo' | 'mock'): Promise<Attempt> {
  const res = await b.call('POST', '/api/en/exams', { kind, state: 'BY' });
  expect(res.status).toBe(201);
  const attempt: Attempt = await res.json();
  const key = await answerKey(app.db);
  for (const q of attempt.questions) {
    if (q.position > 30) continue;
    const correct = key.get(q.number) as number;
    const put = await b.call('PUT', `/api/en/exams/${attempt.id}/answers/${q.position}`, {
      answer: q.position <= 20 ? correct : (correct + 1) % 4,
      ...(q.position === 5 ? { unsure: true } : {}),
    });
    expect(put.status).toBe(200);
  }
  return attempt;
}

async function finish(b: Browser, attempt: Attempt) {
  const res = await b.call('POST', `/api/en/exams/${attempt.id}/finalize`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('exam history and review', () => {
  it('lists the learner’s attempts with score and time taken; each opens its full review', async () => {
    const a = await signedIn('history');
    const mock = await take(a, 'mock');
    // Still open: listed as in progress, and its mistakes cannot be practised yet.
    expect((await a.call('GET', `/api/en/exams/${mock.id}/mistakes`)).status).toBe(409);
    const done = await finish(a, mock);
    const demo = await take(a, 'demo');
    await finish(a, demo);

    const list = await (await a.call('GET', '/api/en/exams')).json();
    expect(list.map((x: { id: string; kind: string }) => [x.id, x.kind])).toEqual([
      [demo.id, 'demo'],
      [mock.id, 'mock'],
    ]);
    expect(list[1]).toMatchObject({ status: 'finalized', correct: 20, total: 33, passed: true, state: 'BY' });
    expect(list[1].durationSeconds).toBeGreaterThanOrEqual(0);
    expect(list[1].durationSeconds).toBeLessThan(120);
    expect(new Date(list[1].finishedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(list[1].createdAt).getTime(),
    );
    expect((await a.call('GET', '/api/en/exams?limit=1')).status).toBe(200);
    expect((await (await a.call('GET', '/api/en/exams?limit=1')).json()).length).toBe(1);
    expect((await a.call('GET', '/api/en/exams?limit=0')).status).toBe(400);
    expect((await a.call('GET', '/api/en/exams?limit=abc')).status).toBe(400);

    // The result: time taken, correct answers per topic (the state's three as one group), mistakes.
    const result = done.result;
    expect(result.durationSeconds).toBe(list[1].durationSeconds);
    expect(result.mistakes).toBe(10 + 3 + 1);
    const topics: { id: string; name: string; correct: number; total: number }[] = result.topics;
    expect(topics.reduce((n, t) => n + t.total, 0)).toBe(33);
    expect(topics.reduce((n, t) => n + t.correct, 0)).toBe(20);
    expect(topics.find((t) => t.id === 'state')).toEqual({
      id: 'state',
      name: 'Bavaria',
      correct: 0,
      total: 3,
    });
    expect(topics.map((t) => t.id).slice(-1)).toEqual(['state']);

    // Reopened later: the same full review, every question with the learner's answer, the right one and why.
    const review = await (await a.call('GET', `/api/en/exams/${mock.id}`)).json();
    expect(review.result.review).toHaveLength(33);
    const item5 = review.result.review[4];
    expect(item5).toMatchObject({ position: 5, unsure: true, isCorrect: true });
    expect(review.result.review[20]).toMatchObject({ position: 21, unsure: false, isCorrect: false });
    expect(review.result.review[32]).toMatchObject({ position: 33, answer: null, isCorrect: false });
    expect(review.result.review.every((r: { explanation: unknown }) => r.explanation !== undefined)).toBe(
      true,
    );
    expect(review.questions[30].official).toMatch(/^BY-\d+$/);

    // Practise my mistakes: exactly the wrong, blank and unsure questions, in test order, with their answers.
    const mistakes = await (await a.call('GET', `/api/en/exams/${mock.id}/mistakes`)).json();
    const expected = mock.questions
      .filter((q) => q.position === 5 || q.position > 20)
      .map((q) => `q${q.number}`);
    expect(mistakes.questions.map((q: { id: string }) => q.id)).toEqual(expected);
    expect(mistakes).toMatchObject({ attemptId: mock.id, kind: 'mock' });
    expect(mistakes.questions[0]).toHaveProperty('correct');
    expect(mistakes.questions[0]).toHaveProperty('explanation');
  });

  it('a second learner gets 404 for another’s attempt, its review and its mistakes; a guest 401 for mistakes', async () => {
    const owner = await signedIn('owner');
    const attempt = await take(owner, 'mock');
    await finish(owner, attempt);
    const other = await signedIn('other');
    for (const path of [`/api/en/exams/${attempt.id}`, `/api/en/exams/${attempt.id}/mistakes`]) {
      const res = await other.call('GET', path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('attempt_not_found');
    }
    expect((await other.call('POST', `/api/en/exams/${attempt.id}/finalize`)).status).toBe(404);
    expect(await (await other.call('GET', '/api/en/exams')).json()).toEqual([]);

    const guest = browser();
    const demo = await take(guest, 'demo');
    await finish(guest, demo);
    expect((await guest.call('GET', `/api/en/exams/${demo.id}/mistakes`)).status).toBe(401);
    const seen = await (await guest.call('GET', `/api/en/exams/${demo.id}`)).json();
    expect(seen.result).toMatchObject({ correct: 20, review: null, topics: null, mistakes: 0 });
  });
});

describe('a guest’s demo is claimed at sign-up', () => {
  it('the browser that took it finds it in the new account with its review; answers join the record', async () => {
    const guest = browser();
    const demo = await take(guest, 'demo');
    const res = await guest.call('POST', `/api/en/exams/${demo.id}/finalize`);
    const claimCookie = res.headers.getSetCookie().find((c) => c.startsWith('bf_claim='));
    expect(claimCookie).toMatch(/HttpOnly/i);
    expect(claimCookie).toMatch(/SameSite=Lax/i);
    const token = guest.jar.get('bf_claim') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Another browser signing in gets nothing, even knowing the attempt id.
    const elsewhere = await signedIn('elsewhere');
    expect((await elsewhere.call('GET', `/api/en/exams/${demo.id}`)).status).toBe(404);

    // The guest signs up from that browser and lands on the result with the review.
    const r = await signInFlow(app, { name: 'claimer', redirect: `/demo/result/${demo.id}`, jar: guest.jar });
    expect(r.location).toBe(`/welcome?redirect=${encodeURIComponent(`/demo/result/${demo.id}`)}`);
    expect(guest.jar.get('bf_claim')).toBeUndefined();
    const mine = await (await guest.call('GET', `/api/en/exams/${demo.id}`)).json();
    expect(mine.result.review).toHaveLength(33);
    expect(mine.result.review.filter((x: { isCorrect: boolean }) => !x.isCorrect)).toHaveLength(13);
    const list = await (await guest.call('GET', '/api/en/exams')).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([demo.id]);
    const stats = await (await guest.call('GET', '/api/en/user/statistics')).json();
    expect(stats).toMatchObject({ answered: 30, correct: 20, incorrect: 10 });

    // Claimed once: the same token presented again by another account claims nothing.
    const replay = new CookieJar();
    replay.cookies.set('bf_claim', token);
    const thief = await signInFlow(app, { name: 'replayer', jar: replay });
    expect(thief.location).not.toMatch(/error=/);
    const stolen = await app.request(`/api/en/exams/${demo.id}`, { headers: { cookie: replay.header() } });
    expect(stolen.status).toBe(404);
    const row = await app.db('exam_attempts').where({ id: demo.id }).first('user_id', 'claim_hash');
    expect(row.claim_hash).toBeNull();
  });

  it('a claim token that was never issued, or a forged one, claims nothing and does not break sign-in', async () => {
    const jar = new CookieJar();
    jar.cookies.set('bf_claim', 'x'.repeat(43));
    const r = await signInFlow(app, { name: 'forger', jar });
    expect(r.location).toBe('/welcome');
    const res = await app.request('/api/en/exams', { headers: { cookie: jar.header() } });
    expect(await res.json()).toEqual([]);
    const cookie = await signIn(app, 'no-claim');
    expect((await app.request('/api/en/exams', { headers: { cookie } })).status).toBe(200);
  });
});
