import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { parseBody } from '../http/validate';
import { isRemoteName } from '../remotes/names';
import { recordConversion, recordExposure, resolveForVisitor } from '../remotes/registry';

export const VISITOR_COOKIE = 'bf_vid';
declare module 'koa' {
  interface DefaultState {
    /** The anonymous visitor id, once read or minted for this request. */
    visitorId?: string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The anonymous visitor id that keeps A/B assignments sticky (a cookie; no personal data). */
export function visitorId(ctx: Context, secure: boolean): string {
  if (ctx.state.visitorId) return ctx.state.visitorId;
  const existing = ctx.cookies.get(VISITOR_COOKIE);
  if (existing && UUID.test(existing)) {
    ctx.state.visitorId = existing;
    return existing;
  }
  const id = randomUUID();
  ctx.state.visitorId = id;
  ctx.cookies.set(VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 365 * 24 * 3600 * 1000,
    overwrite: true,
  });
  return id;
}

const remoteField = z.string().refine(isRemoteName, 'unknown remote');
const exposureBody = z.object({ remote: remoteField, variant: z.string().max(64).optional() });
const conversionBody = z.object({
  remote: remoteField,
  event: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_.-]+$/, 'lower-case letters, digits, _ . -'),
});

export function remotesRoutes({ db, config }: Deps): Router {
  const secure = config.env === 'production';
  const router = new Router({ prefix: '/api/remotes' });
  router.get('/', async (ctx) => {
    const vid = visitorId(ctx, secure);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { remotes: await resolveForVisitor(db, vid) };
  });
  router.post('/exposures', async (ctx) => {
    const { remote } = parseBody(ctx, exposureBody);
    if (!(await recordExposure(db, visitorId(ctx, secure), remote)))
      throw badRequest('No variant of that remote is live.');
    ctx.status = 204;
  });
  router.post('/conversions', async (ctx) => {
    const { remote, event } = parseBody(ctx, conversionBody);
    if (!(await recordConversion(db, visitorId(ctx, secure), remote, event))) {
      throw badRequest('No variant of that remote is live.');
    }
    ctx.status = 204;
  });
  return router;
}
