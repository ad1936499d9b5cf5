import { z } from 'zod';
import { call } from './call';
import {
  Count,
  Day,
  Instant,
  Language,
  QuestionId,
  requestedState,
  SignInProvider,
  StateCode,
} from './common';
import { ContactSubject } from './contact';
import { AchievementCode } from './dashboard';
import { ExamKind } from './exams';
import { ChallengeScore, LearnMode, Rating } from './learn';
import { ReportKind } from './reports';

/**
 * The signed-in user's own account (spec §3 User, §7). Every call here takes the user from the session only —
 * never from the path, query or body.
 */

export const NotificationPreferences = z
  .object({ email: z.boolean(), push: z.boolean(), weeklyReport: z.boolean() })
  .strict();
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** The user as every frontend sees it: `GET /api/user/me`, the sign-in and every settings answer. */
export const User = z
  .object({
    id: z.uuid(),
    /** The nickname, or the account's username when the learner skipped it (spec §3). */
    name: z.string(),
    email: z.string().nullable(),
    nickname: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    preferredLanguage: Language.nullable(),
    federalState: StateCode.nullable(),
    onboarded: z.boolean(),
    notifications: NotificationPreferences,
    /** The learner's real test day or null; the dashboard plans towards it. */
    examDate: Day.nullable(),
    /** FSRS desired retention (0.80–0.95): how much of a question the learner wants to still know when due. */
    desiredRetention: z.number().min(0.8).max(0.95),
    /** The sign-in providers linked to the account, sorted; empty for an email-and-password-only account. */
    providers: z.array(SignInProvider),
  })
  .strict();
export type User = z.infer<typeof User>;

/**
 * `GET /api/user/memory-model`: which FSRS weights plan the learner's reviews. `personal`: weights fitted to
 * their own answers (they predicted the learner's latest answers better than the standard ones); `standard`:
 * FSRS's own, and `reason` says why — `too_few_answers` (fewer than `minAnswers` in the log), `pending` (a fit
 * is due and runs shortly), `too_few_spaced` (not enough questions answered again on a later day),
 * `standard_better` (the standard weights predicted the latest answers better), `failed` (the fit did not
 * work out). `answersUntilCheck`: answers until the next fit is tried.
 */
export const MemoryModel = z
  .object({
    kind: z.enum(['personal', 'standard']),
    reason: z.enum(['too_few_answers', 'pending', 'too_few_spaced', 'standard_better', 'failed']).nullable(),
    answers: Count,
    minAnswers: Count,
    answersUntilCheck: Count,
    checkedAt: Instant.nullable(),
    fittedAt: Instant.nullable(),
    fittedAnswers: Count.nullable(),
  })
  .strict();
export type MemoryModel = z.infer<typeof MemoryModel>;

// ── requests ───────────────────────────────────────────────────────────────────────────────────────────────

/** `PATCH /api/user/setting/german-federal-state` (spec §3 "State-update payload"). */
export const FederalStateChoice = z.object({ selected_state: requestedState('BW') });
export type FederalStateChoice = z.infer<typeof FederalStateChoice>;

/** A test day the dashboard can plan towards: any real date of this century. */
const EXAM_DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;

/** FSRS desired retention: 0.80–0.95 (the settings offer 80, 85, 90, 95 %). */
export const RETENTION_RANGE = { min: 0.8, max: 0.95 } as const;

/** `PATCH /api/user/settings`: only the fields sent change; no other keys. */
export const SettingsPatch = z
  .object({
    nickname: z.string().trim().min(1).max(40).nullable(),
    preferredLanguage: Language.nullable(),
    federalState: requestedState('BW').nullable(),
    notifications: NotificationPreferences.partial().strict(),
    onboarded: z.boolean(),
    /** The learner's test day; null clears it. */
    examDate: z.iso
      .date('must be a date like 2026-06-30')
      .refine((d) => d >= EXAM_DATE_RANGE.min && d <= EXAM_DATE_RANGE.max, {
        message: `must be between ${EXAM_DATE_RANGE.min} and ${EXAM_DATE_RANGE.max}`,
      })
      .nullable(),
    desiredRetention: z
      .number()
      .min(RETENTION_RANGE.min, 'must be between 0.80 and 0.95')
      .max(RETENTION_RANGE.max, 'must be between 0.80 and 0.95'),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

// ── "Download my data" ─────────────────────────────────────────────────────────────────────────────────────
// One section per feature that stores something about the learner (the BFF's EXPORT_SECTIONS). A new section is
// a change of this contract: strict objects make an unlisted field a drift. Never secrets (tokens, hashes).

const ExportedProfile = User.extend({
  username: z.string(),
  hasPassword: z.boolean(),
  createdAt: Instant,
  updatedAt: Instant,
}).strict();

/** A sign-in identity (provider account) linked to the user. */
export const ExportedIdentity = z
  .object({
    provider: z.string(),
    subject: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    createdAt: Instant,
    lastUsedAt: Instant,
  })
  .strict();
export type ExportedIdentity = z.infer<typeof ExportedIdentity>;

const ExportedSession = z
  .object({
    method: z.string(),
    userAgent: z.string().nullable(),
    createdAt: Instant,
    lastUsedAt: Instant,
    revokedAt: Instant.nullable(),
  })
  .strict();

/** Every mode of the answer log: the learn modes and the two exam kinds. */
const AnswerMode = z.enum([...LearnMode.options, ...ExamKind.options]);

const ExportedAnswer = z
  .object({
    questionId: QuestionId,
    isCorrect: z.boolean(),
    mode: AnswerMode,
    rating: Rating.nullable(),
    attemptId: z.uuid().nullable(),
    answeredAt: Instant,
  })
  .strict();

const ExportedQuestionProgress = z
  .object({
    questionId: QuestionId,
    seen: Count,
    correct: Count,
    incorrect: Count,
    correctStreak: Count,
    lastCorrect: z.boolean().nullable(),
    lastAnsweredAt: Instant.nullable(),
    firstAnsweredAt: Instant.nullable(),
    firstCorrect: z.boolean().nullable(),
    evidence: z.object({ recentCorrect: z.number().min(0), recentIncorrect: z.number().min(0) }).strict(),
    scheduler: z
      .object({
        due: Instant.nullable(),
        stability: z.number().nullable(),
        difficulty: z.number().nullable(),
        scheduledDays: z.number().int().nullable(),
        reps: Count,
        lapses: Count,
        /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
        state: z.number().int().min(0).max(3),
        lastReview: Instant.nullable(),
      })
      .strict(),
  })
  .strict();

const ExportedBookmark = z.object({ questionId: QuestionId, createdAt: Instant }).strict();

const ExportedAchievement = z.object({ code: AchievementCode, earnedAt: Instant }).strict();

const ExportedDismissal = z.object({ id: z.string(), dismissedAt: Instant }).strict();

const ExportedExamAttempt = z
  .object({
    kind: ExamKind,
    state: StateCode,
    questions: Count,
    startedAt: Instant,
    finishedAt: Instant.nullable(),
    correct: Count.nullable(),
    passed: z.boolean().nullable(),
  })
  .strict();

const ExportedExamAnswer = z
  .object({
    /** Matches `examAttempts[].startedAt`. */
    attemptStartedAt: Instant,
    position: z.number().int().min(1),
    questionId: QuestionId,
    answer: z.number().int().min(0).max(3).nullable(),
    unsure: z.boolean(),
    answeredAt: Instant.nullable(),
  })
  .strict();

const ExportedContactMessage = z
  .object({
    name: z.string(),
    email: z.string(),
    subject: ContactSubject,
    message: z.string(),
    language: Language,
    sentAt: Instant,
  })
  .strict();

const ExportedContentReport = z
  .object({
    questionId: QuestionId,
    kind: ReportKind,
    text: z.string(),
    language: Language,
    /** The content version the learner saw (`npm run content -- reports` shows its first 12 characters). */
    contentVersion: z.string().nullable(),
    sentAt: Instant,
  })
  .strict();

const ExportedAnalyticsEvent = z
  .object({
    event: z.string(),
    properties: z.record(z.string(), z.unknown()),
    visitorId: z.uuid(),
    recordedAt: Instant,
  })
  .strict();

/** A change the user made in the A/B console as an administrator (the audit log's entries of theirs). */
const ExportedAdminAction = z
  .object({
    action: z.string(),
    remote: z.string().nullable(),
    variant: z.string().nullable(),
    before: z.string().nullable(),
    after: z.string().nullable(),
    at: Instant,
  })
  .strict();

/** The learner's memory model as stored (learn/memory-model.ts): the last fit's numbers and the weights in use. */
const ExportedMemoryModel = z
  .object({
    answersCounted: Count,
    checkedAt: Instant.nullable(),
    outcome: z.enum(['personal', 'standard_better', 'too_few', 'failed']).nullable(),
    heldOutLogLoss: z.object({ personal: z.number().nullable(), standard: z.number().nullable() }).strict(),
    heldOutReviews: Count.nullable(),
    parameters: z.array(z.number()).nullable(),
    fittedAt: Instant.nullable(),
    fittedAnswers: Count.nullable(),
  })
  .strict();

/** `GET /api/user/export`: everything stored about the learner, sent as a `buergerfit-data-<day>.json` download. */
export const UserExport = z
  .object({
    format: z.literal('buergerfit-user-export/1'),
    exportedAt: Instant,
    profile: ExportedProfile.nullable(),
    identities: z.array(ExportedIdentity),
    sessions: z.array(ExportedSession),
    learnAnswers: z.array(ExportedAnswer),
    questionProgress: z.array(ExportedQuestionProgress),
    bookmarks: z.array(ExportedBookmark),
    challengeScores: z.array(ChallengeScore),
    achievements: z.array(ExportedAchievement),
    dismissedRecommendations: z.array(ExportedDismissal),
    examAttempts: z.array(ExportedExamAttempt),
    examAnswers: z.array(ExportedExamAnswer),
    contactMessages: z.array(ExportedContactMessage),
    contentReports: z.array(ExportedContentReport),
    analyticsEvents: z.array(ExportedAnalyticsEvent),
    adminActions: z.array(ExportedAdminAction),
    memoryModel: ExportedMemoryModel.nullable(),
  })
  .strict();
export type UserExport = z.infer<typeof UserExport>;

export const userCalls = {
  me: call('GET /api/user/me', 'required', User),
  /** Onboarding and settings save the state here; a saved state also completes onboarding. */
  setFederalState: call('PATCH /api/user/setting/german-federal-state', 'required', User, {
    body: FederalStateChoice,
  }),
  updateSettings: call('PATCH /api/user/settings', 'required', User, { body: SettingsPatch }),
  export: call('GET /api/user/export', 'required', UserExport),
  /** Whether personal FSRS weights plan the learner's reviews (settings). */
  memoryModel: call('GET /api/user/memory-model', 'required', MemoryModel),
  /** Deletes the account and everything tied to it, ends every session and clears the cookies. */
  delete: call('DELETE /api/user', 'required', null),
};
