import { Celebrations } from '@buergerfit/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { answerKey, liveQuestionIds } from '../../../test/helpers/questions';
import { signIn } from '../../../test/helpers/sign-in';

/**
 * Celebrations over real HTTP (issue 30, item 6): a win is listed until the client says it has shown it, then never
 * again — on a reload, on another device (another session of the same account) — and what comes next is computed
 * from the learner's own figures (expected values written here).
 */

let app: TestApp;
let key: Map<number, number>;
let general: number[];

beforeAll(async () => {
  app = await createTestApp();
  key = await answerKey(app.db);
  general = await liveQuestionIds(app.db, null);
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Fixes the clock the BFF sees (`new Date()` in this process); timers stay real. */
const setClock = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
};

type Learner = { cookie: string; name: string };
let seq = 0;
/**
 * A signed-in learner in Berlin. `since`: as if they had signed up then (their `celebrated_until`), for the tests
 * that fix the clock in the past (access tokens carry real times, so a clock fixed ahead of them would expire them).
 */
async function learner(since?: string): Promise<Learner> {
  const name = `cele-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const cookie = await signIn(app, name);
  const res = await app.request('/api/user/setting/german-federal-state', {
    method: 'PATCH',
    json: { selected_state: 'BE' },
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  if (since) await app.db('users').where({ username: name }).update({ celebrated_until: since });
  return { cookie, name };
}

const send = (who: Learner, method: string, path: string, json?: unknown) =>
  app.request(path, { method, json, headers: { cookie: who.cookie } });

async function celebrations(who: Learner): Promise<Celebrations> {
  const res = await send(who, 'GET', '/api/en/user/celebrations');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return Celebrations.parse(await res.json());
}

const seen = (who: Learner, until: string) => send(who, 'POST', '/api/en/user/celebrations/seen', { until });

/** A mock test through the exam API with the first `right` positions answered right, the rest wrong. */
async function takeMock(who: Learner, right: number): Promise<{ id: string; finishedAt: string }> {
  const started = await send(who, 'POST', '/api/en/exams', { kind: 'mock' });
  expect(started.status).toBe(201);
  const attempt: { id: string; questions: { position: number; number: number }[] } = await started.json();
  for (const q of attempt.questions) {
    const correct = key.get(q.number) as number;
    const res = await send(who, 'PUT', `/api/en/exams/${attempt.id}/answers/${q.position}`, {
      answer: q.position <= right ? correct : (correct + 1) % 4,
    });
    expect(res.status).toBe(200);
  }
  const done = await send(who, 'POST', `/api/en/exams/${attempt.id}/finalize`);
  expect(done.status).toBe(200);
  const body: { result: { finalizedAt: string; correct: number } } = await done.json();
  expect(body.result.correct).toBe(right);
  return { id: attempt.id, finishedAt: body.result.finalizedAt };
}

/** A learn answer at a fixed clock. */
async function answer(who: Learner, q: number, at: string): Promise<void> {
  setClock(at);
  const res = await send(who, 'POST', '/api/en/learn-mode', { question_id: q, is_correct: true });
  expect(res.status).toBe(201);
}

describe('GET /api/:lang/user/celebrations', () => {
  it('needs a session', async () => {
    expect((await app.request('/api/en/user/celebrations')).status).toBe(401);
    const res = await app.request('/api/en/user/celebrations/seen', {
      method: 'POST',
      json: { until: '2026-11-28T10:00:00.000Z' },
    });
    expect(res.status).toBe(401);
  });

  it('a new learner has nothing to celebrate', async () => {
    const who = await learner();
    expect(await celebrations(who)).toEqual({ items: [], next: null, until: null });
  });

  it('a first pass is celebrated with its badge and "3 more to 80 %", once, on every device', async () => {
    const who = await learner();
    const mock = await takeMock(who, 24);
    const first = await celebrations(who);
    expect(first).toEqual({
      items: [
        {
          kind: 'mockPassed',
          attemptId: mock.id,
          correct: 24,
          total: 33,
          passMark: 17,
          passes: 1,
          at: mock.finishedAt,
        },
        { kind: 'badge', code: 'FIRST_TEST', at: mock.finishedAt },
      ],
      // The 80 % badge needs 27 of 33: 3 more than 24.
      next: { kind: 'score80', more: 3, target: 27, total: 33 },
      until: mock.finishedAt,
    });
    // Reading again changes nothing: it is listed until the client says it has shown it.
    expect(await celebrations(who)).toEqual(first);

    expect((await seen(who, mock.finishedAt)).status).toBe(204);
    expect(await celebrations(who)).toEqual({ items: [], next: null, until: null });
    // Another device of the same account (a second sign-in): already celebrated there too.
    const other = { ...who, cookie: await signIn(app, who.name) };
    expect(await celebrations(other)).toEqual({ items: [], next: null, until: null });
  });

  it('a pass at 80 % earns both badges; next is what firms the readiness up', async () => {
    const who = await learner();
    const mock = await takeMock(who, 28);
    const c = await celebrations(who);
    expect(c.items.map((i) => (i.kind === 'badge' ? i.code : i.kind))).toEqual([
      'mockPassed',
      'SCORE_80',
      'FIRST_TEST',
    ]);
    // Firm needs 2 mock tests and 150 questions answered: 1 more test, 150 − 33 = 117 more questions.
    expect(c.next).toEqual({ kind: 'firmUp', mocks: 1, questions: 117 });
    expect(c.until).toBe(mock.finishedAt);
  });

  it('a failed first test is a first badge, and next is the right answers it lacked to pass', async () => {
    const who = await learner();
    const mock = await takeMock(who, 15);
    expect(await celebrations(who)).toEqual({
      items: [{ kind: 'badge', code: 'FIRST_TEST', at: mock.finishedAt }],
      next: { kind: 'pass', more: 2, target: 17, total: 33 },
      until: mock.finishedAt,
    });
    await seen(who, mock.finishedAt);
    // A pass later is new again: the second test, passed, is the learner's first pass.
    const second = await takeMock(who, 20);
    const c = await celebrations(who);
    expect(c.items).toEqual([
      {
        kind: 'mockPassed',
        attemptId: second.id,
        correct: 20,
        total: 33,
        passMark: 17,
        passes: 1,
        at: second.finishedAt,
      },
    ]);
    expect(c.next).toEqual({ kind: 'score80', more: 7, target: 27, total: 33 });
  });

  it('a streak milestone is celebrated once, dated by the first answer of the day it was reached', async () => {
    const who = await learner('2026-03-01T00:00:00.000Z');
    const [q1, q2, q3, q4] = general as [number, number, number, number];
    // Berlin days 10, 11 and 12 March (CET: UTC+1); the 12th begins at 23:00 UTC on the 11th.
    await answer(who, q1, '2026-03-10T08:00:00.000Z');
    await answer(who, q2, '2026-03-11T19:30:00.000Z');
    setClock('2026-03-11T20:00:00.000Z');
    expect((await celebrations(who)).items).toEqual([]);
    await answer(who, q3, '2026-03-11T23:15:00.000Z');
    await answer(who, q4, '2026-03-12T07:00:00.000Z');
    const c = await celebrations(who);
    expect(c).toEqual({
      items: [{ kind: 'streak', days: 3, at: '2026-03-11T23:15:00.000Z' }],
      // The next milestone is 7 days: 4 more.
      next: { kind: 'streak', more: 4, days: 7 },
      until: '2026-03-11T23:15:00.000Z',
    });
    expect((await seen(who, c.until as string)).status).toBe(204);
    await answer(who, q1, '2026-03-12T09:00:00.000Z');
    expect((await celebrations(who)).items).toEqual([]);
    // The same streak the next day is 4 days: no new milestone.
    await answer(who, q2, '2026-03-13T09:00:00.000Z');
    expect((await celebrations(who)).items).toEqual([]);
  });

  it('seven days in a row: the STREAK_7 badge says it (no second item for the same 7 days)', async () => {
    const who = await learner('2026-03-01T00:00:00.000Z');
    const days = ['10', '11', '12', '13', '14', '15', '16'];
    for (const [i, d] of days.entries()) {
      await answer(who, general[i] as number, `2026-03-${d}T10:00:00.000Z`);
      if (d === '12') {
        const three = await celebrations(who);
        expect(three.items).toEqual([{ kind: 'streak', days: 3, at: '2026-03-12T10:00:00.000Z' }]);
        await seen(who, three.until as string);
      }
    }
    expect(await celebrations(who)).toEqual({
      items: [{ kind: 'badge', code: 'STREAK_7', at: '2026-03-16T10:00:00.000Z' }],
      next: { kind: 'streak', more: 7, days: 14 },
      until: '2026-03-16T10:00:00.000Z',
    });
  });

  it('"seen" never moves back, and is cut to the clock: a later win is still celebrated', async () => {
    const who = await learner('2026-03-01T00:00:00.000Z');
    setClock('2026-03-20T10:00:00.000Z');
    // A year ahead is cut to the clock (plus 10 minutes of skew between instances and the database).
    expect((await seen(who, '2027-03-20T10:00:00.000Z')).status).toBe(204);
    // An earlier one does not move it back.
    expect((await seen(who, '2026-03-02T10:00:00.000Z')).status).toBe(204);
    const stored = await app.db('users').where({ username: who.name }).first('celebrated_until');
    expect(new Date(stored.celebrated_until).toISOString()).toBe('2026-03-20T10:10:00.000Z');
    for (const [i, q] of general.slice(0, 10).entries()) {
      setClock(`2026-03-20T11:${String(i).padStart(2, '0')}:00.000Z`);
      const res = await send(who, 'POST', `/api/en/user/bookmarks/q${q}`);
      expect(res.status).toBe(201);
    }
    expect((await celebrations(who)).items).toEqual([
      { kind: 'badge', code: 'BOOKMARK_10', at: '2026-03-20T11:09:00.000Z' },
    ]);
    // A learner who has never taken a mock test: next is what firms the readiness up (2 tests, 150 questions).
    expect((await celebrations(who)).next).toEqual({ kind: 'firmUp', mocks: 2, questions: 150 });
  });

  it('refuses a "seen" that is not an instant', async () => {
    const who = await learner();
    const res = await seen(who, 'yesterday');
    expect(res.status).toBe(400);
    expect((await send(who, 'POST', '/api/en/user/celebrations/seen', {})).status).toBe(400);
  });
});
