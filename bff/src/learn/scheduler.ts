import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating, State } from 'ts-fsrs';

/**
 * The spaced-repetition scheduler: FSRS (ts-fsrs), one card per learner and question in `question_progress`.
 * Default FSRS-6 weights, 90 % requested retention, short-term learning steps (1 min, 10 min; relearning 10 min)
 * so a wrong answer comes back in the same session, intervals capped at one year (the test is a one-off goal),
 * no fuzz (deterministic: the same history gives the same due date).
 */
export const FSRS_PARAMETERS = generatorParameters({
  request_retention: 0.9,
  maximum_interval: 365,
  enable_fuzz: false,
  enable_short_term: true,
});

const scheduler = fsrs(FSRS_PARAMETERS);

export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type RatingName = (typeof RATINGS)[number];

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
 * One review. A multiple-choice answer grades itself (right = good, wrong = again); flashcards send the
 * learner's own again/hard/good/easy.
 */
export function review(row: CardColumns | null | undefined, rating: RatingName, now: Date): CardColumns {
  // A review before the last one (clock skew) is treated as happening at the last review.
  const last = row?.last_review ? new Date(row.last_review) : null;
  const at = last && last > now ? last : now;
  return fromCard(scheduler.next(toCard(row, at), at, GRADE[rating]).card);
}

export const ratingFor = (isCorrect: boolean, rating?: RatingName): RatingName =>
  rating ?? (isCorrect ? 'good' : 'again');

export { State as FsrsState };
