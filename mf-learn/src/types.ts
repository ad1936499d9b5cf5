/** One question of `GET /api/{lang}/learn` (BFF `LearnQuestion`). */
export interface Question {
  id: string;
  number: number;
  official?: string;
  /** Official German text. */
  text: string;
  answers: string[];
  /** Index into `answers`. */
  correct: number;
  topic: string;
  subtopic: string | null;
  state: string | null;
  image: string | null;
  /** What the picture shows, for screen readers (where the BFF has it). */
  imageDescription?: string | null;
  translation: { lang: 'en'; text: string | null; answers: (string | null)[] } | null;
  explanation: { lang: 'de' | 'en'; text: string } | null;
}

/** A learner's progress on one question (`GET /api/{lang}/learn/progress`, `POST …/learn-mode`). */
export interface Progress {
  seen: number;
  correct: number;
  incorrect: number;
  streak: number;
  mastered: boolean;
  due: string | null;
  lastCorrect: boolean | null;
  lastAnsweredAt: string | null;
}

export type ProgressMap = Record<string, Progress>;

export type LearnMode = 'learn' | 'focus' | 'challenge' | 'state' | 'flashcards' | 'bookmarks' | 'mistakes';
export type Rating = 'again' | 'hard' | 'good' | 'easy';

export interface Topic {
  id: string;
  parent: string | null;
  name: string;
}

export interface FederalState {
  code: string;
  name: string;
}

/** `GET /api/{lang}/exams/{id}/mistakes`: the wrong, unanswered and unsure questions of a finished test. */
export interface MistakesSet {
  attemptId: string;
  kind: 'demo' | 'mock';
  finishedAt: string;
  questions: Question[];
}

/**
 * The number a learner sees: a state question's official number ("BY-1"), a general question's number ("12").
 * The catalog's internal number of a state question (301…460) is never shown.
 */
export const displayNumber = (q: Pick<Question, 'number' | 'official' | 'state'>): string =>
  q.state && q.official ? q.official : String(q.number);

/** `q12` → 12: what learn-mode stores. */
export const questionNumber = (id: string) => Number.parseInt(id.replace(/^q/i, ''), 10);
