import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { answerKey } from '../../../test/helpers/questions';
import { signIn, userIdOf } from '../../../test/helpers/sign-in';
import { sweepExpiredAttempts } from '../../exam/repository';

let app: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  app = await createTestApp();
  alice = await signIn(app, 'alice');
  bob = await signIn(app, 'bob');
});
afterAll(() => app.close());

type Attempt = {
  id: string;
  status: string;
  state: string;
  timeLeftSeconds: number | null;
  questions: {
    position: number;
    id: string;
    state: string | null;
    answers: string[];
    answer: number | null;
  }[];
  result: null | {
    correct: number;
    total: number;
    passed: boolean;
    review: null | { id: string; correct: number; isCorrect: boolean }[];
  };
};

const start = async (cookie: string, body: object, lang = 'en') => {
  const res = await app.request(`/api/${lang}/exams`, {
    method: 'POST',
    json: body,
    headers: cookie ? { cookie } : {},
  });
  // 201 for a new attempt; 200 when the owner's open attempt of that kind and state is continued.
  return { res, attempt: (res.status === 201 || res.status === 200 ? await res.json() : null) as Attempt };
};
const answer = (cookie: string, id: string, position: number, body: object) =>
  app.request(`/api/en/exams/${id}/answers/${position}`, { method: 'PUT', json: body, headers: { cookie } });

async function correctAnswers(): Promise<Map<string, number>> {
  return new Map([...(await answerKey(app.db))].map(([id, correct]) => [`q${id}`, correct]));
}

/** Starts a mock test and answers the first `right` questions correctly and the rest wrongly. */
async function answerWith(right: number, cookie = alice): Promise<Attempt> {
  const { attempt } = await start(cookie, { kind: 'mock', state: 'HH' });
  const key = await correctAnswers();
  for (const q of attempt.questions) {
    const correct = key.get(q.id) as number;
    const res = await answer(cookie, attempt.id, q.position, {
      answer: q.position <= right ? correct : (correct + 1) % 4,
    });
    expect(res.status).toBe(200);
  }
  return attempt;
}

/** Answers the first `right` questions correctly and the rest wrongly, then finalizes. */
async function scoreWith(right: number, cookie = alice): Promise<Attempt> {
  const attempt = await answerWith(right, cookie);
  const fin = await app.request(`/api/en/exams/${attempt.id}/finalize`, {
    method: 'POST',
    headers: { cookie },
  });
  expect(fin.status).toBe(200);
  return fin.json();
}

const userId = (cookie: string) => userIdOf(app, cookie);
const achievementCodes = async (cookie: string): Promise<string[]> =>
  (
    await app
      .db('achievements')
      .where({ user_id: await userId(cookie) })
      .pluck('code')
  ).sort();
/** Moves an attempt's deadline into the past, as if the learner had left it open beyond the 60 minutes. */
const expire = (id: string, ago = "interval '5 minutes'") =>
  app
    .db('exam_attempts')
    .where({ id })
    .update({ deadline_at: app.db.raw(`now() - ${ago}`) });

describe('exam attempts', () => {
  it('draws 30 general and 3 state questions, no duplicates, and never sends the correct answers', async () => {
    const { res, attempt } = await start(alice, { kind: 'mock', state: 'BY' });
    expect(res.status).toBe(201);
    expect(attempt.questions).toHaveLength(33);
    expect(attempt.questions.filter((q) => q.state === null)).toHaveLength(30);
    expect(attempt.questions.filter((q) => q.state === 'BY')).toHaveLength(3);
    expect(new Set(attempt.questions.map((q) => q.id)).size).toBe(33);
    expect(attempt.timeLeftSeconds).toBeGreaterThan(59 * 60);
    for (const text of [
      JSON.stringify(attempt),
      await (await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: alice } })).text(),
      await (await answer(alice, attempt.id, 1, { answer: 2, unsure: true })).text(),
    ]) {
      expect(text).not.toMatch(/"correct"|"explanation"|"isCorrect"/);
    }
  });

  it('saves answers and the unsure mark as the learner goes, so a reload resumes', async () => {
    const { attempt } = await start(alice, { kind: 'demo' });
    await answer(alice, attempt.id, 5, { answer: 1 });
    await answer(alice, attempt.id, 6, { unsure: true });
    const again: Attempt = await (
      await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: alice } })
    ).json();
    expect(again.questions[4]).toMatchObject({ answer: 1 });
    expect(again.questions[5]).toMatchObject({ answer: null, unsure: true });
    const list = await (await app.request('/api/en/exams', { headers: { cookie: alice } })).json();
    expect(list.find((a: { id: string }) => a.id === attempt.id)?.status).toBe('in_progress');
  });

  it.each([
    [16, false],
    [17, true],
    [18, true],
  ])('scores %i correct as passed=%s with 17 to pass, and reviews every answer', async (right, passed) => {
    const done = await scoreWith(right);
    expect(done.status).toBe('finalized');
    expect(done.result).toMatchObject({ correct: right, total: 33, passed });
    expect(done.result?.review).toHaveLength(33);
    expect(done.result?.review?.filter((r) => r.isCorrect)).toHaveLength(right);
  });

  it('refuses answers after finalize', async () => {
    const done = await scoreWith(20);
    const res = await answer(alice, done.id, 1, { answer: 0 });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('attempt_finalized');
  });

  it('enforces the 60-minute limit on the server: at zero the attempt is finalized and answers are refused', async () => {
    const { attempt } = await start(alice, { kind: 'mock' });
    await answer(alice, attempt.id, 1, { answer: 0 });
    await app
      .db('exam_attempts')
      .where({ id: attempt.id })
      .update({ deadline_at: app.db.raw("now() - interval '1 second'") });
    const late = await answer(alice, attempt.id, 2, { answer: 0 });
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe('deadline_passed');
    const after: Attempt = await (
      await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: alice } })
    ).json();
    expect(after.status).toBe('finalized');
    expect(after.questions[1]?.answer).toBeNull();
    expect(after.result?.total).toBe(33);
  });

  it('takes the state questions from the signed-in learner’s profile when no state is sent', async () => {
    const carol = await signIn(app, 'carol-profile-state');
    const patch = await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'SN' },
      headers: { cookie: carol },
    });
    expect(patch.status).toBe(200);
    for (const kind of ['mock', 'demo']) {
      const { res, attempt } = await start(carol, { kind });
      expect(res.status).toBe(201);
      expect(attempt.state).toBe('SN');
      const state = attempt.questions.filter((q) => q.state !== null);
      expect(state.map((q) => q.state)).toEqual(['SN', 'SN', 'SN']);
      expect(state.map((q) => q.position)).toEqual([31, 32, 33]);
    }
  });

  it.each([
    [26, ['FIRST_TEST']],
    [27, ['FIRST_TEST', 'SCORE_80']],
  ])('awards SCORE_80 from 80 percent of 33: %i correct earns %j', async (right, codes) => {
    const learner = await signIn(app, `score80-${right}`);
    const done = await scoreWith(right, learner);
    expect(done.result).toMatchObject({ correct: right, total: 33, passed: true });
    expect(await achievementCodes(learner)).toEqual(codes);
    const achievements = await (
      await app.request('/api/en/user/achievements', { headers: { cookie: learner } })
    ).json();
    expect(achievements.find((a: { code: string }) => a.code === 'SCORE_80')?.earned).toBe(right >= 27);
  });

  it('lists a mock test that ran out of time unopened as finished, and the sweep stores it so', async () => {
    const dora = await signIn(app, 'dora-expired-list');
    const attempt = await answerWith(27, dora);
    const demo = (await start(dora, { kind: 'demo' })).attempt;
    await expire(attempt.id);
    const [row] = await app.db('exam_attempts').where({ id: attempt.id }).select('deadline_at');
    // Not reopened: the list is the first thing the learner reads.
    const list: { id: string; status: string; correct: number | null; passed: boolean | null }[] = await (
      await app.request('/api/en/exams', { headers: { cookie: dora } })
    ).json();
    expect(list.find((a) => a.id === attempt.id)).toMatchObject({
      status: 'finalized',
      correct: 27,
      passed: true,
    });
    // The demo has no clock and stays open.
    expect(list.find((a) => a.id === demo.id)?.status).toBe('in_progress');
    // The list only read: nothing is stored until the sweep (or the learner's next write on exams).
    expect(await app.db('exam_attempts').where({ id: attempt.id }).first()).toMatchObject({
      finalized_at: null,
      correct_count: null,
    });
    expect(await achievementCodes(dora)).toEqual([]);
    expect(await sweepExpiredAttempts(app.db)).toBeGreaterThanOrEqual(1);
    const stored = await app.db('exam_attempts').where({ id: attempt.id }).first();
    // It ended at its deadline, not when it happened to be scored.
    expect(new Date(stored.finalized_at).toISOString()).toBe(new Date(row.deadline_at).toISOString());
    expect(await achievementCodes(dora)).toEqual(['FIRST_TEST', 'SCORE_80']);
    // Opening it afterwards shows the same result; answers are still refused.
    const view: Attempt = await (
      await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: dora } })
    ).json();
    expect(view.result).toMatchObject({ correct: 27, passed: true });
    expect((await answer(dora, attempt.id, 1, { answer: 0 })).status).toBe(409);
  });

  it('counts a mock test that ran out of time unopened on the dashboard, without writing', async () => {
    const emil = await signIn(app, 'emil-expired-dashboard');
    const attempt = await answerWith(28, emil);
    await expire(attempt.id, "interval '2 days'");
    const other = await answerWith(10, bob); // someone else's expired test is not touched by emil's reads
    await expire(other.id);
    const res = await app.request('/api/en/user/dashboard', { headers: { cookie: emil } });
    expect(res.status).toBe(200);
    const dash = await res.json();
    expect(dash.statistics.exams).toMatchObject({ taken: 1, passed: 1, averageCorrect: 28 });
    expect(dash.statistics.exams.recent).toEqual([
      expect.objectContaining({ id: attempt.id, correct: 28, total: 33, passed: true }),
    ]);
    expect(dash.readiness.mocks).toEqual({ count: 1, averageCorrect: 28 });
    const earned = Object.fromEntries(
      dash.achievements.map((a: { code: string; earned: boolean }) => [a.code, a.earned]),
    );
    // What its finalize will award, shown as earned in this very response.
    expect(earned).toMatchObject({ FIRST_TEST: true, SCORE_80: true });
    const stored = await app.db('exam_attempts').where({ id: other.id }).first();
    expect(stored.finalized_at).toBeNull();
    // The dashboard only read: emil's attempt and achievements are not stored yet.
    expect((await app.db('exam_attempts').where({ id: attempt.id }).first()).finalized_at).toBeNull();
    expect(await achievementCodes(emil)).toEqual([]);
  });

  it('no GET writes: an expired attempt stays as stored through every read; the sweep finalizes it once', async () => {
    const fay = await signIn(app, 'fay-expired-reads');
    const attempt = await answerWith(20, fay);
    await expire(attempt.id);
    const before = await app.db('exam_attempts').where({ id: attempt.id }).first();
    expect(before.finalized_at).toBeNull();
    for (const path of [
      '/api/en/user/dashboard',
      '/api/en/user/statistics',
      '/api/en/user/achievements',
      '/api/en/exams',
      `/api/en/exams/${attempt.id}`,
      `/api/en/exams/${attempt.id}/mistakes`,
      '/api/user/export',
    ]) {
      expect((await app.request(path, { headers: { cookie: fay } })).status, path).toBe(200);
    }
    // Every read tells the truth: the test is over, scored by its answers, finished at its deadline.
    const view: Attempt & { result: { finalizedAt: string } } = await (
      await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: fay } })
    ).json();
    expect(view).toMatchObject({ status: 'finalized', timeLeftSeconds: null });
    expect(view.result).toMatchObject({ correct: 20, total: 33, passed: true });
    expect(new Date(view.result.finalizedAt).toISOString()).toBe(new Date(before.deadline_at).toISOString());
    expect(await app.db('exam_attempts').where({ id: attempt.id }).first()).toEqual(before);
    expect(await achievementCodes(fay)).toEqual([]);
    expect(await app.db('learn_answers').where({ attempt_id: attempt.id })).toEqual([]);

    expect(await sweepExpiredAttempts(app.db)).toBeGreaterThanOrEqual(1);
    const swept = await app.db('exam_attempts').where({ id: attempt.id }).first();
    expect(swept).toMatchObject({ correct_count: 20, passed: true });
    expect(new Date(swept.finalized_at).toISOString()).toBe(new Date(before.deadline_at).toISOString());
    expect(await achievementCodes(fay)).toEqual(['FIRST_TEST']);
    // What the reads showed is what was stored.
    const after: Attempt = await (
      await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: fay } })
    ).json();
    expect(after.result).toEqual(view.result);
    // A second sweep finds nothing left to do.
    expect(await sweepExpiredAttempts(app.db)).toBe(0);
    expect(await app.db('exam_attempts').where({ id: attempt.id }).first()).toEqual(swept);
  });

  it("the learner's next write on exams finalizes their attempts that ran out of time", async () => {
    const gus = await signIn(app, 'gus-expired-write');
    const attempt = await answerWith(17, gus);
    await expire(attempt.id);
    expect((await start(gus, { kind: 'demo' })).res.status).toBe(201);
    const stored = await app.db('exam_attempts').where({ id: attempt.id }).first();
    expect(stored).toMatchObject({ correct_count: 17, passed: true });
    expect(stored.finalized_at).not.toBeNull();
    expect(await achievementCodes(gus)).toEqual(['FIRST_TEST']);
  });

  it('awards FIRST_TEST and SCORE_80 once', async () => {
    await scoreWith(30);
    const me = await (await app.request('/api/user/me', { headers: { cookie: alice } })).json();
    const codes = await app.db('achievements').where({ user_id: me.id }).pluck('code');
    expect(codes.sort()).toEqual(['FIRST_TEST', 'SCORE_80']);
  });

  it("does not let another user read, answer or finalize someone's attempt", async () => {
    const { attempt } = await start(alice, { kind: 'mock' });
    for (const res of [
      await app.request(`/api/en/exams/${attempt.id}`, { headers: { cookie: bob } }),
      await answer(bob, attempt.id, 1, { answer: 0 }),
      await app.request(`/api/en/exams/${attempt.id}/finalize`, { method: 'POST', headers: { cookie: bob } }),
      await app.request(`/api/en/exams/${attempt.id}`),
    ]) {
      expect(res.status).toBe(404);
    }
    const bobs = await (await app.request('/api/en/exams', { headers: { cookie: bob } })).json();
    expect(bobs.map((a: { id: string }) => a.id)).not.toContain(attempt.id);
  });

  it('lets a guest take the demo with a default state and shows only the score', async () => {
    const first = await app.request('/api/de/exams', { method: 'POST', json: {} });
    expect(first.status).toBe(201);
    const guest = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const attempt: Attempt = await first.json();
    expect(attempt.state).toBe('BE');
    const fin = await app.request(`/api/de/exams/${attempt.id}/finalize`, {
      method: 'POST',
      headers: { cookie: guest },
    });
    const done: Attempt = await fin.json();
    expect(fin.status, JSON.stringify(done)).toBe(200);
    expect(done.result).toMatchObject({ correct: 0, total: 33, passed: false, review: null });
    expect(JSON.stringify(done)).not.toMatch(/"isCorrect"|"explanation"/);
    // Guests cannot start the timed mock test; another guest cannot see this attempt.
    expect((await start('', { kind: 'mock' })).res.status).toBe(401);
    expect((await app.request(`/api/de/exams/${attempt.id}`)).status).toBe(404);
  });

  it('rejects bad input with 400 and names the field', async () => {
    const bad = await start(alice, { kind: 'final', state: 'XX' });
    expect(bad.res.status).toBe(400);
    const { attempt } = await start(alice, { kind: 'demo' });
    for (const [pos, body] of [
      [1, { answer: 4 }],
      [34, { answer: 1 }],
      [1, {}],
      [1, { answer: '1' }],
    ] as const) {
      expect((await answer(alice, attempt.id, pos, body)).status).toBe(400);
    }
    expect((await app.request('/api/en/exams/not-a-uuid', { headers: { cookie: alice } })).status).toBe(400);
    expect((await start(alice, { state: 'ZZ' })).res.status).toBe(400);
  });
});
