import { z } from 'zod';
import { call } from './call';
import { AnswerIndex, Explanation, Question } from './catalog';
import { Count, Instant, LangParams, QuestionId, requestedState, StateCode } from './common';

/**
 * The demo and mock test (spec §4 "Demo exam", §9). The server owns the attempt, the draw, the clock and the
 * score; a guest's attempts belong to their browser (visitor cookie), a learner's to their account.
 */

/** `demo`: untimed, open to guests. `mock`: signed-in only, 60 minutes on the server's clock. */
export const ExamKind = z.enum(['demo', 'mock']);
export type ExamKind = z.infer<typeof ExamKind>;

export const ExamStatus = z.enum(['in_progress', 'finalized']);
export type ExamStatus = z.infer<typeof ExamStatus>;

/** A position in the test: 1..33 (spec §9: 33 questions, the 3 state questions last). */
const position = z.number().int().min(1).max(33);

// ── answers ────────────────────────────────────────────────────────────────────────────────────────────────

/** A question of a running test: the catalog question without its answer, with what the learner chose. */
export const ExamQuestion = Question.omit({ correct: true, explanation: true })
  .extend({
    position,
    answer: AnswerIndex.nullable(),
    /** Marked "not sure". */
    unsure: z.boolean(),
  })
  .strict();
export type ExamQuestion = z.infer<typeof ExamQuestion>;

/** One question of the review of a finished test (signed-in only). */
export const ExamReviewItem = z
  .object({
    position,
    id: QuestionId,
    answer: AnswerIndex.nullable(),
    unsure: z.boolean(),
    correct: AnswerIndex,
    isCorrect: z.boolean(),
    explanation: Explanation.nullable(),
  })
  .strict();
export type ExamReviewItem = z.infer<typeof ExamReviewItem>;

/**
 * Correct answers in one topic of the test: `politics`, `history`, `society` (in that order), then `state` for
 * the three state questions, `name` in the request language (the state's name for `state`).
 */
export const ExamTopicScore = z
  .object({ id: z.string(), name: z.string(), correct: Count, total: Count })
  .strict();
export type ExamTopicScore = z.infer<typeof ExamTopicScore>;

export const ExamResult = z
  .object({
    correct: Count,
    total: Count,
    passed: z.boolean(),
    finalizedAt: Instant,
    /** Finish − start in whole seconds (a timed-out mock test finished at its deadline). */
    durationSeconds: Count,
    /** Guests see the score only (spec §6): null for them. */
    topics: z.array(ExamTopicScore).nullable(),
    /** Wrong + blank + right-but-unsure: what "Practise my mistakes" takes up (0 for guests). */
    mistakes: Count,
    /** null for guests. */
    review: z.array(ExamReviewItem).nullable(),
  })
  .strict();
export type ExamResult = z.infer<typeof ExamResult>;

/** One attempt as the test screen shows it: its questions, the clock, and once finalized the result. */
export const ExamAttempt = z
  .object({
    id: z.uuid(),
    kind: ExamKind,
    state: StateCode,
    status: ExamStatus,
    createdAt: Instant,
    /** A mock test's end on the server's clock; null for a demo. */
    deadline: Instant.nullable(),
    /** Seconds left of a running mock test; null for a demo or a finished test. */
    timeLeftSeconds: Count.nullable(),
    /** Correct answers needed to pass (spec §9: 17 of 33). */
    passMark: z.literal(17),
    questions: z.array(ExamQuestion),
    /** null while in progress. */
    result: ExamResult.nullable(),
  })
  .strict();
export type ExamAttempt = z.infer<typeof ExamAttempt>;

/** One attempt of the history list. The score fields are null while it is in progress. */
export const ExamAttemptSummary = ExamAttempt.pick({
  id: true,
  kind: true,
  state: true,
  status: true,
  createdAt: true,
  deadline: true,
})
  .extend({
    finishedAt: Instant.nullable(),
    durationSeconds: Count.nullable(),
    correct: Count.nullable(),
    total: Count,
    passed: z.boolean().nullable(),
  })
  .strict();
export type ExamAttemptSummary = z.infer<typeof ExamAttemptSummary>;

export const ExamHistory = z.array(ExamAttemptSummary);
export type ExamHistory = z.infer<typeof ExamHistory>;

/** "Practise my mistakes": the wrong, blank and unsure questions of a finished test, with their answers. */
export const ExamMistakes = z
  .object({ attemptId: z.uuid(), kind: ExamKind, finishedAt: Instant, questions: z.array(Question) })
  .strict();
export type ExamMistakes = z.infer<typeof ExamMistakes>;

/** The answer as saved. */
export const ExamAnswer = z
  .object({ position, answer: AnswerIndex.nullable(), unsure: z.boolean() })
  .strict();
export type ExamAnswer = z.infer<typeof ExamAnswer>;

// ── requests ───────────────────────────────────────────────────────────────────────────────────────────────

/** Without `state`: the learner's own state, else Berlin. The same kind and state again continues the open one. */
export const NewExamAttempt = z
  .object({
    kind: ExamKind.default('demo'),
    state: requestedState('BE').optional(),
  })
  .strict();
export type NewExamAttempt = z.infer<typeof NewExamAttempt>;

export const ExamListQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
export type ExamListQuery = z.infer<typeof ExamListQuery>;

export const ExamAttemptParams = LangParams.extend({ id: z.uuid('not an attempt id') });
export type ExamAttemptParams = z.infer<typeof ExamAttemptParams>;

export const ExamAnswerParams = ExamAttemptParams.extend({
  position: z.coerce.number().int().min(1).max(33),
});
export type ExamAnswerParams = z.infer<typeof ExamAnswerParams>;

/** An answer (null clears it), the "not sure" mark, or both. */
export const ExamAnswerPatch = z
  .object({ answer: z.number().int().min(0).max(3).nullable().optional(), unsure: z.boolean().optional() })
  .strict()
  .refine((b) => b.answer !== undefined || b.unsure !== undefined, 'send answer, unsure or both');
export type ExamAnswerPatch = z.infer<typeof ExamAnswerPatch>;

export const examCalls = {
  /** Starts a test, or continues the open one of that kind and state (200). A mock test needs a session (401). */
  create: call('POST /api/:lang/exams', 'optional', ExamAttempt, {
    body: NewExamAttempt,
    status: [201, 200],
  }),
  /** The owner's attempts, newest first: a learner's history, or the demos of this browser for a guest. */
  list: call('GET /api/:lang/exams', 'optional', ExamHistory, { query: ExamListQuery }),
  get: call('GET /api/:lang/exams/:id', 'optional', ExamAttempt, { params: ExamAttemptParams }),
  /** 409 `attempt_open` while the test runs. */
  mistakes: call('GET /api/:lang/exams/:id/mistakes', 'required', ExamMistakes, {
    params: ExamAttemptParams,
  }),
  /** 409 `attempt_finalized` or `deadline_passed` once the test is over. */
  answer: call('PUT /api/:lang/exams/:id/answers/:position', 'optional', ExamAnswer, {
    params: ExamAnswerParams,
    body: ExamAnswerPatch,
  }),
  /** Scores the test (again: the same result). A guest's finished demo may later be claimed at sign-in. */
  finalize: call('POST /api/:lang/exams/:id/finalize', 'optional', ExamAttempt, {
    params: ExamAttemptParams,
  }),
};
