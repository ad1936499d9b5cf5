import { z } from 'zod';
import { call } from './call';
import { QuestionId, requestedState, StateCode } from './common';

/** One of the 16 federal states, its name in the request language (spec §7 "list of states"). */
export const FederalState = z.object({ code: StateCode, name: z.string() }).strict();
export type FederalState = z.infer<typeof FederalState>;

export const FederalStates = z.array(FederalState);
export type FederalStates = z.infer<typeof FederalStates>;

/** A topic of the catalog (`politics`, …) or a subtopic of one (`parent` set), named in the request language. */
export const Topic = z.object({ id: z.string(), parent: z.string().nullable(), name: z.string() }).strict();
export type Topic = z.infer<typeof Topic>;

export const Topics = z.array(Topic);
export type Topics = z.infer<typeof Topics>;

/**
 * The question in the learner's language (en or hr), written by this project (content/). `sameAsGerman[i]` marks an
 * answer a translation would add nothing to (a name, a number, a German term): its entry is null and the German is
 * what the learner reads. A text still missing (a question of a newer catalog not translated yet) is null.
 */
export const QuestionTranslation = z
  .object({
    lang: z.enum(['en', 'hr']),
    text: z.string().nullable(),
    answers: z.array(z.string().nullable()),
    sameAsGerman: z.array(z.boolean()),
  })
  .strict();
export type QuestionTranslation = z.infer<typeof QuestionTranslation>;

/**
 * Why the right answer is right (and the others are not), written by this project, in the learner's language (the
 * German where that is missing); `source` names the law or article where there is one.
 */
export const Explanation = z
  .object({ lang: z.enum(['de', 'en', 'hr']), text: z.string(), source: z.string().nullable() })
  .strict();
export type Explanation = z.infer<typeof Explanation>;

/** An answer index in an answer: 0..3 (every question has four answers). Requests check with their own rules. */
export const AnswerIndex = z.literal([0, 1, 2, 3]);
export type AnswerIndex = z.infer<typeof AnswerIndex>;

/**
 * A catalog question with its right answer, in the request language: what learn mode, the bookmarks, the focus
 * queue and "Practise my mistakes" show (spec §3 Question). The exam hides `correct` and `explanation`.
 */
export const Question = z
  .object({
    id: QuestionId,
    /** The catalog's number (what `learn-mode` stores); a state question's is internal (301…), never shown. */
    number: z.number().int().positive(),
    /** The number in the official catalogue: `12`, or `BY-1` for a state question. */
    official: z.string(),
    /** Official German text; always present. */
    text: z.string(),
    answers: z.tuple([z.string(), z.string(), z.string(), z.string()]),
    correct: AnswerIndex,
    topic: z.string(),
    subtopic: z.string().nullable(),
    /** The state's code for a state question; null for a general one. */
    state: StateCode.nullable(),
    /** `/catalog-images/<file>` or null. */
    image: z.string().startsWith('/').nullable(),
    /** For screen readers: what the picture shows, each numbered option described, in the request language. */
    imageDescription: z.string().nullable(),
    /**
     * The picture's size in pixels (the catalog import reads it from the file), so a page lays the picture out
     * before it loads; null without a picture or a size. Left out by a server older than it.
     */
    imageSize: z
      .object({ width: z.number().int().positive(), height: z.number().int().positive() })
      .strict()
      .nullish(),
    translation: QuestionTranslation.nullable(),
    explanation: Explanation.nullable(),
    /**
     * For a question whose answer changes with an election or an appointment (the Federal Chancellor, the largest
     * parliamentary groups, …): the day its answer was last checked (YYYY-MM-DD); null for every other question.
     */
    answerCheckedOn: z.string().nullable(),
  })
  .strict();
export type Question = z.infer<typeof Question>;

export const Questions = z.array(Question);
export type Questions = z.infer<typeof Questions>;

/** `GET /api/:lang/learn?state=BW`: without it, the learner's own state decides. */
export const QuestionSetQuery = z.object({ state: requestedState('BW').optional() }).strict();
export type QuestionSetQuery = z.infer<typeof QuestionSetQuery>;

/** The catalog: imported data, the same for everyone (answers cached per catalog version, language, state). */
export const catalogCalls = {
  states: call('GET /api/:lang/german-federal-states', 'none', FederalStates),
  topics: call('GET /api/:lang/topics', 'none', Topics),
  /** The learner's question set: the general questions plus one state's (only the general ones without a state). */
  questions: call('GET /api/:lang/learn', 'required', Questions, { query: QuestionSetQuery }),
};
