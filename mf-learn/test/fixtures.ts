import type {
  BookmarkState,
  ChallengeBest,
  ChallengeScore,
  LearnAnswer,
  LearnAnswerResult,
  Question,
  QuestionProgress,
  QuestionProgressMap,
  Rating,
  ReviewQueue,
  Topic,
  User,
} from '@buergerfit/contract';
import { waitFor } from '@testing-library/react';
import { expect, type vi } from 'vitest';
import { json, testUser } from './util';

/** A general question (`state` set → a state question; pass its `official` number too). */
export const question = (n: number, over: Partial<Question> = {}): Question => ({
  id: `q${n}`,
  number: n,
  official: String(n),
  text: `Frage ${n}?`,
  answers: [`A${n}`, `B${n}`, `C${n}`, `D${n}`],
  correct: 1,
  topic: 'politics',
  subtopic: null,
  state: null,
  image: null,
  imageDescription: null,
  translation: {
    lang: 'en',
    text: `Question ${n}?`,
    answers: [`a${n}`, `b${n}`, `c${n}`, `d${n}`],
    sameAsGerman: [false, false, false, false],
  },
  explanation: { lang: 'en', text: `Because ${n}.`, source: null },
  answerCheckedOn: null,
  ...over,
});

/** A progress entry of a question answered once, correctly (override what the test is about). */
export const progressEntry = (over: Partial<QuestionProgress> = {}): QuestionProgress => ({
  seen: 1,
  correct: 1,
  incorrect: 0,
  streak: 1,
  mastered: false,
  due: null,
  lastCorrect: true,
  lastAnsweredAt: null,
  ...over,
});

export const DAY = 24 * 3600_000;
/** An ISO time `days` from now (negative: in the past). */
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const learner = (federalState: string | null): User =>
  testUser({ id: 'u-1', name: 'Ana', email: null, preferredLanguage: 'en', federalState, onboarded: true });

/**
 * `POST /api/en/learn-mode` as the BFF answers a first answer to a question: the answer stored, with the question's
 * progress after it.
 */
export const recordedAnswer = (body: unknown): LearnAnswerResult => {
  const { question_id, is_correct } = body as LearnAnswer;
  return {
    question_id,
    is_correct,
    duplicate: false,
    progress: progressEntry({
      correct: is_correct ? 1 : 0,
      incorrect: is_correct ? 0 : 1,
      streak: is_correct ? 1 : 0,
      lastCorrect: is_correct,
      lastAnsweredAt: new Date().toISOString(),
    }),
  };
};

/** `POST` or `DELETE /api/en/user/bookmarks/:id`: the question's bookmark after the call. */
export const bookmarkState = (id: string, bookmarked: boolean): BookmarkState => ({ id, bookmarked });

/** `GET /api/en/learn/challenge/best`: the rules of a round and the learner's best one (none yet by default). */
export const challengeBest = (best: ChallengeScore | null = null): ChallengeBest => ({
  rules: { questions: 20, seconds: 300 },
  best,
  recent: best ? [best] : [],
});

/**
 * `GET /api/en/learn/queue` as the BFF answers it for this progress: the answered questions due now, earliest due
 * first (then by number), and the next due time after now.
 */
export function reviewQueue(progress: QuestionProgressMap, now = Date.now()): ReviewQueue {
  const scheduled = Object.entries(progress)
    .filter(([, p]) => p.seen > 0 && p.due !== null)
    .map(([id, p]) => ({ id, due: Date.parse(p.due as string) }))
    .sort((a, b) => a.due - b.due || Number(a.id.slice(1)) - Number(b.id.slice(1)));
  const due = scheduled.filter((s) => s.due <= now);
  const next = scheduled.find((s) => s.due > now);
  return {
    now: new Date(now).toISOString(),
    due: due.length,
    nextDueAt: next ? new Date(next.due).toISOString() : null,
    ids: due.map((s) => s.id),
  };
}

/** The routes every learn page calls, answering from these questions, progress and bookmarks. */
export const learnRoutes = ({
  questions = [] as Question[],
  progress = {} as QuestionProgressMap,
  bookmarks = [] as Question[],
} = {}) => ({
  '/api/en/learn': () => json(200, questions),
  '/api/en/learn-mode': (body: unknown) => json(201, recordedAnswer(body)),
  '/api/en/user/bookmarks': () => json(200, bookmarks),
  '/api/en/learn/progress': () => json(200, progress),
  '/api/en/learn/queue': () => json(200, reviewQueue(progress)),
  '/api/en/topics': () => json(200, [{ id: 'politics', parent: null, name: 'Politics' }] satisfies Topic[]),
});

type Call = { url: string; method: string; body: unknown };
export const calls = (fetchMock: ReturnType<typeof vi.fn>): Call[] =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: (init as RequestInit | undefined)?.method ?? 'GET',
    body: (init as RequestInit | undefined)?.body
      ? JSON.parse(String((init as RequestInit).body))
      : undefined,
  }));
export const posts = (fetchMock: ReturnType<typeof vi.fn>, url: string) =>
  calls(fetchMock).filter((c) => c.url === url && c.method === 'POST');
/** The bodies of the answers sent to `POST /api/en/learn-mode`, in order. */
export const answersSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  posts(fetchMock, '/api/en/learn-mode').map((c) => c.body as Record<string, unknown>);

/** Waits until the `n`-th answer of a flashcard session has been sent with the learner's grade. */
export const gradeSent = (
  fetchMock: ReturnType<typeof vi.fn>,
  n: number,
  grade: { question_id?: number; is_correct?: boolean; rating: Rating },
) =>
  waitFor(() =>
    expect(posts(fetchMock, '/api/en/learn-mode')[n]?.body).toMatchObject({ ...grade, mode: 'flashcards' }),
  );
