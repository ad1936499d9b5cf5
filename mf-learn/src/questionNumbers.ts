import type { Question } from '@buergerfit/contract';

/**
 * The number a learner sees: a state question's official number ("BY-1"), a general question's number ("12").
 * The catalog's internal number of a state question (301…460) is never shown.
 */
export const displayNumber = (q: Pick<Question, 'number' | 'official' | 'state'>): string =>
  q.state && q.official ? q.official : String(q.number);

/** `q12` → 12: what learn-mode stores. */
export const questionNumber = (id: string) => Number.parseInt(id.replace(/^q/i, ''), 10);
