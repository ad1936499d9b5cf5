import type { Knex } from 'knex';
import type { ProgressRow } from './repository';

/**
 * The review queue: the one definition of "due", used by the dashboard (the focus tile, the next step, the
 * review recommendation, the daily plan), focus mode and flashcards.
 *
 * A question is **due** when the learner has answered it at least once (it has an FSRS card), it is in their
 * pool (a general question, or one of their own state's; not retired) and its FSRS due instant is at or before
 * now. "Due" is an instant, not a day: no time zone enters it. A question answered right minutes ago is not due;
 * one answered wrong is due a minute later (learn/scheduler.ts). Never-answered questions are not in the queue:
 * they are the plan's new questions.
 *
 * `nextDueAt` is the earliest due instant after now in the same pool: when the queue grows next. The learner
 * reads it in their own time zone ("next review tomorrow 09:00"); the BFF sends the instant.
 */
export type ReviewQueue = {
  /** The instant the queue was read at: due means due at or before it. */
  now: Date;
  due: number;
  nextDueAt: Date | null;
  /** The first `limit` due questions' records, earliest due first (then by question number). */
  rows: ProgressRow[];
};

/** The learner's scheduled questions of their pool (answered at least once, not retired). */
function pool(db: Knex, userId: string, stateCode: string | null) {
  return db('question_progress as p')
    .join('questions as q', 'q.id', 'p.question_id')
    .where('p.user_id', userId)
    .where('p.seen_count', '>', 0)
    .whereNotNull('p.due')
    .whereNull('q.retired_at')
    .where((w) => {
      w.whereNull('q.state_code');
      if (stateCode) w.orWhere('q.state_code', stateCode);
    });
}

/** The queue at `now`: how many are due, when the next one is, and the first `limit` due (0: counts only). */
export async function reviewQueue(
  db: Knex,
  user: { id: string; federal_state: string | null },
  now: Date,
  limit = 0,
): Promise<ReviewQueue> {
  const [summary, rows] = await Promise.all([
    pool(db, user.id, user.federal_state)
      .first(
        db.raw('(count(*) FILTER (WHERE p.due <= ?))::int AS due', [now]),
        db.raw('min(p.due) FILTER (WHERE p.due > ?) AS next_due_at', [now]),
      )
      .then((r) => r as { due: number; next_due_at: Date | string | null } | undefined),
    limit > 0
      ? (pool(db, user.id, user.federal_state)
          .where('p.due', '<=', now)
          .select('p.*')
          .orderBy([
            { column: 'p.due', order: 'asc' },
            { column: 'p.question_id', order: 'asc' },
          ])
          .limit(limit) as Promise<ProgressRow[]>)
      : Promise.resolve([] as ProgressRow[]),
  ]);
  return {
    now,
    due: Number(summary?.due ?? 0),
    nextDueAt: summary?.next_due_at ? new Date(summary.next_due_at) : null,
    rows,
  };
}
