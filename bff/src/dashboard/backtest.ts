import { EXAM, sample } from '../exam/rules';
import { type ProgressRow, stepProgress } from '../learn/repository';
import { DEFAULT_SCHEDULE } from '../learn/scheduler';
import {
  estimateReadiness,
  type QuestionEvidence,
  type ReadinessEstimate,
  type ReadinessInput,
} from './readiness';

/**
 * The readiness back-test: seeded simulated learners practise in the app's way (the due review queue first, then
 * new questions; some take mock tests), their record is built with the app's own write step (`stepProgress`, the
 * FSRS scheduler included), the model predicts their chance to pass at the test, and the test is then simulated
 * from what the learner truly knows at that moment. Predicted chances against outcomes, in bins (a reliability
 * table), and the Brier score.
 *
 * The simulated memory is deliberately not the model's: each learner knows a share of the questions already
 * (harder questions less often), guesses the rest with their own skill at ruling answers out (25–45 %), and
 * remembers what they learned on an exponential forgetting curve whose stability starts at about 1.5 days (varying
 * by learner), grows by 1.8–3.5× at each successful review a day or more apart and drops to a third after a lapse.
 * FSRS's curve is a power law with standard weights; the model has to hold up against that mismatch.
 */

const GENERAL = Array.from({ length: 300 }, (_, i) => i + 1);
const STATE = Array.from({ length: 10 }, (_, i) => 301 + i);
const POOL = [...GENERAL, ...STATE];
const DAY = 86_400_000;
const START = Date.parse('2026-01-05T07:00:00Z');

/** A seeded generator (mulberry32): the same seed gives the same learners on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function normal(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}
const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));

type TrueMemory = { prior: boolean; learned: boolean; stability: number; last: number };

/** One simulated learner: what they truly know, how they practise, and the record the app keeps of it. */
export class SimLearner {
  readonly truth = new Map<number, TrueMemory>();
  readonly records = new Map<number, Omit<ProgressRow, 'user_id' | 'question_id'>>();
  /** Each answered question's due time (ms), for the review queue. */
  private readonly dueAt = new Map<number, number>();
  mocks = 0;
  private readonly guess: number;
  private readonly initial: number;
  private readonly growth: number;

  constructor(
    private readonly rand: () => number,
    difficulty: ReadonlyMap<number, number>,
  ) {
    const known = 0.02 + 0.5 * rand();
    this.guess = 0.25 + 0.1 * rand();
    this.initial = 1.5 * Math.exp(0.6 * normal(rand));
    this.growth = 1.8 + 1.7 * rand();
    for (const q of POOL) {
      const prior = rand() < logistic(logit(known) - (difficulty.get(q) as number));
      this.truth.set(q, { prior, learned: false, stability: 0, last: 0 });
    }
  }

  /** The chance to answer right at `t` (ms), from what the learner truly knows. */
  chance(q: number, t: number): { p: number; recall: number } {
    const m = this.truth.get(q) as TrueMemory;
    if (m.prior) return { p: 0.97, recall: 1 };
    if (!m.learned) return { p: this.guess, recall: 0 };
    const recall = 0.9 ** ((t - m.last) / DAY / m.stability);
    return { p: recall * 0.97 + (1 - recall) * this.guess, recall };
  }

  /** Answers `q` at `t`: the outcome from the truth, the truth then learns from the feedback, the app records it. */
  answer(q: number, t: number): boolean {
    const m = this.truth.get(q) as TrueMemory;
    const { recall } = this.chance(q, t);
    const recalled = this.rand() < recall;
    const right = recalled ? this.rand() < 0.97 : this.rand() < this.guess;
    if (!m.prior) {
      if (!m.learned) {
        m.learned = true;
        m.stability = this.initial * (right ? 1.3 : 1);
      } else if (recalled) {
        m.stability *= t - m.last >= DAY / 2 ? this.growth : 1.1;
      } else {
        m.stability = Math.max(0.1, m.stability / 3);
      }
      m.last = t;
    }
    const at = new Date(t);
    const record = stepProgress(
      this.records.get(q) ?? null,
      { isCorrect: right, rating: right ? 'good' : 'again', at },
      DEFAULT_SCHEDULE,
    );
    this.records.set(q, record);
    this.dueAt.set(q, record.due ? new Date(record.due).getTime() : Number.POSITIVE_INFINITY);
    return right;
  }

  /** The head of the app's review queue at `t`: the answered question due earliest, if any is due. */
  firstDue(t: number): number | undefined {
    let best: number | undefined;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const [q, at] of this.dueAt) {
      if (at <= t && (at < bestAt || (at === bestAt && q < (best as number)))) {
        best = q;
        bestAt = at;
      }
    }
    return best;
  }

  evidence(): QuestionEvidence[] {
    return POOL.map((q) => {
      const r = this.records.get(q);
      return {
        state: q > 300,
        answers: r?.seen_count ?? 0,
        firstRight: r ? r.first_correct : null,
        everWrong: (r?.incorrect_count ?? 0) > 0,
        stability: r?.stability ?? null,
        lastReview: r?.last_review ? new Date(r.last_review) : null,
        right: r?.recent_correct ?? 0,
        wrong: r?.recent_incorrect ?? 0,
      };
    });
  }

  /** A test at `t`: 30 of the general questions and 3 of the state's, answered from the truth (nothing learned). */
  sitTest(t: number): number {
    const drawn = [...sample(GENERAL, EXAM.general, this.rand), ...sample(STATE, EXAM.fromState, this.rand)];
    return drawn.filter((q) => this.rand() < this.chance(q, t).p).length;
  }
}

export type Outcome = {
  predicted: number;
  raw: number;
  passed: boolean;
  firm: boolean;
  answers: number;
  mocks: number;
  estimate: ReadinessEstimate;
  /** What the model was given (to compare variants on the same learners). */
  input: ReadinessInput;
  /** The learner's true expected score at the test (30 × their mean chance on a general question + 3 × state). */
  trueExpected: number;
};

/** The days from the end of practice to the test (1: no date set, the dashboard's chance is for a test tomorrow). */
const GAPS = [1, 1, 1, 3, 7, 14];

/**
 * A simulated learner's practice, from the first day to their last answer: null when they never answered. `now` is
 * an hour after the last answer.
 */
export function practise(
  rand: () => number,
  difficulty: ReadonlyMap<number, number>,
): { learner: SimLearner; now: number } | null {
  const learner = new SimLearner(rand, difficulty);
  const fresh = sample(POOL, POOL.length, rand);
  const days = Math.floor(rand() ** 2 * 30);
  const studyRate = 0.3 + 0.7 * rand();
  const mockRate = rand() < 0.5 ? 0 : 0.05 + 0.25 * rand();
  const perDay = 8 + Math.floor(rand() * 60);
  let last = START;
  for (let d = 0; d < days; d++) {
    if (rand() > studyRate) continue;
    let t = START + d * DAY + Math.floor(rand() * 12 * 3600_000);
    if (rand() < mockRate) {
      const drawn = [...sample(GENERAL, EXAM.general, rand), ...sample(STATE, EXAM.fromState, rand)];
      for (const q of drawn) learner.answer(q, t);
      learner.mocks++;
      t += 40 * 60_000;
    }
    const n = Math.floor(perDay * (0.5 + rand()));
    for (let i = 0; i < n; i++) {
      const q = learner.firstDue(t) ?? fresh.find((x) => !learner.records.has(x));
      if (q === undefined) break;
      learner.answer(q, t);
      t += 20_000 + Math.floor(rand() * 40_000);
    }
    last = t;
  }
  return learner.records.size === 0 ? null : { learner, now: last + 3600_000 };
}

/** One simulated learner from practice to the test: the prediction and whether they passed. */
export function simulateLearner(rand: () => number, difficulty: ReadonlyMap<number, number>): Outcome | null {
  const practised = practise(rand, difficulty);
  if (!practised) return null;
  const { learner, now } = practised;
  const answers = [...learner.records.values()].reduce((s, r) => s + r.seen_count, 0);
  const gap = GAPS[Math.floor(rand() * GAPS.length)] as number;
  const testAt = now + gap * DAY;
  const input: ReadinessInput = { questions: learner.evidence(), at: new Date(testAt), mocks: learner.mocks };
  const estimate = estimateReadiness(input);
  const mean = (qs: number[]) => qs.reduce((s, q) => s + learner.chance(q, testAt).p, 0) / qs.length;
  const trueExpected = EXAM.general * mean(GENERAL) + EXAM.fromState * mean(STATE);
  const passed = learner.sitTest(testAt) >= EXAM.passMark;
  return {
    predicted: estimate.passChance,
    raw: estimate.rawPassChance,
    passed,
    firm: estimate.firm,
    answers,
    mocks: learner.mocks,
    estimate,
    input,
    trueExpected,
  };
}

/** Difficulty per question (shared by every learner of a run): how much rarer it is to know it beforehand. */
export function questionDifficulty(rand: () => number): Map<number, number> {
  return new Map(POOL.map((q) => [q, normal(rand)]));
}

export type Bin = { from: number; to: number; count: number; predicted: number; observed: number };
export type Reliability = {
  learners: number;
  bins: Bin[];
  brier: number;
  /** The Brier score of always predicting the overall pass rate: what the model must beat. */
  baseline: number;
  passRate: number;
  /** Expected calibration error: the count-weighted mean |observed − predicted| over the bins. */
  ece: number;
};

/** Predicted chance in `bins` equal bins against the observed pass rate, with the Brier score. */
export function reliability(
  outcomes: readonly { predicted: number; passed: boolean }[],
  bins = 10,
): Reliability {
  const table: Bin[] = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    count: 0,
    predicted: 0,
    observed: 0,
  }));
  let brier = 0;
  let passes = 0;
  for (const o of outcomes) {
    const bin = table[Math.min(bins - 1, Math.floor(o.predicted * bins))] as Bin;
    bin.count++;
    bin.predicted += o.predicted;
    bin.observed += o.passed ? 1 : 0;
    brier += (o.predicted - (o.passed ? 1 : 0)) ** 2;
    passes += o.passed ? 1 : 0;
  }
  const n = outcomes.length;
  let ece = 0;
  for (const b of table) {
    if (b.count === 0) continue;
    b.predicted /= b.count;
    b.observed /= b.count;
    ece += (b.count / n) * Math.abs(b.observed - b.predicted);
  }
  const passRate = passes / n;
  return { learners: n, bins: table, brier: brier / n, baseline: passRate * (1 - passRate), passRate, ece };
}

/** `learners` seeded simulated learners (those who answered nothing are left out: no chance is shown to them). */
export function simulate(learners: number, seed: number): Outcome[] {
  const rand = seeded(seed);
  const difficulty = questionDifficulty(rand);
  const out: Outcome[] = [];
  while (out.length < learners) {
    const o = simulateLearner(rand, difficulty);
    if (o) out.push(o);
  }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)} %`;

/** The reliability table as text, one bin a line. */
export function formatReliability(title: string, r: Reliability): string {
  const lines = [
    title,
    `  predicted chance   learners   mean predicted   observed pass rate`,
    ...r.bins.map(
      (b) =>
        `  ${pct(b.from)}–${pct(b.to).trim().padStart(7)}   ${String(b.count).padStart(8)}   ${
          b.count ? pct(b.predicted).padStart(14) : '             –'
        }   ${b.count ? pct(b.observed).padStart(18) : '                 –'}`,
    ),
    `  Brier score ${r.brier.toFixed(4)} (always saying the pass rate ${pct(r.passRate).trim()}: ${r.baseline.toFixed(4)}); expected calibration error ${r.ece.toFixed(4)}; ${r.learners} learners`,
  ];
  return lines.join('\n');
}
