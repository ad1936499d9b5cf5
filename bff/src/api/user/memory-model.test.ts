import { MemoryModel } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import {
  FORGETFUL,
  RETENTIVE,
  type SimulatedAnswer,
  simulateLearner,
} from '../../../test/helpers/memory-log';
import { liveQuestionIds } from '../../../test/helpers/questions';
import { signIn } from '../../../test/helpers/sign-in';
import { openDatabase } from '../../db/database';
import { type Fit, fitInChild, TRAIN } from '../../learn/memory-fit';
import { CLAIM_LEASE_MS, createMemoryModelJob, MIN_ANSWERS } from '../../learn/memory-model';

/**
 * Per-learner memory models over HTTP on the real database. Learners' answer logs are simulated (seeded) and
 * written to `learn_answers` as the app would have logged them over eight weeks; the job is run by calling it, as
 * the server's timer does; what a learner notices is read through the API: the settings' memory-model line and
 * the due date of their next answer.
 */
let app: TestApp;
let general: number[];
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
  general = await liveQuestionIds(app.db, null);
});
afterAll(() => app.close());

type Learner = { id: string; cookie: string };

async function learner(name: string): Promise<Learner> {
  const cookie = await signIn(app, name);
  const me = await app.request('/api/user/me', { headers: { cookie } });
  return { id: ((await me.json()) as { id: string }).id, cookie };
}

async function writeLog(db: Knex, userId: string, log: readonly SimulatedAnswer[]) {
  const rows = log.map((a) => ({
    user_id: userId,
    question_id: a.questionId,
    is_correct: a.isCorrect,
    mode: 'learn',
    answered_at: a.answeredAt,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db('learn_answers').insert(rows.slice(i, i + 1000));
}

/** Eight weeks of practice from 1 June 2026, 12 new questions a day, on 85 % of the days. */
const eightWeeks = (seed: number, trueParameters: readonly number[]) =>
  simulateLearner({
    seed,
    questionIds: general,
    start: new Date('2026-06-01T00:00:00Z'),
    days: 56,
    newPerDay: 12,
    studyProbability: 0.85,
    trueParameters,
  });

async function memoryModelOf(l: Learner): Promise<MemoryModel> {
  const res = await app.request('/api/user/memory-model', { headers: { cookie: l.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return MemoryModel.parse(await res.json());
}

/** The learner's row of the job's table, with the weights their scheduling uses as `parameters`. */
const modelRow = (userId: string) =>
  app
    .db('memory_models as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.user_id', userId)
    .first('m.*', 'u.memory_parameters as parameters');

/**
 * A question the learner knows: reviewed three times, last 8 days ago, stability 8 days, due now. The same card
 * for every learner, so what differs in their next interval is their weights.
 */
async function knownCard(userId: string, questionId: number, now: Date) {
  const last = new Date(now.getTime() - 8 * DAY);
  await app
    .db('question_progress')
    .insert({
      user_id: userId,
      question_id: questionId,
      seen_count: 3,
      correct_count: 3,
      incorrect_count: 0,
      correct_streak: 3,
      last_correct: true,
      last_answered_at: last,
      first_answered_at: new Date(now.getTime() - 20 * DAY),
      first_correct: true,
      due: now,
      stability: 8,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: 8,
      learning_steps: 0,
      reps: 3,
      lapses: 0,
      fsrs_state: 2,
      last_review: last,
    })
    .onConflict(['user_id', 'question_id'])
    .merge();
}

/** Answers the question right now and returns the days until it is due again. */
async function nextInterval(l: Learner, questionId: number): Promise<number> {
  const before = Date.now();
  const res = await app.request('/api/en/learn-mode', {
    method: 'POST',
    headers: { cookie: l.cookie },
    json: { question_id: questionId, is_correct: true, mode: 'learn' },
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { progress: { due: string } };
  return (new Date(body.progress.due).getTime() - before) / DAY;
}

const job = (fit?: Fit, instanceId?: string, db: Knex = app.db, now?: () => Date) =>
  createMemoryModelJob({ db, logger: app.running.logger, fit, instanceId, now });

describe('a learner with a long answer log', () => {
  let forgetful: SimulatedAnswer[];
  let retentive: SimulatedAnswer[];
  let a: Learner;
  let b: Learner;
  let control: Learner;

  beforeAll(async () => {
    forgetful = eightWeeks(1, FORGETFUL);
    retentive = eightWeeks(2, RETENTIVE);
    a = await learner('memory-forgetful');
    b = await learner('memory-retentive');
    control = await learner('memory-control');
    await writeLog(app.db, a.id, forgetful);
    await writeLog(app.db, b.id, retentive);
    await writeLog(app.db, control.id, forgetful.slice(0, 40));
  });

  it('is told the standard model is in use until the job has run', async () => {
    expect(forgetful.length).toBeGreaterThan(1500);
    expect(await memoryModelOf(a)).toEqual({
      kind: 'standard',
      reason: 'pending',
      answers: forgetful.length,
      minAnswers: MIN_ANSWERS,
      answersUntilCheck: 0,
      checkedAt: null,
      fittedAt: null,
      fittedAnswers: null,
    });
  });

  it('gets personal weights from the job, which beat the standard ones on the held-out answers', async () => {
    const reports = await job().runOnce();
    expect(reports.map((r) => [r.userId, r.outcome, r.answers, r.stored]).sort()).toEqual(
      [
        [a.id, 'personal', forgetful.length, true],
        [b.id, 'personal', retentive.length, true],
      ].sort(),
    );
    for (const [l, log] of [
      [a, forgetful],
      [b, retentive],
    ] as const) {
      const row = await modelRow(l.id);
      expect(row.parameters).toHaveLength(21);
      expect(row.outcome).toBe('personal');
      expect(row.loss_personal).toBeLessThan(row.loss_standard);
      expect(row.held_out).toBeGreaterThanOrEqual(40);
      expect(row.fitted_answers).toBe(log.length);
      expect(row.claimed_by).toBeNull();
    }
  });

  it('sees "personal, fitted on N answers" in the settings', async () => {
    const model = await memoryModelOf(a);
    const row = await modelRow(a.id);
    expect(model).toEqual({
      kind: 'personal',
      reason: null,
      answers: forgetful.length,
      minAnswers: MIN_ANSWERS,
      answersUntilCheck: 200,
      checkedAt: new Date(row.checked_at).toISOString(),
      fittedAt: new Date(row.fitted_at).toISOString(),
      fittedAnswers: forgetful.length,
    });
  });

  it('has the next review planned with their weights: sooner for the forgetful, later for the retentive', async () => {
    const question = general[0] as number;
    const now = new Date();
    for (const l of [a, b, control]) await knownCard(l.id, question, now);
    const standard = await nextInterval(control, question);
    const sooner = await nextInterval(a, question);
    const later = await nextInterval(b, question);
    // The control learner (40 answers: the standard weights) gets the standard interval for stability 8 after
    // a right answer at 90 % retention: about three weeks.
    expect(standard).toBeGreaterThan(14);
    expect(sooner).toBeLessThan(standard * 0.9);
    expect(later).toBeGreaterThan(standard * 1.05);
    // The card kept its state: a right answer after 8 days raised the stability it had.
    const card = await app.db('question_progress').where({ user_id: a.id, question_id: question }).first();
    expect(card.reps).toBe(4);
    expect(card.stability).toBeGreaterThan(8);
  });
});

describe('a learner without enough answers', () => {
  it('keeps the standard weights and is told how many more answers it takes', async () => {
    const l = await learner('memory-short');
    const log = eightWeeks(3, FORGETFUL).slice(0, 150);
    await writeLog(app.db, l.id, log);
    const reports = await job().runOnce();
    expect(reports.map((r) => r.userId)).not.toContain(l.id);
    expect((await modelRow(l.id)).parameters).toBeNull();
    expect(await memoryModelOf(l)).toMatchObject({
      kind: 'standard',
      reason: 'too_few_answers',
      answers: 150,
      answersUntilCheck: MIN_ANSWERS - 150,
    });
  });

  it('answered on one day only: the fit is tried, finds too few spaced reviews and keeps the standard weights', async () => {
    const l = await learner('memory-one-day');
    // 450 answers on 1 June, every question answered 1 to 2 times.
    const log: SimulatedAnswer[] = Array.from({ length: 450 }, (_, i) => ({
      questionId: general[i % 300] as number,
      isCorrect: i % 3 !== 0,
      answeredAt: new Date(Date.UTC(2026, 5, 1, 8, 0, i * 5)),
    }));
    await writeLog(app.db, l.id, log);
    const reports = await job().runOnce();
    expect(reports.filter((r) => r.userId === l.id)).toEqual([
      expect.objectContaining({ outcome: 'too_few', answers: 450, stored: true }),
    ]);
    expect(await memoryModelOf(l)).toMatchObject({
      kind: 'standard',
      reason: 'too_few_spaced',
      answersUntilCheck: 200,
    });
  });
});

describe('two instances', () => {
  it('never fit the same learner at once: the second finds the learner claimed; after the lease it may', async () => {
    const l = await learner('memory-claimed');
    const log = eightWeeks(4, FORGETFUL);
    await writeLog(app.db, l.id, log);
    // The second instance has a connection pool of its own, as another server would.
    const other = await openDatabase({
      databaseUrl: app.config.databaseUrl as string,
      dataDir: app.config.dataDir,
    });
    try {
      const calls: string[] = [];
      let entered!: () => void;
      let release!: () => void;
      const inFit = new Promise<void>((r) => {
        entered = r;
      });
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const held: Fit = async (request, opts) => {
        calls.push('first');
        entered();
        await gate;
        return fitInChild(request, opts);
      };
      const counted: Fit = (request, opts) => {
        calls.push('second');
        return fitInChild(request, opts);
      };
      const first = job(held, 'instance-1').runOnce();
      await inFit;
      // While the first instance fits, the second finds nothing to claim.
      expect(await job(counted, 'instance-2', other.knex).runOnce()).toEqual([]);
      expect(await modelRow(l.id)).toMatchObject({ claimed_by: 'instance-1' });
      // Past the lease (the first instance looks dead), the second takes the learner over and stores its fit …
      const late = () => new Date(Date.now() + CLAIM_LEASE_MS + 1000);
      const takeover = await job(counted, 'instance-2', other.knex, late).runOnce();
      expect(takeover).toEqual([
        expect.objectContaining({ userId: l.id, outcome: 'personal', stored: true }),
      ]);
      // … and the first instance's late result is dropped.
      release();
      expect(await first).toEqual([expect.objectContaining({ userId: l.id, stored: false })]);
      expect(calls).toEqual(['first', 'second']);
      expect(await modelRow(l.id)).toMatchObject({ checked_answers: log.length, claimed_by: null });
    } finally {
      await other.close();
    }
  });
});

describe('a fit that fails', () => {
  /**
   * Bad data: every review marked for training, so the reviews of cards not yet seen on a second day become items
   * the optimizer cannot take (fsrs-rs panics and aborts the fit's process).
   */
  const broken: Fit = (request, opts) =>
    fitInChild(
      { ...request, cards: request.cards.map((card) => card.map(([r, t]) => [r, t, TRAIN] as const)) },
      opts,
    );

  it('keeps the standard weights, tells the learner, and the server goes on answering', async () => {
    const l = await learner('memory-broken');
    const log = eightWeeks(5, FORGETFUL);
    await writeLog(app.db, l.id, log);
    const reports = await job(broken).runOnce();
    expect(reports).toEqual([
      expect.objectContaining({ userId: l.id, outcome: 'failed', answers: log.length, stored: true }),
    ]);
    expect(await modelRow(l.id)).toMatchObject({ outcome: 'failed', parameters: null, claimed_by: null });
    expect(await memoryModelOf(l)).toMatchObject({
      kind: 'standard',
      reason: 'failed',
      answersUntilCheck: 200,
    });
    const question = general[1] as number;
    await knownCard(l.id, question, new Date());
    expect(await nextInterval(l, question)).toBeGreaterThan(14);
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('keeps the personal weights a learner already has', async () => {
    const l = await learner('memory-refit-broken');
    const log = eightWeeks(6, FORGETFUL);
    await writeLog(app.db, l.id, log.slice(0, -200));
    expect(await job().runOnce()).toEqual([expect.objectContaining({ userId: l.id, outcome: 'personal' })]);
    const fitted = await modelRow(l.id);
    // 200 more answers make a refit due; it fails.
    await writeLog(app.db, l.id, log.slice(-200));
    expect(await job(broken).runOnce()).toEqual([
      expect.objectContaining({ userId: l.id, outcome: 'failed' }),
    ]);
    const after = await modelRow(l.id);
    expect(after.parameters).toEqual(fitted.parameters);
    expect(after.fitted_at).toEqual(fitted.fitted_at);
    expect((await memoryModelOf(l)).kind).toBe('personal');
  });
});

describe('GET /api/user/memory-model', () => {
  it('needs a signed-in learner', async () => {
    const res = await app.request('/api/user/memory-model');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });
});
