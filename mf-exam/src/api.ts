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
  /** The learner had marked it "not sure" (whether or not the answer was right). */
  unsure: boolean;
  explanation: { lang: 'de' | 'en'; text: string } | null;
}

export type TopicId = 'politics' | 'history' | 'society' | 'state';

/** Correct answers in one topic of the attempt; `name` comes from the server in the interface language. */
export interface TopicResult {
  id: TopicId;
  name: string;
  correct: number;
  total: number;
}

export interface ExamResult {
  correct: number;
  total: number;
  passed: boolean;
  finalizedAt: string;
  /** Finish − start, whole seconds. */
  durationSeconds: number;
  /** null for guests. */
  topics: TopicResult[] | null;
  /** Wrong + unanswered + unsure-but-right: what "Practise my mistakes" takes up (0 for guests). */
  mistakes: number;
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
  finishedAt: string | null;
  durationSeconds: number | null;
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
  /** The learner's attempts, newest first (the server's default limit is 50, at most 200). */
  list: (limit?: number) =>
    api.get<AttemptSummary[]>(api.lang(limit === undefined ? '/exams' : `/exams?limit=${limit}`)),
  get: (id: string) => api.get<Attempt>(api.lang(`/exams/${encodeURIComponent(id)}`)),
  save: (id: string, position: number, patch: AnswerPatch) =>
    api.put<{ position: number; answer: number | null; unsure: boolean }>(
      api.lang(`/exams/${encodeURIComponent(id)}/answers/${position}`),
      patch,
    ),
  finalize: (id: string) => api.post<Attempt>(api.lang(`/exams/${encodeURIComponent(id)}/finalize`)),
  states: () => api.get<FederalState[]>(api.lang('/german-federal-states')),
};
