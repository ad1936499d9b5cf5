import { EXAM } from '../exam/rules';
import { isMastered } from '../learn/mastery';

/**
 * Exam readiness: how many of the 33 questions the learner would likely answer correctly today.
 *
 * 1. Per question of the learner's pool, a probability of answering it correctly:
 *    - mastered (learn/mastery.ts: the last answers were right) → P_MASTERED (0.97: recall is high, slips happen);
 *    - answered before, not mastered → the smoothed accuracy (correct + 1) / (seen + 2) (Laplace: one imagined
 *      right and one wrong answer keep a single lucky or unlucky answer from dominating), at least the guess rate;
 *    - never answered → P_GUESS = 0.25, one of four answers by chance.
 * 2. The real test draws 30 of the general questions and 3 of the state's 10. A question drawn at random from a
 *    group is answered correctly with the group's mean probability, so the score is modelled as the sum of
 *    30 Bernoulli(mean general p) and 3 Bernoulli(mean state p): a Poisson-binomial distribution, computed exactly
 *    by dynamic programming over the 33 slots (drawing with replacement; the real draw is without, which only
 *    narrows the spread a little, so the band is slightly conservative).
 * 3. From that distribution: expected score = 30·p̄_general + 3·p̄_state, the band = 10th to 90th percentile, and
 *    the chance to pass = P(score ≥ 17).
 */
export const P_MASTERED = 0.97;
export const P_GUESS = 0.25;

export type QuestionRecord = {
  seen: number;
  correct: number;
  correctStreak: number;
};

export function questionProbability(r: QuestionRecord | null): number {
  if (!r || r.seen === 0) return P_GUESS;
  if (isMastered({ correct_streak: r.correctStreak })) return Math.max(P_MASTERED, smoothed(r));
  return Math.min(P_MASTERED, Math.max(P_GUESS, smoothed(r)));
}

const smoothed = (r: QuestionRecord) => (r.correct + 1) / (r.seen + 2);

/** P(S = k) for S = the number of successes of independent Bernoulli(p_i) trials. */
export function poissonBinomial(ps: readonly number[]): number[] {
  let dist = [1];
  for (const p of ps) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      const mass = dist[k] as number;
      next[k] = (next[k] as number) + mass * (1 - p);
      next[k + 1] = (next[k + 1] as number) + mass * p;
    }
    dist = next;
  }
  return dist;
}

/** The smallest k with P(S ≤ k) ≥ q. */
export function percentile(dist: readonly number[], q: number): number {
  let cumulative = 0;
  for (let k = 0; k < dist.length; k++) {
    cumulative += dist[k] as number;
    if (cumulative >= q - 1e-12) return k;
  }
  return dist.length - 1;
}

const mean = (xs: readonly number[], fallback: number) =>
  xs.length === 0 ? fallback : xs.reduce((a, b) => a + b, 0) / xs.length;

export type ReadinessEstimate = {
  expected: number;
  low: number;
  high: number;
  passChance: number;
};

/** `general` and `state`: one probability per question of each group (an empty state group → guessing). */
export function estimateReadiness(general: readonly number[], state: readonly number[]): ReadinessEstimate {
  const pGeneral = mean(general, P_GUESS);
  const pState = mean(state, P_GUESS);
  const slots = [
    ...new Array<number>(EXAM.general).fill(pGeneral),
    ...new Array<number>(EXAM.fromState).fill(pState),
  ];
  const dist = poissonBinomial(slots);
  const passChance = dist.slice(EXAM.passMark).reduce((a, b) => a + b, 0);
  return {
    expected: Math.round((EXAM.general * pGeneral + EXAM.fromState * pState) * 10) / 10,
    low: percentile(dist, 0.1),
    high: percentile(dist, 0.9),
    passChance: Math.min(1, Math.max(0, Math.round(passChance * 1000) / 1000)),
  };
}
