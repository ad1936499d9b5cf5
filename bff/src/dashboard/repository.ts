import type { Knex } from 'knex';
import {
  type Award,
  READ_ATTEMPTS,
  UNSETTLED_MOCKS_JSON,
  type UnsettledMock,
  withAwardsDue,
} from '../exam/repository';
import type { Language } from '../http/lang';

/**
 * The dashboard's reads. Each function is ONE round trip, scoped to one user id, and bounded by what the user
 * owns, never by the size of the tables:
 * - per-question figures come from `question_progress` (an incremental aggregate the learn mode keeps per user and
 *   question: ≤ 460 rows per learner, primary key (user_id, question_id)), not from scanning `learn_answers`;
 * - `learn_answers` is touched only through its (user_id, answered_at) index: one index probe per streak day, and
 *   a range scan over the current week.
 * Every instant is compared with the `now` passed in (the route's clock), never SQL's now(), so a test can fix it.
 */

const BERLIN = "'Europe/Berlin'";
/** The instant a Berlin calendar day (a SQL date expression) begins. */
const dayStart = (dateExpr: string) => `((${dateExpr})::timestamp AT TIME ZONE ${BERLIN})`;
const answeredOn = (dateExpr: string) =>
  `EXISTS (SELECT 1 FROM learn_answers a WHERE a.user_id = ? AND a.answered_at >= ${dayStart(dateExpr)}
     AND a.answered_at < ${dayStart(`${dateExpr} + 1`)})`;

export type QuestionStatRow = {
  id: number;
  topic: string;
  subtopic: string | null;
  state_code: string | null;
  in_pool: boolean;
  seen_count: number | null;
  correct_count: number | null;
  incorrect_count: number | null;
  correct_streak: number | null;
  /** Readiness evidence (learn/repository.ts ProgressRow). */
  recent_correct: number | null;
  recent_incorrect: number | null;
  first_correct: boolean | null;
  /** Its FSRS memory (readiness: recall at the test). */
  stability: number | null;
  last_review: Date | null;
  /** First answered today (Berlin): a new question of today's plan. */
  new_today: boolean | null;
};

/**
 * Every question of the learner's pool (general + their state's, not retired) with the learner's record, plus any
 * other question they have a record for (answers to another state's questions still count as answers).
 */
export async function questionStats(
  db: Knex,
  userId: string,
  stateCode: string | null,
  now: Date,
): Promise<QuestionStatRow[]> {
  const { rows } = await db.raw(
    `SELECT q.id, q.topic, q.subtopic, q.state_code,
            coalesce(q.retired_at IS NULL AND (q.state_code IS NULL OR q.state_code = ?), false) AS in_pool,
            p.seen_count, p.correct_count, p.incorrect_count, p.correct_streak,
            p.recent_correct, p.recent_incorrect, p.first_correct, p.stability, p.last_review,
            (p.first_answered_at >= ${dayStart(`(CAST(? AS timestamptz) AT TIME ZONE ${BERLIN})::date`)}) AS new_today
       FROM questions q
       LEFT JOIN question_progress p ON p.user_id = ? AND p.question_id = q.id
      WHERE (q.retired_at IS NULL AND (q.state_code IS NULL OR q.state_code = ?)) OR p.user_id IS NOT NULL
      ORDER BY q.id`,
    [stateCode, now, userId, stateCode],
  );
  return rows as QuestionStatRow[];
}

export type ActivityRow = {
  today: string;
  week_start: string;
  streak: number;
  last_active: string | null;
  weekly: { day: string; answered: number; correct: number }[];
};

/**
 * Streak and this week's answers in one query. The streak walks back one Berlin day at a time (a recursive CTE,
 * one index probe per day) from today — or from yesterday when today has no answer yet, so an unfinished day
 * never breaks it.
 */
export async function activity(db: Knex, userId: string, now: Date): Promise<ActivityRow> {
  const sql = `
    WITH RECURSIVE
    clock AS (
      SELECT today, today - (extract(isodow FROM today)::int - 1) AS monday
        FROM (SELECT (CAST(? AS timestamptz) AT TIME ZONE ${BERLIN})::date AS today) t
    ),
    days(d) AS (
      SELECT CASE WHEN ${answeredOn('c.today')} THEN c.today
                  WHEN ${answeredOn('c.today - 1')} THEN c.today - 1 END
        FROM clock c
      UNION ALL
      SELECT days.d - 1 FROM days WHERE days.d IS NOT NULL AND ${answeredOn('days.d - 1')}
    )
    SELECT to_char(c.today, 'YYYY-MM-DD') AS today,
           to_char(c.monday, 'YYYY-MM-DD') AS week_start,
           (SELECT count(d)::int FROM days) AS streak,
           (SELECT to_char((max(a.answered_at) AT TIME ZONE ${BERLIN})::date, 'YYYY-MM-DD')
              FROM learn_answers a WHERE a.user_id = ? AND a.answered_at < ${dayStart('c.today + 1')}) AS last_active,
           (SELECT coalesce(json_agg(w ORDER BY w.day), '[]'::json) FROM (
              SELECT to_char((a.answered_at AT TIME ZONE ${BERLIN})::date, 'YYYY-MM-DD') AS day,
                     count(*)::int AS answered, (count(*) FILTER (WHERE a.is_correct))::int AS correct
                FROM learn_answers a
               WHERE a.user_id = ? AND a.answered_at >= ${dayStart('c.monday')}
                 AND a.answered_at < ${dayStart('c.monday + 7')}
               GROUP BY 1) w) AS weekly
      FROM clock c`;
  const { rows } = await db.raw(sql, [now, userId, userId, userId, userId, userId]);
  return rows[0] as ActivityRow;
}

export type ExamRow = {
  taken: number;
  passed: number;
  avg_score: number | null;
  avg_correct: number | null;
  best_correct: number | null;
  last_at: Date | null;
  recent: {
    id: string;
    finalized_at: string;
    correct_count: number;
    question_count: number;
    passed: boolean;
  }[];
};

/**
 * Finished mock tests (a test that is over counts as finished: `READ_ATTEMPTS`): the aggregate and the last 20
 * (the score trend), through the (user_id, created_at) index.
 */
export async function examSummary(db: Knex, userId: string): Promise<ExamRow> {
  const { rows } = await db.raw(
    `WITH m AS (
       SELECT id, finalized_at, correct_count, question_count, passed
         FROM ${READ_ATTEMPTS}
        WHERE user_id = ? AND kind = 'mock' AND finalized_at IS NOT NULL AND correct_count IS NOT NULL
     )
     SELECT count(*)::int AS taken,
            (count(*) FILTER (WHERE passed))::int AS passed,
            avg(correct_count::float8 / nullif(question_count, 0)) AS avg_score,
            avg(correct_count::float8) AS avg_correct,
            max(correct_count) AS best_correct,
            max(finalized_at) AS last_at,
            (SELECT coalesce(json_agg(r ORDER BY r.finalized_at DESC), '[]'::json)
               FROM (SELECT * FROM m ORDER BY finalized_at DESC LIMIT 20) r) AS recent
       FROM m`,
    [userId],
  );
  return rows[0] as ExamRow;
}

export type MetaRow = {
  /** Stored, and due from a mock test that is over but not finalized yet (`withAwardsDue`). */
  achievements: Award[];
  dismissed: string[];
  bookmarks: number;
  state_name: string | null;
  exam_date: string | null;
  /** When the test day begins (00:00 Berlin). */
  exam_starts_at: Date | null;
  days_left: number | null;
};

/** The small per-user facts: achievements, dismissed advice, bookmarks, state name (in `lang`), exam date. */
export async function meta(
  db: Knex,
  userId: string,
  stateCode: string | null,
  lang: Language,
  now: Date,
): Promise<MetaRow> {
  const { rows } = await db.raw(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('code', code, 'earned_at', earned_at)), '[]'::json)
          FROM achievements WHERE user_id = ?) AS achievements,
       ${UNSETTLED_MOCKS_JSON} AS unsettled,
       (SELECT coalesce(array_agg(recommendation_id), '{}')
          FROM dismissed_recommendations WHERE user_id = ?) AS dismissed,
       (SELECT count(*)::int FROM bookmarks b JOIN questions q ON q.id = b.question_id
         WHERE b.user_id = ? AND q.retired_at IS NULL) AS bookmarks,
       (SELECT coalesce(names->>?, name) FROM states WHERE code = ?) AS state_name,
       to_char(u.exam_date, 'YYYY-MM-DD') AS exam_date,
       (u.exam_date::timestamp AT TIME ZONE ${BERLIN}) AS exam_starts_at,
       (u.exam_date - (CAST(? AS timestamptz) AT TIME ZONE ${BERLIN})::date) AS days_left
     FROM users u WHERE u.id = ?`,
    [userId, userId, userId, userId, lang, stateCode, now, userId],
  );
  const row = rows[0] as (MetaRow & { unsettled: UnsettledMock[] }) | undefined;
  if (row) {
    const { unsettled, ...facts } = row;
    return { ...facts, achievements: withAwardsDue(facts.achievements, unsettled) };
  }
  return {
    achievements: [],
    dismissed: [],
    bookmarks: 0,
    state_name: null,
    exam_date: null,
    exam_starts_at: null,
    days_left: null,
  };
}

/** Dismisses a recommendation for good (idempotent). */
export async function dismissRecommendation(db: Knex, userId: string, id: string): Promise<void> {
  await db('dismissed_recommendations')
    .insert({ user_id: userId, recommendation_id: id })
    .onConflict(['user_id', 'recommendation_id'])
    .ignore();
}
