import type { AchievementCode } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { MASTERED_STREAK } from '../learn/mastery';

/**
 * The achievement rules, in one place. Each achievement is awarded once (primary key (user_id, code),
 * `ON CONFLICT DO NOTHING` keeps the first date), in the transaction of the write that earns it, dated by that
 * write's clock:
 * - STREAK_7, MASTER_100: when a learn answer is recorded (`recordAnswer`, learn/repository.ts);
 * - BOOKMARK_10: when a bookmark is added (`addBookmark`, learn/repository.ts);
 * - FIRST_TEST, SCORE_80: when a mock test is finalized (`finalizeAttempt`, exam/repository.ts).
 * Reading the dashboard never awards anything. Each check is bounded by the learner's own rows, never by the
 * size of `learn_answers`, and is skipped once the achievement is held.
 */
export const THRESHOLDS = { STREAK_7: 7, MASTER_100: 100, BOOKMARK_10: 10, SCORE_80: 0.8 } as const;

/** SCORE_80 needs at least 80 % of a mock's questions right: 27 of 33. The one place the rule is written. */
export const score80Target = (questions: number) => Math.ceil(THRESHOLDS.SCORE_80 * questions);

/** What finalizing a mock test with `correct` of `questions` right awards (FIRST_TEST always). */
export const mockAchievements = (correct: number, questions: number): AchievementCode[] =>
  correct >= score80Target(questions) ? ['FIRST_TEST', 'SCORE_80'] : ['FIRST_TEST'];

const BERLIN = "'Europe/Berlin'";

/** The codes of `codes` this learner does not hold yet (one primary-key probe per code). */
async function notYetEarned(
  trx: Knex.Transaction,
  userId: string,
  codes: AchievementCode[],
): Promise<Set<AchievementCode>> {
  if (codes.length === 0) return new Set();
  const held: AchievementCode[] = await trx('achievements')
    .where({ user_id: userId })
    .whereIn('code', codes)
    .pluck('code');
  return new Set(codes.filter((c) => !held.includes(c)));
}

async function grant(
  trx: Knex.Transaction,
  userId: string,
  code: AchievementCode,
  at: Date,
): Promise<boolean> {
  const rows = await trx('achievements')
    .insert({ user_id: userId, code, earned_at: at })
    .onConflict(['user_id', 'code'])
    .ignore()
    .returning('code');
  return rows.length > 0;
}

/**
 * Serializes the count-based checks (MASTER_100, BOOKMARK_10) of one learner: without it two concurrent writes
 * could each count 9 bookmarks (neither sees the other's) and the 10th would never be awarded. `NO KEY UPDATE`
 * does not conflict with the key-share locks the foreign keys of `learn_answers`/`bookmarks` take. Taken only
 * when a count is about to decide an award, so ordinary writes never wait on it.
 */
async function lockLearner(trx: Knex.Transaction, userId: string): Promise<string | null> {
  const { rows } = await trx.raw('SELECT federal_state FROM users WHERE id = ? FOR NO KEY UPDATE', [userId]);
  return (rows[0]?.federal_state as string | null | undefined) ?? null;
}

/**
 * True when the learner answered on each of the 7 Berlin days ending with the day of `now`: seven index probes
 * on `learn_answers (user_id, answered_at)`, however long the learner's history.
 */
async function sevenDaysInARow(trx: Knex.Transaction, userId: string, now: Date): Promise<boolean> {
  const { rows } = await trx.raw(
    `SELECT bool_and(EXISTS (
              SELECT 1 FROM learn_answers a
               WHERE a.user_id = ?
                 AND a.answered_at >= (d.day::timestamp AT TIME ZONE ${BERLIN})
                 AND a.answered_at < ((d.day + 1)::timestamp AT TIME ZONE ${BERLIN}))) AS reached
       FROM (SELECT (CAST(? AS timestamptz) AT TIME ZONE ${BERLIN})::date - k AS day
               FROM generate_series(0, ?) AS k) d`,
    [userId, now, THRESHOLDS.STREAK_7 - 1],
  );
  return Boolean(rows[0]?.reached);
}

/** Mastered questions of the learner's pool (general + their state, not retired), from `question_progress`. */
async function masteredInPool(
  trx: Knex.Transaction,
  userId: string,
  stateCode: string | null,
): Promise<number> {
  const { rows } = await trx.raw(
    `SELECT count(*)::int AS n
       FROM question_progress p JOIN questions q ON q.id = p.question_id
      WHERE p.user_id = ? AND p.correct_streak >= ? AND q.retired_at IS NULL
        AND (q.state_code IS NULL OR q.state_code = ?)`,
    [userId, MASTERED_STREAK, stateCode],
  );
  return rows[0]?.n ?? 0;
}

/** Bookmarks of questions still in the catalog (what the dashboard shows). */
async function bookmarkCount(trx: Knex.Transaction, userId: string): Promise<number> {
  const { rows } = await trx.raw(
    `SELECT count(*)::int AS n FROM bookmarks b JOIN questions q ON q.id = b.question_id
      WHERE b.user_id = ? AND q.retired_at IS NULL`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * After a learn answer is stored (same transaction): STREAK_7 when today completes 7 Berlin days in a row;
 * MASTER_100 when this answer mastered its question and that makes 100. `now` is the answer's time.
 */
export async function awardOnAnswer(
  trx: Knex.Transaction,
  userId: string,
  now: Date,
  answer: { becameMastered: boolean },
): Promise<AchievementCode[]> {
  const open = await notYetEarned(trx, userId, [
    'STREAK_7',
    ...(answer.becameMastered ? (['MASTER_100'] as const) : []),
  ]);
  const awarded: AchievementCode[] = [];
  if (open.has('STREAK_7') && (await sevenDaysInARow(trx, userId, now))) {
    if (await grant(trx, userId, 'STREAK_7', now)) awarded.push('STREAK_7');
  }
  if (open.has('MASTER_100')) {
    const state = await lockLearner(trx, userId);
    if ((await masteredInPool(trx, userId, state)) >= THRESHOLDS.MASTER_100) {
      if (await grant(trx, userId, 'MASTER_100', now)) awarded.push('MASTER_100');
    }
  }
  return awarded;
}

/** After a new bookmark is stored (same transaction): BOOKMARK_10 at the 10th. `now` is the bookmark's time. */
export async function awardOnBookmark(
  trx: Knex.Transaction,
  userId: string,
  now: Date,
): Promise<AchievementCode[]> {
  if (!(await notYetEarned(trx, userId, ['BOOKMARK_10'])).size) return [];
  await lockLearner(trx, userId);
  if ((await bookmarkCount(trx, userId)) < THRESHOLDS.BOOKMARK_10) return [];
  return (await grant(trx, userId, 'BOOKMARK_10', now)) ? ['BOOKMARK_10'] : [];
}
