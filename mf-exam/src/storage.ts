import type { ExamAnswerPatch, ExamAttempt, ExamKind } from '@buergerfit/contract';
import { readStorage, writeStorage } from '@buergerfit/platform';

/** The open attempt of each kind, so a reload resumes it (and at the question the learner was on). */
export const openAttemptKey = (kind: ExamKind) => `buergerfit.exam.${kind}`;

export interface OpenAttempt {
  id: string;
  position: number;
}

export function readOpenAttempt(kind: ExamKind): OpenAttempt | null {
  const raw = readStorage(openAttemptKey(kind));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OpenAttempt>;
    if (typeof value.id !== 'string' || !value.id) throw new Error('no attempt id');
    const position = Number.isInteger(value.position) ? Number(value.position) : 1;
    return { id: value.id, position: Math.max(1, position) };
  } catch (error) {
    console.warn('[exam] removing a corrupt stored attempt', error);
    writeStorage(openAttemptKey(kind), null);
    return null;
  }
}

export function writeOpenAttempt(kind: ExamKind, value: OpenAttempt | null): void {
  writeStorage(openAttemptKey(kind), value ? JSON.stringify(value) : null);
}

/**
 * Answer changes the server has not confirmed yet, per attempt, so a reload (or a closed tab) does not lose a
 * choice made while the connection was down. Replayed on resume; the server decides what it still takes.
 */
export const pendingAnswersKey = (attemptId: string) => `buergerfit.exam.pending.${attemptId}`;

const validPatch = (value: unknown): ExamAnswerPatch | null => {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const patch: ExamAnswerPatch = {};
  if (v.answer === null || (Number.isInteger(v.answer) && Number(v.answer) >= 0 && Number(v.answer) <= 3))
    patch.answer = v.answer as number | null;
  if (typeof v.unsure === 'boolean') patch.unsure = v.unsure;
  return patch.answer === undefined && patch.unsure === undefined ? null : patch;
};

export function readPendingAnswers(attemptId: string): Map<number, ExamAnswerPatch> {
  const out = new Map<number, ExamAnswerPatch>();
  const raw = readStorage(pendingAnswersKey(attemptId));
  if (!raw) return out;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    for (const [key, entry] of Object.entries(value)) {
      const position = Number(key);
      const patch = validPatch(entry);
      if (Number.isInteger(position) && position >= 1 && patch) out.set(position, patch);
    }
  } catch (error) {
    console.warn('[exam] removing corrupt unsaved answers', error);
    writeStorage(pendingAnswersKey(attemptId), null);
  }
  return out;
}

export function writePendingAnswers(attemptId: string, pending: ReadonlyMap<number, ExamAnswerPatch>): void {
  writeStorage(
    pendingAnswersKey(attemptId),
    pending.size > 0 ? JSON.stringify(Object.fromEntries(pending)) : null,
  );
}

export function clearPendingAnswers(attemptId: string): void {
  writeStorage(pendingAnswersKey(attemptId), null);
}

/**
 * Forgets the unsaved answers of a finalized attempt; returns how many of them the final attempt does not
 * have (the server refused them: time was up or it was finished elsewhere), for a note on the result.
 */
export function dropPendingAnswers(attempt: ExamAttempt): number {
  const pending = readPendingAnswers(attempt.id);
  clearPendingAnswers(attempt.id);
  let lost = 0;
  for (const [position, patch] of pending) {
    const q = attempt.questions.find((x) => x.position === position);
    if (!q) continue;
    if (
      (patch.answer !== undefined && patch.answer !== q.answer) ||
      (patch.unsure !== undefined && patch.unsure !== q.unsure)
    )
      lost += 1;
  }
  return lost;
}
