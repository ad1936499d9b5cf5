import {
  Achievements as achievementsResponseSchema,
  type Question as BookmarkedQuestion,
  Questions as bookmarksResponseSchema,
  DashboardModeId,
  Dashboard as dashboardSchema,
  ProgressOverview as progressResponseSchema,
  Recommendations as recommendationsResponseSchema,
  Statistics as statisticsResponseSchema,
  Streak as streakResponseSchema,
} from '@buergerfit/contract';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { answerKey, liveQuestionIds } from '../../../test/helpers/questions';
import { signIn } from '../../../test/helpers/sign-in';
import type { LearnQuestion } from '../../catalog/repository';
import { awardOnBookmark } from '../../dashboard/achievements';
import { seeded } from '../../dashboard/backtest';
import { sweepExpiredAttempts } from '../../exam/repository';
import { isMastered, MASTERED_STREAK } from '../../learn/mastery';

// The exam's draw of questions is the one source of chance these tests cannot steer through the API: a test
// that needs a known draw seeds it (`draw.next = seeded(n)`); every other test draws as the app does.
const draw = vi.hoisted(() => ({ next: null as null | (() => number) }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const randomInt = ((min: number, max: number) =>
    draw.next
      ? min + Math.floor(draw.next() * (max - min))
      : real.randomInt(min, max)) as typeof real.randomInt;
  return { ...real, default: { ...real, randomInt }, randomInt };
});

let app: TestApp;
let general: number[];
let berlin: number[];
let key: Map<number, number>;
let hamburg: number;

beforeAll(async () => {
  app = await createTestApp();
  general = await liveQuestionIds(app.db, null);
  berlin = await liveQuestionIds(app.db, 'BE');
  key = await answerKey(app.db);
  hamburg = (await app.db('questions').where({ state_code: 'HH' }).first('id')).id;
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Fixes the clock the BFF sees (`new Date()` in this process); timers stay real. */
const setClock = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
};

type Learner = { cookie: string; id: string };
let seq = 0;
async function learner(state: string | null = 'BE'): Promise<Learner> {
  const cookie = await signIn(app, `dash-${++seq}-${Math.random().toString(36).slice(2, 8)}`);
  if (state) {
    const res = await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: state },
      headers: { cookie },
    });
    expect(res.status).toBe(200);
  }
  const me = await (await app.request('/api/user/me', { headers: { cookie } })).json();
  return { cookie, id: me.id };
}

/** A request to an /api route as `who`, with `json` as its body if given. */
const send = (who: Learner, method: string, path: string, json?: unknown) =>
  app.request(path, { method, json, headers: { cookie: who.cookie } });

/** `who` starts a mock test (201); the attempt as the API returns it. */
async function startMock(
  who: Learner,
): Promise<{ id: string; questions: { position: number; number: number }[] }> {
  const res = await send(who, 'POST', '/api/en/exams', { kind: 'mock' });
  expect(res.status).toBe(201);
  return res.json();
}

const dismiss = (who: Learner, id: string) =>
  send(who, 'POST', `/api/en/user/recommendations/${encodeURIComponent(id)}/dismiss`);

async function get<S extends z.ZodType>(who: Learner, path: string, schema: S): Promise<z.infer<S>> {
  const res = await app.request(`/api/en/user${path}`, { headers: { cookie: who.cookie } });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  const parsed = schema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`${path} does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}
const dashboard = (who: Learner) => get(who, '/dashboard', dashboardSchema);

/** An answer through the learn route (`POST /api/en/learn-mode`), at a fixed clock. */
async function answer(who: Learner, q: number, correct: boolean, at: string): Promise<void> {
  setClock(at);
  const res = await send(who, 'POST', '/api/en/learn-mode', { question_id: q, is_correct: correct });
  expect(res.status, `answer q${q} at ${at}`).toBe(201);
}

/** A bookmark through its route, at a fixed clock; `remove` deletes it. */
async function bookmark(who: Learner, q: number, at: string, remove = false): Promise<void> {
  setClock(at);
  const res = await send(who, remove ? 'DELETE' : 'POST', `/api/en/user/bookmarks/q${q}`);
  expect(res.status).toBe(remove ? 200 : 201);
}

/** The achievements stored for a learner (code → ISO date), read from the table: no route is involved. */
async function stored(who: Learner): Promise<Record<string, string>> {
  const rows: { code: string; earned_at: Date }[] = await app
    .db('achievements')
    .where({ user_id: who.id })
    .select('code', 'earned_at');
  return Object.fromEntries(rows.map((r) => [r.code, new Date(r.earned_at).toISOString()]));
}

type Answer = { q: number; correct: boolean; at: string };

/**
 * What the learn mode writes, written directly: the answers, and per question the aggregate it keeps
 * (counts, the run of right answers, the last answer). Replaces the learner's progress rows for those questions.
 */
async function seedAnswers(userId: string, answers: Answer[]): Promise<void> {
  const sorted = [...answers].sort((a, b) => a.at.localeCompare(b.at));
  for (let i = 0; i < sorted.length; i += 1000) {
    await app.db('learn_answers').insert(
      sorted.slice(i, i + 1000).map((a) => ({
        user_id: userId,
        question_id: a.q,
        is_correct: a.correct,
        mode: 'learn',
        answered_at: a.at,
      })),
    );
  }
  const progress = new Map<number, Record<string, unknown> & { seen_count: number }>();
  for (const a of sorted) {
    const p = progress.get(a.q) ?? {
      user_id: userId,
      question_id: a.q,
      seen_count: 0,
      correct_count: 0,
      incorrect_count: 0,
      correct_streak: 0,
    };
    p.seen_count += 1;
    p.correct_count = (p.correct_count as number) + (a.correct ? 1 : 0);
    p.incorrect_count = (p.incorrect_count as number) + (a.correct ? 0 : 1);
    p.correct_streak = a.correct ? (p.correct_streak as number) + 1 : 0;
    p.last_correct = a.correct;
    p.last_answered_at = a.at;
    progress.set(a.q, p);
  }
  const rows = [...progress.values()];
  for (let i = 0; i < rows.length; i += 500) {
    await app
      .db('question_progress')
      .insert(rows.slice(i, i + 500))
      .onConflict(['user_id', 'question_id'])
      .merge();
  }
}

/**
 * Progress rows only (no answers): `streak` right answers in a row out of `seen`. The answers are taken to come
 * in this order: the other right ones, the wrong ones, then the streak; the readiness evidence (recency-weighted,
 * first answer) is filled in to match.
 */
async function seedProgress(
  userId: string,
  ids: number[],
  rec: { seen: number; correct: number; streak: number },
) {
  const order = [
    ...new Array<boolean>(rec.correct - rec.streak).fill(true),
    ...new Array<boolean>(rec.seen - rec.correct).fill(false),
    ...new Array<boolean>(rec.streak).fill(true),
  ];
  let recentCorrect = 0;
  let recentIncorrect = 0;
  for (const right of order) {
    recentCorrect = recentCorrect / 2 + (right ? 1 : 0);
    recentIncorrect = recentIncorrect / 2 + (right ? 0 : 1);
  }
  await app
    .db('question_progress')
    .insert(
      ids.map((question_id) => ({
        user_id: userId,
        question_id,
        seen_count: rec.seen,
        correct_count: rec.correct,
        incorrect_count: rec.seen - rec.correct,
        correct_streak: rec.streak,
        recent_correct: recentCorrect,
        recent_incorrect: recentIncorrect,
        first_correct: order[0] ?? null,
      })),
    )
    .onConflict(['user_id', 'question_id'])
    .merge();
}

/** A mock test through the exam API with `right` correct answers (the first `right` positions). */
async function takeMock(who: Learner, right: (position: number, number: number) => boolean) {
  const attempt = await startMock(who);
  for (const q of attempt.questions) {
    const correct = key.get(q.number) as number;
    const res = await send(who, 'PUT', `/api/en/exams/${attempt.id}/answers/${q.position}`, {
      answer: right(q.position, q.number) ? correct : (correct + 1) % 4,
    });
    expect(res.status).toBe(200);
  }
  const done = await send(who, 'POST', `/api/en/exams/${attempt.id}/finalize`);
  expect(done.status).toBe(200);
  return (await done.json()) as { id: string; result: { correct: number } };
}

describe('access', () => {
  it('needs a session, a supported language, and validates the dismiss id', async () => {
    expect((await app.request('/api/en/user/dashboard')).status).toBe(401);
    const a = await learner();
    expect((await app.request('/api/xx/user/dashboard', { headers: { cookie: a.cookie } })).status).toBe(404);
    expect((await send(a, 'POST', '/api/en/user/recommendations/DROP%20TABLE/dismiss')).status).toBe(400);
  });

  it('dismiss stores an id the dashboard can give (204); a well-formed unknown one is a 404 that stores nothing', async () => {
    const a = await learner();
    const topic: string = (await app.db('topics').whereNotNull('parent_id').orderBy('id').first('id')).id;
    expect((await dismiss(a, 'general:daily')).status).toBe(204);
    expect((await dismiss(a, `topic:${topic}`)).status).toBe(204);
    for (const id of ['topic:no-such-topic', 'general:nothing', 'weekly:test', 'test:daily', 'state:by']) {
      const res = await dismiss(a, id);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect((await res.json()).error.code).toBe('recommendation_not_found');
    }
    const rows: string[] = await app
      .db('dismissed_recommendations')
      .where({ user_id: a.id })
      .pluck('recommendation_id');
    expect(rows.sort()).toEqual(['general:daily', `topic:${topic}`].sort());
  });

  it('every endpoint answers its schema for a brand-new learner, in every language', async () => {
    const a = await learner();
    for (const lang of ['de', 'en', 'hr']) {
      const res = await app.request(`/api/${lang}/user/dashboard`, { headers: { cookie: a.cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      dashboardSchema.parse(await res.json());
    }
    await get(a, '/streak', streakResponseSchema);
    await get(a, '/progress', progressResponseSchema);
    await get(a, '/statistics', statisticsResponseSchema);
    await get(a, '/recommendations', recommendationsResponseSchema);
    await get(a, '/achievements', achievementsResponseSchema);
    const d = await dashboard(a);
    expect(d.progress).toMatchObject({ total: 310, seen: 0, mastered: 0, unseen: 310 });
    expect(d.statistics).toMatchObject({ answered: 0, correct: 0, incorrect: 0, accuracy: null });
    expect(d.statistics.distribution).toEqual({ correct: 0, incorrect: 0, unanswered: 310 });
    expect(d.streak.current).toBe(0);
    expect(d.plan).toBeNull();
    // Every mode, in the order the contract lists them.
    expect(d.modes.map((m) => m.id)).toEqual(DashboardModeId.options);
    expect(d.modes.find((m) => m.id === 'community')).toEqual({
      id: 'community',
      comingSoon: true,
      count: null,
    });
    // The server knows no screen: ids and kinds only, the dashboard remote maps them to routes.
    expect(JSON.stringify(d)).not.toContain('href');
    expect(d.achievements.every((x) => !x.earned && x.earnedAt === null)).toBe(true);
  });
});

describe('streak (days in Europe/Berlin)', () => {
  it('counts Berlin days across midnight, keeps yesterday’s streak while today is empty, breaks on a gap', async () => {
    const a = await learner();
    await seedAnswers(a.id, [
      { q: 1, correct: true, at: '2026-03-06T10:00:00Z' }, // Fri 6th — then a gap (7th, 8th)
      { q: 2, correct: true, at: '2026-03-08T23:30:00Z' }, // Berlin Mon 9th 00:30 (UTC still the 8th)
      { q: 3, correct: false, at: '2026-03-10T22:30:00Z' }, // Berlin Tue 10th 23:30
      { q: 4, correct: true, at: '2026-03-10T23:30:00Z' }, // Berlin Wed 11th 00:30 (UTC still the 10th)
    ]);
    setClock('2026-03-11T11:00:00Z'); // Wed 11th, 12:00 in Berlin
    expect(await get(a, '/streak', streakResponseSchema)).toEqual({
      current: 3,
      activeToday: true,
      lastActiveDate: '2026-03-11',
      today: '2026-03-11',
    });
    setClock('2026-03-12T07:00:00Z'); // Thu 12th 08:00, nothing yet today: yesterday's streak holds
    expect(await get(a, '/streak', streakResponseSchema)).toMatchObject({ current: 3, activeToday: false });
    setClock('2026-03-11T22:59:00Z'); // Wed 11th 23:59 in Berlin (UTC 22:59): still the same day
    expect((await get(a, '/streak', streakResponseSchema)).current).toBe(3);
    setClock('2026-03-13T10:00:00Z'); // Fri 13th: the 12th was missed
    expect(await get(a, '/streak', streakResponseSchema)).toMatchObject({
      current: 0,
      activeToday: false,
      lastActiveDate: '2026-03-11',
    });
    setClock('2026-03-10T12:00:00Z'); // Tue 10th: answers later than "now" do not count
    expect((await get(a, '/streak', streakResponseSchema)).current).toBe(2);
  });

  it('handles the 23-hour day when Berlin switches to summer time', async () => {
    const a = await learner();
    await seedAnswers(a.id, [
      { q: 1, correct: true, at: '2026-03-28T22:30:00Z' }, // Sat 28th 23:30 CET
      { q: 2, correct: true, at: '2026-03-29T12:00:00Z' }, // Sun 29th 14:00 CEST
      { q: 3, correct: true, at: '2026-03-29T22:30:00Z' }, // Mon 30th 00:30 CEST
    ]);
    setClock('2026-03-30T10:00:00Z');
    expect((await get(a, '/streak', streakResponseSchema)).current).toBe(3);
  });
});

describe('statistics', () => {
  it('weekly performance runs Monday to Sunday of the current Berlin week', async () => {
    const a = await learner();
    await seedAnswers(a.id, [
      { q: 1, correct: true, at: '2026-03-08T22:30:00Z' }, // Sun 8th 23:30 Berlin: last week
      { q: 2, correct: true, at: '2026-03-08T23:30:00Z' }, // Mon 9th 00:30 Berlin
      { q: 3, correct: true, at: '2026-03-11T09:00:00Z' }, // Wed
      { q: 4, correct: false, at: '2026-03-11T10:00:00Z' }, // Wed
      { q: 5, correct: true, at: '2026-03-15T22:30:00Z' }, // Sun 15th 23:30 Berlin
      { q: 6, correct: true, at: '2026-03-15T23:30:00Z' }, // Mon 16th 00:30 Berlin: next week
    ]);
    for (const now of ['2026-03-11T11:00:00Z', '2026-03-09T00:00:00Z', '2026-03-15T22:59:00Z']) {
      setClock(now);
      const s = await get(a, '/statistics', statisticsResponseSchema);
      expect(s.weekly.weekStart).toBe('2026-03-09');
      expect(s.weekly.days.map((d) => [d.date, d.weekday, d.answered, d.correct])).toEqual([
        ['2026-03-09', 1, 1, 1],
        ['2026-03-10', 2, 0, 0],
        ['2026-03-11', 3, 2, 1],
        ['2026-03-12', 4, 0, 0],
        ['2026-03-13', 5, 0, 0],
        ['2026-03-14', 6, 0, 0],
        ['2026-03-15', 7, 1, 1],
      ]);
    }
    setClock('2026-03-16T12:00:00Z');
    const next = await get(a, '/statistics', statisticsResponseSchema);
    expect(next.weekly.weekStart).toBe('2026-03-16');
    expect(next.weekly.days[0]).toMatchObject({ answered: 1, correct: 1 });
  });

  it('counts answers, mastered questions (learn/mastery.ts), distribution and most-missed topics', async () => {
    const a = await learner();
    const t = (i: number) => `2026-03-10T0${i}:00:00Z`;
    const right = (q: number, n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({ q, correct: true, at: t(from + i) }));
    const g = general;
    const [q1, q2, q3, q4, q5] = g.slice(0, 5) as [number, number, number, number, number];
    await seedAnswers(a.id, [
      ...right(q1, MASTERED_STREAK), // mastered
      ...right(q2, MASTERED_STREAK - 1), // one short
      { q: q3, correct: false, at: t(0) },
      ...right(q3, MASTERED_STREAK, 1), // wrong, then mastered
      ...right(q4, MASTERED_STREAK), // mastered, then …
      { q: q4, correct: false, at: t(MASTERED_STREAK) }, // … un-mastered by a wrong answer
      { q: q5, correct: false, at: t(1) },
      { q: berlin[0] as number, correct: true, at: t(1) },
      { q: hamburg, correct: false, at: t(2) }, // another state's question: counted, not in the pool
    ]);
    const progressRows = await app.db('question_progress').where({ user_id: a.id });
    const expectedMastered = progressRows.filter(
      (p) => isMastered(p) && (general.includes(p.question_id) || berlin.includes(p.question_id)),
    ).length;
    expect(expectedMastered).toBe(2);

    setClock('2026-03-11T11:00:00Z');
    const d = await dashboard(a);
    const answers = 2 * MASTERED_STREAK + MASTERED_STREAK - 1 + 1 + MASTERED_STREAK + 1 + 1 + 1 + 1;
    expect(d.statistics).toMatchObject({
      answered: answers,
      correct: answers - 4,
      incorrect: 4,
      accuracy: Math.round(((answers - 4) / answers) * 1000) / 1000,
    });
    expect(d.progress).toMatchObject({ total: 310, seen: 6, mastered: expectedMastered, unseen: 304 });
    // q1, q2, q3, berlin[0] last answered right; q4, q5 wrong; the HH question is outside the pool.
    expect(d.statistics.distribution).toEqual({ correct: 4, incorrect: 2, unanswered: 304 });
    const topics = d.progress.topics;
    expect(topics.map((x) => x.id)).toEqual(['politics', 'history', 'society', 'state']);
    expect(topics.reduce((s, x) => s + x.total, 0)).toBe(310);
    expect(topics.find((x) => x.id === 'state')).toMatchObject({ name: 'Berlin', total: 10, seen: 1 });
    expect(topics.reduce((s, x) => s + x.mastered, 0)).toBe(2);
    expect(d.statistics.mostMissed.length).toBeGreaterThan(0);
    expect(d.statistics.mostMissed[0]?.incorrect).toBeGreaterThan(0);
    expect(d.achievements.find((x) => x.code === 'MASTER_100')?.progress).toEqual({
      current: 2,
      target: 100,
    });
  });
});

describe('exam readiness', () => {
  it('a learner who knows everything is ready and sure; a new learner gets a wide, unsure estimate', async () => {
    const fresh = await learner();
    const r0 = (await get(fresh, '/progress', progressResponseSchema)).readiness;
    expect(r0.confidence).toBe('low');
    expect(r0.high - r0.low).toBeGreaterThanOrEqual(10);
    expect(r0.evidence).toEqual({ answers: 0, questions: 0, mocks: 0 });
    expect(r0.basis).toEqual({ mastered: 0, practised: 0, unseen: 310 });
    expect(r0.lastMock).toBeNull();

    const pro = await learner();
    await seedProgress(pro.id, [...general, ...berlin], { seen: 3, correct: 3, streak: 3 });
    const r1 = (await get(pro, '/progress', progressResponseSchema)).readiness;
    expect(r1.expected).toBeGreaterThanOrEqual(31.5);
    // Without a mock test the evidence is not firm: the chance stays at 95 %, and two mock tests would confirm it.
    expect(r1.passChance).toBe(0.95);
    expect(r1.passRange).toEqual({ low: 0.95, high: 0.95 });
    expect(r1).toMatchObject({ firm: false, firmUp: { mocks: 2, questions: 0 }, forExam: false });
    expect(r1.high).toBe(33);
    expect(r1.low).toBeGreaterThanOrEqual(30);
    expect(r1.confidence).toBe('medium');
    expect(r1.basis).toEqual({ mastered: 310, practised: 0, unseen: 0 });
    expect(r1.evidence).toEqual({ answers: 930, questions: 310, mocks: 0 });

    const half = await learner();
    await seedProgress(half.id, general.slice(0, 150), { seen: 2, correct: 1, streak: 1 });
    const r2 = (await get(half, '/progress', progressResponseSchema)).readiness;
    // Every first answer was wrong, so untried questions are at the guessing floor (0.25). A question answered
    // wrong, then right (no FSRS card in these rows: its recall is the recency-weighted share right, 1 of 1.5 =
    // 2/3), with 2 answers weighs w = 2 / 2.5 = 0.8; not recalled it is guessed: p = 0.8·(2/3 + 1/3·0.25) + 0.2·0.25
    // = 0.65. General mean (150·0.65 + 150·0.25) / 300 = 0.45; 30·0.45 + 3·0.25 = 14.25.
    expect(Math.abs(r2.expected - 14.25)).toBeLessThanOrEqual(0.051);
    // 14.25 expected with about 2.7 of spread: 17 or more is unlikely, though not below 5 %.
    expect(r2.passChance).toBeGreaterThan(0.05);
    expect(r2.passChance).toBeLessThan(0.3);
  });

  it('after a mock test of 25 of 33 the pass chance is at least one half', async () => {
    const a = await learner();
    const done = await takeMock(a, (position) => position <= 25);
    expect(done.result.correct).toBe(25);
    const r = (await get(a, '/progress', progressResponseSchema)).readiness;
    expect(r.passChance).toBeGreaterThanOrEqual(0.5);
    // Cold accuracy ~ Beta(2 + 25, 2 + 8): mean 27/37 = 0.73 → about 24 of 33.
    expect(r.expected).toBeGreaterThanOrEqual(22);
    expect(r.expected).toBeLessThanOrEqual(26);
    expect(r.lastMock).toMatchObject({ correct: 25, total: 33 });
    expect(r.evidence).toEqual({ answers: 33, questions: 33, mocks: 1 });
    expect(r.mocks).toEqual({ count: 1, averageCorrect: 25 });
  });

  it('agrees with the learner’s own mock test results', async () => {
    const a = await learner();
    // The learner knows the questions with an even id and has answered every question once: the known ones
    // right, the others with a (seeded) guess among four.
    const rand = seeded(42);
    const pool = [...general, ...berlin];
    const lucky = pool.filter((id) => id % 2 === 0 || rand() < 0.25);
    await seedProgress(a.id, lucky, { seen: 1, correct: 1, streak: 1 });
    await seedProgress(
      a.id,
      pool.filter((id) => !lucky.includes(id)),
      { seen: 1, correct: 0, streak: 0 },
    );
    const predicted = (await get(a, '/progress', progressResponseSchema)).readiness;
    // The truth: half the pool known, the other half guessed → 0.5 + 0.5·0.25 = 0.625 → 20.6 of 33. One answer a
    // question is little evidence, shrunk towards the cold accuracy (0.62): a question answered wrong once counts
    // (1/3)·0.62 + (2/3)·0.25 = 0.37, a right one (2/3) + (1/3)·0.62 = 0.87, so 0.625·0.87 + 0.375·0.37 ≈ 22.6.
    expect(Math.abs(predicted.expected - 20.6)).toBeLessThanOrEqual(2.5);

    // Five real mock tests through the exam API: known → right, unknown → a (seeded) guess among four.
    // The draw of questions is seeded too, so these five tests are the same on every run.
    const scores: number[] = [];
    draw.next = seeded(7);
    try {
      for (let i = 0; i < 5; i++) {
        const done = await takeMock(a, (_, number) => number % 2 === 0 || rand() < 0.25);
        scores.push(done.result.correct);
      }
    } finally {
      draw.next = null;
    }
    const mean = scores.reduce((s, x) => s + x, 0) / scores.length;
    const after = (await get(a, '/progress', progressResponseSchema)).readiness;
    expect(after.mocks).toEqual({ count: 5, averageCorrect: Math.round(mean * 10) / 10 });
    // Five tests average out most of the draw's noise (σ of the mean ≈ 1.2 questions).
    expect(Math.abs(mean - predicted.expected)).toBeLessThanOrEqual(4);
    // The 80 % band (±1) holds a test about 93 % of the time: at least 3 of 5 fail to with odds of 1 in 250.
    const inBand = scores.filter((s) => s >= predicted.low - 1 && s <= predicted.high + 1).length;
    expect(inBand).toBeGreaterThanOrEqual(3);
    // The mocks are evidence too: the estimate stays near the tests. (This learner learns nothing from feedback; the
    // model takes what was just answered and shown as partly remembered at a test tomorrow, so after five tests in
    // a row it sits a few questions above them.)
    expect(Math.abs(after.expected - mean)).toBeLessThanOrEqual(5);
    expect(after.evidence.mocks).toBe(5);
    // The dashboard's own summary of those tests.
    const s = await get(a, '/statistics', statisticsResponseSchema);
    expect(s.exams.taken).toBe(5);
    expect(s.exams.recent).toHaveLength(5);
    expect(s.exams.averageCorrect).toBe(Math.round(mean * 10) / 10);
    const achieved = await get(a, '/achievements', achievementsResponseSchema);
    expect(achieved.find((x) => x.code === 'FIRST_TEST')?.earned).toBe(true);
  });
});

describe('daily plan and exam date', () => {
  it('PATCH /api/user/settings takes examDate; the plan counts down to it', async () => {
    const a = await learner();
    const patch = (examDate: unknown) => send(a, 'PATCH', '/api/user/settings', { examDate });
    expect((await patch('31.12.2026')).status).toBe(400);
    expect((await patch('2026-02-30')).status).toBe(400);
    const ok = await patch('2026-03-21');
    expect(ok.status).toBe(200);
    const me = await ok.json();
    expect(me.examDate).toBe('2026-03-21');
    expect(me).toHaveProperty('notifications'); // the existing fields stay
    expect(
      (await (await app.request('/api/user/me', { headers: { cookie: a.cookie } })).json()).examDate,
    ).toBe('2026-03-21');

    await seedAnswers(a.id, [{ q: general[0] as number, correct: true, at: '2026-03-11T08:00:00Z' }]);
    await app
      .db('question_progress')
      .where({ user_id: a.id, question_id: general[0] })
      .update({ due: '2026-03-11T10:00:00Z' }); // due an hour ago
    await seedProgress(a.id, [general[1] as number], { seen: 1, correct: 1, streak: 1 });
    await app
      .db('question_progress')
      .where({ user_id: a.id, question_id: general[1] })
      .update({ due: '2026-03-11T20:00:00Z' }); // due tonight: not due now
    setClock('2026-03-11T11:00:00Z');
    const { plan } = await get(a, '/progress', progressResponseSchema);
    expect(plan).toEqual({
      examDate: '2026-03-21',
      daysLeft: 10,
      unseen: 308,
      newSeenToday: 0, // seeded rows carry no first-answer time
      newGoal: Math.ceil(308 / 10),
      newRemaining: Math.ceil(308 / 10),
      reviewsDue: 1,
      nextReviewAt: '2026-03-11T20:00:00.000Z',
      answeredToday: 1,
    });
    const d = await dashboard(a);
    expect(d.modes.find((m) => m.id === 'focus')?.count).toBe(1);
    expect(d.recommendations.map((r) => r.id)).not.toContain('general:exam-date');

    vi.useRealTimers();
    expect((await patch(null)).status).toBe(200);
    expect((await get(a, '/progress', progressResponseSchema)).plan).toBeNull();
  });

  it('"new today" counts down as today’s new questions are answered and is worked out again the next day', async () => {
    const a = await learner();
    expect((await send(a, 'PATCH', '/api/user/settings', { examDate: '2026-03-21' })).status).toBe(200);
    const plan = async (at: string) => {
      setClock(at);
      return (await get(a, '/progress', progressResponseSchema)).plan;
    };
    // Wed 11th 12:00 Berlin: 310 unseen over 10 days (today included) → 31 new today.
    expect(await plan('2026-03-11T11:00:00Z')).toMatchObject({
      daysLeft: 10,
      newGoal: 31,
      newRemaining: 31,
      newSeenToday: 0,
      unseen: 310,
    });
    for (const q of general.slice(0, 5)) await answer(a, q, true, '2026-03-11T12:00:00Z');
    await answer(a, general[0] as number, false, '2026-03-11T12:30:00Z'); // a repeat is not new
    const afterFive = { newGoal: 31, newRemaining: 26, newSeenToday: 5, answeredToday: 6, unseen: 305 };
    expect(await plan('2026-03-11T13:00:00Z')).toMatchObject(afterFive);
    // More than today's share: nothing new left today, never negative.
    for (const q of general.slice(5, 32)) await answer(a, q, true, '2026-03-11T14:00:00Z');
    expect(await plan('2026-03-11T15:00:00Z')).toMatchObject({
      newGoal: 31,
      newRemaining: 0,
      newSeenToday: 32,
      unseen: 278,
    });
    // Thu 12th 00:30 Berlin (still the 11th in UTC): a new day, 278 unseen over 9 days → 31.
    expect(await plan('2026-03-11T23:30:00Z')).toMatchObject({
      daysLeft: 9,
      newGoal: 31,
      newRemaining: 31,
      newSeenToday: 0,
      unseen: 278,
    });
    await answer(a, general[40] as number, true, '2026-03-11T23:45:00Z');
    expect(await plan('2026-03-12T08:00:00Z')).toMatchObject({
      newGoal: 31,
      newRemaining: 30,
      newSeenToday: 1,
    });
  });
});

describe('recommendations', () => {
  it('come from the data, and a dismissed one stays gone for good', async () => {
    const noState = await learner(null);
    const b = await learner(); // signed in before the clock is fixed (access tokens carry real times)
    const ids0 = (await get(noState, '/recommendations', recommendationsResponseSchema)).map((r) => r.id);
    expect(ids0).toContain('state:choose');
    expect(ids0).toContain('test:weekly');

    const a = await learner();
    const history = general.filter((_, i) => i >= 200 && i < 210); // any 10 general questions
    const topicOf = await app.db('questions').whereIn('id', history).select('id', 'subtopic');
    await seedAnswers(
      a.id,
      history.flatMap((q, i) => [
        { q, correct: false, at: `2026-03-10T10:${String(i).padStart(2, '0')}:00Z` },
        { q, correct: false, at: `2026-03-10T11:${String(i).padStart(2, '0')}:00Z` },
      ]),
    );
    setClock('2026-03-11T11:00:00Z');
    const recs = await get(a, '/recommendations', recommendationsResponseSchema);
    const weak = recs.filter((r) => r.category === 'topic');
    expect(weak.length).toBeGreaterThan(0);
    expect(topicOf.map((t) => `topic:${t.subtopic}`)).toContain(weak[0]?.id);
    expect(weak[0]?.params.topicId).toBe(weak[0]?.id.slice('topic:'.length));
    expect(weak[0]?.params.accuracy).toBe(0);
    expect(recs.map((r) => r.id)).toContain('test:weekly');
    expect(recs.map((r) => r.id)).toContain('state:practice');

    expect((await dismiss(a, 'test:weekly')).status).toBe(204);
    expect((await dismiss(a, 'test:weekly')).status).toBe(204); // idempotent
    expect((await dismiss(a, weak[0]?.id as string)).status).toBe(204);
    for (const lang of ['en', 'de']) {
      const res = await app.request(`/api/${lang}/user/dashboard`, { headers: { cookie: a.cookie } });
      const ids = dashboardSchema.parse(await res.json()).recommendations.map((r) => r.id);
      expect(ids).not.toContain('test:weekly');
      expect(ids).not.toContain(weak[0]?.id);
    }
    // Weeks later, still no mock test: still dismissed.
    setClock('2026-05-01T11:00:00Z');
    expect((await get(a, '/recommendations', recommendationsResponseSchema)).map((r) => r.id)).not.toContain(
      'test:weekly',
    );
    // A mock test within the last 7 days removes the advice for a learner who did not dismiss it.
    await app.db('exam_attempts').insert({
      id: crypto.randomUUID(),
      user_id: b.id,
      kind: 'mock',
      state_code: 'BE',
      question_count: 33,
      created_at: '2026-04-28T10:00:00Z',
      finalized_at: '2026-04-28T10:30:00Z',
      correct_count: 20,
      passed: true,
    });
    expect((await get(b, '/recommendations', recommendationsResponseSchema)).map((r) => r.id)).not.toContain(
      'test:weekly',
    );
    setClock('2026-05-06T11:00:00Z'); // 8 days later
    expect((await get(b, '/recommendations', recommendationsResponseSchema)).map((r) => r.id)).toContain(
      'test:weekly',
    );
  });
});

describe('achievements (awarded by the write that earns them, never by a read)', () => {
  it('STREAK_7: not at 6 days, at the first answer of the 7th Berlin day, kept after the streak breaks unread', async () => {
    const a = await learner();
    // Mon 2nd … Fri 6th, then Sat 7th at 00:30 Berlin (still Friday in UTC): six Berlin days.
    for (const d of [2, 3, 4, 5, 6]) await answer(a, general[d] as number, true, `2026-03-0${d}T09:00:00Z`);
    await answer(a, general[7] as number, true, '2026-03-06T23:30:00Z');
    await answer(a, general[8] as number, false, '2026-03-07T20:00:00Z'); // Sat 21:00: still day 6
    expect(await stored(a)).toEqual({});
    await answer(a, general[9] as number, true, '2026-03-08T07:15:00Z'); // Sun 8th 08:15 Berlin: day 7
    await answer(a, general[10] as number, true, '2026-03-08T09:00:00Z');
    expect(await stored(a)).toEqual({ STREAK_7: '2026-03-08T07:15:00.000Z' });
    // Nothing on the 9th … 19th (the streak breaks) and no read until the 20th: still earned, true date.
    await answer(a, general[11] as number, true, '2026-03-20T09:00:00Z');
    setClock('2026-03-20T12:00:00Z');
    expect((await get(a, '/streak', streakResponseSchema)).current).toBe(1);
    const got = (await get(a, '/achievements', achievementsResponseSchema)).find(
      (x) => x.code === 'STREAK_7',
    );
    expect(got).toEqual({
      code: 'STREAK_7',
      earned: true,
      earnedAt: '2026-03-08T07:15:00.000Z',
      progress: { current: 7, target: 7 },
    });
  });

  it('STREAK_7: six days, a gap, six days is not a 7-day streak', async () => {
    const a = await learner();
    for (const d of [2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14])
      await answer(a, general[d] as number, true, `2026-03-${String(d).padStart(2, '0')}T12:00:00Z`);
    expect(await stored(a)).toEqual({});
    await answer(a, general[15] as number, true, '2026-03-15T12:00:00Z');
    expect(await stored(a)).toEqual({ STREAK_7: '2026-03-15T12:00:00.000Z' });
  });

  it('MASTER_100: not at 99, at the answer that masters the 100th, kept when mastery drops before a read', async () => {
    const a = await learner();
    await seedProgress(a.id, general.slice(0, 98), { seen: 2, correct: 2, streak: 2 }); // mastered earlier
    const [q99, q100, q101] = general.slice(98, 101) as [number, number, number];
    await answer(a, q99, true, '2026-03-10T09:00:00Z');
    await answer(a, q99, true, '2026-03-10T09:01:00Z'); // 99 mastered
    await answer(a, q100, true, '2026-03-10T09:02:00Z'); // one right answer: not mastered yet
    await answer(a, hamburg, true, '2026-03-10T09:03:00Z');
    await answer(a, hamburg, true, '2026-03-10T09:04:00Z'); // another state's question: not in the pool
    expect(await stored(a)).toEqual({});
    await answer(a, q100, true, '2026-03-10T09:05:00Z'); // the 100th
    expect(await stored(a)).toEqual({ MASTER_100: '2026-03-10T09:05:00.000Z' });
    // Mastery drops to 98 before anything is read, then climbs back to 99: the award and its date stay.
    await answer(a, general[0] as number, false, '2026-03-10T10:00:00Z');
    await answer(a, q100, false, '2026-03-10T10:01:00Z');
    await answer(a, q101, true, '2026-03-10T11:00:00Z');
    await answer(a, q101, true, '2026-03-10T11:01:00Z');
    setClock('2026-03-12T12:00:00Z');
    const d = await dashboard(a);
    expect(d.progress.mastered).toBe(99);
    expect(d.achievements.find((x) => x.code === 'MASTER_100')).toEqual({
      code: 'MASTER_100',
      earned: true,
      earnedAt: '2026-03-10T09:05:00.000Z',
      progress: { current: 100, target: 100 },
    });
    expect(await stored(a)).toEqual({ MASTER_100: '2026-03-10T09:05:00.000Z' });
  });

  it('BOOKMARK_10: not at 9, at the 10th bookmark, kept when bookmarks are removed before a read', async () => {
    const a = await learner();
    const at = (min: number) => `2026-03-10T09:${String(min).padStart(2, '0')}:00Z`;
    for (let i = 0; i < 9; i++) await bookmark(a, general[i] as number, at(i));
    await bookmark(a, general[0] as number, at(20), true); // removed and added again: still 9
    await bookmark(a, general[0] as number, at(21));
    expect(await stored(a)).toEqual({});
    await bookmark(a, general[9] as number, at(30));
    expect(await stored(a)).toEqual({ BOOKMARK_10: '2026-03-10T09:30:00.000Z' });
    for (const q of general.slice(0, 5)) await bookmark(a, q, at(40), true);
    await bookmark(a, general[10] as number, at(45));
    setClock('2026-03-12T12:00:00Z');
    const d = await dashboard(a);
    expect(d.bookmarks.count).toBe(6);
    expect(d.achievements.find((x) => x.code === 'BOOKMARK_10')).toMatchObject({
      earned: true,
      earnedAt: '2026-03-10T09:30:00.000Z',
    });
    const list = await get(a, '/bookmarks', bookmarksResponseSchema);
    expect(list.map((q) => q.number)).toEqual([10, 9, 8, 7, 6, 5].map((i) => general[i]));
  });

  it('BOOKMARK_10 is not lost when the 9th and 10th bookmark are stored at the same time', async () => {
    const a = await learner();
    await app
      .db('bookmarks')
      .insert(general.slice(0, 8).map((question_id) => ({ user_id: a.id, question_id })));
    const add = async (trx: Knex.Transaction, q: number, at: string) => {
      await trx('bookmarks').insert({ user_id: a.id, question_id: q, created_at: at });
      return awardOnBookmark(trx, a.id, new Date(at));
    };
    // The 9th is stored and checked but not committed yet when the 10th is checked: without the per-learner
    // lock each would count 9 (neither sees the other) and the 10th bookmark would never be awarded.
    const first = await app.db.transaction();
    expect(await add(first, general[8] as number, '2026-03-10T09:00:00Z')).toEqual([]);
    const second = app.db.transaction((trx) => add(trx, general[9] as number, '2026-03-10T09:00:01Z'));
    await new Promise((r) => setTimeout(r, 200));
    await first.commit();
    expect(await second).toEqual(['BOOKMARK_10']);
    expect(await stored(a)).toEqual({ BOOKMARK_10: '2026-03-10T09:00:01.000Z' });
  });
});

describe('isolation', () => {
  it('one learner’s figures never include another’s', async () => {
    const a = await learner();
    const b = await learner();
    setClock('2026-03-11T11:00:00Z');
    const emptyB = await dashboard(b);
    await seedAnswers(
      a.id,
      general.slice(0, 40).flatMap((q, i) => [
        { q, correct: i % 3 !== 0, at: '2026-03-10T10:00:00Z' },
        { q, correct: true, at: '2026-03-11T10:00:00Z' },
      ]),
    );
    for (const q of general.slice(0, 12)) await bookmark(a, q, '2026-03-11T10:30:00Z');
    await app.db('dismissed_recommendations').insert({ user_id: a.id, recommendation_id: 'test:weekly' });
    setClock('2026-03-11T11:00:00Z');
    const da = await dashboard(a);
    expect(da.statistics.answered).toBe(80);
    expect(da.streak.current).toBe(2);
    expect(da.bookmarks.count).toBe(12);
    expect(da.achievements.find((x) => x.code === 'BOOKMARK_10')?.earned).toBe(true);
    const db2 = await dashboard(b);
    const strip = (d: typeof db2) => ({ ...d, generatedAt: '', streak: { ...d.streak, today: '' } });
    expect(strip(db2)).toEqual(strip(emptyB));
    expect(db2.statistics.answered).toBe(0);
    expect(db2.bookmarks.count).toBe(0);
    expect(db2.recommendations.map((r) => r.id)).toContain('test:weekly');
    expect(db2.achievements.some((x) => x.earned)).toBe(false);
  });
});

describe('data export', () => {
  it('“Download my data” carries achievements, dismissed recommendations and exam attempts', async () => {
    const a = await learner();
    await app
      .db('achievements')
      .insert({ user_id: a.id, code: 'FIRST_TEST', earned_at: '2026-03-02T09:00:00Z' });
    await app.db('dismissed_recommendations').insert({ user_id: a.id, recommendation_id: 'general:daily' });
    await startMock(a);
    const data = await (await app.request('/api/user/export', { headers: { cookie: a.cookie } })).json();
    expect(data.achievements).toEqual([{ code: 'FIRST_TEST', earnedAt: '2026-03-02T09:00:00.000Z' }]);
    expect(data.dismissedRecommendations).toMatchObject([{ id: 'general:daily' }]);
    expect(data.examAttempts).toMatchObject([{ kind: 'mock', state: 'BE', questions: 33, finishedAt: null }]);
  });

  it('a mock test that ran out of time unopened is exported as finished at its deadline, and awarded, without writing', async () => {
    const a = await learner();
    const { id } = await startMock(a);
    await app
      .db('exam_attempts')
      .where({ id })
      .update({ deadline_at: app.db.raw("now() - interval '2 days'") });
    const { deadline_at } = await app.db('exam_attempts').where({ id }).first('deadline_at');
    const data = await (await app.request('/api/user/export', { headers: { cookie: a.cookie } })).json();
    expect(data.examAttempts).toEqual([
      expect.objectContaining({
        kind: 'mock',
        questions: 33,
        correct: 0,
        passed: false,
        finishedAt: new Date(deadline_at).toISOString(),
      }),
    ]);
    expect(data.achievements).toEqual([
      { code: 'FIRST_TEST', earnedAt: new Date(deadline_at).toISOString() },
    ]);
    // The download only read: the attempt is finalized by the sweep (or the learner's next write on exams).
    expect(await app.db('exam_attempts').where({ id }).first()).toMatchObject({ finalized_at: null });
    expect(await stored(a)).toEqual({});
    expect(await sweepExpiredAttempts(app.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(a)).toEqual({ FIRST_TEST: new Date(deadline_at).toISOString() });
    const again = await (await app.request('/api/user/export', { headers: { cookie: a.cookie } })).json();
    expect(again.examAttempts).toEqual(data.examAttempts);
    expect(again.achievements).toEqual(data.achievements);
  });
});

describe('at scale', () => {
  it('5 000 answers of one learner among other learners’ answers: exact figures', async () => {
    const a = await learner();
    const others = [await learner(), await learner(), await learner()];
    const pool = [...general, ...berlin];
    let s = 7;
    const rand = () => {
      s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
      return s / 2 ** 31;
    };
    // Learner A: 5 000 answers over 125 Berlin days ending today, 40 a day; days 30–33 back skipped.
    const today = Date.parse('2026-03-11T11:00:00Z');
    const mine: Answer[] = [];
    for (let back = 0; mine.length < 5000; back++) {
      if (back >= 30 && back <= 33) continue;
      for (let k = 0; k < 40 && mine.length < 5000; k++) {
        const at = new Date(today - back * 86_400_000 - k * 60_000).toISOString();
        mine.push({ q: pool[Math.floor(rand() * pool.length)] as number, correct: rand() < 0.7, at });
      }
    }
    await seedAnswers(a.id, mine);
    for (const o of others) {
      await seedAnswers(
        o.id,
        Array.from({ length: 2000 }, (_, i) => ({
          q: pool[i % pool.length] as number,
          correct: rand() < 0.5,
          at: new Date(today - (i % 50) * 3_600_000).toISOString(),
        })),
      );
    }
    setClock('2026-03-11T11:00:00Z');
    const d = await dashboard(a);
    const correct = mine.filter((x) => x.correct).length;
    expect(d.statistics).toMatchObject({ answered: 5000, correct, incorrect: 5000 - correct });
    expect(d.streak.current).toBe(30); // today and the 29 days before, then the gap
    const weekStart = Date.parse('2026-03-08T23:00:00Z'); // Mon 9th 00:00 Berlin
    const thisWeek = mine.filter((x) => Date.parse(x.at) >= weekStart);
    expect(d.statistics.weekly.days.reduce((n, x) => n + x.answered, 0)).toBe(thisWeek.length);
    expect(d.statistics.weekly.days.reduce((n, x) => n + x.correct, 0)).toBe(
      thisWeek.filter((x) => x.correct).length,
    );
    const seen = new Set(mine.map((x) => x.q));
    expect(d.progress.seen).toBe(seen.size);
    expect(d.statistics.distribution.unanswered).toBe(310 - seen.size);
  });
});

describe('response schemas (dashboard/schema.ts)', () => {
  it('GET /user/bookmarks has a schema the catalog’s question type fits', async () => {
    expectTypeOf<LearnQuestion>().toExtend<BookmarkedQuestion>();
    const a = await learner();
    await bookmark(a, berlin[0] as number, '2026-03-10T09:00:00Z');
    await bookmark(a, general[3] as number, '2026-03-10T09:01:00Z');
    for (const lang of ['de', 'en', 'hr']) {
      const res = await app.request(`/api/${lang}/user/bookmarks`, { headers: { cookie: a.cookie } });
      expect(res.status).toBe(200);
      const list = bookmarksResponseSchema.parse(await res.json());
      expect(list.map((q) => q.number)).toEqual([general[3], berlin[0]]);
    }
  });

  it('outside production an answer that drifts from the contract is a 500 naming the field', async () => {
    const streak = { current: 2, activeToday: true, lastActiveDate: '2026-03-11', today: '2026-03-11' };
    // Mounted in the running (test) app: a route that drifts fails its request.
    const { DashboardBuilder } = await import('../../dashboard/service');
    const spy = vi
      .spyOn(DashboardBuilder.prototype, 'streak')
      .mockResolvedValue({ ...streak, today: '11.03.2026' });
    try {
      const a = await learner();
      const res = await app.request('/api/en/user/streak', { headers: { cookie: a.cookie } });
      expect(res.status).toBe(500);
      const { error } = await res.json();
      expect(error.code).toBe('response_schema_mismatch');
      expect(error.message).toContain('today');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('achievements of data stored before they were awarded on write (migration 008)', () => {
  it('are backfilled once, with the dates the data gives', async () => {
    const a = await learner();
    // 7 Berlin days in a row (Mon 2nd … Sun 8th), broken since; 100 mastered; 10 bookmarks, 2 of them removed later.
    await seedAnswers(a.id, [
      ...[2, 3, 4, 5, 6, 7].map((d, i) => ({
        q: berlin[i] as number,
        correct: true,
        at: `2026-03-0${d}T12:00:00Z`,
      })),
      { q: general[200] as number, correct: true, at: '2026-03-07T23:10:00Z' }, // Sun 8th 00:10 Berlin
      { q: general[201] as number, correct: true, at: '2026-03-08T15:00:00Z' },
      { q: general[202] as number, correct: true, at: '2026-03-12T15:00:00Z' },
    ]);
    await seedProgress(a.id, general.slice(0, 100), { seen: 2, correct: 2, streak: 2 });
    await app
      .db('question_progress')
      .where({ user_id: a.id })
      .whereIn('question_id', general.slice(0, 100))
      .update({
        last_answered_at: app.db.raw(
          "timestamptz '2026-03-01T00:00:00Z' + (question_id - ?) * interval '1 minute'",
          [general[0] as number],
        ),
      });
    await app.db('bookmarks').insert(
      general.slice(0, 12).map((question_id, i) => ({
        user_id: a.id,
        question_id,
        created_at: `2026-03-10T10:${String(i).padStart(2, '0')}:00Z`,
      })),
    );
    await app.db('bookmarks').where({ user_id: a.id }).whereIn('question_id', general.slice(0, 2)).delete();
    const nobody = await learner();
    await seedAnswers(nobody.id, [{ q: general[0] as number, correct: true, at: '2026-03-02T12:00:00Z' }]);
    const mastered = await app
      .db('question_progress')
      .where({ user_id: a.id, question_id: general[99] })
      .first('last_answered_at');

    const { backfillAchievements } = await import('../../db/migrations/20261123_008_achievements_on_write');
    await backfillAchievements(app.db);
    await backfillAchievements(app.db); // once
    expect(await stored(a)).toEqual({
      STREAK_7: '2026-03-07T23:10:00.000Z',
      MASTER_100: new Date(mastered.last_answered_at).toISOString(),
      BOOKMARK_10: '2026-03-10T10:11:00.000Z',
    });
    expect(await stored(nobody)).toEqual({});
  });
});
