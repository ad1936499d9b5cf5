import { randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
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
};

export type ItemRow = {
  position: number;
  question_id: number;
  answer: number | null;
  unsure: boolean;
  correct: number;
};

export type Owner = { userId: string } | { visitorId: string };

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
  if ('userId' in owner) q.where({ user_id: owner.userId });
  else q.where({ visitor_id: owner.visitorId }).whereNull('user_id');
  return (await q.first()) ?? null;
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

/** The attempt if this owner may see it; someone else's attempt is indistinguishable from a missing one. */
export async function findAttempt(db: Knex, id: string, owner: Owner): Promise<AttemptRow | null> {
  const q = db<AttemptRow>('exam_attempts').where({ id });
  if ('userId' in owner) q.where({ user_id: owner.userId });
  else q.where({ visitor_id: owner.visitorId }).whereNull('user_id');
  return (await q.first()) ?? null;
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
export async function finalizeAttempt(db: Knex, attempt: AttemptRow): Promise<AttemptRow> {
  return db.transaction(async (trx) => {
    const locked = await trx<AttemptRow>('exam_attempts').where({ id: attempt.id }).forUpdate().first();
    if (!locked) throw new Error('attempt vanished');
    if (locked.finalized_at) return locked;
    const items = await listItems(trx, attempt.id);
    const correct = items.filter((i) => i.answer === i.correct).length;
    // An attempt that ran out of time ended at its deadline, however much later it is scored (history, dates).
    // The wall clock, not the transaction's start: an answer that got the lock first is stamped before this.
    const [row] = (await trx<AttemptRow>('exam_attempts')
      .where({ id: attempt.id })
      .update({
        finalized_at: trx.raw('LEAST(clock_timestamp(), deadline_at)'),
        correct_count: correct,
        passed: passed(correct),
      })
      .returning('*')) as AttemptRow[];
    if (!row) throw new Error('attempt vanished');
    if (locked.kind === 'mock' && locked.user_id) {
      const codes = ['FIRST_TEST', ...(correct / items.length >= 0.8 ? ['SCORE_80'] : [])];
      await trx('achievements')
        .insert(codes.map((code) => ({ user_id: locked.user_id, code, earned_at: row.finalized_at })))
        .onConflict(['user_id', 'code'])
        .ignore();
    }
    await logAttemptAnswers(trx, row);
    return row;
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

/**
 * Finalizes, through `finalizeAttempt`, every attempt of this owner whose deadline has passed unfinished (the
 * learner let the clock run out and never came back). Called before anything lists or counts attempts, so a
 * timed-out mock test is scored, listed, counted and awarded without the learner reopening it.
 */
export async function finalizeExpiredAttempts(db: Knex, owner: Owner): Promise<number> {
  const q = db<AttemptRow>('exam_attempts')
    .whereNull('finalized_at')
    .whereNotNull('deadline_at')
    .where('deadline_at', '<=', db.fn.now());
  if ('userId' in owner) q.where({ user_id: owner.userId });
  else q.where({ visitor_id: owner.visitorId }).whereNull('user_id');
  const expired = await q;
  for (const attempt of expired) await finalizeAttempt(db, attempt);
  return expired.length;
}

export async function listAttempts(db: Knex, owner: Owner, limit = 20): Promise<AttemptRow[]> {
  const q = db<AttemptRow>('exam_attempts').orderBy('created_at', 'desc').limit(limit);
  if ('userId' in owner) q.where({ user_id: owner.userId });
  else q.where({ visitor_id: owner.visitorId }).whereNull('user_id');
  return q;
}
