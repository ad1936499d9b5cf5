import type { Rating as ContractRating } from '@buergerfit/contract';
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating, State } from 'ts-fsrs';

/**
 * The spaced-repetition scheduler: FSRS (ts-fsrs), one card per learner and question in `question_progress`.
 * Default FSRS-6 weights, the learner's desired retention (0.80–0.95, default 0.90), short-term steps so a wrong
 * answer comes back in the same session: one learning step of 1 minute (a new question answered wrong is due a
 * minute later; answered right it graduates at once, due in days: a right answer is not asked again minutes
 * later) and one relearning step of 10 minutes (a known question answered wrong); intervals capped at one year
 * (the test is a one-off goal) and, once the learner has set the date of their test, at that date (see
 * `capAtExam`), no fuzz (deterministic: the same history gives the same due date). A learner's own weights replace
 * the default ones once they are fitted from their answers (learn/memory-model.ts).
 */
export const DEFAULT_RETENTION = 0.9;
export const RETENTION_RANGE = { min: 0.8, max: 0.95 } as const;
export const LEARNING_STEPS = ['1m'] as const;
export const RELEARNING_STEPS = ['10m'] as const;

const parametersFor = (retention: number, w?: readonly number[] | null) =>
  generatorParameters({
    ...(w ? { w: [...w] } : {}),
    request_retention: retention,
    maximum_interval: 365,
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: LEARNING_STEPS,
    relearning_steps: RELEARNING_STEPS,
  });

export const FSRS_PARAMETERS = parametersFor(DEFAULT_RETENTION);

/**
 * One scheduler per retention and weights in use: a handful of retentions (the settings offer steps of 0.05) with
 * the standard weights, and those of the learners with personal weights who answered lately, at most
 * SCHEDULERS_KEPT (the least recently used goes first).
 */
const SCHEDULERS_KEPT = 500;
const schedulers = new Map<string, ReturnType<typeof fsrs>>();
function schedulerFor(retention: number, w?: readonly number[] | null) {
  const r = Math.min(RETENTION_RANGE.max, Math.max(RETENTION_RANGE.min, Math.round(retention * 100) / 100));
  const key = w ? `${r}:${w.join(',')}` : String(r);
  let s = schedulers.get(key);
  if (s) schedulers.delete(key);
  else {
    s = fsrs(parametersFor(r, w));
    if (schedulers.size >= SCHEDULERS_KEPT) schedulers.delete(schedulers.keys().next().value as string);
  }
  schedulers.set(key, s);
  return s;
}

/** What the learner's settings change about scheduling. */
export type LearnerSchedule = {
  retention: number;
  /** The instant the learner's test day begins (00:00 Europe/Berlin), if they set a date. */
  examStartsAt: Date | null;
  /** The learner's personal FSRS-6 weights (learn/memory-model.ts); absent or null: the standard ones. */
  parameters?: readonly number[] | null;
};

export const DEFAULT_SCHEDULE: LearnerSchedule = { retention: DEFAULT_RETENTION, examStartsAt: null };

/** A self-grade, as the contract's `Rating` names it (`Rating` here is ts-fsrs's grade). */
export type RatingName = ContractRating;

const GRADE: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The FSRS columns of a `question_progress` row. */
export type CardColumns = {
  due: Date | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number;
  lapses: number;
  fsrs_state: number;
  last_review: Date | null;
};

export function toCard(row: CardColumns | null | undefined, now: Date): Card {
  if (!row || row.due === null || row.stability === null || row.difficulty === null)
    return createEmptyCard(now);
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days ?? 0,
    scheduled_days: row.scheduled_days ?? 0,
    learning_steps: row.learning_steps ?? 0,
    reps: row.reps,
    lapses: row.lapses,
    state: row.fsrs_state as State,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

export function fromCard(card: Card): CardColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    fsrs_state: card.state,
    last_review: card.last_review ?? null,
  };
}

/**
 * Every question comes up before the test: a due date later than the start of the day before the test day moves
 * to that moment, so the question is due on the eve of the test at the latest. A test date that is today, or has
 * passed, caps nothing.
 */
/** The latest due date the test allows (the start of the day before the test day), or null when nothing caps. */
export function examEve(now: Date, examStartsAt: Date | null): Date | null {
  if (!examStartsAt) return null;
  const eve = new Date(examStartsAt.getTime() - 24 * 3600 * 1000);
  return eve > now ? eve : null;
}

export function capAtExam(due: Date, now: Date, examStartsAt: Date | null): Date {
  const eve = examEve(now, examStartsAt);
  return eve && due > eve ? eve : due;
}

/**
 * One review. A multiple-choice answer grades itself (right = good, wrong = again; an exam answer marked unsure
 * but right = hard); flashcards send the learner's own again/hard/good/easy.
 */
export function review(
  row: CardColumns | null | undefined,
  rating: RatingName,
  now: Date,
  schedule: LearnerSchedule = DEFAULT_SCHEDULE,
): CardColumns {
  // A review before the last one (clock skew, a replayed exam) is treated as happening at the last review.
  const last = row?.last_review ? new Date(row.last_review) : null;
  const at = last && last > now ? last : now;
  const scheduler = schedulerFor(schedule.retention, schedule.parameters);
  const card = scheduler.next(toCard(row, at), at, GRADE[rating]).card;
  return fromCard({ ...card, due: capAtExam(card.due, at, schedule.examStartsAt) });
}

export const ratingFor = (isCorrect: boolean, rating?: RatingName): RatingName =>
  rating ?? (isCorrect ? 'good' : 'again');

export { State as FsrsState };
