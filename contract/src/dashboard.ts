import { z } from 'zod';
import { call } from './call';
import { Count, Day, Instant, LangParams, Ratio } from './common';

/**
 * The signed-in learner's dashboard (spec §3 "Dashboard data shown", §7). `/user/dashboard` answers the whole page
 * in one call; the others answer one part each. Moved from the BFF's dashboard/schema.ts.
 */

export const Streak = z
  .object({
    /** Consecutive Berlin days with at least one answer, ending today, or yesterday when today has none yet. */
    current: Count,
    activeToday: z.boolean(),
    lastActiveDate: Day.nullable(),
    today: Day,
  })
  .strict();
export type Streak = z.infer<typeof Streak>;

export const TopicProgress = z
  .object({
    /** A catalog topic id (politics, history, society) or `state` for the learner's state questions. */
    id: z.string(),
    name: z.string(),
    total: Count,
    seen: Count,
    mastered: Count,
  })
  .strict();
export type TopicProgress = z.infer<typeof TopicProgress>;

export const DashboardProgress = z
  .object({
    /** The learner's pool: the general questions plus the 10 of their state (310; 300 while no state is chosen). */
    total: Count,
    seen: Count,
    mastered: Count,
    unseen: Count,
    topics: z.array(TopicProgress),
    state: z.object({ code: z.string().nullable(), name: z.string().nullable() }).strict(),
  })
  .strict();
export type DashboardProgress = z.infer<typeof DashboardProgress>;

export const WeekDay = z
  .object({
    date: Day,
    /** ISO weekday: 1 = Monday … 7 = Sunday (spec §9). */
    weekday: z.number().int().min(1).max(7),
    answered: Count,
    correct: Count,
  })
  .strict();
export type WeekDay = z.infer<typeof WeekDay>;

/** One finished mock test of `statistics.exams.recent`; it opens its review by id. */
export const RecentMockTest = z
  .object({ id: z.string(), finishedAt: Instant, correct: Count, total: Count, passed: z.boolean() })
  .strict();
export type RecentMockTest = z.infer<typeof RecentMockTest>;

export const ExamSummary = z
  .object({
    /** Finished mock tests. `recent`: the last 20, newest first (the score trend). */
    taken: Count,
    passed: Count,
    /** Mean share of correct answers over all finished mock tests; null before the first. */
    averageScore: Ratio.nullable(),
    /** The same mean expressed in questions out of 33. */
    averageCorrect: z.number().min(0).nullable(),
    lastTakenAt: Instant.nullable(),
    recent: z.array(RecentMockTest),
  })
  .strict();
export type ExamSummary = z.infer<typeof ExamSummary>;

export const MissedTopic = z
  .object({ id: z.string(), name: z.string(), incorrect: Count, answered: Count, accuracy: Ratio })
  .strict();
export type MissedTopic = z.infer<typeof MissedTopic>;

export const Statistics = z
  .object({
    /** Every answer in the log: learn modes and exam answers alike (all questions, also other states'). */
    answered: Count,
    correct: Count,
    incorrect: Count,
    accuracy: Ratio.nullable(),
    /** Per question of the pool, by its last answer: correct + incorrect + unanswered = pool size. */
    distribution: z.object({ correct: Count, incorrect: Count, unanswered: Count }).strict(),
    weekly: z.object({ weekStart: Day, days: z.array(WeekDay).length(7) }).strict(),
    mostMissed: z.array(MissedTopic),
    exams: ExamSummary,
  })
  .strict();
export type Statistics = z.infer<typeof Statistics>;

export const Readiness = z
  .object({
    questions: z.literal(33),
    passMark: z.literal(17),
    /** Expected correct answers out of 33 (the BFF's dashboard/readiness.ts: the model). */
    expected: z.number().min(0).max(33),
    /** The 80 % band of the predicted score: about 10 % of outcomes fall below `low`, about 10 % above `high`. */
    low: z.number().int().min(0).max(33),
    high: z.number().int().min(0).max(33),
    /**
     * P(score ≥ 17) at the test (the BFF's dashboard/readiness.ts: exact over the draw of 30 + 3 questions). Kept
     * within 0.05–0.95 until the evidence is firm (`firm`).
     */
    passChance: Ratio,
    /** Its 80 % range: how much the chance itself could move with what is not known yet about the learner. */
    passRange: z.object({ low: Ratio, high: Ratio }).strict(),
    /** Enough evidence for a chance beyond 5–95 %: 2 finished mock tests and 150 questions of the pool answered. */
    firm: z.boolean(),
    /** What is missing to be firm: mock tests and answered questions still to come (both 0 once firm). */
    firmUp: z.object({ mocks: Count, questions: Count }).strict(),
    /** True: the chance is for the learner's test day (they set one, and it is ahead); false: for a test now. */
    forExam: z.boolean(),
    /** How sure the prediction is, apart from a test's own luck: how much is known about the learner. */
    confidence: z.enum(['low', 'medium', 'high']),
    basis: z.object({ mastered: Count, practised: Count, unseen: Count }).strict(),
    /** What the prediction rests on: answers to questions of the pool (all modes), questions answered, mock tests. */
    evidence: z.object({ answers: Count, questions: Count, mocks: Count }).strict(),
    /** The learner's own finished mock tests (their answers are part of the evidence). */
    mocks: z.object({ count: Count, averageCorrect: z.number().min(0).nullable() }).strict(),
    lastMock: z.object({ correct: Count, total: Count, finishedAt: Instant }).strict().nullable(),
  })
  .strict();
export type Readiness = z.infer<typeof Readiness>;

/**
 * The review queue as the dashboard shows it (the BFF's learn/queue.ts, the same read as focus mode and
 * flashcards): questions of the pool answered at least once and due at or before `generatedAt`, and the earliest
 * due instant after it (null when nothing more is scheduled).
 */
export const DashboardReviews = z.object({ due: Count, nextDueAt: Instant.nullable() }).strict();
export type DashboardReviews = z.infer<typeof DashboardReviews>;

/**
 * The daily plan towards the learner's test day; the dashboard answers null while no day is set. It adds up:
 * `newGoal` = ceil((`unseen` + `newSeenToday`) / max(`daysLeft`, 1)), `newRemaining` = max(0, `newGoal` −
 * `newSeenToday`); `reviewsDue` is the review queue's count.
 */
export const StudyPlan = z
  .object({
    examDate: Day,
    /** Days from today (Berlin) to the exam day; 0 on the day, negative once it has passed. */
    daysLeft: z.number().int(),
    /** Questions of the pool never answered, now. */
    unseen: Count,
    /** Questions of the pool answered for the first time today (Berlin). */
    newSeenToday: Count,
    /**
     * Today's share of new questions, fixed for the Berlin day: the new questions left when the day began
     * (`unseen` + `newSeenToday`) spread over the days left, today included, rounded up; 0 once the day passed.
     */
    newGoal: Count,
    /** What is left of today's share: max(0, `newGoal` − `newSeenToday`); counts down during the day. */
    newRemaining: Count,
    /** Questions due now (the review queue). */
    reviewsDue: Count,
    /** When the next question falls due (the review queue), null when nothing more is scheduled. */
    nextReviewAt: Instant.nullable(),
    /** Answers given today (Berlin), in every mode, repeats included. */
    answeredToday: Count,
  })
  .strict();
export type StudyPlan = z.infer<typeof StudyPlan>;

/** Spec §3: the recommendation categories. */
export const RecommendationCategory = z.enum(['topic', 'test', 'state', 'general']);
export type RecommendationCategory = z.infer<typeof RecommendationCategory>;

export const RecommendationKind = z.enum([
  'weakTopic',
  'mockTest',
  'chooseState',
  'statePractice',
  'reviewDue',
  'setExamDate',
  'startLearning',
  'dailyHabit',
]);
export type RecommendationKind = z.infer<typeof RecommendationKind>;

/** A recommendation's id: stable (`topic:history`, `test:weekly`), so a dismissal holds for good. */
const recommendationId = z.string().regex(/^[a-z]+:[a-z0-9-]+$/);

export const Recommendation = z
  .object({
    id: recommendationId,
    category: RecommendationCategory,
    /** What to do; the dashboard remote maps it to a screen (the server knows no route). */
    kind: RecommendationKind,
    /**
     * Values for the localized text (a topic's name, an accuracy, a count) and what the remote needs to pick the
     * screen: the weak topic's catalog id (`topicId`).
     */
    params: z
      .object({
        topic: z.string().optional(),
        topicId: z.string().optional(),
        accuracy: Ratio.optional(),
        count: Count.optional(),
      })
      .strict(),
  })
  .strict();
export type Recommendation = z.infer<typeof Recommendation>;

export const Recommendations = z.array(Recommendation);
export type Recommendations = z.infer<typeof Recommendations>;

/** Spec §3: the achievement badge codes. */
export const AchievementCode = z.enum(['FIRST_TEST', 'STREAK_7', 'SCORE_80', 'MASTER_100', 'BOOKMARK_10']);
export type AchievementCode = z.infer<typeof AchievementCode>;

export const Achievement = z
  .object({
    code: AchievementCode,
    earned: z.boolean(),
    earnedAt: Instant.nullable(),
    progress: z.object({ current: Count, target: Count }).strict(),
  })
  .strict();
export type Achievement = z.infer<typeof Achievement>;

/** Every badge, earned or not, in the order of `AchievementCode`. */
export const Achievements = z.array(Achievement).length(AchievementCode.options.length);
export type Achievements = z.infer<typeof Achievements>;

export const DashboardModeId = z.enum([
  'learn',
  'challenge',
  'mock',
  'focus',
  'state',
  'settings',
  'resources',
  'community',
]);
export type DashboardModeId = z.infer<typeof DashboardModeId>;

/**
 * A tile of the dashboard's mode grid. The remote maps `id` to a screen; what decides it beyond the id is in the same
 * answer (the state mode needs `progress.state.code`).
 */
export const DashboardMode = z
  .object({
    id: DashboardModeId,
    /** Not available yet: shown, but leads nowhere. */
    comingSoon: z.boolean(),
    /** A number worth showing on the tile (focus: the review queue's due count), or null. */
    count: Count.nullable(),
  })
  .strict();
export type DashboardMode = z.infer<typeof DashboardMode>;

export const BookmarksSummary = z.object({ count: Count }).strict();
export type BookmarksSummary = z.infer<typeof BookmarksSummary>;

/** `GET /api/:lang/user/progress`: the progress part with what it leads to (readiness, plan). */
export const ProgressOverview = z
  .object({ progress: DashboardProgress, readiness: Readiness, plan: StudyPlan.nullable() })
  .strict();
export type ProgressOverview = z.infer<typeof ProgressOverview>;

/** `GET /api/:lang/user/dashboard`: the whole page in one answer (ETag over everything but `generatedAt`). */
export const Dashboard = z
  .object({
    generatedAt: Instant,
    streak: Streak,
    progress: DashboardProgress,
    statistics: Statistics,
    readiness: Readiness,
    plan: StudyPlan.nullable(),
    reviews: DashboardReviews,
    recommendations: Recommendations,
    achievements: Achievements,
    bookmarks: BookmarksSummary,
    modes: z.array(DashboardMode),
  })
  .strict();
export type Dashboard = z.infer<typeof Dashboard>;

/**
 * The streak lengths worth a celebration (days in a row). The BFF celebrates the longest one the current streak has
 * reached, once per streak (dashboard/celebrations.ts).
 */
export const STREAK_MILESTONES = [3, 7, 14, 30, 50, 100, 200, 365] as const;

/**
 * A win the learner has not been shown yet (`GET /api/:lang/user/celebrations`), each with the instant it was won:
 * a passed mock test (`passes`: the learner's passed mock tests up to and including it, 1 for a first pass), a badge
 * earned, or a streak reaching one of `STREAK_MILESTONES`.
 */
export const Celebration = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('mockPassed'),
      attemptId: z.uuid(),
      correct: Count,
      total: Count,
      passMark: z.literal(17),
      passes: z.number().int().min(1),
      at: Instant,
    })
    .strict(),
  z.object({ kind: z.literal('badge'), code: AchievementCode, at: Instant }).strict(),
  z.object({ kind: z.literal('streak'), days: z.number().int().min(1), at: Instant }).strict(),
]);
export type Celebration = z.infer<typeof Celebration>;

/**
 * What comes next after the first of the wins, from the learner's own figures: right answers to a first pass
 * (`pass`, from their best mock test) or to the 80 % badge (`score80`: 27 of 33), mock tests and questions that would
 * make the readiness firm (`firmUp`, as `Readiness.firmUp`), questions to master for the 100 badge (`master`), days to
 * the next streak milestone (`streak`). `more` is always ≥ 1.
 */
export const CelebrationNext = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pass'), more: z.number().int().min(1), target: Count, total: Count }).strict(),
  z
    .object({ kind: z.literal('score80'), more: z.number().int().min(1), target: Count, total: Count })
    .strict(),
  z.object({ kind: z.literal('firmUp'), mocks: Count, questions: Count }).strict(),
  z.object({ kind: z.literal('master'), more: z.number().int().min(1), target: Count }).strict(),
  z.object({ kind: z.literal('streak'), more: z.number().int().min(1), days: Count }).strict(),
]);
export type CelebrationNext = z.infer<typeof CelebrationNext>;

/**
 * `GET /api/:lang/user/celebrations`: the wins not celebrated yet, the most important first (at most one mock test
 * and one streak), what comes next after the first, and `until`: the latest `at` of them, which the client sends
 * back once it has shown them (`POST …/celebrations/seen`). Empty (`next` and `until` null) when there is nothing.
 */
export const Celebrations = z
  .object({
    items: z.array(Celebration).max(AchievementCode.options.length + 2),
    next: CelebrationNext.nullable(),
    until: Instant.nullable(),
  })
  .strict();
export type Celebrations = z.infer<typeof Celebrations>;

/** The wins up to `until` (inclusive) have been shown: they are not celebrated again, on any device. */
export const CelebrationsSeen = z.object({ until: Instant }).strict();
export type CelebrationsSeen = z.infer<typeof CelebrationsSeen>;

export const RecommendationParams = LangParams.extend({
  id: z
    .string()
    .max(80)
    .regex(/^[a-z]+:[a-z0-9-]+$/, 'not a recommendation id'),
});
export type RecommendationParams = z.infer<typeof RecommendationParams>;

/**
 * Every call reads only the caller's rows. Reading the dashboard or the achievements may award STREAK_7,
 * MASTER_100 or BOOKMARK_10; timed-out mock tests are finalized first.
 */
export const dashboardCalls = {
  dashboard: call('GET /api/:lang/user/dashboard', 'required', Dashboard),
  streak: call('GET /api/:lang/user/streak', 'required', Streak),
  progress: call('GET /api/:lang/user/progress', 'required', ProgressOverview),
  statistics: call('GET /api/:lang/user/statistics', 'required', Statistics),
  recommendations: call('GET /api/:lang/user/recommendations', 'required', Recommendations),
  achievements: call('GET /api/:lang/user/achievements', 'required', Achievements),
  /** Hides a recommendation for good (its id is stable). */
  dismissRecommendation: call('POST /api/:lang/user/recommendations/:id/dismiss', 'required', null, {
    params: RecommendationParams,
  }),
  /** The wins not celebrated yet (a passed mock test, a first badge, a streak milestone) and what comes next. */
  celebrations: call('GET /api/:lang/user/celebrations', 'required', Celebrations),
  /** Marks the wins up to `until` as celebrated (never moves back; an instant ahead of the server's clock is cut to it). */
  celebrationsSeen: call('POST /api/:lang/user/celebrations/seen', 'required', null, {
    body: CelebrationsSeen,
  }),
};
