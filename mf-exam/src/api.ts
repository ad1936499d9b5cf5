import type {
  Celebrations,
  CelebrationsSeen,
  ExamAnswer,
  ExamAnswerPatch,
  ExamAttempt,
  ExamAttemptSummary,
  ExamKind,
  FederalState,
  NewExamAttempt,
} from '@buergerfit/contract';
import { api } from '@buergerfit/platform';

/** The BFF's exam API (`@buergerfit/contract`'s `examCalls`): the server owns the attempt, the draw, the clock and the score. */
export const examApi = {
  start: (kind: ExamKind, state?: string) =>
    api.post<ExamAttempt>(api.lang('/exams'), (state ? { kind, state } : { kind }) satisfies NewExamAttempt),
  /** The learner's attempts, newest first (the server's default limit is 50, at most 200). */
  list: (limit?: number) =>
    api.get<ExamAttemptSummary[]>(api.lang(limit === undefined ? '/exams' : `/exams?limit=${limit}`)),
  get: (id: string) => api.get<ExamAttempt>(api.lang(`/exams/${encodeURIComponent(id)}`)),
  save: (id: string, position: number, patch: ExamAnswerPatch) =>
    api.put<ExamAnswer>(api.lang(`/exams/${encodeURIComponent(id)}/answers/${position}`), patch),
  finalize: (id: string) => api.post<ExamAttempt>(api.lang(`/exams/${encodeURIComponent(id)}/finalize`)),
  states: () => api.get<FederalState[]>(api.lang('/german-federal-states')),
  /** The signed-in learner's wins not celebrated yet (`dashboardCalls.celebrations`). */
  celebrations: () => api.get<Celebrations>(api.lang('/user/celebrations')),
  /** The wins up to `until` have been shown (`dashboardCalls.celebrationsSeen`). */
  celebrated: (until: string) =>
    api.post<void>(api.lang('/user/celebrations/seen'), { until } satisfies CelebrationsSeen),
};
