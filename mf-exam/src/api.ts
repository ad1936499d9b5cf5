import { api } from '@buergerfit/platform';

/** The BFF's exam API (`bff/src/routes/exam.ts`): the server owns the attempt, the draw, the clock and the score. */

export type ExamKind = 'demo' | 'mock';
export type AnswerIndex = 0 | 1 | 2 | 3;

export interface ExamQuestion {
  position: number;
  id: string;
  number: number;
  official: string;
  /** Official German text: always shown. */
  text: string;
  answers: string[];
  topic: string;
  subtopic: string | null;
  state: string | null;
  image: string | null;
  /** What the picture shows, each numbered option described, in the interface language. */
  imageDescription?: string | null;
  /** English where the catalog has it (for en and hr; there is no Croatian catalog text). */
  translation: { lang: 'en'; text: string | null; answers: (string | null)[] } | null;
  answer: number | null;
  unsure: boolean;
}

export interface ReviewItem {
  position: number;
  id: string;
  answer: number | null;
  correct: number;
  isCorrect: boolean;
  explanation: { lang: 'de' | 'en'; text: string } | null;
}

export interface ExamResult {
  correct: number;
  total: number;
  passed: boolean;
  finalizedAt: string;
  /** null for guests: they see the score only. */
  review: ReviewItem[] | null;
}

export interface Attempt {
  id: string;
  kind: ExamKind;
  state: string;
  status: 'in_progress' | 'finalized';
  createdAt: string;
  deadline: string | null;
  timeLeftSeconds: number | null;
  passMark: number;
  questions: ExamQuestion[];
  result: ExamResult | null;
}

export interface AttemptSummary {
  id: string;
  kind: ExamKind;
  state: string;
  status: 'in_progress' | 'finalized';
  createdAt: string;
  deadline: string | null;
  correct: number | null;
  total: number;
  passed: boolean | null;
}

export interface AnswerPatch {
  answer?: number | null;
  unsure?: boolean;
}

export interface FederalState {
  code: string;
  name: string;
}

export const examApi = {
  start: (kind: ExamKind, state?: string) =>
    api.post<Attempt>(api.lang('/exams'), state ? { kind, state } : { kind }),
  list: () => api.get<AttemptSummary[]>(api.lang('/exams')),
  get: (id: string) => api.get<Attempt>(api.lang(`/exams/${encodeURIComponent(id)}`)),
  save: (id: string, position: number, patch: AnswerPatch) =>
    api.put<{ position: number; answer: number | null; unsure: boolean }>(
      api.lang(`/exams/${encodeURIComponent(id)}/answers/${position}`),
      patch,
    ),
  finalize: (id: string) => api.post<Attempt>(api.lang(`/exams/${encodeURIComponent(id)}/finalize`)),
  states: () => api.get<FederalState[]>(api.lang('/german-federal-states')),
};
