/**
 * @buergerfit/contract — the one definition of every API call: zod schemas of each request and answer, and their
 * TypeScript types under the same names. The BFF validates with the schemas; the shell and the remotes import
 * types only (`import type { User } from '@buergerfit/contract'`), so no zod reaches a browser bundle.
 */
import { adminCalls } from './admin';
import { analyticsCalls } from './analytics';
import { authCalls } from './auth';
import { bookmarkCalls } from './bookmarks';
import type { CallSpec } from './call';
import { catalogCalls } from './catalog';
import { contactCalls } from './contact';
import { dashboardCalls } from './dashboard';
import { examCalls } from './exams';
import { learnCalls } from './learn';
import { remoteCalls } from './remotes';
import { reportCalls } from './reports';
import { userCalls } from './user';

export * from './admin';
export * from './analytics';
export * from './auth';
export * from './bookmarks';
export * from './boot';
export * from './call';
export * from './catalog';
export * from './common';
export * from './contact';
export * from './dashboard';
export * from './exams';
export * from './learn';
export * from './remotes';
export * from './reports';
export * from './user';

/** Every call, by resource. */
export const callsByResource = {
  auth: authCalls,
  user: userCalls,
  catalog: catalogCalls,
  exams: examCalls,
  learn: learnCalls,
  bookmarks: bookmarkCalls,
  dashboard: dashboardCalls,
  remotes: remoteCalls,
  contact: contactCalls,
  reports: reportCalls,
  analytics: analyticsCalls,
  admin: adminCalls,
} as const;

/** Every call in one list: the BFF's coverage test checks that it mounts each one, and nothing else under /api. */
export const allCalls: readonly CallSpec[] = Object.values(callsByResource).flatMap((calls): CallSpec[] =>
  Object.values(calls),
);
