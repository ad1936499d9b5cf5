import { randomUUID } from 'node:crypto';
import type { MemoryModel } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { createEmptyCard, default_w, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import type { Logger } from '../logger';
import {
  type CardReview,
  type Fit,
  type FitResult,
  FULL_ONLY,
  fitInChild,
  HELD_OUT,
  NO_ITEM,
  type ReviewUse,
  TRAIN,
} from './memory-fit';
import { FSRS_PARAMETERS, type RatingName, ratingFor } from './scheduler';

/**
 * Per-learner memory models: FSRS-6 weights fitted to the learner's own answer log by the FSRS optimizer
 * (fsrs-rs, run in a child process: memory-fit.ts), used by the scheduler for that learner's new answers
 * (`learnerSchedule` reads them; cards keep their state). Until a fit wins, FSRS's standard weights.
 *
 * - A fit is tried once the log holds MIN_ANSWERS answers of which MIN_SPACED_REVIEWS are spaced reviews (an
 *   answer to a question last answered on an earlier day: what the optimizer learns forgetting from), and again
 *   after every REFIT_AFTER more answers.
 * - The latest HELD_OUT_SHARE of the spaced reviews are held out: weights fitted on the answers before them must
 *   predict them better (lower log loss) than the standard weights, or the learner keeps the standard ones.
 *   When they win, the learner gets weights fitted on the whole log.
 * - Right = Good and wrong = Again, as the scheduler grades; a flashcard's own rating as given. Days are calendar
 *   days in Europe/Berlin, like the rest of the app's days.
 * - The job (`createMemoryModelJob`) runs on a timer on every instance: it counts new answers per learner from
 *   the log (`scanAnswerLog`, one instance at a time), claims one learner due for a fit with a lease in
 *   PostgreSQL (`claimLearner`: FOR UPDATE SKIP LOCKED; two instances never fit the same learner at once), fits,
 *   stores and releases, one learner after another: one fit at a time per instance.
 */
export const MIN_ANSWERS = 400;
export const MIN_SPACED_REVIEWS = 200;
export const REFIT_AFTER = 200;
export const HELD_OUT_SHARE = 0.2;

/** How often the job looks for learners due for a fit. */
export const JOB_INTERVAL_MS = 60_000;
/** How long a claim holds: longer than a fit may take (FIT_DEADLINE_MS); an instance that died frees it then. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Answers the scan counts per step (by id, through the primary key). */
export const SCAN_BATCH = 20_000;
/** Learners one run fits at most, one after the other; the next run goes on. */
export const FITS_PER_RUN = 20;

const RATING: Record<RatingName, number> = { again: 1, hard: 2, good: 3, easy: 4 };

/** One answer of the log as the fit reads it. */
export type LoggedReview = {
  questionId: number;
  rating: number;
  /** Calendar day (Europe/Berlin) as a day number. */
  day: number;
  /** When it was given (ms): orders the items in time. */
  at: number;
};

/** The learner's log as the fit gets it: each question's reviews, marked with their use; and their counts. */
export type FitCards = {
  cards: CardReview[][];
  /** Answers to a question last answered on an earlier day. */
  spaced: number;
  /** The latest HELD_OUT_SHARE of them. */
  heldOut: number;
};

/**
 * Groups the log into cards (one per question, reviews in time order, days between them) and marks each review's
 * use: the card's first review and those before it was seen on a second day make no item (the optimizer rejects,
 * and learns nothing from, a card seen on one day only); of the others, those before the held-out cut are TRAIN;
 * after it, the spaced ones are HELD_OUT (the latest HELD_OUT_SHARE of all spaced reviews) and the rest FULL_ONLY.
 */
export function fitCards(log: readonly LoggedReview[]): FitCards {
  const ordered = [...log].sort((a, b) => a.at - b.at);
  const lastDay = new Map<number, number>();
  const steps = ordered.map((r) => {
    const before = lastDay.get(r.questionId);
    lastDay.set(r.questionId, r.day);
    return { r, first: before === undefined, deltaT: before === undefined ? 0 : Math.max(0, r.day - before) };
  });
  const spacedTimes = steps.filter((s) => s.deltaT > 0).map((s) => s.r.at);
  const held = Math.ceil(spacedTimes.length * HELD_OUT_SHARE);
  const cut = held > 0 ? (spacedTimes[spacedTimes.length - held] as number) : Number.POSITIVE_INFINITY;
  const cards = new Map<number, { reviews: CardReview[]; spacedSeen: boolean }>();
  for (const { r, first, deltaT } of steps) {
    let card = cards.get(r.questionId);
    if (!card) {
      card = { reviews: [], spacedSeen: false };
      cards.set(r.questionId, card);
    }
    card.spacedSeen ||= deltaT > 0;
    const use: ReviewUse =
      first || !card.spacedSeen ? NO_ITEM : r.at < cut ? TRAIN : deltaT > 0 ? HELD_OUT : FULL_ONLY;
    card.reviews.push([r.rating, deltaT, use]);
  }
  return {
    cards: [...cards.values()].map((c) => c.reviews),
    spaced: spacedTimes.length,
    heldOut: held,
  };
}

/** The learner's log as the fit reads it, oldest first. */
export async function loggedReviews(db: Knex, userId: string): Promise<LoggedReview[]> {
  const rows: {
    question_id: number;
    is_correct: boolean;
    rating: RatingName | null;
    day: number;
    answered_at: Date;
  }[] = await db('learn_answers')
    .where({ user_id: userId })
    .orderBy([{ column: 'answered_at' }, { column: 'id' }])
    .select(
      'question_id',
      'is_correct',
      'rating',
      'answered_at',
      db.raw(`((answered_at AT TIME ZONE 'Europe/Berlin')::date - DATE '2000-01-01') AS day`),
    );
  return rows.map((r) => ({
    questionId: r.question_id,
    rating: RATING[ratingFor(r.is_correct, r.rating ?? undefined)],
    day: r.day,
    at: new Date(r.answered_at).getTime(),
  }));
}

export type Outcome = 'personal' | 'standard_better' | 'too_few' | 'failed';

/** Weights the scheduler can use: 21 finite numbers with which ts-fsrs schedules a question twice. */
export function usableWeights(w: unknown): w is number[] {
  if (!Array.isArray(w) || w.length !== 21 || !w.every((x) => typeof x === 'number' && Number.isFinite(x)))
    return false;
  try {
    const scheduler = fsrs(generatorParameters({ ...FSRS_PARAMETERS, w }));
    const first = scheduler.next(createEmptyCard(new Date(0)), new Date(0), Rating.Good).card;
    const second = scheduler.next(first, new Date(3 * 86_400_000), Rating.Good).card;
    return Number.isFinite(second.stability) && Number.isFinite(second.due.getTime());
  } catch {
    return false;
  }
}

const finiteEvaluation = (e: unknown) =>
  typeof e === 'object' && e !== null && Number.isFinite((e as { logLoss: unknown }).logLoss);

/** What one fit attempt decided. */
export type Decision = {
  outcome: Outcome;
  parameters: number[] | null;
  lossPersonal: number | null;
  lossStandard: number | null;
  heldOut: number | null;
  answers: number;
  error?: string;
};

/** Fits the learner's model from their log and decides (nothing stored here). */
export async function fitLog(
  log: readonly LoggedReview[],
  fitModel: Fit,
  signal?: AbortSignal,
): Promise<Decision> {
  const { cards, spaced, heldOut } = fitCards(log);
  const base = { answers: log.length, lossPersonal: null, lossStandard: null, heldOut: null };
  if (log.length < MIN_ANSWERS || spaced < MIN_SPACED_REVIEWS)
    return { ...base, outcome: 'too_few', parameters: null };
  let result: FitResult;
  try {
    result = await fitModel(
      {
        cards,
        standard: default_w,
        numRelearningSteps: FSRS_PARAMETERS.relearning_steps.length,
      },
      { signal },
    );
  } catch (err) {
    return { ...base, outcome: 'failed', parameters: null, error: (err as Error).message };
  }
  const { personal, standard } = result?.heldOut ?? {};
  if (!usableWeights(result?.parameters) || !finiteEvaluation(personal) || !finiteEvaluation(standard))
    return { ...base, outcome: 'failed', parameters: null, error: 'the fit gave unusable weights' };
  const measured = {
    ...base,
    lossPersonal: (personal as { logLoss: number }).logLoss,
    lossStandard: (standard as { logLoss: number }).logLoss,
    heldOut,
  };
  return measured.lossPersonal < measured.lossStandard
    ? { ...measured, outcome: 'personal', parameters: result.parameters }
    : { ...measured, outcome: 'standard_better', parameters: null };
}

/**
 * Counts the answers logged since the last scan per learner into `memory_models.answers_counted` (creating the
 * learner's row), up to `batches` × SCAN_BATCH answers. One instance scans at a time (the other skips). The
 * count may miss an answer whose transaction committed after later ones were counted: it only decides when a
 * fit is due, and the fit reads the whole log.
 */
export async function scanAnswerLog(db: Knex, batches = 10): Promise<number> {
  let counted = 0;
  for (let i = 0; i < batches; i++) {
    const n = await db.transaction(async (trx) => {
      const scan = await trx('memory_model_scan').where({ id: 1 }).forUpdate().skipLocked().first();
      if (!scan) return 0;
      const { rows } = await trx.raw(
        `WITH batch AS (SELECT id, user_id FROM learn_answers WHERE id > ? ORDER BY id LIMIT ?),
              counted AS (
                INSERT INTO memory_models (user_id, answers_counted)
                SELECT b.user_id, count(*)::int FROM batch b JOIN users u ON u.id = b.user_id GROUP BY b.user_id
                ON CONFLICT (user_id)
                DO UPDATE SET answers_counted = memory_models.answers_counted + EXCLUDED.answers_counted)
         UPDATE memory_model_scan SET last_answer_id = (SELECT max(id) FROM batch)
          WHERE id = 1 AND EXISTS (SELECT 1 FROM batch)
         RETURNING (SELECT count(*)::int FROM batch) AS answers`,
        [scan.last_answer_id, SCAN_BATCH],
      );
      return (rows[0] as { answers: number } | undefined)?.answers ?? 0;
    });
    counted += n;
    if (n < SCAN_BATCH) break;
  }
  return counted;
}

/**
 * Claims one learner due for a fit (enough answers counted, none tried yet or REFIT_AFTER more since the last
 * try, no live claim) for `instanceId` until `now` + CLAIM_LEASE_MS. Null when none is due.
 */
export async function claimLearner(
  db: Knex,
  instanceId: string,
  now: Date,
): Promise<{ userId: string; answersCounted: number } | null> {
  const { rows } = await db.raw(
    `UPDATE memory_models SET claimed_by = ?, claimed_until = ?
      WHERE user_id = (
        SELECT user_id FROM memory_models
         WHERE answers_counted >= ?
           AND (checked_answers IS NULL OR answers_counted >= checked_answers + ?)
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY checked_at NULLS FIRST, user_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
     RETURNING user_id, answers_counted`,
    [instanceId, new Date(now.getTime() + CLAIM_LEASE_MS), MIN_ANSWERS, REFIT_AFTER, now],
  );
  const row = rows[0] as { user_id: string; answers_counted: number } | undefined;
  return row ? { userId: row.user_id, answersCounted: row.answers_counted } : null;
}

/**
 * Stores a fit's decision and releases the claim, if the claim is still this instance's (a claim that ran out
 * and was taken over stores nothing). The weights in use (`users.memory_parameters`) become the decision's; a
 * failed fit keeps them.
 */
async function storeDecision(
  db: Knex,
  claim: { userId: string; answersCounted: number },
  instanceId: string,
  d: Decision,
  now: Date,
): Promise<boolean> {
  const failed = d.outcome === 'failed';
  return db.transaction(async (trx) => {
    const updated = await trx('memory_models')
      .where({ user_id: claim.userId, claimed_by: instanceId })
      .update({
        checked_at: now,
        checked_answers: claim.answersCounted,
        outcome: d.outcome,
        loss_personal: d.lossPersonal,
        loss_standard: d.lossStandard,
        held_out: d.heldOut,
        ...(failed
          ? {}
          : { fitted_at: d.parameters ? now : null, fitted_answers: d.parameters ? d.answers : null }),
        claimed_by: null,
        claimed_until: null,
      });
    if (updated > 0 && !failed)
      await trx('users').where({ id: claim.userId }).update({ memory_parameters: d.parameters });
    return updated > 0;
  });
}

export type FitReport = { userId: string; outcome: Outcome; answers: number; stored: boolean; ms: number };

export type MemoryModelJob = {
  instanceId: string;
  /** Scans the log, then fits the learners due, one after the other (at most FITS_PER_RUN). One run at a time. */
  runOnce(): Promise<FitReport[]>;
  /** Runs every `intervalMs` until `stop`. */
  start(intervalMs?: number): void;
  /** Stops the timer and any fit under way (its learner is tried again once the claim runs out). */
  stop(): Promise<void>;
};

export function createMemoryModelJob(opts: {
  db: Knex;
  logger: Logger;
  fit?: Fit;
  instanceId?: string;
  now?: () => Date;
}): MemoryModelJob {
  const { db, logger } = opts;
  const fitModel = opts.fit ?? fitInChild;
  const instanceId = opts.instanceId ?? randomUUID();
  const now = opts.now ?? (() => new Date());
  let running: Promise<FitReport[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const abort = new AbortController();

  const run = async (): Promise<FitReport[]> => {
    await scanAnswerLog(db);
    const reports: FitReport[] = [];
    while (reports.length < FITS_PER_RUN && !abort.signal.aborted) {
      const claim = await claimLearner(db, instanceId, now());
      if (!claim) break;
      const started = performance.now();
      const decision = await fitLog(await loggedReviews(db, claim.userId), fitModel, abort.signal);
      if (abort.signal.aborted) break;
      const stored = await storeDecision(db, claim, instanceId, decision, now());
      const report = {
        userId: claim.userId,
        outcome: decision.outcome,
        answers: decision.answers,
        stored,
        ms: Math.round(performance.now() - started),
      };
      reports.push(report);
      if (decision.outcome === 'failed')
        logger.warn(
          { ...report, error: decision.error },
          'memory model fit failed; the learner keeps theirs',
        );
      else
        logger.info(
          { ...report, lossPersonal: decision.lossPersonal, lossStandard: decision.lossStandard },
          'memory model fitted',
        );
    }
    return reports;
  };

  const runOnce = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    instanceId,
    runOnce,
    start(intervalMs = JOB_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        runOnce().catch((err) => logger.warn({ err }, 'memory model job did not run'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}

/** What the settings show about the learner's memory model (`GET /api/user/memory-model`). */
export async function memoryModelOf(db: Knex, userId: string): Promise<MemoryModel> {
  const row:
    | {
        answers_counted: number;
        checked_at: Date | null;
        checked_answers: number | null;
        outcome: Outcome | null;
        memory_parameters: number[] | null;
        fitted_at: Date | null;
        fitted_answers: number | null;
      }
    | undefined = await db('memory_models as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.user_id', userId)
    .first('m.*', 'u.memory_parameters');
  const counted = (await db('learn_answers').where({ user_id: userId }).count({ n: '*' }).first()) as
    | { n: number }
    | undefined;
  const answers = Number(counted?.n ?? 0);
  const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  const untilCheck =
    row?.checked_answers != null
      ? Math.max(0, row.checked_answers + REFIT_AFTER - row.answers_counted)
      : Math.max(0, MIN_ANSWERS - answers);
  const base = {
    answers,
    minAnswers: MIN_ANSWERS,
    answersUntilCheck: untilCheck,
    checkedAt: iso(row?.checked_at),
    fittedAt: iso(row?.fitted_at),
    fittedAnswers: row?.fitted_answers ?? null,
  };
  if (row?.memory_parameters) return { ...base, kind: 'personal', reason: null };
  const reason =
    answers < MIN_ANSWERS
      ? 'too_few_answers'
      : !row?.outcome || untilCheck === 0
        ? 'pending'
        : row.outcome === 'too_few'
          ? 'too_few_spaced'
          : row.outcome === 'failed'
            ? 'failed'
            : 'standard_better';
  return { ...base, kind: 'standard', reason };
}
