/**
 * The dashboard API's types, taken from the BFF's zod schemas (bff/src/dashboard/schema.ts), the one definition
 * the BFF validates its answers against. Type-only: erased at build, nothing of zod reaches this bundle.
 */
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
