import type { Knex } from 'knex';
import { awardOnAnswer, awardOnBookmark } from '../dashboard/achievements';
import type { AchievementCode } from '../dashboard/schema';
import { isMastered, masteredSql } from './mastery';
import { type CardColumns, type RatingName, ratingFor, review } from './scheduler';

export const LEARN_MODES = ['learn', 'focus', 'challenge', 'state', 'flashcards', 'bookmarks'] as const;
export type LearnMode = (typeof LEARN_MODES)[number];

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
  mode: LearnMode;
  rating?: RatingName;
  /** Idempotency key of an answer queued offline: the same key twice is stored once. */
  clientId?: string;
};

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
    const inserted: { id: number }[] = await trx('learn_answers')
      .insert({
        user_id: userId,
        question_id: input.questionId,
        is_correct: input.isCorrect,
        mode: input.mode,
        answered_at: now,
        client_id: input.clientId ?? null,
      })
      .onConflict(['user_id', 'client_id'])
      .ignore()
      .returning('id');
    const key = { user_id: userId, question_id: input.questionId };
    if (inserted.length === 0) {
      const row: ProgressRow | undefined = await trx('question_progress').where(key).first();
      if (!row) throw new Error('duplicate answer without progress');
      return { duplicate: true, progress: toProgress(row), awarded: [] };
    }
    // Create the row if needed, then lock it: concurrent answers to one question apply one after the other.
    await trx('question_progress').insert(key).onConflict(['user_id', 'question_id']).ignore();
    const row: ProgressRow = await trx('question_progress').where(key).forUpdate().first();
    const card = review(row.reps > 0 ? row : null, ratingFor(input.isCorrect, input.rating), now);
    const [updated]: ProgressRow[] = await trx('question_progress')
      .where(key)
      .update({
        seen_count: row.seen_count + 1,
        correct_count: row.correct_count + (input.isCorrect ? 1 : 0),
        incorrect_count: row.incorrect_count + (input.isCorrect ? 0 : 1),
        correct_streak: input.isCorrect ? row.correct_streak + 1 : 0,
        last_correct: input.isCorrect,
        last_answered_at: now,
        first_answered_at: row.first_answered_at ?? now,
        ...card,
      })
      .returning('*');
    const awarded = await awardOnAnswer(trx, userId, now, {
      becameMastered: !isMastered(row) && isMastered(updated as ProgressRow),
    });
    return { duplicate: false, progress: toProgress(updated as ProgressRow), awarded };
  });
}

/** The learner's progress per question id. */
export async function progressMap(db: Knex, userId: string): Promise<Map<number, Progress>> {
  const rows: ProgressRow[] = await db('question_progress').where({ user_id: userId }).orderBy('question_id');
  return new Map(rows.map((r) => [r.question_id, toProgress(r)]));
}

/**
 * Focus mode: the questions answered at least once that are not mastered or that FSRS says are due now,
 * earliest due first. Never-answered questions are not in it (they have no card yet): learn mode brings them in.
 */
export async function focusQueue(
  db: Knex,
  userId: string,
  limit: number,
  now: Date = new Date(),
): Promise<{ total: number; rows: ProgressRow[] }> {
  const base = () =>
    db('question_progress as p')
      .join('questions as q', 'q.id', 'p.question_id')
      .where('p.user_id', userId)
      .where('p.seen_count', '>', 0)
      .whereNull('q.retired_at')
      .where((w) => w.whereNot(masteredSql(db)).orWhere('p.due', '<=', now));
  const [counted] = (await base().count({ count: '*' })) as { count: number }[];
  const rows: ProgressRow[] = await base()
    .select('p.*')
    .orderBy([
      { column: 'p.due', order: 'asc', nulls: 'first' },
      { column: 'p.question_id', order: 'asc' },
    ])
    .limit(limit);
  return { total: Number(counted?.count ?? 0), rows };
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

/** Stores a round; `previousBest` is the best score before this one (null for the first round). */
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
    return { row: row as ChallengeRow, previousBest: before?.score ?? null };
  });
}

export async function recentChallenges(db: Knex, userId: string, limit = 5): Promise<ChallengeRow[]> {
  return db('challenge_scores').where({ user_id: userId }).orderBy('created_at', 'desc').limit(limit);
}
