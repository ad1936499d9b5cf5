import { randomUUID } from 'node:crypto';
import { ProgressOverview as progressResponseSchema } from '@buergerfit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { liveQuestionIds } from '../../../test/helpers/questions';
import { createSession } from '../../auth/sessions';
import { signAccessToken } from '../../auth/tokens';
import { type ProgressRow, stepProgress } from '../../learn/repository';
import { DEFAULT_SCHEDULE } from '../../learn/scheduler';

/**
 * Back-test of the readiness model (dashboard/readiness.ts) over HTTP on the real database: synthetic learners
 * whose accuracy on every question is known practise, some take a mock test, and then a fresh mock test is
 * simulated from that known accuracy. The predicted 80 % band must hold the simulated score about 80 % of the
 * time: with 240 learners the share's standard error is 2.6 points, so the tolerance is 0.72–0.88 (±3 σ).
 *
 * The learners' records are built with the write path's own step (`stepProgress`), in memory, and stored in one
 * insert each; only the prediction is read through the API.
 */
const LEARNERS = 240;
let app: TestApp;
let pool: number[];
let general: number[];
let state: number[];

beforeAll(async () => {
  app = await createTestApp();
  general = await liveQuestionIds(app.db, null);
  state = await liveQuestionIds(app.db, 'BE');
  pool = [...general, ...state];
});
afterAll(() => app.close());

/** Deterministic: the same learners every run. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const sample = <T>(items: readonly T[], n: number, rand: () => number) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
};

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
  it('the 80 % band holds a simulated mock score about 80 % of the time', async () => {
    const rand = seeded(2026);
    let covered = 0;
    let below = 0;
    let above = 0;
    for (let n = 0; n < LEARNERS; n++) {
      // Known per-question accuracy: the learner knows a share of the questions (right 97 % of the time) and
      // guesses among four answers on the rest. Half the learners know it in this way; the other half have an
      // accuracy spread around their level instead.
      const level = 0.3 + rand() * 0.65;
      const bimodal = n % 2 === 0;
      const accuracy = new Map(
        pool.map((q) => [
          q,
          bimodal
            ? rand() < (level - 0.25) / 0.72
              ? 0.97
              : 0.25
            : Math.min(0.99, Math.max(0.25, level + (rand() - 0.5) * 0.5)),
        ]),
      );
      const records = new Map<number, Omit<ProgressRow, 'user_id' | 'question_id'>>();
      const start = Date.parse('2026-10-01T08:00:00Z');
      let clock = 0;
      const answer = (q: number) => {
        const right = rand() < (accuracy.get(q) as number);
        const at = new Date(start + clock++ * 60_000);
        const step = stepProgress(
          records.get(q) ?? null,
          { isCorrect: right, rating: right ? 'good' : 'again', at },
          DEFAULT_SCHEDULE,
        );
        records.set(q, step);
      };
      // Practice: from none to 800 answers to random questions of the pool (more learners practise little).
      const practice = Math.floor(rand() ** 2 * 800);
      for (let i = 0; i < practice; i++) answer(pool[Math.floor(rand() * pool.length)] as number);
      // Four in ten have taken a mock test: 30 general and 3 state questions, answered like any others.
      if (rand() < 0.4) for (const q of [...sample(general, 30, rand), ...sample(state, 3, rand)]) answer(q);

      const learner = await syntheticLearner();
      if (records.size > 0) {
        await app
          .db('question_progress')
          .insert([...records].map(([question_id, r]) => ({ user_id: learner.id, question_id, ...r })));
      }
      const res = await app.request('/api/en/user/progress', { headers: { cookie: learner.cookie } });
      expect(res.status).toBe(200);
      const { readiness } = progressResponseSchema.parse(await res.json());

      // A fresh mock test from the known accuracy.
      const drawn = [...sample(general, 30, rand), ...sample(state, 3, rand)];
      const score = drawn.filter((q) => rand() < (accuracy.get(q) as number)).length;
      if (score < readiness.low) below++;
      else if (score > readiness.high) above++;
      else covered++;
    }
    const share = covered / LEARNERS;
    console.info(
      `readiness back-test: ${LEARNERS} learners, band held ${covered} (${(share * 100).toFixed(1)} %), ` +
        `below ${below}, above ${above}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.72);
    expect(share).toBeLessThanOrEqual(0.88);
    // Misses fall on both sides: the band is not shifted.
    expect(below).toBeGreaterThan(LEARNERS * 0.03);
    expect(above).toBeGreaterThan(LEARNERS * 0.03);
  });
});
