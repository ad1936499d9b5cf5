import type { Context, Next } from 'koa';
import { type ZodType, z } from 'zod';
import { HttpError } from '../http/errors';
import {
  achievementsResponseSchema,
  bookmarksResponseSchema,
  dashboardSchema,
  progressResponseSchema,
  recommendationsResponseSchema,
  statisticsResponseSchema,
  streakResponseSchema,
} from './schema';

/** `GET /api/{lang}/user/<part>` → the schema its answer must match (schema.ts, the one definition). */
const RESPONSE_SCHEMAS: Record<string, ZodType> = {
  dashboard: dashboardSchema,
  streak: streakResponseSchema,
  progress: progressResponseSchema,
  statistics: statisticsResponseSchema,
  recommendations: recommendationsResponseSchema,
  achievements: achievementsResponseSchema,
  // Served by api/bookmarks; its shape is defined with the dashboard's so the remotes share one definition.
  bookmarks: bookmarksResponseSchema,
};

const USER_PART = /^\/api\/[a-z]{2}\/user\/([a-z]+)$/;

/**
 * Outside production, checks every successful answer of the dashboard's GET routes against its zod schema, as
 * the client receives it (after JSON encoding), and turns a mismatch into a 500 naming the fields, so a route
 * drifting from schema.ts (and from the types mf-dashboard takes from it) fails the tests instead of the remote.
 * Not mounted in production: the check costs a JSON round trip per answer.
 */
export function dashboardResponseCheck() {
  return async function checkDashboardResponses(ctx: Context, next: Next) {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200) return;
    const part = USER_PART.exec(ctx.path)?.[1];
    const schema = part ? RESPONSE_SCHEMAS[part] : undefined;
    if (!schema) return;
    const parsed = schema.safeParse(JSON.parse(JSON.stringify(ctx.body ?? null)));
    if (!parsed.success) {
      throw new HttpError(
        500,
        'response_schema_mismatch',
        `GET ${ctx.path} does not match its schema in dashboard/schema.ts:\n${z.prettifyError(parsed.error)}`,
      );
    }
  };
}
