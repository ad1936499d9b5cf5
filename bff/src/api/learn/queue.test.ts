import {
  Dashboard as dashboardSchema,
  FocusQueue as focusSchema,
  ReviewQueue as queueSchema,
} from '@buergerfit/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { liveQuestionIds } from '../../../test/helpers/questions';
import { signIn } from '../../../test/helpers/sign-in';

/**
 * One review queue: the dashboard (focus tile, next step, recommendation, daily plan), focus mode and the
 * flashcards' queue call all give the same count of due questions and the same next due time. The learner's answer
 * log is written out below with its clock times; the expected queue at each moment is worked out by hand from it
 * with the scheduler's rules (learn/scheduler.ts, FSRS-6 default weights, retention 0.9):
 * - a new question answered wrong is due 1 minute later (the one learning step);
 * - a new question answered right graduates at once: due 2 days later (initial stability for "good", 2.31 days;
 *   at retention 0.9 the interval equals the stability, rounded to whole days);
 * - a question answered wrong and then right is due 1 day after the right answer (the shortest interval FSRS
 *   gives a graduated card);
 * - due means due at or before now; only questions of the learner's pool (general + their state's) count.
 */

let app: TestApp;
let general: number[];
let berlin: number[];
let hamburg: number;

beforeAll(async () => {
  app = await createTestApp();
  general = await liveQuestionIds(app.db, null);
  berlin = await liveQuestionIds(app.db, 'BE');
  hamburg = (await liveQuestionIds(app.db, 'HH'))[0] as number;
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

const setClock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });

const g = (i: number) => general[i] as number;
const ids = (ns: number[]) => ns.map((n) => `q${n}`);

type Learner = { cookie: string };

async function learner(name: string, state: string): Promise<Learner> {
  const cookie = await signIn(app, name);
  const res = await app.request('/api/user/setting/german-federal-state', {
    method: 'PATCH',
    json: { selected_state: state },
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return { cookie };
}

async function answer(who: Learner, q: number, correct: boolean, at: string): Promise<void> {
  setClock(at);
  const res = await app.request('/api/en/learn-mode', {
    method: 'POST',
    json: { question_id: q, is_correct: correct },
    headers: { cookie: who.cookie },
  });
  expect(res.status, `q${q} at ${at}`).toBe(201);
}

async function read<S extends z.ZodType>(
  who: Learner,
  path: string,
  schema: S,
  at: string,
): Promise<z.infer<S>> {
  setClock(at);
  const res = await app.request(path, { headers: { cookie: who.cookie } });
  expect(res.status, path).toBe(200);
  return schema.parse(await res.json());
}

/** Every place the learner reads the queue, at one moment: each must say the same. */
async function everywhere(who: Learner, at: string) {
  const queue = await read(who, '/api/en/learn/queue', queueSchema, at);
  const focus = await read(who, '/api/en/learn/focus?limit=100', focusSchema, at);
  const d = await read(who, '/api/en/user/dashboard', dashboardSchema, at);
  return {
    queue: { due: queue.due, nextDueAt: queue.nextDueAt, ids: queue.ids },
    focus: { due: focus.due, nextDueAt: focus.nextDueAt, ids: focus.questions.map((q) => q.id) },
    dashboard: {
      tile: d.modes.find((m) => m.id === 'focus')?.count,
      reviews: d.reviews,
      recommendation: d.recommendations.find((r) => r.kind === 'reviewDue')?.params.count ?? 0,
      plan: d.plan && { reviewsDue: d.plan.reviewsDue, nextReviewAt: d.plan.nextReviewAt },
    },
    plan: d.plan,
  };
}

/** What every place must show for a queue of `due` questions `dueIds` (in order) and the next one at `next`. */
const agreed = (dueIds: number[], next: string | null, plan: boolean) => ({
  queue: { due: dueIds.length, nextDueAt: next, ids: ids(dueIds) },
  focus: { due: dueIds.length, nextDueAt: next, ids: ids(dueIds) },
  dashboard: {
    tile: dueIds.length,
    reviews: { due: dueIds.length, nextDueAt: next },
    recommendation: dueIds.length,
    plan: plan ? { reviewsDue: dueIds.length, nextReviewAt: next } : null,
  },
});

/**
 * The answer log of one learner of Berlin (Monday 2 March 2026; Berlin is UTC+1 then):
 * - 09:00 a burst of 33 first answers, as after a mock test: general 0–20 right, general 21–32 wrong;
 * - 09:10 general 40 wrong, 09:11 right again;
 * - 09:12 general 41 and 42 wrong; 09:13 Berlin's first question wrong and a Hamburg question wrong;
 * - 09:20 general 21 (wrong at 09:00) right.
 */
async function seedLog(who: Learner): Promise<void> {
  for (let i = 0; i <= 32; i++) await answer(who, g(i), i <= 20, '2026-03-02T09:00:00Z');
  await answer(who, g(40), false, '2026-03-02T09:10:00Z');
  await answer(who, g(40), true, '2026-03-02T09:11:00Z');
  await answer(who, g(41), false, '2026-03-02T09:12:00Z');
  await answer(who, g(42), false, '2026-03-02T09:12:00Z');
  await answer(who, berlin[0] as number, false, '2026-03-02T09:13:00Z');
  await answer(who, hamburg, false, '2026-03-02T09:13:00Z');
  await answer(who, g(21), true, '2026-03-02T09:20:00Z');
}

// By hand, from the log:
// - general 22–32: wrong at 09:00 → due 09:01 (11 questions);
// - general 41, 42: wrong at 09:12 → due 09:13; Berlin's first: wrong at 09:13 → due 09:14;
// - general 40: wrong, then right at 09:11 → due Tue 3 March 09:11;
// - general 21: wrong, then right at 09:20 → due Tue 3 March 09:20;
// - general 0–20: right at 09:00 → due Wed 4 March 09:00;
// - the Hamburg question is not in a Berlin learner's pool.
const wrongAtNine = Array.from({ length: 11 }, (_, i) => 22 + i);

describe('one review queue', () => {
  it('the queue call, focus mode and every part of the dashboard give the same due count and next due time', async () => {
    const a = await learner('queue-a', 'BE');
    expect(
      (
        await app.request('/api/user/settings', {
          method: 'PATCH',
          json: { examDate: '2026-03-12' },
          headers: { cookie: a.cookie },
        })
      ).status,
    ).toBe(200);
    // Before any answer: nothing due, nothing scheduled.
    expect(await everywhere(a, '2026-03-02T08:00:00Z')).toMatchObject(agreed([], null, true));
    await seedLog(a);

    // Monday 09:30: the 11 wrong from 09:00, then 41 and 42, then Berlin's first (earliest due first, then by
    // number). The right answers of minutes ago are not due; the next one falls due on Tuesday at 09:11.
    const monday = await everywhere(a, '2026-03-02T09:30:00Z');
    expect(monday).toMatchObject(
      agreed([...wrongAtNine.map(g), g(41), g(42), berlin[0] as number], '2026-03-03T09:11:00.000Z', true),
    );
    expect(monday.queue.due).toBe(14);
    // The daily plan adds up: exam on Thursday 12 March, 10 days from Monday. 37 questions of the pool were new
    // today (33 + general 40, 41, 42 + Berlin's first; Hamburg's is not in the pool), so the day began with 310
    // new: ceil(310 / 10) = 31 a day, all done; 40 answers today (the Hamburg one and the repeats count too).
    expect(monday.plan).toEqual({
      examDate: '2026-03-12',
      daysLeft: 10,
      unseen: 310 - 37,
      newSeenToday: 37,
      newGoal: 31,
      newRemaining: 0,
      reviewsDue: 14,
      nextReviewAt: '2026-03-03T09:11:00.000Z',
      answeredToday: 40,
    });

    // Tuesday 09:15: general 40 has come due; general 21 is next, at 09:20. A new day: 273 new over 9 days → 31.
    const tuesday = await everywhere(a, '2026-03-03T09:15:00Z');
    expect(tuesday).toMatchObject(
      agreed(
        [...wrongAtNine.map(g), g(41), g(42), berlin[0] as number, g(40)],
        '2026-03-03T09:20:00.000Z',
        true,
      ),
    );
    expect(tuesday.plan).toMatchObject({
      daysLeft: 9,
      unseen: 273,
      newSeenToday: 0,
      newGoal: 31,
      newRemaining: 31,
    });
    expect(tuesday.plan?.answeredToday).toBe(0);

    // Wednesday: one millisecond before 09:00 general 0–20 are not due yet; at 09:00 they are (due ≤ now), and then
    // every answered question of the pool is due: nothing more is scheduled.
    const before = await everywhere(a, '2026-03-04T08:59:59.999Z');
    expect(before.queue.due).toBe(16);
    expect(before.queue.nextDueAt).toBe('2026-03-04T09:00:00.000Z');
    const at = await everywhere(a, '2026-03-04T09:00:00.000Z');
    expect(at).toMatchObject(
      agreed(
        [
          ...wrongAtNine.map(g),
          g(41),
          g(42),
          berlin[0] as number,
          g(40),
          g(21),
          ...Array.from({ length: 21 }, (_, i) => g(i)),
        ],
        null,
        true,
      ),
    );
    expect(at.queue.due).toBe(37);
  });

  it('counts only the learner’s pool: after a change of state the other state’s questions leave the queue', async () => {
    const b = await learner('queue-b', 'BE');
    await seedLog(b);
    expect((await everywhere(b, '2026-03-02T09:30:00Z')).queue.ids).toContain(`q${berlin[0]}`);
    vi.useRealTimers();
    const res = await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'HH' },
      headers: { cookie: b.cookie },
    });
    expect(res.status).toBe(200);
    // Now the Hamburg question (wrong at 09:13, due 09:14) is in it and Berlin's first is not.
    const after = await everywhere(b, '2026-03-02T09:30:00Z');
    expect(after).toMatchObject(
      agreed([...wrongAtNine.map(g), g(41), g(42), hamburg], '2026-03-03T09:11:00.000Z', false),
    );
  });

  it('focus mode takes a round of at most `limit` questions and still counts them all', async () => {
    const c = await learner('queue-c', 'BE');
    await seedLog(c);
    const round = await read(c, '/api/de/learn/focus?limit=5', focusSchema, '2026-03-02T09:30:00Z');
    expect(round.due).toBe(14);
    expect(round.questions.map((q) => q.id)).toEqual(ids(wrongAtNine.slice(0, 5).map(g)));
    expect(round.questions[0]).toMatchObject({ progress: { seen: 1, incorrect: 1, mastered: false } });
  });

  it('a dashboard read just before a question falls due is not served after it', async () => {
    const d = await learner('queue-d', 'BE');
    await answer(d, g(50), false, '2026-03-05T10:00:00Z'); // due 10:01
    const first = await read(d, '/api/en/user/dashboard', dashboardSchema, '2026-03-05T10:00:30Z');
    expect(first.reviews).toEqual({ due: 0, nextDueAt: '2026-03-05T10:01:00.000Z' });
    // 40 seconds later, on the same day and within the cache's minute: the question has fallen due.
    const second = await read(d, '/api/en/user/dashboard', dashboardSchema, '2026-03-05T10:01:10Z');
    expect(second.reviews).toEqual({ due: 1, nextDueAt: null });
    expect(second.modes.find((m) => m.id === 'focus')?.count).toBe(1);
  });

  it('the queue call needs a session', async () => {
    expect((await app.request('/api/en/learn/queue')).status).toBe(401);
  });
});
