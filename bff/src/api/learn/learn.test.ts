import { randomUUID } from 'node:crypto';
import { createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn, userIdOf } from '../../../test/helpers/sign-in';
import { FSRS_PARAMETERS } from '../../learn/scheduler';

let app: TestApp;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([signIn(app, 'learn-alice'), signIn(app, 'learn-bob')]);
  [aliceId, bobId] = await Promise.all([userIdOf(app, alice), userIdOf(app, bob)]);
});
afterAll(() => app.close());

const post = (cookie: string, path: string, json: unknown) =>
  app.request(path, { method: 'POST', json, headers: cookie ? { cookie } : {} });
const get = (cookie: string, path: string) => app.request(path, { headers: cookie ? { cookie } : {} });
const answer = (cookie: string, body: Record<string, unknown>) => post(cookie, '/api/en/learn-mode', body);

const answersOf = (userId: string, questionId: number) =>
  app.db('learn_answers').where({ user_id: userId, question_id: questionId }).orderBy('id');
const progressOf = (userId: string, questionId: number) =>
  app.db('question_progress').where({ user_id: userId, question_id: questionId }).first();

describe('POST /api/{lang}/learn-mode', () => {
  it('needs a session', async () => {
    expect((await answer('', { question_id: 1, is_correct: true })).status).toBe(401);
  });

  it('stores the answer once and updates the progress in the same call', async () => {
    const res = await answer(alice, { question_id: 5, is_correct: true });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      question_id: 5,
      is_correct: true,
      progress: { seen: 1, correct: 1, incorrect: 0, streak: 1, mastered: false },
    });
    expect(new Date(body.progress.due).getTime()).toBeGreaterThan(Date.now());
    const rows = await answersOf(aliceId, 5);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ is_correct: true, mode: 'learn' });

    const again = await (await answer(alice, { question_id: 5, is_correct: true, mode: 'focus' })).json();
    expect(again.progress).toMatchObject({ seen: 2, correct: 2, streak: 2, mastered: true });
    expect(await answersOf(aliceId, 5)).toHaveLength(2);
    expect((await answersOf(aliceId, 5))[1].mode).toBe('focus');

    const wrong = await (await answer(alice, { question_id: 5, is_correct: false })).json();
    expect(wrong.progress).toMatchObject({ seen: 3, correct: 2, incorrect: 1, streak: 0, mastered: false });
    const p = await progressOf(aliceId, 5);
    expect(p).toMatchObject({ seen_count: 3, correct_count: 2, incorrect_count: 1, correct_streak: 0 });
    expect(p.reps).toBe(3);
    expect(p.lapses).toBeGreaterThanOrEqual(0);
  });

  it('FSRS: the due times are exactly what ts-fsrs gives for good → good → again', async () => {
    const q = 7;
    // The expected schedule, straight from ts-fsrs with the same parameters. Each answer comes when the card is
    // due (fixed clock; the access token was issued at the real time, later than these dates, so it is valid).
    const f = fsrs(FSRS_PARAMETERS);
    const t0 = new Date('2026-03-02T08:00:00.000Z');
    const afterGood1 = f.next(createEmptyCard(t0), t0, Rating.Good).card;
    const afterGood2 = f.next(afterGood1, afterGood1.due, Rating.Good).card;
    const afterAgain = f.next(afterGood2, afterGood2.due, Rating.Again).card;
    // Sanity of the expectation itself: a right first answer graduates at once (2 days), the next right answer
    // schedules further, a wrong one then takes the 10-minute relearning step.
    expect(afterGood1.due.getTime() - t0.getTime()).toBe(2 * 86_400_000);
    expect(afterGood2.due.getTime() - afterGood1.due.getTime()).toBeGreaterThan(2 * 86_400_000);
    expect(afterAgain.due.getTime() - afterGood2.due.getTime()).toBe(10 * 60_000);

    try {
      vi.useFakeTimers({ toFake: ['Date'], now: t0 });
      const first = await (await answer(alice, { question_id: q, is_correct: true })).json();
      expect(first.progress.due).toBe(afterGood1.due.toISOString());
      vi.setSystemTime(afterGood1.due);
      const second = await (await answer(alice, { question_id: q, is_correct: true })).json();
      expect(second.progress.due).toBe(afterGood2.due.toISOString());
      vi.setSystemTime(afterGood2.due);
      const third = await (await answer(alice, { question_id: q, is_correct: false })).json();
      expect(third.progress.due).toBe(afterAgain.due.toISOString());
    } finally {
      vi.useRealTimers();
    }
    const p = await progressOf(aliceId, q);
    expect(new Date(p.due).toISOString()).toBe(afterAgain.due.toISOString());
    expect(p.stability).toBeCloseTo(afterAgain.stability, 6);
    expect(p.difficulty).toBeCloseTo(afterAgain.difficulty, 6);
    expect(p.lapses).toBe(afterAgain.lapses);
    expect(p.lapses).toBe(1);
    expect(p.fsrs_state).toBe(State.Relearning);
  });

  it('a flashcard self-grade drives the scheduler: easy schedules further than hard', async () => {
    const easy = await (
      await answer(alice, { question_id: 11, is_correct: true, mode: 'flashcards', rating: 'easy' })
    ).json();
    const hard = await (
      await answer(alice, { question_id: 12, is_correct: true, mode: 'flashcards', rating: 'hard' })
    ).json();
    expect(new Date(easy.progress.due).getTime()).toBeGreaterThan(new Date(hard.progress.due).getTime());
    expect(new Date(easy.progress.due).getTime()).toBeGreaterThan(Date.now() + 20 * 3600_000);
    expect((await answersOf(aliceId, 11))[0].mode).toBe('flashcards');
  });

  it('a repeated client_id is stored exactly once', async () => {
    const client_id = randomUUID();
    const r1 = await answer(alice, { question_id: 20, is_correct: false, client_id });
    const r2 = await answer(alice, { question_id: 20, is_correct: false, client_id });
    expect(r1.status).toBe(201);
    expect(r2.status).toBe(200);
    expect((await r2.json()).duplicate).toBe(true);
    expect(await answersOf(aliceId, 20)).toHaveLength(1);
    expect((await progressOf(aliceId, 20)).seen_count).toBe(1);
    // The same key from another user is that user's own answer.
    expect((await answer(bob, { question_id: 20, is_correct: true, client_id })).status).toBe(201);
    expect(await answersOf(bobId, 20)).toHaveLength(1);
  });

  // Embedded PGlite (pglite-socket) mixes up concurrent extended-protocol statements ("unnamed prepared statement
  // does not exist"), a foundation issue reported separately; there the same requests run one after another.
  const concurrently = <T>(jobs: (() => Promise<T>)[]): Promise<T[]> =>
    app.kind === 'postgres'
      ? Promise.all(jobs.map((j) => j()))
      : jobs.reduce<Promise<T[]>>(async (acc, j) => [...(await acc), await j()], Promise.resolve([]));

  it('parallel answers: one row per 201, progress counts every one, a shared client_id once', async () => {
    const results = await concurrently(
      Array.from({ length: 6 }, (_, i) => () => answer(alice, { question_id: 25, is_correct: i % 2 === 0 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(await answersOf(aliceId, 25)).toHaveLength(6);
    expect(await progressOf(aliceId, 25)).toMatchObject({ seen_count: 6, correct_count: 3, reps: 6 });
    const client_id = randomUUID();
    const same = await concurrently(
      Array.from({ length: 4 }, () => () => answer(alice, { question_id: 26, is_correct: true, client_id })),
    );
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(await answersOf(aliceId, 26)).toHaveLength(1);
    expect((await progressOf(aliceId, 26)).seen_count).toBe(1);
  });

  it.each([
    ['string id', { question_id: 'q1', is_correct: true }, 'question_id'],
    ['non-integer id', { question_id: 1.5, is_correct: true }, 'question_id'],
    ['missing is_correct', { question_id: 1 }, 'is_correct'],
    ['is_correct as string', { question_id: 1, is_correct: 'yes' }, 'is_correct'],
    ['unknown mode', { question_id: 1, is_correct: true, mode: 'exam' }, 'mode'],
    ['unknown rating', { question_id: 1, is_correct: true, rating: 'great' }, 'rating'],
    ['someone else’s user_id', { question_id: 1, is_correct: true, user_id: 'x' }, ''],
  ])('400 for %s, with details', async (_name, body, path) => {
    const before = await app.db('learn_answers').count({ n: '*' }).first();
    const res = await answer(alice, body);
    expect(res.status).toBe(400);
    const err = (await res.json()).error;
    expect(err.code).toBe('invalid_input');
    expect(err.details.some((d: { path: string }) => d.path === path)).toBe(true);
    expect(await app.db('learn_answers').count({ n: '*' }).first()).toEqual(before);
  });

  it('400 with details for an unknown question id, nothing stored', async () => {
    const res = await answer(alice, { question_id: 99999, is_correct: true });
    expect(res.status).toBe(400);
    const err = (await res.json()).error;
    expect(err.code).toBe('invalid_input');
    expect(err.details).toEqual([
      expect.objectContaining({ path: 'question_id', message: expect.stringContaining('q99999') }),
    ]);
    expect(await answersOf(aliceId, 99999)).toHaveLength(0);
  });
});

describe('progress and focus', () => {
  it('progress is the caller’s own', async () => {
    await answer(bob, { question_id: 30, is_correct: true });
    const mine = await (await get(alice, '/api/en/learn/progress')).json();
    expect(mine.q5).toMatchObject({ seen: 3, streak: 0, mastered: false });
    expect(mine.q30).toBeUndefined();
    const bobs = await (await get(bob, '/api/en/learn/progress')).json();
    expect(Object.keys(bobs).sort()).toEqual(['q20', 'q30']);
    expect((await get('', '/api/en/learn/progress')).status).toBe(401);
  });

  it('focus is the review queue: due questions only, earliest due first', async () => {
    const carol = await signIn(app, 'learn-carol');
    expect(await (await get(carol, '/api/en/learn/focus')).json()).toMatchObject({
      due: 0,
      nextDueAt: null,
      questions: [],
    });
    await answer(carol, { question_id: 40, is_correct: true }); // right: due in 2 days
    await answer(carol, { question_id: 41, is_correct: true });
    await answer(carol, { question_id: 41, is_correct: true }); // mastered, due in days
    await answer(carol, { question_id: 42, is_correct: false }); // wrong: due in a minute
    await answer(carol, { question_id: 43, is_correct: false });
    // A minute and a second later: the wrong ones are due, in the order they fell due.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const res = await get(carol, '/api/de/learn/focus?limit=10');
      expect(res.status).toBe(200);
      const focus = await res.json();
      expect(focus.due).toBe(2);
      expect(focus.questions.map((q: { id: string }) => q.id)).toEqual(['q42', 'q43']);
      expect(focus.questions[0]).toMatchObject({ number: 42, progress: { incorrect: 1, mastered: false } });
      expect(typeof focus.questions[0].text).toBe('string');
      expect((await (await get(carol, '/api/en/learn/focus?limit=1')).json()).questions).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    expect((await get(carol, '/api/en/learn/focus?limit=0')).status).toBe(400);
    expect((await get(carol, '/api/en/learn/focus?limit=abc')).status).toBe(400);
    expect((await get('', '/api/en/learn/focus')).status).toBe(401);
  });
});

describe('bookmarks', () => {
  const bm = (cookie: string, method: string, id: string) =>
    app.request(`/api/en/user/bookmarks/${id}`, { method, headers: cookie ? { cookie } : {} });

  it('add (q12 or 12), idempotent, list with full questions, remove; per user', async () => {
    expect((await bm(alice, 'POST', 'q12')).status).toBe(201);
    expect((await bm(alice, 'POST', '12')).status).toBe(200);
    expect((await bm(alice, 'POST', '3')).status).toBe(201);
    const list = await (await get(alice, '/api/en/user/bookmarks')).json();
    expect(list.map((q: { id: string }) => q.id).sort()).toEqual(['q12', 'q3']);
    expect(list[0]).toHaveProperty('answers');
    expect(list[0]).toHaveProperty('correct');
    expect(await (await get(bob, '/api/en/user/bookmarks')).json()).toEqual([]);
    // Bob removing "his" q12 does not touch Alice's.
    expect((await bm(bob, 'DELETE', 'q12')).status).toBe(200);
    expect(await app.db('bookmarks').where({ user_id: aliceId })).toHaveLength(2);
    expect((await bm(alice, 'DELETE', 'q12')).status).toBe(200);
    expect((await bm(alice, 'DELETE', 'q12')).status).toBe(200);
    const after = await (await get(alice, '/api/en/user/bookmarks')).json();
    expect(after.map((q: { id: string }) => q.id)).toEqual(['q3']);
  });

  it('404 for an unknown question, 400 for a bad id, 401 without a session', async () => {
    expect((await bm(alice, 'POST', 'q99999')).status).toBe(404);
    expect((await bm(alice, 'POST', 'abc')).status).toBe(400);
    expect((await bm(alice, 'POST', 'q0')).status).toBe(400);
    expect((await bm('', 'POST', 'q1')).status).toBe(401);
    expect((await get('', '/api/en/user/bookmarks')).status).toBe(401);
  });
});

describe('challenge', () => {
  const round = { correct: 15, answered: 20, best_streak: 8, duration_seconds: 200 };

  it('stores a round, scores it and keeps the personal best', async () => {
    const dave = await signIn(app, 'learn-dave');
    expect(await (await get(dave, '/api/en/learn/challenge/best')).json()).toMatchObject({
      best: null,
      recent: [],
      rules: { questions: 20, seconds: 300 },
    });
    const r1 = await post(dave, '/api/en/learn/challenge', round);
    expect(r1.status).toBe(201);
    // 15·10 + 8·5 + floor(100/10)
    expect(await r1.json()).toEqual({ score: 200, personalBest: 200, isPersonalBest: true });
    const r2 = await post(dave, '/api/en/learn/challenge', {
      correct: 5,
      answered: 10,
      best_streak: 2,
      duration_seconds: 300,
    });
    expect(await r2.json()).toEqual({ score: 60, personalBest: 200, isPersonalBest: false });
    const best = await (await get(dave, '/api/en/learn/challenge/best')).json();
    expect(best.best).toMatchObject({ score: 200, correct: 15, answered: 20, bestStreak: 8 });
    expect(best.recent).toHaveLength(2);
    // Another learner's best is their own.
    expect((await (await get(bob, '/api/en/learn/challenge/best')).json()).best).toBeNull();
  });

  it.each([
    ['correct > answered', { ...round, correct: 21 }],
    ['correct > answered (within bounds)', { ...round, answered: 10, correct: 11 }],
    ['streak > correct', { ...round, best_streak: 16 }],
    ['too long', { ...round, duration_seconds: 3600 }],
    ['too fast', { ...round, duration_seconds: 5 }],
    ['zero answered', { ...round, answered: 0, correct: 0, best_streak: 0 }],
    ['a score sent by the client', { ...round, score: 1000 }],
    ['missing field', { correct: 1, answered: 1, best_streak: 1 }],
  ])('400 for %s', async (_name, body) => {
    const res = await post(alice, '/api/en/learn/challenge', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_input');
  });

  it('401 without a session', async () => {
    expect((await post('', '/api/en/learn/challenge', round)).status).toBe(401);
  });
});

describe('export', () => {
  it('"Download my data" has the learner’s answers, progress, bookmarks and challenge scores', async () => {
    const res = await get(alice, '/api/user/export');
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.learnAnswers.length).toBeGreaterThan(5);
    expect(data.learnAnswers[0]).toHaveProperty('questionId');
    expect(data.questionProgress.some((p: { questionId: string }) => p.questionId === 'q5')).toBe(true);
    expect(data.bookmarks.map((b: { questionId: string }) => b.questionId)).toEqual(['q3']);
    expect(Array.isArray(data.challengeScores)).toBe(true);
  });
});
