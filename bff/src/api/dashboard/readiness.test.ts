import { randomUUID } from 'node:crypto';
import { ProgressOverview as progressResponseSchema } from '@buergerfit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { liveQuestionIds } from '../../../test/helpers/questions';
import { createSession } from '../../auth/sessions';
import { signAccessToken } from '../../auth/tokens';
import { practise, questionDifficulty, seeded } from '../../dashboard/backtest';
import { mockOutcomes } from '../../dashboard/mock-backtest';

/**
 * Back-test of the readiness model (dashboard/readiness.ts) over HTTP on the real database: simulated learners
 * (dashboard/backtest.ts: they know some questions already, learn from feedback and forget) practise in the app's
 * way, their records (built with the write path's own step, `stepProgress`) are stored as they would be now, the
 * dashboard predicts their score, and a test is then simulated from what they truly know. The predicted 80 % band
 * must hold the simulated score about 80 % of the time: with 100 learners the share's standard error is 4 points,
 * so the tolerance is 0.68–0.92 (±3 σ). (The pass chance's calibration: dashboard/readiness.test.ts.)
 */
const LEARNERS = 100;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function syntheticLearner(): Promise<{ id: string; cookie: string }> {
  const id = randomUUID();
  await app
    .db('users')
    .insert({ id, username: `synthetic-${id.slice(0, 8)}`, federal_state: 'BE', onboarded: true });
  const { sessionId } = await createSession(app.db, id, { method: 'test' });
  const { token } = signAccessToken(app.config.sessionSecret as string, { userId: id, sessionId });
  return { id, cookie: `bf_at=${token}` };
}

describe('readiness back-test', () => {
  it('the 80 % band holds a simulated test score about 80 % of the time', async () => {
    const general = await liveQuestionIds(app.db, null);
    const state = await liveQuestionIds(app.db, 'BE');
    // The simulation's questions 1–300 are the catalog's general ones in order, 301–310 Berlin's.
    const catalogId = (q: number) => (q <= 300 ? general[q - 1] : state[q - 301]) as number;
    const rand = seeded(2026);
    const difficulty = questionDifficulty(rand);
    let covered = 0;
    let below = 0;
    let above = 0;
    let n = 0;
    while (n < LEARNERS) {
      const practised = practise(rand, difficulty);
      if (!practised) continue;
      n++;
      const { learner, now } = practised;
      // Stored as if the practice had ended an hour ago.
      const shift = Date.now() - now;
      const moved = (d: Date | string | null) => (d ? new Date(new Date(d).getTime() + shift) : null);
      const user = await syntheticLearner();
      await app.db('question_progress').insert(
        [...learner.records].map(([q, r]) => ({
          ...r,
          user_id: user.id,
          question_id: catalogId(q),
          due: moved(r.due),
          last_review: moved(r.last_review),
          last_answered_at: moved(r.last_answered_at),
          first_answered_at: moved(r.first_answered_at),
        })),
      );
      const res = await app.request('/api/en/user/progress', { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      const { readiness } = progressResponseSchema.parse(await res.json());
      // No test day set: the chance is for a test tomorrow.
      expect(readiness.forExam).toBe(false);
      const score = learner.sitTest(now + 86_400_000);
      if (score < readiness.low) below++;
      else if (score > readiness.high) above++;
      else covered++;
    }
    const share = covered / LEARNERS;
    console.info(
      `readiness back-test: ${LEARNERS} learners, band held ${covered} (${(share * 100).toFixed(1)} %), ` +
        `below ${below}, above ${above}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.68);
    expect(share).toBeLessThanOrEqual(0.92);
    // Misses fall on both sides: the band is not shifted.
    expect(below).toBeGreaterThan(LEARNERS * 0.03);
    expect(above).toBeGreaterThan(LEARNERS * 0.03);
  });
});

describe('the back-test on learners’ own mock tests', () => {
  it('takes the chance given just before each finished mock test, from the answers before it, against its result', async () => {
    const general = await liveQuestionIds(app.db, null);
    const a = await syntheticLearner();
    const b = await syntheticLearner();
    type Row = { q: number; right: boolean; at: string; mode: string };
    const log = async (user: string, rows: Row[]) =>
      app.db('learn_answers').insert(
        rows.map((r) => ({
          user_id: user,
          question_id: r.q,
          is_correct: r.right,
          mode: r.mode,
          answered_at: r.at,
        })),
      );
    const mock = async (user: string, at: string, correct: number) =>
      app.db('exam_attempts').insert({
        id: randomUUID(),
        user_id: user,
        kind: 'mock',
        state_code: 'BE',
        question_count: 33,
        created_at: at,
        finalized_at: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
        correct_count: correct,
        passed: correct >= 17,
      });
    const minute = (start: string, i: number) => new Date(Date.parse(start) + i * 60_000).toISOString();
    // A: 40 questions answered right on day 1; a mock test on day 2 (passed, 30 right) whose 33 answers are all
    // fresh questions, answered wrong but 3; a second mock test on day 3 (failed, 12 right).
    await log(
      a.id,
      general
        .slice(0, 40)
        .map((q, i) => ({ q, right: true, at: minute('2026-03-01T10:00:00Z', i), mode: 'learn' })),
    );
    await mock(a.id, '2026-03-02T10:00:00Z', 30);
    await log(
      a.id,
      general
        .slice(40, 73)
        .map((q, i) => ({ q, right: i < 3, at: minute('2026-03-02T10:01:00Z', i), mode: 'mock' })),
    );
    await mock(a.id, '2026-03-03T10:00:00Z', 12);
    // B: a mock test before any answer (nothing to predict from: left out), then one after 10 answers.
    await mock(b.id, '2026-03-01T09:00:00Z', 20);
    await log(
      b.id,
      general
        .slice(0, 10)
        .map((q, i) => ({ q, right: true, at: minute('2026-03-01T09:01:00Z', i), mode: 'mock' })),
    );
    await mock(b.id, '2026-03-04T09:00:00Z', 20);

    const own = await mockOutcomes(app.db, [a.id]);
    expect(own.map((o) => o.passed)).toEqual([true, false]);
    const [first, second] = own as [(typeof own)[0], (typeof own)[0]];
    // Fewer than 2 mock tests before each: the chance shown stays within 5–95 %.
    for (const o of own) {
      expect(o.predicted).toBeGreaterThanOrEqual(0.05);
      expect(o.predicted).toBeLessThanOrEqual(0.95);
    }
    // Before the first test: 40 of 40 right. Before the second: the first test's 30 wrong first answers count too.
    expect(first.raw).toBeGreaterThan(0.99);
    expect(second.raw).toBeLessThan(first.raw - 0.05);
    expect((await mockOutcomes(app.db, [b.id])).map((o) => o.passed)).toEqual([true]);
    expect(await mockOutcomes(app.db, [a.id, b.id])).toHaveLength(3);
  });
});
