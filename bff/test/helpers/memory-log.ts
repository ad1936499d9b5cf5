import {
  type Card,
  createEmptyCard,
  default_w,
  type FSRSState,
  fsrs,
  generatorParameters,
  Rating,
} from 'ts-fsrs';
import { seeded } from '../../src/dashboard/backtest';
import { FSRS_PARAMETERS } from '../../src/learn/scheduler';

/**
 * A simulated learner's answer log, for the memory-model tests: a learner who studies on most days for some
 * weeks, answering the questions the app's scheduler with the standard weights (`FSRS_PARAMETERS`) puts in front
 * of them, plus a few new ones a day. Whether an answer is right comes from the learner's own "true" memory,
 * an FSRS model with `trueParameters`: the recall probability after t days is FSRS's forgetting curve for the
 * stability that model gives the question. Seeded: the same options give the same log.
 */
export type SimulatedAnswer = { questionId: number; isCorrect: boolean; answeredAt: Date };

export type LearnerOptions = {
  seed: number;
  questionIds: readonly number[];
  /** Midnight (UTC) of the first study day; a session starts between 06:00 and 19:00 UTC. */
  start: Date;
  days: number;
  newPerDay: number;
  /** The chance that the learner studies on a given day. */
  studyProbability: number;
  /** The learner's real memory (FSRS-6 parameters). */
  trueParameters: readonly number[];
  /** The chance of a right first answer (a question never seen before: guessed or known). */
  coldAccuracy?: number;
  /** The scheduler that plans the learner's reviews: the app's with the standard weights unless given. */
  scheduler?: ReturnType<typeof generatorParameters>;
};

/** A seeded generator (mulberry32), the back-test's: the same seed gives the same numbers on every run. */
export { seeded };

/**
 * A learner who forgets faster than FSRS's standard learner: a fifth of the initial stabilities and a smaller
 * gain of stability from each right answer (w8 × 0.45).
 */
export const FORGETFUL: readonly number[] = default_w.map((w, i) => (i < 4 ? w / 5 : i === 8 ? w * 0.45 : w));

/** A learner who remembers longer than FSRS's standard learner: 4 × the initial stabilities, w8 × 1.4. */
export const RETENTIVE: readonly number[] = default_w.map((w, i) => (i < 4 ? w * 4 : i === 8 ? w * 1.4 : w));

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Calendar days counted in UTC: a session lies between 06:00 and 20:00 UTC, within one Berlin day too. */
const dayOf = (t: number) => Math.floor(t / DAY);

type Question = { id: number; app: Card; truth: FSRSState | null; lastDay: number };

export function simulateLearner(o: LearnerOptions): SimulatedAnswer[] {
  const rng = seeded(o.seed);
  const app = fsrs(o.scheduler ?? FSRS_PARAMETERS);
  const truth = fsrs(generatorParameters({ w: [...o.trueParameters] }));
  const cold = o.coldAccuracy ?? 0.55;
  const fresh = [...o.questionIds];
  const seen: Question[] = [];
  const log: SimulatedAnswer[] = [];
  for (let d = 0; d < o.days; d++) {
    if (rng() >= o.studyProbability) continue;
    let now = o.start.getTime() + d * DAY + 6 * HOUR + Math.floor(rng() * 13 * HOUR);
    const end = now + 45 * 60 * 1000;
    let introduced = 0;
    // One session: due questions first, earliest due first, then new ones; a wrong answer comes back in the
    // same session when its (re)learning step has passed.
    while (now < end) {
      const due = seen.filter((q) => q.app.due.getTime() <= now).sort((a, b) => +a.app.due - +b.app.due);
      let q = due[0];
      if (!q) {
        if (introduced >= o.newPerDay || fresh.length === 0) {
          // Wait for a learning step due within the session, or end it.
          const next = seen
            .map((s) => s.app.due.getTime())
            .filter((t) => t < end)
            .sort((a, b) => a - b)[0];
          if (next === undefined) break;
          now = next;
          continue;
        }
        const id = fresh.shift() as number;
        q = { id, app: createEmptyCard(new Date(now)), truth: null, lastDay: dayOf(now) };
        seen.push(q);
        introduced++;
      }
      const today = dayOf(now);
      const elapsed = today - q.lastDay;
      let pRight: number;
      if (!q.truth) pRight = cold;
      else if (elapsed === 0) pRight = 0.95;
      else pRight = truth.forgetting_curve(elapsed, q.truth.stability);
      const right = rng() < pRight;
      const grade = right ? Rating.Good : Rating.Again;
      q.truth = truth.next_state(q.truth, elapsed, grade);
      q.app = app.next(q.app, new Date(now), grade).card;
      q.lastDay = today;
      log.push({ questionId: q.id, isCorrect: right, answeredAt: new Date(now) });
      now += 15_000 + Math.floor(rng() * 30_000);
    }
  }
  return log;
}
