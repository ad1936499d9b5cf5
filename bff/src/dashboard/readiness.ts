import { default_w, forgetting_curve } from 'ts-fsrs';
import { EXAM } from '../exam/rules';

/**
 * Exam readiness: the chance to pass the test (17 of 33), with how uncertain it is, the score to expect and an
 * 80 % band around it. One model, fed by the one answer log (learn and exam answers alike).
 *
 * 1. **Cold accuracy μ**: the chance to answer a question the learner has never practised. Its evidence is the
 *    learner's *first* answer to each question (before any practice could help): with a Beta(2, 2) prior,
 *    μ ~ Beta(2 + first answers right, 2 + first answers wrong), never below guessing among four (0.25).
 * 2. **Per question**, a recall probability at the moment of the test (the start of the test day if the learner
 *    set one and it is ahead, else now: "if you stopped practising today"): the question's FSRS retrievability R
 *    (its stability and last review, the learner's own decay when FSRS weights were fitted for them). A multiple-
 *    choice question not recalled is still answered at the cold accuracy, so memory gives R + (1 − R)·μ. A
 *    question with little evidence is shrunk towards μ: with n answers, weight w = n / (n + K), K = SHRINK_K, so
 *    p = w·R + (1 − w·R)·μ. A never-answered question has p = μ. (A record without an FSRS card uses its
 *    recency-weighted share of right answers for R.)
 * 3. **The test, exactly**: 30 questions drawn without replacement from the 300 general ones and 3 from the
 *    state's 10, each right with its p, independently: the score's distribution is a Poisson-binomial over a
 *    hypergeometric draw, computed exactly (`drawDistribution`: a dynamic programme over the questions, each drawn
 *    with the chance the draw gives it given how many are drawn already). Without a state chosen, the 3 state
 *    questions are answered at μ.
 * 4. **Uncertainty** about μ is carried through: the chance is worked out at QUADRATURE equally likely values of μ
 *    (the midpoints of equal slices of its posterior); the pass chance is their mean, the expected score and the
 *    band come from the mixed distribution. Every p grows with μ, so the chance does too: its 80 % range is the
 *    chance at μ's 10th and 90th percentile.
 * 5. **Thin evidence is never certain**: below FIRM (2 mock tests and 150 questions of the pool answered) the chance
 *    shown stays within CAP (5 %–95 %), and the learner is told what would firm it up.
 *
 * Calibrated on simulated learners (dashboard/backtest.ts, `npm run readiness -- backtest`; asserted in
 * readiness.test.ts).
 */
export const PRIOR = { right: 5, wrong: 5 } as const;
export const SHRINK_K = 0.5;
/** The evidence below which a chance is kept within CAP: finished mock tests and answered questions of the pool. */
export const FIRM = { mocks: 2, questions: 150 } as const;
export const CAP = { low: 0.05, high: 0.95 } as const;
export const QUADRATURE = 7;
const GUESS = 0.25;
const DAY_MS = 86_400_000;

export type QuestionEvidence = {
  /** A question of the learner's state (3 of the test) rather than a general one (30). */
  state: boolean;
  /** Answers to it; 0 for a question never answered. */
  answers: number;
  /** The learner's first answer to it: true right, false wrong, null never answered. */
  firstRight: boolean | null;
  /** Answered wrong at least once: the learner did not know it beforehand. */
  everWrong: boolean;
  /** Its FSRS memory: stability in days and the last review; null without a card. */
  stability: number | null;
  lastReview: Date | null;
  /** Recency-weighted right and wrong answers (for a record without an FSRS card). */
  right: number;
  wrong: number;
};

export type ReadinessInput = {
  questions: readonly QuestionEvidence[];
  /** The moment of the test the chance is for. */
  at: Date;
  /** The learner's FSRS weights (their decay is the 21st), or null for the standard ones. */
  parameters?: readonly number[] | null;
  /** Finished mock tests. */
  mocks: number;
  /** The shrinkage strength K (SHRINK_K unless a back-test compares others). */
  shrink?: number;
};

export type ReadinessEstimate = {
  expected: number;
  low: number;
  high: number;
  /** The chance shown: within CAP unless the evidence is firm. */
  passChance: number;
  /** Its 80 % range (μ's 10th to 90th percentile), within CAP likewise. */
  passRange: { low: number; high: number };
  /** The model's own chance, uncapped (the back-test reports both). */
  rawPassChance: number;
  confidence: 'low' | 'medium' | 'high';
  firm: boolean;
  /** What is missing to firm: more mock tests, more answered questions of the pool (0 when there). */
  firmUp: { mocks: number; questions: number };
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
 * The exact distribution of right answers when `n` of these questions are drawn at random without replacement and
 * each drawn one is right with its p, independently: a Poisson-binomial over a hypergeometric draw. Walking the
 * questions in turn, question i is drawn with probability (n − j)/(N − i) when j are drawn already (which makes
 * every n-subset equally likely); the state is (drawn, right).
 */
export function drawDistribution(all: readonly number[], n: number): number[] {
  const N = all.length;
  if (n > N) throw new RangeError(`cannot draw ${n} of ${N}`);
  // The most common p (the never-answered questions share μ) is walked last in one step: when only its m questions
  // are left, the n − j still to draw all come from them, right ~ Binomial(n − j, p). Exact, and m times faster.
  const counts = new Map<number, number>();
  for (const p of all) counts.set(p, (counts.get(p) ?? 0) + 1);
  let common = 0;
  let m = 0;
  for (const [p, c] of counts)
    if (c > m) {
      common = p;
      m = c;
    }
  const ps = m > 1 ? all.filter((p) => p !== common) : all;
  if (m <= 1) m = 0;
  const W = n + 1;
  // cur[j·W + k]: probability of j drawn, k of them right, after the questions walked so far.
  let cur = new Float64Array(W * W);
  let next = new Float64Array(W * W);
  cur[0] = 1;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] as number;
    const left = N - i;
    next.fill(0);
    // Reachable: j ≤ min(i, n) drawn so far, and j ≥ n − left (else the draw could not be completed).
    for (let j = Math.max(0, n - left); j <= Math.min(i, n); j++) {
      const take = (n - j) / left;
      const skip = 1 - take;
      const row = j * W;
      const up = row + W;
      for (let k = 0; k <= j; k++) {
        const mass = cur[row + k] as number;
        if (mass === 0) continue;
        next[row + k] = (next[row + k] as number) + mass * skip;
        if (take > 0) {
          next[up + k + 1] = (next[up + k + 1] as number) + mass * take * p;
          next[up + k] = (next[up + k] as number) + mass * take * (1 - p);
        }
      }
    }
    [cur, next] = [next, cur];
  }
  if (m === 0) return Array.from(cur.subarray(n * W, n * W + W));
  const out = new Array<number>(W).fill(0);
  for (let j = Math.max(0, n - m); j <= n; j++) {
    const rest = binomial(n - j, common);
    for (let k = 0; k <= j; k++) {
      const mass = cur[j * W + k] as number;
      if (mass === 0) continue;
      rest.forEach((q, r) => {
        out[k + r] = (out[k + r] as number) + mass * q;
      });
    }
  }
  return out;
}

/** Binomial(n, p) probabilities. */
function binomial(n: number, p: number): number[] {
  return poissonBinomial(new Array<number>(n).fill(p));
}

/** The distribution of the sum of two independent scores. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++)
      out[i + j] = (out[i + j] as number) + (a[i] as number) * (b[j] as number);
  return out;
}

/** The test's score distribution given each question's p (general and state; no state questions: 3 at `fallback`). */
export function testDistribution(
  general: readonly number[],
  state: readonly number[],
  fallback: number,
): number[] {
  const g = drawDistribution(general, EXAM.general);
  const s =
    state.length >= EXAM.fromState
      ? drawDistribution(state, EXAM.fromState)
      : poissonBinomial(new Array<number>(EXAM.fromState).fill(fallback));
  return convolve(g, s);
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

const logBetaDensity = (x: number, a: number, b: number) => (a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x);

/**
 * Values of the cold accuracy at these quantiles of its posterior Beta(PRIOR.right + right, PRIOR.wrong + wrong),
 * found on a fine grid; each at least the guessing floor.
 */
export function coldAccuracyAt(
  quantiles: readonly number[],
  firstRight: number,
  firstWrong: number,
): number[] {
  const a = PRIOR.right + firstRight;
  const b = PRIOR.wrong + firstWrong;
  const STEPS = 2000;
  const logs = Array.from({ length: STEPS }, (_, i) => logBetaDensity((i + 0.5) / STEPS, a, b));
  const top = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - top));
  const total = w.reduce((s, x) => s + x, 0);
  return quantiles.map((q) => {
    let cum = 0;
    for (let i = 0; i < STEPS; i++) {
      const step = (w[i] as number) / total;
      if (cum + step >= q) return Math.max(GUESS, (i + (q - cum) / step) / STEPS);
      cum += step;
    }
    return 1 - 0.5 / STEPS;
  });
}

/** QUADRATURE equally likely values of the cold accuracy: the midpoints of equal slices of its posterior. */
export const coldAccuracyNodes = (firstRight: number, firstWrong: number, count = QUADRATURE) =>
  coldAccuracyAt(
    Array.from({ length: count }, (_, i) => (i + 0.5) / count),
    firstRight,
    firstWrong,
  );

/**
 * The memory part of a question answered before: its recall probability at `at` (FSRS retrievability), or for a
 * record without a card its recency-weighted share of right answers.
 */
export function recallAt(q: QuestionEvidence, at: Date, parameters: readonly number[]): number {
  if (q.stability !== null && q.stability > 0 && q.lastReview) {
    const days = Math.max(0, (at.getTime() - q.lastReview.getTime()) / DAY_MS);
    return forgetting_curve(parameters, days, q.stability);
  }
  const n = q.right + q.wrong;
  return n > 0 ? q.right / n : 0;
}

/**
 * Each question's p as a line in μ: p = a + b·μ. Answered: w·(R + (1 − R)·f) + (1 − w)·μ, where f, the chance when
 * memory fails, is μ, or guessing (0.25) for a question answered wrong before (the learner did not know it). Never
 * answered: μ.
 */
function lines(input: ReadinessInput): { general: [number, number][]; state: [number, number][] } {
  // FSRS-6 weights carry the decay as their 21st; anything else falls back to the standard ones.
  const parameters = input.parameters && input.parameters.length > 20 ? input.parameters : default_w;
  const general: [number, number][] = [];
  const state: [number, number][] = [];
  for (const q of input.questions) {
    let line: [number, number] = [0, 1];
    if (q.answers > 0) {
      const w = q.answers / (q.answers + (input.shrink ?? SHRINK_K));
      const r = recallAt(q, input.at, parameters);
      line = q.everWrong ? [w * (r + (1 - r) * GUESS), 1 - w] : [w * r, 1 - w * r];
    }
    (q.state ? state : general).push(line);
  }
  return { general, state };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function estimateReadiness(input: ReadinessInput): ReadinessEstimate {
  const { general, state } = lines(input);
  const firstRight = input.questions.filter((q) => q.firstRight === true).length;
  const firstWrong = input.questions.filter((q) => q.firstRight === false).length;
  const nodes = coldAccuracyNodes(firstRight, firstWrong);
  const [mu10, mu90] = coldAccuracyAt([0.1, 0.9], firstRight, firstWrong) as [number, number];
  const at = (ls: [number, number][], mu: number) => ls.map(([a, b]) => Math.min(1, a + b * mu));
  // A pool smaller than the draw (a partial catalog in a test) is topped up with never-answered questions.
  const pad = (ls: [number, number][], n: number) =>
    ls.length >= n ? ls : [...ls, ...new Array<[number, number]>(n - ls.length).fill([0, 1])];
  const g = pad(general, EXAM.general);
  const distAt = (mu: number) => testDistribution(at(g, mu), at(state, mu), mu);
  const passOf = (dist: readonly number[]) =>
    clamp(
      dist.slice(EXAM.passMark).reduce((s, p) => s + p, 0),
      0,
      1,
    );
  const mixture = new Array<number>(EXAM.questions + 1).fill(0);
  let raw = 0;
  for (const mu of nodes) {
    const dist = distAt(mu);
    dist.forEach((p, k) => {
      mixture[k] = (mixture[k] as number) + p / nodes.length;
    });
    raw += passOf(dist) / nodes.length;
  }
  // Every p grows with μ, so the chance does: its 10th and 90th percentile are the chances at μ's.
  const rangeRaw = { low: Math.min(raw, passOf(distAt(mu10))), high: Math.max(raw, passOf(distAt(mu90))) };
  const answered = input.questions.filter((q) => q.answers > 0).length;
  const firmUp = {
    mocks: Math.max(0, FIRM.mocks - input.mocks),
    questions: Math.max(0, FIRM.questions - answered),
  };
  const firm = firmUp.mocks === 0 && firmUp.questions === 0;
  // Never exactly 0 or 1, even when firm: a test always has some luck in it (and 0.9996 is not 100 %).
  const shown = (x: number) => (firm ? clamp(x, 0.001, 0.999) : clamp(x, CAP.low, CAP.high));
  const expected = mixture.reduce((s, p, k) => s + p * k, 0);
  const width = rangeRaw.high - rangeRaw.low;
  const confidence: ReadinessEstimate['confidence'] =
    width <= 0.15 && firm ? 'high' : width <= 0.35 && answered >= 30 ? 'medium' : 'low';
  return {
    expected: Math.round(expected * 10) / 10,
    ...band(mixture, 0.1),
    passChance: shown(round3(raw)),
    passRange: { low: shown(round3(rangeRaw.low)), high: shown(round3(rangeRaw.high)) },
    rawPassChance: raw,
    confidence,
    firm,
    firmUp,
  };
}
