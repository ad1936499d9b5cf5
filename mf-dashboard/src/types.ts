/**
 * The dashboard API's types, taken from the BFF's zod schemas (bff/src/dashboard/schema.ts), the one definition
 * the BFF validates its answers against. Type-only: erased at build, nothing of zod reaches this bundle.
 */
import type { ExamSummary } from '../../bff/src/dashboard/schema';

export type {
  Achievement,
  AchievementCode,
  Dashboard,
  Mode,
  Plan,
  Progress,
  Readiness,
  Recommendation,
  Statistics,
  Streak,
  WeekDay,
} from '../../bff/src/dashboard/schema';

/** One finished mock test of `statistics.exams.recent` (the last 20, newest first). */
export type RecentTest = ExamSummary['recent'][number];
