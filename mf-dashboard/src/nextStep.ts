import type { Dashboard, ExamAttemptSummary, Recommendation } from '@buergerfit/contract';
import { recommendationTarget, routes } from './routes';

/**
 * The one thing to do now, shown on top of the dashboard. In this order: a test left open (continue where you
 * left off), the first step of a new learner, the reviews due now, today's share of new questions of the plan,
 * the server's first recommendation (its own priority order), else a little practice.
 */
export type NextStep =
  | { kind: 'continue'; test: 'mock' | 'demo'; minutesLeft: number | null; to: string }
  | { kind: 'start'; to: string }
  | { kind: 'review'; count: number; to: string }
  | { kind: 'plan'; count: number; to: string }
  | { kind: 'recommendation'; recommendation: Recommendation; to: string }
  | { kind: 'practise'; to: string };

/** The open test the exam screen would resume (`/exam`, `/demo`), unless its time ran out. */
export function openTest(attempts: readonly ExamAttemptSummary[], now: number): ExamAttemptSummary | null {
  return (
    attempts.find(
      (a) => a.status === 'in_progress' && (a.deadline === null || new Date(a.deadline).getTime() > now),
    ) ?? null
  );
}

/** A learner who has answered nothing and taken no mock test yet. */
export const isNewLearner = (d: Pick<Dashboard, 'statistics'>) =>
  d.statistics.answered === 0 && d.statistics.exams.taken === 0;

/** Questions due for review now: the review queue's count (the same as the plan's and the focus tile's). */
export const dueNow = (d: Pick<Dashboard, 'reviews'>) => d.reviews.due;

export function chooseNextStep(d: Dashboard, open: ExamAttemptSummary | null, now: number): NextStep {
  if (open) {
    const minutesLeft =
      open.deadline === null
        ? null
        : Math.max(1, Math.ceil((new Date(open.deadline).getTime() - now) / 60_000));
    return {
      kind: 'continue',
      test: open.kind,
      minutesLeft,
      to: open.kind === 'mock' ? routes.exam : routes.demo,
    };
  }
  if (isNewLearner(d)) return { kind: 'start', to: routes.learn };
  const due = dueNow(d);
  if (due > 0) return { kind: 'review', count: due, to: routes.focus };
  if (d.plan && d.plan.daysLeft >= 0 && d.plan.newRemaining > 0) {
    return { kind: 'plan', count: d.plan.newRemaining, to: routes.learn };
  }
  const [first] = d.recommendations;
  if (first) {
    return { kind: 'recommendation', recommendation: first, to: recommendationTarget(first, d.progress) };
  }
  return { kind: 'practise', to: routes.learn };
}
