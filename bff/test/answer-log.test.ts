import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateLatest } from '../src/db/migrate';
import { migrationSource, migrations } from '../src/db/migrations/index';
import { backfillExamAnswers } from '../src/exam/answer-log';
import { createTestApp, type TestApp } from './helpers/app';
import { answerKey } from './helpers/questions';
import { signIn } from './helpers/sign-in';

/**
 * One learning record (issue 12): every answer a signed-in learner gives — learn modes and finished exams — is in
 * one log, and statistics, weekly figures, streak, distribution and FSRS all read it.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Fixes the clock the BFF sees (`new Date()` in this process); timers stay real. */
const setClock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });

type Learner = { cookie: string; id: string };

async function learner(name: string): Promise<Learner> {
  const cookie = await signIn(app, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  const res = await app.request('/api/user/setting/german-federal-state', {
    method: 'PATCH',
    json: { selected_state: 'BE' },
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return { cookie, id: (await res.json()).id };
}

const call = async (who: Learner, method: string, path: string, json?: unknown) =>
  app.request(path, { method, json, headers: { cookie: who.cookie } });

type Attempt = { id: string; questions: { position: number; number: number }[] };

async function startMock(who: Learner): Promise<Attempt> {
  const res = await call(who, 'POST', '/api/en/exams', { kind: 'mock' });
  expect(res.status).toBe(201);
  return res.json();
}

/** Answers positions 1–20 right, 21–30 wrong, leaves 31–33 blank; position 5 is right but marked unsure. */
async function answerMock(who: Learner, attempt: Attempt) {
  const key = await answerKey(app.db);
  for (const q of attempt.questions) {
    if (q.position > 30) continue;
    const correct = key.get(q.number) as number;
    const res = await call(who, 'PUT', `/api/en/exams/${attempt.id}/answers/${q.position}`, {
      answer: q.position <= 20 ? correct : (correct + 1) % 4,
      ...(q.position === 5 ? { unsure: true } : {}),
    });
    expect(res.status).toBe(200);
  }
}

async function finalize(who: Learner, attempt: Attempt) {
  const res = await call(who, 'POST', `/api/en/exams/${attempt.id}/finalize`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('one answer log', () => {
  it('counts the answers of three learn modes and a finished mock test everywhere, exactly', async () => {
    const a = await learner('log');
    const attempt = await startMock(a);
    const inMock = new Set(attempt.questions.map((q) => q.number));
    const outside = [...(await answerKey(app.db)).keys()]
      .filter((id) => id <= 300 && !inMock.has(id))
      .slice(0, 4) as [number, number, number, number];
    // Three learn modes: learn (right, wrong), flashcards (right, graded easy), focus (wrong).
    const learnAnswers = [
      { question_id: outside[0], is_correct: true, mode: 'learn' },
      { question_id: outside[1], is_correct: false, mode: 'learn' },
      { question_id: outside[2], is_correct: true, mode: 'flashcards', rating: 'easy' },
      { question_id: outside[3], is_correct: false, mode: 'focus' },
    ];
    for (const body of learnAnswers)
      expect((await call(a, 'POST', '/api/en/learn-mode', body)).status).toBe(201);

    await answerMock(a, attempt);
    // While the test runs its answers are not in the record: they can still change.
    const during = await (await call(a, 'GET', '/api/en/user/statistics')).json();
    expect(during.answered).toBe(4);

    const done = await finalize(a, attempt);
    expect(done.result.correct).toBe(20);
    await finalize(a, attempt); // a second finalize logs nothing twice

    const dash = await (await call(a, 'GET', '/api/en/user/dashboard')).json();
    // 4 learn answers (2 right) + 30 exam answers (20 right); the 3 blanks are no answers.
    expect(dash.statistics).toMatchObject({ answered: 34, correct: 22, incorrect: 12 });
    expect(dash.statistics.accuracy).toBeCloseTo(22 / 34, 3);
    expect(dash.statistics.distribution).toEqual({ correct: 22, incorrect: 12, unanswered: 310 - 34 });
    const today = dash.statistics.weekly.days.find((d: { date: string }) => d.date === dash.streak.today);
    expect(today).toMatchObject({ answered: 34, correct: 22 });
    expect(dash.streak).toMatchObject({ current: 1, activeToday: true });
    expect(dash.progress.seen).toBe(34);
    expect(dash.statistics.mostMissed.length).toBeGreaterThan(0);

    // The log says where each answer came from; exam answers carry their attempt and FSRS grade.
    const log = await app
      .db('learn_answers')
      .where({ user_id: a.id })
      .select('question_id', 'mode', 'attempt_id', 'rating', 'is_correct');
    expect(log.filter((r) => r.mode === 'mock')).toHaveLength(30);
    expect(log.filter((r) => r.mode === 'mock').every((r) => r.attempt_id === attempt.id)).toBe(true);
    const byPosition = new Map(attempt.questions.map((q) => [q.position, q.number]));
    const graded = (position: number) => log.find((r) => r.question_id === byPosition.get(position))?.rating;
    expect([graded(1), graded(5), graded(25), graded(31)]).toEqual(['good', 'hard', 'again', undefined]);
    expect(log.filter((r) => r.mode !== 'mock').map((r) => r.mode)).toEqual([
      'learn',
      'learn',
      'flashcards',
      'focus',
    ]);

    // FSRS state reflects the exam answers: each is a first review of a new card (again: the 1-minute learning
    // step; hard: 2 minutes; good: graduated, due in 2 days), so a wrong one comes back first and an unsure right
    // one before a sure one.
    const progress = await (await call(a, 'GET', '/api/en/learn/progress')).json();
    const right = progress[`q${byPosition.get(1)}`];
    const unsure = progress[`q${byPosition.get(5)}`];
    const wrong = progress[`q${byPosition.get(25)}`];
    expect(right).toMatchObject({ seen: 1, correct: 1, lastCorrect: true });
    expect(wrong).toMatchObject({ seen: 1, incorrect: 1, lastCorrect: false });
    expect(progress[`q${byPosition.get(31)}`]).toBeUndefined();
    const due = (p: { due: string }) => new Date(p.due).getTime();
    expect(due(wrong)).toBeLessThan(due(unsure));
    expect(due(unsure)).toBeLessThan(due(right));
    expect(due(wrong) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(due(right) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const card = (position: number) =>
      app
        .db('question_progress')
        .where({ user_id: a.id, question_id: byPosition.get(position) as number })
        .first('reps', 'fsrs_state');
    // Learning (1) for the wrong one, review (2) for the right one.
    expect(await card(25)).toEqual({ reps: 1, fsrs_state: 1 });
    expect(await card(1)).toEqual({ reps: 1, fsrs_state: 2 });
  });

  it('learners’ data from before the migration still shows after it, and the backfill run twice changes nothing', async () => {
    const a = await learner('backfill');
    for (const [question_id, is_correct] of [
      [1, true],
      [1, false],
      [2, true],
    ] as const) {
      expect((await call(a, 'POST', '/api/en/learn-mode', { question_id, is_correct })).status).toBe(201);
    }
    const attempt = await startMock(a);
    await answerMock(a, attempt);
    await finalize(a, attempt);
    const snapshot = async () => ({
      statistics: await (await call(a, 'GET', '/api/en/user/statistics')).json(),
      progress: await (await call(a, 'GET', '/api/en/learn/progress')).json(),
      streak: await (await call(a, 'GET', '/api/en/user/streak')).json(),
    });
    const before = await snapshot();
    expect(before.statistics.answered).toBe(33);

    // Back to the schema before the answer log (exam answers leave the log), then forward again: the
    // migration's backfill puts them back and rebuilds the records from the log.
    const since009 = migrations.map(([name]) => name).filter((name) => name >= '20261124_009_answer_log');
    for (const _ of since009) await app.db.migrate.down({ migrationSource });
    const withoutExam = await app.db('learn_answers').where({ user_id: a.id }).count({ n: '*' }).first();
    expect(Number(withoutExam?.n)).toBe(3);
    expect(await migrateLatest(app.db)).toEqual(since009);
    const after = await snapshot();
    expect(after).toEqual(before);

    const rows = async () => ({
      log: await app.db('learn_answers').where({ user_id: a.id }).orderBy('id'),
      progress: await app.db('question_progress').where({ user_id: a.id }).orderBy('question_id'),
    });
    const once = await rows();
    expect(await backfillExamAnswers(app.db)).toEqual({ users: 0, answers: 0 });
    expect(await rows()).toEqual(once);
  });
});

describe('learning settings', () => {
  const dueOf = async (who: Learner, q: number) =>
    (await (await call(who, 'GET', '/api/en/learn/progress')).json())[`q${q}`].due as string;

  /** Right answers to question 7 at the given instants; returns its due date after the last. */
  async function practise(who: Learner, instants: string[]) {
    for (const at of instants) {
      setClock(at);
      expect(
        (await call(who, 'POST', '/api/en/learn-mode', { question_id: 7, is_correct: true })).status,
      ).toBe(201);
    }
    return dueOf(who, 7);
  }
  const days = [
    '2026-05-04T09:00:00Z',
    '2026-05-04T09:15:00Z',
    '2026-05-05T09:00:00Z',
    '2026-05-09T09:00:00Z',
  ];

  it('desired retention is 0.80–0.95 (400 otherwise) and a higher one brings questions back sooner', async () => {
    const strict = await learner('retention-95');
    const relaxed = await learner('retention-80');
    for (const bad of [0.5, 0.96, 1, '0.9', null]) {
      const res = await call(strict, 'PATCH', '/api/user/settings', { desiredRetention: bad });
      expect(res.status, String(bad)).toBe(400);
      expect((await res.json()).error.details[0].path).toBe('desiredRetention');
    }
    expect((await (await call(strict, 'GET', '/api/user/me')).json()).desiredRetention).toBe(0.9);
    const saved = await call(strict, 'PATCH', '/api/user/settings', { desiredRetention: 0.95 });
    expect((await saved.json()).desiredRetention).toBe(0.95);
    await call(relaxed, 'PATCH', '/api/user/settings', { desiredRetention: 0.8 });

    const soon = new Date(await practise(strict, days)).getTime();
    const later = new Date(await practise(relaxed, days)).getTime();
    expect(soon).toBeLessThan(later);
  });

  it('an exam date caps every interval: each question comes up on the eve of the test at the latest', async () => {
    const a = await learner('exam-cap');
    const free = new Date(await practise(a, days));
    // Without a date the last review (9 May) schedules question 7 weeks ahead.
    expect(free.getTime()).toBeGreaterThan(Date.parse('2026-05-20T00:00:00Z'));
    // The test is on 15 May: the eve begins 14 May 00:00 in Berlin (22:00 UTC on the 13th).
    setClock('2026-05-09T10:00:00Z');
    expect((await call(a, 'PATCH', '/api/user/settings', { examDate: '2026-05-15' })).status).toBe(200);
    expect(await dueOf(a, 7)).toBe('2026-05-13T22:00:00.000Z');
    // New reviews are capped too.
    await practise(a, ['2026-05-10T09:00:00Z']);
    expect(await dueOf(a, 7)).toBe('2026-05-13T22:00:00.000Z');
    // A date that has passed caps nothing.
    setClock('2026-05-20T09:00:00Z');
    await practise(a, ['2026-05-20T09:00:00Z']);
    expect(new Date(await dueOf(a, 7)).getTime()).toBeGreaterThan(Date.parse('2026-05-21T09:00:00Z'));
  });
});
