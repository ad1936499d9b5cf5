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

export type LearnMode = 'learn' | 'focus' | 'challenge' | 'state' | 'flashcards' | 'bookmarks';
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

/** `q12` → 12: what learn-mode stores. */
export const questionNumber = (id: string) => Number.parseInt(id.replace(/^q/i, ''), 10);
