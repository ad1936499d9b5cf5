import { EXAM } from '../exam/rules';

/**
 * Exam readiness: how many of the 33 questions the learner would answer correctly if they sat a test today, an
 * 80 % band around it, the chance to pass, and how sure we are. One model, fed by the one answer log: learn
 * answers and exam answers (a finished mock test is 33 answers, the most direct evidence there is) alike.
 *
 * 1. **Cold accuracy μ**: the chance to answer a question the learner has never practised. Its evidence is the
 *    learner's *first* answer to each question they have answered (before any practice could help): with a
 *    Beta(2, 2) prior, μ ~ Beta(2 + first answers right, 2 + first answers wrong). A mock test's answers to new
 *    questions are first answers too, so a 25/33 mock moves μ to about 0.73 at once.
 * 2. **Per question**: a question the learner has answered has its own evidence, recency-weighted (the latest
 *    answer weighs 1, each earlier one half as much: learning shows; learn/mastery.ts EVIDENCE_DECAY), shrunk
 *    towards μ: p_i = (K·μ + right_i) / (K + right_i + wrong_i), K = 2. A never-answered question has p_i = μ.
 * 3. **The test**: 30 questions drawn from the general pool and 3 from the state's; a randomly drawn question is
 *    right with its group's mean p̄, so given μ the score is Binomial(30, p̄_general) + Binomial(3, p̄_state)
 *    (drawing with replacement; without, the spread is a little narrower, so the band errs wide).
 * 4. **Uncertainty about μ** is integrated out: the score distribution is the mixture of step 3 over a grid of μ
 *    (0.25…0.99; never below guessing among four answers) weighted by μ's posterior. The band is its 10th–90th
 *    percentile, the pass chance P(score ≥ 17), the expected score its mean.
 * 5. **Confidence** is the spread of the expected score that comes from not knowing μ (the test's own luck
 *    aside): its standard deviation ≤ 1.5 questions → high, ≤ 3 → medium, else low.
 * A BFF test back-tests it on synthetic learners with known per-question accuracy (test/readiness.test.ts).
 */
export const PRIOR = { right: 2, wrong: 2 } as const;
export const SHRINK_K = 2;
const GRID = Array.from({ length: 75 }, (_, i) => 0.25 + i * 0.01);

export type QuestionEvidence = {
  /** A question of the learner's state (3 of the test) rather than a general one (30). */
  state: boolean;
  /** Recency-weighted right and wrong answers; both 0 for a question never answered. */
  right: number;
  wrong: number;
  /** The learner's first answer to it: true right, false wrong, null never answered. */
  firstRight: boolean | null;
};

export type ReadinessEstimate = {
  expected: number;
  low: number;
  high: number;
  passChance: number;
  confidence: 'low' | 'medium' | 'high';
};

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

/**
 * The band [low, high] that leaves about `tail` of the mass below and `tail` above. A score is discrete (one value
 * can hold 15 % of the mass), so each end is the value whose step the tail's edge cuts nearer: a plain 10th–90th
 * percentile band keeps both edge steps whole and holds nearer 90 % than 80 % of outcomes.
 */
export function band(dist: readonly number[], tail: number): { low: number; high: number } {
  let below = 0;
  let low = 0;
  let high = 0;
  for (let k = 0; k < dist.length; k++) {
    const mid = below + (dist[k] as number) / 2;
    if (mid < tail - 1e-12) low = k + 1;
    if (mid <= 1 - tail + 1e-12) high = k;
    below += dist[k] as number;
  }
  return { low: Math.min(low, high), high };
}

/** A group's mean p̄ as a function of μ: p̄(μ) = base + slope·μ (each p_i is linear in μ). */
function groupLine(questions: readonly QuestionEvidence[]): { base: number; slope: number } | null {
  if (questions.length === 0) return null;
  let base = 0;
  let slope = 0;
  for (const q of questions) {
    const n = q.right + q.wrong;
    base += q.right / (SHRINK_K + n);
    slope += SHRINK_K / (SHRINK_K + n);
  }
  return { base: base / questions.length, slope: slope / questions.length };
}

const logBetaDensity = (x: number, a: number, b: number) => (a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x);

/** The posterior weight of each μ of the grid, from the first answers. */
export function coldAccuracyWeights(firstRight: number, firstWrong: number): number[] {
  const a = PRIOR.right + firstRight;
  const b = PRIOR.wrong + firstWrong;
  const logs = GRID.map((mu) => logBetaDensity(mu, a, b));
  const top = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - top));
  const sum = w.reduce((s, x) => s + x, 0);
  return w.map((x) => x / sum);
}

export function estimateReadiness(questions: readonly QuestionEvidence[]): ReadinessEstimate {
  const general = groupLine(questions.filter((q) => !q.state));
  const state = groupLine(questions.filter((q) => q.state));
  const firstRight = questions.filter((q) => q.firstRight === true).length;
  const firstWrong = questions.filter((q) => q.firstRight === false).length;
  const weights = coldAccuracyWeights(firstRight, firstWrong);
  // No questions of a group (no state chosen yet): those slots are answered at the cold accuracy.
  const mean = (line: { base: number; slope: number } | null, mu: number) =>
    line ? line.base + line.slope * mu : mu;

  const mixture = new Array<number>(EXAM.questions + 1).fill(0);
  let m1 = 0;
  let m2 = 0;
  GRID.forEach((mu, i) => {
    const w = weights[i] as number;
    if (w < 1e-9) return;
    const pg = mean(general, mu);
    const ps = mean(state, mu);
    const slots = [
      ...new Array<number>(EXAM.general).fill(pg),
      ...new Array<number>(EXAM.fromState).fill(ps),
    ];
    poissonBinomial(slots).forEach((p, k) => {
      mixture[k] = (mixture[k] as number) + w * p;
    });
    const e = EXAM.general * pg + EXAM.fromState * ps;
    m1 += w * e;
    m2 += w * e * e;
  });
  const total = mixture.reduce((s, x) => s + x, 0);
  const dist = mixture.map((x) => x / total);
  const spread = Math.sqrt(Math.max(0, m2 - m1 * m1));
  const passChance = dist.slice(EXAM.passMark).reduce((a, b) => a + b, 0);
  return {
    expected: Math.round(m1 * 10) / 10,
    ...band(dist, 0.1),
    passChance: Math.min(1, Math.max(0, Math.round(passChance * 1000) / 1000)),
    confidence: spread <= 1.5 ? 'high' : spread <= 3 ? 'medium' : 'low',
  };
}
