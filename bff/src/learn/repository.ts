import type { AchievementCode, LearnMode } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { awardOnAnswer, awardOnBookmark } from '../dashboard/achievements';
import { conflict } from '../http/errors';
import { EVIDENCE_DECAY, isMastered } from './mastery';
import {
  type CardColumns,
  DEFAULT_RETENTION,
  examEve,
  type LearnerSchedule,
  type RatingName,
  ratingFor,
  review,
} from './scheduler';

/**
 * Every mode of the answer log: the learn modes (the contract's `LearnMode`, what `POST /api/{lang}/learn-mode`
 * accepts) and the two exam kinds (written when an attempt is finalized).
 */
export type AnswerMode = LearnMode | 'demo' | 'mock';

export type ProgressRow = CardColumns & {
  user_id: string;
  question_id: number;
  seen_count: number;
  correct_count: number;
  incorrect_count: number;
  correct_streak: number;
  last_correct: boolean | null;
  last_answered_at: Date | null;
  /** The learner's first answer to the question (the daily plan counts today's new questions with it). */
  first_answered_at: Date | null;
  /** Recency-weighted right and wrong answers (each earlier answer weighs EVIDENCE_DECAY less): readiness. */
  recent_correct: number;
  recent_incorrect: number;
  /** Whether the first answer was right (readiness: the learner's accuracy on questions not practised yet). */
  first_correct: boolean | null;
};

/** What the API shows of one question's progress. */
export type Progress = {
  seen: number;
  correct: number;
  incorrect: number;
  streak: number;
  mastered: boolean;
  /** When FSRS wants it again (ISO); null until answered once. */
  due: string | null;
  lastCorrect: boolean | null;
  lastAnsweredAt: string | null;
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toProgress(p: ProgressRow): Progress {
  return {
    seen: p.seen_count,
    correct: p.correct_count,
    incorrect: p.incorrect_count,
    streak: p.correct_streak,
    mastered: isMastered(p),
    due: iso(p.due),
    lastCorrect: p.last_correct,
    lastAnsweredAt: iso(p.last_answered_at),
  };
}

/** A question learners can see (in the catalog and not retired). */
export async function questionExists(db: Knex, id: number): Promise<boolean> {
  return Boolean(await db('questions').where({ id }).whereNull('retired_at').first('id'));
}

export type AnswerInput = {
  questionId: number;
  isCorrect: boolean;
  mode: AnswerMode;
  rating?: RatingName;
  /** Idempotency key of an answer queued offline: the same key twice is stored once. */
  clientId?: string;
  /** The exam attempt the answer belongs to: one answer per attempt and question enters the log. */
  attemptId?: string;
  /** When the learner gave it, if not now (an exam answer is logged when its attempt is finalized). */
  answeredAt?: Date;
};

type ProgressColumns = Omit<ProgressRow, 'user_id' | 'question_id'>;

const min = (a: Date | null, b: Date) => (a && new Date(a) < b ? new Date(a) : b);
const max = (a: Date | null, b: Date) => (a && new Date(a) > b ? new Date(a) : b);

/**
 * One answer applied to a question's record: counts, the mastery streak, the recency-weighted evidence and the
 * FSRS card. Pure; the write path and the replay (`replayProgress`) both use it, so they cannot disagree.
 */
export function stepProgress(
  row: ProgressColumns | null,
  answer: { isCorrect: boolean; rating: RatingName; at: Date },
  schedule: LearnerSchedule,
): ProgressColumns {
  const right = answer.isCorrect;
  const card = review(row && row.reps > 0 ? row : null, answer.rating, answer.at, schedule);
  return {
    seen_count: (row?.seen_count ?? 0) + 1,
    correct_count: (row?.correct_count ?? 0) + (right ? 1 : 0),
    incorrect_count: (row?.incorrect_count ?? 0) + (right ? 0 : 1),
    correct_streak: right ? (row?.correct_streak ?? 0) + 1 : 0,
    last_correct: right,
    last_answered_at: max(row?.last_answered_at ?? null, answer.at),
    first_answered_at: min(row?.first_answered_at ?? null, answer.at),
    first_correct: row?.seen_count ? row.first_correct : right,
    recent_correct: (row?.recent_correct ?? 0) * EVIDENCE_DECAY + (right ? 1 : 0),
    recent_incorrect: (row?.recent_incorrect ?? 0) * EVIDENCE_DECAY + (right ? 0 : 1),
    ...card,
  };
}

/**
 * The learner's scheduling settings: desired retention, the start of their test day (Europe/Berlin) and their
 * personal FSRS weights once fitted (learn/memory-model.ts).
 */
export async function learnerSchedule(db: Knex, userId: string): Promise<LearnerSchedule> {
  const { rows } = await db.raw(
    // Every column of the user: migration 009 replays progress with this on a schema without the later
    // `memory_parameters`, which then reads as absent (the standard weights).
    `SELECT u.*, (u.exam_date::timestamp AT TIME ZONE 'Europe/Berlin') AS exam_starts_at
       FROM users u WHERE u.id = ?`,
    [userId],
  );
  const r = rows[0] as
    | { desired_retention: number | null; exam_starts_at: Date | null; memory_parameters?: number[] | null }
    | undefined;
  return {
    retention: r?.desired_retention ?? DEFAULT_RETENTION,
    examStartsAt: r?.exam_starts_at ? new Date(r.exam_starts_at) : null,
    parameters: r?.memory_parameters ?? null,
  };
}

/**
 * After the learner sets a test date: every card due later than the eve of the test is due then (the same rule
 * the scheduler applies to new reviews, `capAtExam`). A date that is today or past changes nothing.
 */
export async function capDueAtExam(db: Knex, userId: string, now: Date = new Date()): Promise<number> {
  const { examStartsAt } = await learnerSchedule(db, userId);
  if (!examStartsAt) return 0;
  const eve = examEve(now, examStartsAt);
  if (!eve) return 0;
  return db('question_progress').where({ user_id: userId }).where('due', '>', eve).update({ due: eve });
}

export type AnswerOutcome = { duplicate: boolean; progress: Progress };

/**
 * The one write path of the answer log, inside the caller's transaction: stores each answer in `learn_answers`
 * (the log of every answer, whatever the mode) and applies it to the question's record in `question_progress`
 * (counts, streak, evidence, FSRS card), in the order given. An answer whose `clientId`, or whose
 * (`attemptId`, question), is already in the log changes nothing and comes back as a duplicate. Then, once for
 * the batch, awards STREAK_7 / MASTER_100 if these answers earn them (dated by the latest answer).
 */
export async function applyAnswers(
  trx: Knex.Transaction,
  userId: string,
  inputs: readonly AnswerInput[],
  now: Date = new Date(),
): Promise<{ outcomes: AnswerOutcome[]; awarded: AchievementCode[] }> {
  const schedule = await learnerSchedule(trx, userId);
  const outcomes: AnswerOutcome[] = [];
  let becameMastered = false;
  let latest: Date | null = null;
  for (const input of inputs) {
    const at = input.answeredAt ?? now;
    const rating = ratingFor(input.isCorrect, input.rating);
    const inserted: { id: number }[] = await trx('learn_answers')
      .insert({
        user_id: userId,
        question_id: input.questionId,
        is_correct: input.isCorrect,
        mode: input.mode,
        answered_at: at,
        client_id: input.clientId ?? null,
        attempt_id: input.attemptId ?? null,
        rating: input.rating ?? null,
      })
      .onConflict()
      .ignore()
      .returning('id');
    const key = { user_id: userId, question_id: input.questionId };
    if (inserted.length === 0) {
      // The same offline answer sent again is a duplicate; its key on another question is a client's mistake.
      if (input.clientId) {
        const first = await trx('learn_answers')
          .where({ user_id: userId, client_id: input.clientId })
          .first('question_id');
        if (first && first.question_id !== input.questionId) {
          throw conflict(
            `client_id ${input.clientId} was already used for question q${first.question_id}.`,
            'client_id_reused',
          );
        }
      }
      const row: ProgressRow | undefined = await trx('question_progress').where(key).first();
      if (!row) throw new Error('duplicate answer without progress');
      outcomes.push({ duplicate: true, progress: toProgress(row) });
      continue;
    }
    // Create the row if needed, then lock it: concurrent answers to one question apply one after the other.
    await trx('question_progress').insert(key).onConflict(['user_id', 'question_id']).ignore();
    const row: ProgressRow = await trx('question_progress').where(key).forUpdate().first();
    const [updated]: ProgressRow[] = await trx('question_progress')
      .where(key)
      .update(stepProgress(row, { isCorrect: input.isCorrect, rating, at }, schedule))
      .returning('*');
    if (!isMastered(row) && isMastered(updated as ProgressRow)) becameMastered = true;
    latest = max(latest, at);
    outcomes.push({ duplicate: false, progress: toProgress(updated as ProgressRow) });
  }
  const awarded = latest ? await awardOnAnswer(trx, userId, latest, { becameMastered }) : [];
  return { outcomes, awarded };
}

/**
 * Stores one answer and updates the question's progress (counts, streak, FSRS card) in one transaction, and in
 * the same transaction awards STREAK_7 / MASTER_100 if this answer earns them (dashboard/achievements.ts, dated
 * `now`). With a `clientId` seen before, nothing changes and `duplicate` is true.
 */
export async function recordAnswer(
  db: Knex,
  userId: string,
  input: AnswerInput,
  now: Date = new Date(),
): Promise<{ duplicate: boolean; progress: Progress; awarded: AchievementCode[] }> {
  return db.transaction(async (trx) => {
    const { outcomes, awarded } = await applyAnswers(trx, userId, [input], now);
    const [outcome] = outcomes as [AnswerOutcome];
    return { ...outcome, awarded };
  });
}

type LoggedAnswer = {
  question_id: number;
  is_correct: boolean;
  rating: RatingName | null;
  answered_at: Date;
};

/**
 * Rebuilds the records of these questions from the answer log, answer by answer in time order, with the same
 * step as the write path. Used when answers enter the log out of order (the backfill of exam answers).
 * A flashcard answer logged before ratings were kept replays as right = good, wrong = again.
 */
export async function replayProgress(
  trx: Knex.Transaction,
  userId: string,
  questionIds: readonly number[],
): Promise<void> {
  if (questionIds.length === 0) return;
  const schedule = await learnerSchedule(trx, userId);
  const answers: LoggedAnswer[] = await trx('learn_answers')
    .where({ user_id: userId })
    .whereIn('question_id', questionIds)
    .orderBy([{ column: 'answered_at' }, { column: 'id' }])
    .select('question_id', 'is_correct', 'rating', 'answered_at');
  const records = new Map<number, ProgressColumns>();
  for (const a of answers) {
    const before = records.get(a.question_id) ?? null;
    const rating = ratingFor(a.is_correct, a.rating ?? undefined);
    records.set(
      a.question_id,
      stepProgress(before, { isCorrect: a.is_correct, rating, at: new Date(a.answered_at) }, schedule),
    );
  }
  for (const [questionId, columns] of records) {
    await trx('question_progress')
      .insert({ user_id: userId, question_id: questionId, ...columns })
      .onConflict(['user_id', 'question_id'])
      .merge();
  }
}

/** The learner's progress per question id. */
export async function progressMap(db: Knex, userId: string): Promise<Map<number, Progress>> {
  const rows: ProgressRow[] = await db('question_progress').where({ user_id: userId }).orderBy('question_id');
  return new Map(rows.map((r) => [r.question_id, toProgress(r)]));
}

export async function listBookmarkIds(db: Knex, userId: string): Promise<number[]> {
  return db('bookmarks as b')
    .join('questions as q', 'q.id', 'b.question_id')
    .where('b.user_id', userId)
    .whereNull('q.retired_at')
    .orderBy([
      { column: 'b.created_at', order: 'desc' },
      { column: 'b.question_id', order: 'asc' },
    ])
    .pluck('b.question_id');
}

/**
 * True when the bookmark is new. A new bookmark is dated `now`, and in the same transaction awards BOOKMARK_10
 * if it is the 10th (dashboard/achievements.ts).
 */
export async function addBookmark(
  db: Knex,
  userId: string,
  questionId: number,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const rows = await trx('bookmarks')
      .insert({ user_id: userId, question_id: questionId, created_at: now })
      .onConflict(['user_id', 'question_id'])
      .ignore()
      .returning('question_id');
    if (rows.length === 0) return false;
    await awardOnBookmark(trx, userId, now);
    return true;
  });
}

export async function removeBookmark(db: Knex, userId: string, questionId: number): Promise<boolean> {
  return (await db('bookmarks').where({ user_id: userId, question_id: questionId }).delete()) > 0;
}

export type ChallengeRow = {
  id: number;
  user_id: string;
  score: number;
  correct: number;
  answered: number;
  best_streak: number;
  duration_seconds: number;
  created_at: Date;
};

export async function bestChallenge(db: Knex, userId: string): Promise<ChallengeRow | null> {
  const row: ChallengeRow | undefined = await db('challenge_scores')
    .where({ user_id: userId })
    .orderBy([
      { column: 'score', order: 'desc' },
      { column: 'created_at', order: 'asc' },
    ])
    .first();
  return row ?? null;
}

/**
 * Challenge rounds kept per learner: the newest this many, and the personal best whenever it is older (the
 * learner sees the best and the recent five; the data export lists what is kept).
 */
export const CHALLENGE_ROUNDS_KEPT = 100;

/**
 * Stores a round and drops the learner's rounds beyond the newest CHALLENGE_ROUNDS_KEPT, except the best;
 * `previousBest` is the best score before this one (null for the first round).
 */
export async function saveChallenge(
  db: Knex,
  userId: string,
  round: Omit<ChallengeRow, 'id' | 'user_id' | 'created_at'>,
): Promise<{ row: ChallengeRow; previousBest: number | null }> {
  return db.transaction(async (trx) => {
    const before = (await trx('challenge_scores')
      .where({ user_id: userId })
      .max({ score: 'score' })
      .first()) as { score: number | null } | undefined;
    const [row] = (await trx('challenge_scores')
      .insert({ user_id: userId, ...round })
      .returning('*')) as ChallengeRow[];
    await trimChallenges(trx, userId);
    return { row: row as ChallengeRow, previousBest: before?.score ?? null };
  });
}

/** Drops a learner's rounds beyond the newest CHALLENGE_ROUNDS_KEPT, keeping the best (as `bestChallenge` picks it). */
export async function trimChallenges(db: Knex, userId: string): Promise<void> {
  await db.raw(
    `DELETE FROM challenge_scores WHERE id IN (
       SELECT id FROM (
         SELECT id,
                row_number() OVER (ORDER BY created_at DESC, id DESC) AS recent,
                row_number() OVER (ORDER BY score DESC, created_at ASC, id ASC) AS best
           FROM challenge_scores WHERE user_id = ?) ranked
        WHERE recent > ? AND best > 1)`,
    [userId, CHALLENGE_ROUNDS_KEPT],
  );
}

export async function recentChallenges(db: Knex, userId: string, limit = 5): Promise<ChallengeRow[]> {
  return db('challenge_scores').where({ user_id: userId }).orderBy('created_at', 'desc').limit(limit);
}
