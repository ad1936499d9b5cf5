import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAM } from '../exam/rules';
import { reliability, seeded, simulate } from './backtest';
import {
  CAP,
  drawDistribution,
  estimateReadiness,
  FIRM,
  type QuestionEvidence,
  testDistribution,
} from './readiness';

/**
 * The readiness model (dashboard/readiness.ts): the exact score distribution of the test's draw, its calibration on
 * seeded simulated learners (dashboard/backtest.ts), and the rule that thin evidence never shows a chance beyond
 * 5–95 %.
 */

/** Every k-subset of 0..n−1. */
function* subsets(n: number, k: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === k) {
    yield chosen;
    return;
  }
  for (let i = from; i < n; i++) yield* subsets(n, k, i + 1, [...chosen, i]);
}

describe('the draw, exactly', () => {
  it('equals the average over every possible draw of a small pool (3 of 9, some chances shared)', () => {
    const ps = [0.9, 0.2, 0.5, 0.5, 0.5, 0.7, 0.05, 0.5, 0.99];
    const expected = [0, 0, 0, 0];
    let draws = 0;
    for (const s of subsets(ps.length, 3)) {
      draws++;
      // The Poisson-binomial of this draw, by hand: every right/wrong pattern of its three questions.
      for (let mask = 0; mask < 8; mask++) {
        let p = 1;
        let right = 0;
        s.forEach((q, bit) => {
          const isRight = (mask >> bit) & 1;
          p *= isRight ? (ps[q] as number) : 1 - (ps[q] as number);
          right += isRight;
        });
        expected[right] = (expected[right] as number) + p;
      }
    }
    expect(draws).toBe(84);
    const exact = drawDistribution(ps, 3);
    exact.forEach((p, k) => {
      expect(p).toBeCloseTo((expected[k] as number) / draws, 12);
    });
  });

  it('agrees with 200 000 simulated tests of 30 of 300 and 3 of 10 (seeded), score by score and for a pass', () => {
    const rand = seeded(11);
    const general = Array.from({ length: 300 }, (_, i) => (i < 150 ? 0.45 : 0.2 + 0.8 * rand()));
    const state = Array.from({ length: 10 }, () => rand());
    const exact = testDistribution(general, state, 0.5);
    expect(exact.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    const counts = new Array<number>(EXAM.questions + 1).fill(0);
    const RUNS = 200_000;
    const pick = (ps: number[], n: number) => {
      const idx = ps.map((_, i) => i);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(rand() * (idx.length - i));
        [idx[i], idx[j]] = [idx[j] as number, idx[i] as number];
      }
      return idx.slice(0, n).filter((i) => rand() < (ps[i] as number)).length;
    };
    for (let r = 0; r < RUNS; r++) {
      const score = pick(general, EXAM.general) + pick(state, EXAM.fromState);
      counts[score] = (counts[score] as number) + 1;
    }
    // Within 4 standard errors of a share, score by score.
    exact.forEach((p, k) => {
      const share = (counts[k] as number) / RUNS;
      expect(Math.abs(share - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / RUNS) + 1e-4);
    });
    const pass = exact.slice(EXAM.passMark).reduce((s, p) => s + p, 0);
    const simulatedPass = counts.slice(EXAM.passMark).reduce((s, c) => s + c, 0) / RUNS;
    expect(Math.abs(simulatedPass - pass)).toBeLessThanOrEqual(4 * Math.sqrt((pass * (1 - pass)) / RUNS));
  });
});

describe('calibration', () => {
  it('on 300 seeded simulated learners the chance shown matches how often they pass', () => {
    const outcomes = simulate(300, 7);
    const shown = reliability(outcomes);
    const raw = reliability(outcomes.map((o) => ({ predicted: o.raw, passed: o.passed })));
    // Tolerances. Even a perfectly calibrated chance shows a mean gap between predicted and observed (the expected
    // calibration error) of 0.045 on 300 learners (0.062 at the 95th percentile), from the luck of the outcomes
    // alone: the model's own chance may show at most 0.07, the chance shown at most 0.08 (it is kept at 95 % for
    // learners without firm evidence who pass more often than that, on purpose). Every bin of 40 or more learners
    // within 5 points plus 3 standard errors of its pass rate; a Brier score at least 15 % better than always
    // saying the overall pass rate.
    expect(raw.ece).toBeLessThanOrEqual(0.07);
    expect(shown.ece).toBeLessThanOrEqual(0.08);
    for (const r of [shown, raw]) {
      expect(r.brier).toBeLessThanOrEqual(0.85 * r.baseline);
      for (const b of r.bins.filter((x) => x.count >= 40)) {
        const se = Math.sqrt((b.predicted * (1 - b.predicted)) / b.count);
        expect(Math.abs(b.observed - b.predicted), `bin ${b.from}–${b.to}`).toBeLessThanOrEqual(
          0.05 + 3 * se,
        );
      }
    }
    // The learners span the range: some unlikely, some likely to pass.
    expect(shown.bins[0]?.count).toBeGreaterThan(0);
    expect(shown.bins[9]?.count).toBeGreaterThan(30);
  });
});

/** A question of the pool as the model sees it. */
const answered = (over: Partial<QuestionEvidence> = {}): QuestionEvidence => ({
  state: false,
  answers: 3,
  firstRight: true,
  everWrong: false,
  stability: 60,
  lastReview: new Date('2026-03-01T10:00:00Z'),
  right: 1.75,
  wrong: 0,
  ...over,
});
const unseen = (state = false): QuestionEvidence => ({
  state,
  answers: 0,
  firstRight: null,
  everWrong: false,
  stability: null,
  lastReview: null,
  right: 0,
  wrong: 0,
});
const pool = (make: (i: number) => QuestionEvidence) =>
  Array.from({ length: 310 }, (_, i) => ({ ...make(i), state: i >= 300 }));
const AT = new Date('2026-03-02T10:00:00Z');

describe('thin evidence is never certain', () => {
  it(`below ${FIRM.mocks} mock tests or ${FIRM.questions} answered questions no chance is beyond 5–95 %, and the learner is told what is missing`, () => {
    const question = fc.oneof(
      fc.constant(null),
      fc.record({
        answers: fc.integer({ min: 1, max: 8 }),
        right: fc.boolean(),
        stability: fc.double({ min: 0.05, max: 365, noNaN: true }),
        daysAgo: fc.double({ min: 0, max: 60, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(question, { minLength: 310, maxLength: 310 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 30 }),
        (qs, mocks, ahead) => {
          const questions = qs.map((q, i) =>
            q === null
              ? unseen(i >= 300)
              : answered({
                  state: i >= 300,
                  answers: q.answers,
                  firstRight: q.right,
                  everWrong: !q.right,
                  stability: q.stability,
                  lastReview: new Date(AT.getTime() - q.daysAgo * 86_400_000),
                }),
          );
          const e = estimateReadiness({ questions, at: new Date(AT.getTime() + ahead * 86_400_000), mocks });
          const count = qs.filter((q) => q !== null).length;
          const firm = mocks >= FIRM.mocks && count >= FIRM.questions;
          expect(e.firm).toBe(firm);
          expect(e.firmUp).toEqual({
            mocks: Math.max(0, FIRM.mocks - mocks),
            questions: Math.max(0, FIRM.questions - count),
          });
          if (!firm) {
            for (const x of [e.passChance, e.passRange.low, e.passRange.high]) {
              expect(x).toBeGreaterThanOrEqual(CAP.low);
              expect(x).toBeLessThanOrEqual(CAP.high);
            }
          }
          expect(e.passRange.low).toBeLessThanOrEqual(e.passChance);
          expect(e.passRange.high).toBeGreaterThanOrEqual(e.passChance);
        },
      ),
      { seed: 30, numRuns: 60 },
    );
  });

  it('a learner who knows every question is at 95 % until two mock tests confirm it, then above', () => {
    const all = pool(() => answered());
    const before = estimateReadiness({ questions: all, at: AT, mocks: 1 });
    expect(before.rawPassChance).toBeGreaterThan(0.999);
    expect(before).toMatchObject({ passChance: CAP.high, firm: false, firmUp: { mocks: 1, questions: 0 } });
    const after = estimateReadiness({ questions: all, at: AT, mocks: 2 });
    expect(after.firm).toBe(true);
    // Above 95 %, never a certainty: 99.9 % at most.
    expect(after.passChance).toBe(0.999);
    expect(after.confidence).toBe('high');
  });

  it('a learner who got everything wrong is at 5 %, not 0 %, with 40 answers and no mock test', () => {
    const e = estimateReadiness({
      questions: pool((i) =>
        i < 40
          ? answered({ answers: 1, firstRight: false, everWrong: true, stability: 0.2, right: 0, wrong: 1 })
          : unseen(),
      ),
      at: new Date(AT.getTime() + 20 * 86_400_000),
      mocks: 0,
    });
    expect(e.rawPassChance).toBeLessThan(0.05);
    expect(e).toMatchObject({ passChance: CAP.low, firmUp: { mocks: 2, questions: 110 } });
  });

  it('the chance for a test day three weeks ahead is lower than for a test now: what was learned fades', () => {
    const learned = pool((i) =>
      i < 200
        ? answered({ answers: 2, firstRight: false, everWrong: true, stability: 4, lastReview: AT })
        : unseen(),
    );
    const now = estimateReadiness({ questions: learned, at: AT, mocks: 0 });
    const later = estimateReadiness({
      questions: learned,
      at: new Date(AT.getTime() + 21 * 86_400_000),
      mocks: 0,
    });
    expect(later.expected).toBeLessThan(now.expected - 2);
    expect(later.rawPassChance).toBeLessThan(now.rawPassChance);
  });
});
