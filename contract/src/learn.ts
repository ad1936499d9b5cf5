import { z } from 'zod';
import { call } from './call';
import { Question } from './catalog';
import { Count, Instant, QuestionId } from './common';

/** Learn mode's own data: answers and FSRS progress, the focus queue, challenge scores. Signed-in only. */

/** The modes a learner answers in on the learn side (what `POST /api/:lang/learn-mode` accepts). */
export const LearnMode = z.enum([
  'learn',
  'focus',
  'challenge',
  'state',
  'flashcards',
  'bookmarks',
  'mistakes',
]);
export type LearnMode = z.infer<typeof LearnMode>;

/** A flashcard self-grade (FSRS rating). */
export const Rating = z.enum(['again', 'hard', 'good', 'easy']);
export type Rating = z.infer<typeof Rating>;

/** A learner's progress on one question. */
export const QuestionProgress = z
  .object({
    seen: Count,
    correct: Count,
    incorrect: Count,
    /** Correct answers in a row (a wrong one resets it). */
    streak: Count,
    mastered: z.boolean(),
    /** When FSRS wants it again; null until answered once. */
    due: Instant.nullable(),
    lastCorrect: z.boolean().nullable(),
    lastAnsweredAt: Instant.nullable(),
  })
  .strict();
export type QuestionProgress = z.infer<typeof QuestionProgress>;

/** `GET /api/:lang/learn/progress`: every question the learner answered, by id (`q12`). */
export const QuestionProgressMap = z.record(QuestionId, QuestionProgress);
export type QuestionProgressMap = z.infer<typeof QuestionProgressMap>;

// ── answers ────────────────────────────────────────────────────────────────────────────────────────────────

/** `POST /api/:lang/learn-mode`: spec §3 payload plus optional mode, flashcard self-grade and offline key. */
export const LearnAnswer = z
  .object({
    question_id: z
      .number()
      .int('must be an integer question number (q prefix removed)')
      .positive()
      .max(2_147_483_647, 'no such question number'),
    is_correct: z.boolean(),
    mode: LearnMode.default('learn'),
    rating: Rating.optional(),
    /** Idempotency key of an answer queued offline: the same key twice is stored once. */
    client_id: z.uuid('must be a UUID').optional(),
  })
  .strict();
export type LearnAnswer = z.infer<typeof LearnAnswer>;

/** The answer as stored (201), or as stored before (200, `duplicate`), with the question's progress after it. */
export const LearnAnswerResult = z
  .object({
    question_id: z.number().int().positive(),
    is_correct: z.boolean(),
    duplicate: z.boolean(),
    progress: QuestionProgress,
  })
  .strict();
export type LearnAnswerResult = z.infer<typeof LearnAnswerResult>;

// ── the review queue ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The review queue (the BFF's learn/queue.ts, the one definition of "due"): questions of the learner's pool
 * answered at least once whose FSRS due instant is at or before `now`. `due` counts them, `nextDueAt` is the
 * earliest due instant after `now` (null when nothing more is scheduled).
 */
export const ReviewSummary = z.object({ now: Instant, due: Count, nextDueAt: Instant.nullable() }).strict();
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** `GET /api/:lang/learn/queue`: the queue with every due question's id, earliest due first (flashcards). */
export const ReviewQueue = ReviewSummary.extend({ ids: z.array(QuestionId) }).strict();
export type ReviewQueue = z.infer<typeof ReviewQueue>;

// ── focus ──────────────────────────────────────────────────────────────────────────────────────────────────

export const FocusQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict();
export type FocusQuery = z.infer<typeof FocusQuery>;

export const FocusQuestion = Question.extend({ progress: QuestionProgress }).strict();
export type FocusQuestion = z.infer<typeof FocusQuestion>;

/**
 * Focus mode: the review queue, earliest due first. `due` counts every due question, `questions` holds the first
 * `limit` (a round).
 */
export const FocusQueue = ReviewSummary.extend({ questions: z.array(FocusQuestion) }).strict();
export type FocusQueue = z.infer<typeof FocusQueue>;

// ── challenge ──────────────────────────────────────────────────────────────────────────────────────────────

/** Challenge mode: a round of 20 questions against a 5-minute clock (30 s grace for the network). */
export const CHALLENGE = { questions: 20, seconds: 300, graceSeconds: 30 } as const;

/**
 * A round as the client reports it, within what a round can be: no more answers than questions, no more correct
 * than answered, a streak no longer than the correct answers, no longer than the clock (plus network grace),
 * and not faster than one answer per half second.
 */
export const ChallengeRound = z
  .object({
    correct: z.number().int().min(0).max(CHALLENGE.questions),
    answered: z.number().int().min(1).max(CHALLENGE.questions),
    best_streak: z.number().int().min(0).max(CHALLENGE.questions),
    duration_seconds: z
      .number()
      .int()
      .min(1)
      .max(CHALLENGE.seconds + CHALLENGE.graceSeconds),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.correct > b.answered)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'cannot exceed answered' });
    if (b.best_streak > b.correct)
      ctx.addIssue({ code: 'custom', path: ['best_streak'], message: 'cannot exceed correct' });
    if (b.answered > b.duration_seconds * 2)
      ctx.addIssue({ code: 'custom', path: ['duration_seconds'], message: 'too fast to be real' });
  });
export type ChallengeRound = z.infer<typeof ChallengeRound>;

export const ChallengeResult = z
  .object({ score: Count, personalBest: Count, isPersonalBest: z.boolean() })
  .strict();
export type ChallengeResult = z.infer<typeof ChallengeResult>;

export const ChallengeScore = z
  .object({
    score: Count,
    correct: Count,
    answered: Count,
    bestStreak: Count,
    durationSeconds: Count,
    createdAt: Instant,
  })
  .strict();
export type ChallengeScore = z.infer<typeof ChallengeScore>;

/** The rules of a round, the learner's best and their recent rounds. */
export const ChallengeBest = z
  .object({
    rules: z
      .object({ questions: z.number().int().positive(), seconds: z.number().int().positive() })
      .strict(),
    best: ChallengeScore.nullable(),
    recent: z.array(ChallengeScore),
  })
  .strict();
export type ChallengeBest = z.infer<typeof ChallengeBest>;

export const learnCalls = {
  /** Records one answer (any mode) and updates the question's FSRS progress. */
  answer: call('POST /api/:lang/learn-mode', 'required', LearnAnswerResult, {
    body: LearnAnswer,
    status: [201, 200],
  }),
  progress: call('GET /api/:lang/learn/progress', 'required', QuestionProgressMap),
  focus: call('GET /api/:lang/learn/focus', 'required', FocusQueue, { query: FocusQuery }),
  /** The review queue: how many are due now, when the next one is, and the due ids (earliest first). */
  queue: call('GET /api/:lang/learn/queue', 'required', ReviewQueue),
  challenge: call('POST /api/:lang/learn/challenge', 'required', ChallengeResult, {
    body: ChallengeRound,
    status: 201,
  }),
  challengeBest: call('GET /api/:lang/learn/challenge/best', 'required', ChallengeBest),
};
