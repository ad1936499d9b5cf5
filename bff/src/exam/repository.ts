import { randomInt, randomUUID } from 'node:crypto';
import type { AnswerIndex } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { mockAchievements } from '../dashboard/achievements';
import { logAttemptAnswers } from './answer-log';
import { EXAM, type ExamKind, passed, sample } from './rules';

export type AttemptRow = {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  kind: ExamKind;
  state_code: string;
  question_count: number;
  created_at: Date;
  deadline_at: Date | null;
  finalized_at: Date | null;
  correct_count: number | null;
  passed: boolean | null;
  /** SHA-256 of a guest's claim token while their finished demo can be claimed (exam/claim.ts). */
  claim_hash?: string | null;
  claim_expires_at?: Date | null;
  /** Read through `READ_ATTEMPTS`: over (deadline passed) but its finalize not stored yet. */
  unsettled?: boolean;
};

export type ItemRow = {
  position: number;
  question_id: number;
  answer: AnswerIndex | null;
  unsure: boolean;
  correct: AnswerIndex;
};

export type Owner = { userId: string } | { visitorId: string };

/** Only this owner's attempts: a learner's, or a guest browser's that no learner has claimed. */
function whereOwner<T extends {}, R>(
  q: Knex.QueryBuilder<T, R>,
  owner: Owner,
  table = 'exam_attempts',
): Knex.QueryBuilder<T, R> {
  if ('userId' in owner) return q.where(`${table}.user_id`, owner.userId);
  return q.where(`${table}.visitor_id`, owner.visitorId).whereNull(`${table}.user_id`);
}

/**
 * The attempts as every read sees them, aliased `exam_attempts` (use it in place of the table): as stored, except
 * that an attempt whose deadline passed unfinalized reads exactly as its finalize will store it — finished at its
 * deadline, scored by its answers — and carries `unsettled: true`. So a GET never shows a test that is over as
 * running, and never writes: the learner's next write on exams (`finalizeExpiredAttempts`) or the sweep
 * (`sweepExpiredAttempts`) stores the result.
 */
export const READ_ATTEMPTS = `(
  SELECT a.id, a.user_id, a.visitor_id, a.kind, a.state_code, a.question_count, a.created_at, a.deadline_at,
         a.claim_hash, a.claim_expires_at,
         CASE WHEN s.correct IS NULL THEN a.finalized_at ELSE a.deadline_at END AS finalized_at,
         coalesce(s.correct, a.correct_count) AS correct_count,
         CASE WHEN s.correct IS NULL THEN a.passed ELSE s.correct >= ${EXAM.passMark} END AS passed,
         s.correct IS NOT NULL AS unsettled
    FROM exam_attempts a
    -- Scored only for an attempt that is over but not finalized (no row, so NULL, for every other one).
    LEFT JOIN LATERAL (
      SELECT (count(*) FILTER (WHERE i.answer = q.correct))::int AS correct
        FROM exam_attempt_items i JOIN questions q ON q.id = i.question_id
       WHERE i.attempt_id = a.id AND a.finalized_at IS NULL AND a.deadline_at <= now()
       GROUP BY i.attempt_id
    ) s ON true
) exam_attempts`;

const readAttempts = (db: Knex) => db.from<AttemptRow>(db.raw(READ_ATTEMPTS));

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** Draws 30 of the general questions and 3 of the state's 10 (state questions last, as in the real test). */
export async function createAttempt(
  db: Knex,
  owner: Owner,
  kind: ExamKind,
  stateCode: string,
  random: () => number = cryptoRandom,
): Promise<string> {
  const general: number[] = await db('questions').whereNull('state_code').whereNull('retired_at').pluck('id');
  const state: number[] = await db('questions')
    .where({ state_code: stateCode })
    .whereNull('retired_at')
    .pluck('id');
  if (general.length < EXAM.general || state.length < EXAM.fromState) {
    throw new Error('The question catalog is not imported');
  }
  const ids = [...sample(general, EXAM.general, random), ...sample(state, EXAM.fromState, random)];
  const id = randomUUID();
  await db.transaction(async (trx) => {
    await trx('exam_attempts').insert({
      id,
      user_id: 'userId' in owner ? owner.userId : null,
      visitor_id: 'visitorId' in owner ? owner.visitorId : null,
      kind,
      state_code: stateCode,
      question_count: ids.length,
      deadline_at: kind === 'mock' ? trx.raw(`now() + interval '${EXAM.mockMinutes} minutes'`) : null,
    });
    await trx('exam_attempt_items').insert(
      ids.map((question_id, i) => ({ attempt_id: id, position: i + 1, question_id })),
    );
  });
  return id;
}

/**
 * The owner's open attempt of this kind, if any (at most one: a partial unique index keeps it so). One whose
 * deadline passed is not open; `finalizeExpiredAttempts` scores it.
 */
export async function findOpenAttempt(db: Knex, owner: Owner, kind: ExamKind): Promise<AttemptRow | null> {
  const q = db<AttemptRow>('exam_attempts')
    .where({ kind })
    .whereNull('finalized_at')
    .where((w) => w.whereNull('deadline_at').orWhere('deadline_at', '>', db.fn.now()));
  return (await whereOwner(q, owner).first()) ?? null;
}

/**
 * Ends an open attempt the owner walks away from by starting another: with nothing answered it is discarded
 * (nothing was lost), otherwise it is finalized as it stands and counts like any finished test.
 */
export async function retireAttempt(db: Knex, attempt: AttemptRow): Promise<void> {
  const answered = await db('exam_attempt_items')
    .where({ attempt_id: attempt.id })
    .where((w) => w.whereNotNull('answer').orWhere('unsure', true))
    .first('position');
  if (answered) await finalizeAttempt(db, attempt);
  else await db('exam_attempts').where({ id: attempt.id }).whereNull('finalized_at').delete();
}

/**
 * The attempt if this owner may see it, as reads see it (`READ_ATTEMPTS`: one that is over reads finished);
 * someone else's attempt is indistinguishable from a missing one.
 */
export async function findAttempt(db: Knex, id: string, owner: Owner): Promise<AttemptRow | null> {
  return (await whereOwner(readAttempts(db).where('exam_attempts.id', id), owner).first()) ?? null;
}

export async function listItems(db: Knex, attemptId: string): Promise<ItemRow[]> {
  return db('exam_attempt_items as i')
    .join('questions as q', 'q.id', 'i.question_id')
    .where('i.attempt_id', attemptId)
    .select('i.position', 'i.question_id', 'i.answer', 'i.unsure', 'q.correct')
    .orderBy('i.position');
}

/**
 * Saves an answer while the attempt is open. The attempt row is locked first — the same lock `finalizeAttempt`
 * takes — so an answer and the finalize that scores the attempt apply one after the other: an answer either
 * lands before the score is taken (and counts) or finds the attempt finalized (false → 409), never in between.
 */
export async function saveAnswer(
  db: Knex,
  attemptId: string,
  position: number,
  patch: { answer?: number | null; unsure?: boolean },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const open = await trx('exam_attempts')
      .where({ id: attemptId })
      .whereNull('finalized_at')
      .where((w) => w.whereNull('deadline_at').orWhere('deadline_at', '>', trx.fn.now()))
      .forUpdate()
      .first('id');
    if (!open) return false;
    const n = await trx('exam_attempt_items')
      .where({ attempt_id: attemptId, position })
      .update({
        ...(patch.answer !== undefined ? { answer: patch.answer, answered_at: trx.fn.now() } : {}),
        ...(patch.unsure !== undefined ? { unsure: patch.unsure } : {}),
      });
    return n > 0;
  });
}

export async function isPastDeadline(db: Knex, attemptId: string): Promise<boolean> {
  const row = await db('exam_attempts')
    .where({ id: attemptId })
    .first(db.raw('(deadline_at IS NOT NULL AND deadline_at <= now()) as past'));
  return Boolean(row?.past);
}

/**
 * Scores the attempt once; a second call returns the stored result. Awards FIRST_TEST and SCORE_80 for mocks,
 * and a learner's answers enter the answer log in the same transaction (exam/answer-log.ts).
 */
export async function finalizeAttempt(db: Knex, attempt: { id: string }): Promise<AttemptRow> {
  return (await settle(db, attempt.id)).row;
}

/**
 * `finalizeAttempt`, saying whether this call stored the result. The attempt row is locked first, so concurrent
 * finalizes (two tabs, the clock, a sweep on another BFF instance) score it once; the later ones find it final.
 */
async function settle(db: Knex, id: string): Promise<{ row: AttemptRow; finalized: boolean }> {
  return db.transaction(async (trx) => {
    const locked = await trx<AttemptRow>('exam_attempts').where({ id }).forUpdate().first();
    if (!locked) throw new Error('attempt vanished');
    if (locked.finalized_at) return { row: locked, finalized: false };
    const items = await listItems(trx, id);
    const correct = items.filter((i) => i.answer === i.correct).length;
    // An attempt that ran out of time ended at its deadline, however much later it is scored (history, dates).
    // The wall clock, not the transaction's start: an answer that got the lock first is stamped before this.
    const [row] = (await trx<AttemptRow>('exam_attempts')
      .where({ id })
      .update({
        finalized_at: trx.raw('LEAST(clock_timestamp(), deadline_at)'),
        correct_count: correct,
        passed: passed(correct),
      })
      .returning('*')) as AttemptRow[];
    if (!row) throw new Error('attempt vanished');
    if (locked.kind === 'mock' && locked.user_id) {
      const codes = mockAchievements(correct, items.length);
      await trx('achievements')
        .insert(codes.map((code) => ({ user_id: locked.user_id, code, earned_at: row.finalized_at })))
        .onConflict(['user_id', 'code'])
        .ignore();
    }
    await logAttemptAnswers(trx, row);
    return { row, finalized: true };
  });
}

/**
 * Binds a guest's finished demo to this browser's claim token (only its hash is stored) until `expiresAt`.
 * A later finished demo in the same browser replaces the token; the older attempt stays unclaimable.
 */
export async function offerClaim(
  db: Knex,
  attemptId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db('exam_attempts')
    .where({ id: attemptId })
    .whereNull('user_id')
    .update({ claim_hash: tokenHash, claim_expires_at: expiresAt });
}

/**
 * The signed-in learner takes over the guest demo this token was issued for: once (the token is spent in the
 * same statement), only before it expires, only an attempt nobody owns yet. Its answers then enter the learner's
 * log. Returns the attempt id, or null when there was nothing to claim.
 */
export async function claimAttempt(db: Knex, tokenHash: string, userId: string): Promise<string | null> {
  return db.transaction(async (trx) => {
    const [row] = (await trx<AttemptRow>('exam_attempts')
      .where({ claim_hash: tokenHash })
      .whereNull('user_id')
      .whereNotNull('finalized_at')
      .where('claim_expires_at', '>', trx.fn.now())
      .update({ user_id: userId, claim_hash: null, claim_expires_at: null })
      .returning('*')) as AttemptRow[];
    if (!row) {
      // A spent or expired token: forget it either way.
      await trx('exam_attempts')
        .where({ claim_hash: tokenHash })
        .update({ claim_hash: null, claim_expires_at: null });
      return null;
    }
    await logAttemptAnswers(trx, row);
    return row.id;
  });
}

/** Unfinalized attempts whose deadline has passed, earliest deadline first (the order their awards are dated in). */
const expiredAttempts = (db: Knex) =>
  db<AttemptRow>('exam_attempts')
    .whereNull('finalized_at')
    .whereNotNull('deadline_at')
    .where('deadline_at', '<=', db.fn.now())
    .orderBy('deadline_at');

/**
 * Finalizes, through `finalizeAttempt`, every attempt of this owner whose deadline has passed unfinished (the
 * learner let the clock run out and never came back). Run by the owner's writes on exams (start, answer,
 * finalize), so each write sees every earlier test stored as finished; reads never write (`READ_ATTEMPTS`).
 */
export async function finalizeExpiredAttempts(db: Knex, owner: Owner): Promise<number> {
  const expired = await whereOwner(expiredAttempts(db), owner).pluck('id');
  for (const id of expired) await settle(db, id);
  return expired.length;
}

/** Attempts one sweep finalizes at most; the next sweep takes the rest. */
export const SWEEP_BATCH = 500;
/** How often the server sweeps (server.ts). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Finalizes the attempts of every owner whose deadline has passed unfinished (a test nobody came back to), so
 * what reads show as finished is stored as finished soon after. Run every minute by server.ts; safe on any
 * number of BFF instances at once: each attempt is finalized under its row lock, once. Returns how many this call
 * finalized (0 when there was nothing to do, or another instance was first).
 */
export async function sweepExpiredAttempts(db: Knex): Promise<number> {
  const expired = await expiredAttempts(db).limit(SWEEP_BATCH).pluck('id');
  let finalized = 0;
  for (const id of expired) if ((await settle(db, id)).finalized) finalized++;
  return finalized;
}

/** The owner's attempts, newest first, as reads see them (`READ_ATTEMPTS`). */
export async function listAttempts(db: Knex, owner: Owner, limit = 20): Promise<AttemptRow[]> {
  return whereOwner(readAttempts(db), owner).orderBy('exam_attempts.created_at', 'desc').limit(limit);
}

export type UnsettledMock = { deadline_at: Date | string; correct_count: number; question_count: number };

/**
 * SQL (one bound parameter: the user id) of the learner's mock tests that are over but not finalized yet, as a
 * JSON array of `UnsettledMock`, earliest deadline first: what `withAwardsDue` needs.
 */
export const UNSETTLED_MOCKS_JSON = `(SELECT coalesce(json_agg(json_build_object('deadline_at', deadline_at,
    'correct_count', correct_count, 'question_count', question_count) ORDER BY deadline_at), '[]'::json)
   FROM ${READ_ATTEMPTS} WHERE user_id = ? AND kind = 'mock' AND unsettled)`;

/** An achievement as stored (`achievements` row) or as it is due. */
export type Award = { code: ReturnType<typeof mockAchievements>[number]; earned_at: Date | string };

/**
 * The learner's achievements as reads show them: the stored ones, and those the finalize of a mock test that is
 * over but not finalized yet will award (`mockAchievements`), dated at its deadline as that finalize will date
 * them. A read shows what the sweep is about to store, without writing it.
 */
export function withAwardsDue(stored: readonly Award[], unsettled: readonly UnsettledMock[]): Award[] {
  const held = new Set(stored.map((a) => a.code));
  const due: Award[] = [];
  for (const mock of unsettled) {
    for (const code of mockAchievements(mock.correct_count, mock.question_count)) {
      if (held.has(code)) continue;
      held.add(code);
      due.push({ code, earned_at: mock.deadline_at });
    }
  }
  return [...stored, ...due];
}

/** The learner's mock tests that are over but not finalized yet (`UNSETTLED_MOCKS_JSON`). */
export async function unsettledMocks(db: Knex, userId: string): Promise<UnsettledMock[]> {
  const { rows } = await db.raw<{ rows: { mocks: UnsettledMock[] }[] }>(
    `SELECT ${UNSETTLED_MOCKS_JSON} AS mocks`,
    [userId],
  );
  return rows[0]?.mocks ?? [];
}
