import { z } from 'zod';

/**
 * The dashboard API's answers, defined once. The BFF's tests validate every response against these schemas, and
 * mf-dashboard takes its TypeScript types from here with a type-only import (erased at build, no zod in the
 * remote's bundle). Keep this module free of other BFF imports so the remote can typecheck it on its own.
 *
 * Conventions: counts are integers; ratios (accuracy, chance) are fractions 0..1; calendar days are `YYYY-MM-DD`
 * in Europe/Berlin; instants are ISO-8601 strings.
 */

const count = z.number().int().min(0);
const ratio = z.number().min(0).max(1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.iso.datetime({ offset: true });

export const streakSchema = z.object({
  /** Consecutive Berlin days with at least one answer, ending today, or yesterday when today has none yet. */
  current: count,
  activeToday: z.boolean(),
  lastActiveDate: day.nullable(),
  today: day,
});

export const topicProgressSchema = z.object({
  /** A catalog topic id (politics, history, society) or `state` for the learner's state questions. */
  id: z.string(),
  name: z.string(),
  total: count,
  seen: count,
  mastered: count,
});

export const progressSchema = z.object({
  /** The learner's pool: the general questions plus the 10 of their state (310; 300 while no state is chosen). */
  total: count,
  seen: count,
  mastered: count,
  unseen: count,
  topics: z.array(topicProgressSchema),
  state: z.object({ code: z.string().nullable(), name: z.string().nullable() }),
});

export const weekDaySchema = z.object({
  date: day,
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  answered: count,
  correct: count,
});

export const examSummarySchema = z.object({
  /** Finished mock tests. `recent`: the last 20, newest first (the score trend; each opens its review by id). */
  taken: count,
  passed: count,
  /** Mean share of correct answers over all finished mock tests; null before the first. */
  averageScore: ratio.nullable(),
  /** The same mean expressed in questions out of 33. */
  averageCorrect: z.number().min(0).nullable(),
  lastTakenAt: instant.nullable(),
  recent: z.array(
    z.object({
      id: z.string(),
      finishedAt: instant,
      correct: count,
      total: count,
      passed: z.boolean(),
    }),
  ),
});

export const statisticsSchema = z.object({
  /** Every answer in the log: learn modes and exam answers alike (all questions, also other states'). */
  answered: count,
  correct: count,
  incorrect: count,
  accuracy: ratio.nullable(),
  /** Per question of the pool, by its last answer: correct + incorrect + unanswered = pool size. */
  distribution: z.object({ correct: count, incorrect: count, unanswered: count }),
  weekly: z.object({ weekStart: day, days: z.array(weekDaySchema).length(7) }),
  mostMissed: z.array(
    z.object({ id: z.string(), name: z.string(), incorrect: count, answered: count, accuracy: ratio }),
  ),
  exams: examSummarySchema,
});

export const readinessSchema = z.object({
  questions: z.literal(33),
  passMark: z.literal(17),
  /** Expected correct answers out of 33 (dashboard/readiness.ts: the model). */
  expected: z.number().min(0).max(33),
  /** The 80 % band of the predicted score: about 10 % of outcomes fall below `low`, about 10 % above `high`. */
  low: z.number().int().min(0).max(33),
  high: z.number().int().min(0).max(33),
  /** P(score ≥ 17). */
  passChance: ratio,
  /** How sure the prediction is, apart from a test's own luck: how much is known about the learner. */
  confidence: z.enum(['low', 'medium', 'high']),
  basis: z.object({ mastered: count, practised: count, unseen: count }),
  /** What the prediction rests on: answers to questions of the pool (all modes), questions answered, mock tests. */
  evidence: z.object({ answers: count, questions: count, mocks: count }),
  /** The learner's own finished mock tests (their answers are part of the evidence). */
  mocks: z.object({ count, averageCorrect: z.number().min(0).nullable() }),
  lastMock: z.object({ correct: count, total: count, finishedAt: instant }).nullable(),
});

export const planSchema = z.object({
  examDate: day,
  /** Days from today (Berlin) to the exam day; 0 on the day, negative once it has passed. */
  daysLeft: z.number().int(),
  /**
   * New questions still to do today: the questions unseen when the Berlin day began, spread evenly over the days
   * left (today included), minus the new ones already answered today; counts down during the day.
   */
  newPerDay: count,
  /** Questions of the pool answered for the first time today. */
  newSeenToday: count,
  /** Questions the scheduler (FSRS) has due by the end of today. */
  dueToday: count,
  answeredToday: count,
  unseen: count,
});

export const RECOMMENDATION_KINDS = [
  'weakTopic',
  'mockTest',
  'chooseState',
  'statePractice',
  'reviewDue',
  'setExamDate',
  'startLearning',
  'dailyHabit',
] as const;

export const recommendationSchema = z.object({
  /** Stable: the same advice keeps its id (`topic:history`, `test:weekly`), so a dismissal holds for good. */
  id: z.string().regex(/^[a-z]+:[a-z0-9-]+$/),
  category: z.enum(['topic', 'test', 'state', 'general']),
  /** The dashboard remote maps the kind to a screen: the server knows no route. */
  kind: z.enum(RECOMMENDATION_KINDS),
  /** Values for the localized text (a topic name, an accuracy, a count) and the weak topic's catalog id. */
  params: z.object({
    topic: z.string().optional(),
    topicId: z.string().optional(),
    accuracy: ratio.optional(),
    count: count.optional(),
  }),
});

export const ACHIEVEMENT_CODES = ['FIRST_TEST', 'STREAK_7', 'SCORE_80', 'MASTER_100', 'BOOKMARK_10'] as const;

export const achievementSchema = z.object({
  code: z.enum(ACHIEVEMENT_CODES),
  earned: z.boolean(),
  earnedAt: instant.nullable(),
  progress: z.object({ current: count, target: count }),
});

export const MODE_IDS = [
  'learn',
  'challenge',
  'mock',
  'focus',
  'state',
  'settings',
  'resources',
  'community',
] as const;

export const modeSchema = z.object({
  /** The dashboard remote maps the id to a screen: the server knows no route. */
  id: z.enum(MODE_IDS),
  /** Not available yet. */
  comingSoon: z.boolean(),
  /** A number worth showing on the tile (due questions for focus), or null. */
  count: count.nullable(),
});

export const bookmarksSummarySchema = z.object({ count });

/**
 * One bookmarked question as `GET /api/{lang}/user/bookmarks` lists it (newest bookmark first): the catalog's
 * question in the request language, the same shape as the learn mode's question set.
 */
export const bookmarkedQuestionSchema = z.object({
  id: z.string().regex(/^q[1-9]\d*$/),
  number: z.number().int().positive(),
  /** The question's number in the official catalogue. */
  official: z.string(),
  /** Official German text; always present. */
  text: z.string(),
  answers: z.tuple([z.string(), z.string(), z.string(), z.string()]),
  /** Index 0..3 of the right answer. */
  correct: z.number().int().min(0).max(3),
  topic: z.string(),
  subtopic: z.string().nullable(),
  state: z.string().nullable(),
  image: z.string().nullable(),
  imageDescription: z.string().nullable(),
  translation: z
    .object({ lang: z.literal('en'), text: z.string().nullable(), answers: z.array(z.string().nullable()) })
    .nullable(),
  explanation: z.object({ lang: z.enum(['de', 'en']), text: z.string() }).nullable(),
});

export const streakResponseSchema = streakSchema;
export const progressResponseSchema = z.object({
  progress: progressSchema,
  readiness: readinessSchema,
  plan: planSchema.nullable(),
});
export const statisticsResponseSchema = statisticsSchema;
export const recommendationsResponseSchema = z.array(recommendationSchema);
export const achievementsResponseSchema = z.array(achievementSchema).length(ACHIEVEMENT_CODES.length);
export const bookmarksResponseSchema = z.array(bookmarkedQuestionSchema);

export const dashboardSchema = z.object({
  generatedAt: instant,
  streak: streakSchema,
  progress: progressSchema,
  statistics: statisticsSchema,
  readiness: readinessSchema,
  plan: planSchema.nullable(),
  recommendations: z.array(recommendationSchema),
  achievements: achievementsResponseSchema,
  bookmarks: bookmarksSummarySchema,
  modes: z.array(modeSchema),
});

export type Streak = z.infer<typeof streakSchema>;
export type TopicProgress = z.infer<typeof topicProgressSchema>;
export type Progress = z.infer<typeof progressSchema>;
export type WeekDay = z.infer<typeof weekDaySchema>;
export type ExamSummary = z.infer<typeof examSummarySchema>;
export type Statistics = z.infer<typeof statisticsSchema>;
export type Readiness = z.infer<typeof readinessSchema>;
export type Plan = z.infer<typeof planSchema>;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];
export type Recommendation = z.infer<typeof recommendationSchema>;
export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];
export type Achievement = z.infer<typeof achievementSchema>;
export type ModeId = (typeof MODE_IDS)[number];
export type Mode = z.infer<typeof modeSchema>;
export type BookmarksSummary = z.infer<typeof bookmarksSummarySchema>;
export type BookmarkedQuestion = z.infer<typeof bookmarkedQuestionSchema>;
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;
