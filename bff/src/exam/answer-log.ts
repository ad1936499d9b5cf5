import type { Knex } from 'knex';
import { type AnswerInput, applyAnswers, replayProgress } from '../learn/repository';
import type { RatingName } from '../learn/scheduler';
import type { ExamKind } from './rules';

/**
 * Exam answers in the one answer log. An attempt's answers enter the log when the attempt is finalized (or, for
 * a guest's demo, when it is claimed at sign-up), never while it runs: until then an answer can still change,
 * and the log, the score and the review must tell the same story. One entry per answered question (the final
 * answer, dated when it was given); a question left blank counts against the score but is no answer.
 * The FSRS grade: wrong = again, right but marked unsure = hard, right = good.
 */

type LoggableItem = {
  question_id: number;
  answer: number | null;
  unsure: boolean;
  correct: number;
  answered_at: Date | null;
};

type LoggableAttempt = { id: string; user_id: string | null; kind: ExamKind; finalized_at: Date | null };

export const examRating = (isCorrect: boolean, unsure: boolean): RatingName =>
  !isCorrect ? 'again' : unsure ? 'hard' : 'good';

/** The log entries of a finalized attempt, earliest answer first. */
export function examAnswerInputs(attempt: LoggableAttempt, items: readonly LoggableItem[]): AnswerInput[] {
  const finishedAt = new Date(attempt.finalized_at ?? Date.now());
  return items
    .filter((i) => i.answer !== null)
    .map((i) => {
      const isCorrect = i.answer === i.correct;
      return {
        questionId: i.question_id,
        isCorrect,
        mode: attempt.kind,
        rating: examRating(isCorrect, i.unsure),
        attemptId: attempt.id,
        answeredAt: i.answered_at ? new Date(i.answered_at) : finishedAt,
      };
    })
    .sort((a, b) => (a.answeredAt as Date).getTime() - (b.answeredAt as Date).getTime());
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const loggableItems = (db: Knex, attemptIds: readonly string[]) =>
  db('exam_attempt_items as i')
    .join('questions as q', 'q.id', 'i.question_id')
    .whereIn('i.attempt_id', attemptIds)
    .select('i.attempt_id', 'i.question_id', 'i.answer', 'i.unsure', 'q.correct', 'i.answered_at');

/**
 * Logs the answers of a finalized attempt that belongs to a learner (in the caller's transaction). Answers
 * already in the log are skipped, so calling it twice changes nothing. Returns how many entered the log.
 */
export async function logAttemptAnswers(trx: Knex.Transaction, attempt: LoggableAttempt): Promise<number> {
  if (!attempt.user_id || !attempt.finalized_at) return 0;
  const items: LoggableItem[] = await loggableItems(trx, [attempt.id]);
  const { outcomes } = await applyAnswers(trx, attempt.user_id, examAnswerInputs(attempt, items));
  return outcomes.filter((o) => !o.duplicate).length;
}

/**
 * Migration 009's backfill: every finalized attempt of a learner whose answers are not in the log yet. The
 * entries are inserted with their original times, and then the records of the questions they touch are rebuilt
 * from the whole log in time order (`replayProgress`), as if the answers had been logged when they were given.
 * Achievements are not re-awarded here (FIRST_TEST/SCORE_80 came with the finalize; the rest from learn answers).
 */
export async function backfillExamAnswers(db: Knex): Promise<{ users: number; answers: number }> {
  const attempts: (LoggableAttempt & { user_id: string })[] = await db('exam_attempts as a')
    .whereNotNull('a.user_id')
    .whereNotNull('a.finalized_at')
    .whereNotExists(db('learn_answers as l').whereRaw('l.attempt_id = a.id'))
    .select('a.id', 'a.user_id', 'a.kind', 'a.finalized_at');
  if (attempts.length === 0) return { users: 0, answers: 0 };
  const items: (LoggableItem & { attempt_id: string })[] = [];
  for (let i = 0; i < attempts.length; i += 500) {
    items.push(
      ...(await loggableItems(
        db,
        attempts.slice(i, i + 500).map((a) => a.id),
      )),
    );
  }
  const byAttempt = groupBy(items, (i) => i.attempt_id);
  let answers = 0;
  const byUser = groupBy(attempts, (a) => a.user_id);
  for (const [userId, own] of byUser) {
    const touched = new Set<number>();
    for (const attempt of own) {
      for (const input of examAnswerInputs(attempt, byAttempt.get(attempt.id) ?? [])) {
        const inserted = await db('learn_answers')
          .insert({
            user_id: userId,
            question_id: input.questionId,
            is_correct: input.isCorrect,
            mode: input.mode,
            answered_at: input.answeredAt,
            attempt_id: input.attemptId,
            rating: input.rating,
          })
          .onConflict()
          .ignore()
          .returning('id');
        if (inserted.length > 0) {
          touched.add(input.questionId);
          answers++;
        }
      }
    }
    await replayProgress(db as Knex.Transaction, userId, [...touched]);
  }
  return { users: byUser.size, answers };
}
