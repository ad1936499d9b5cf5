import Router from '@koa/router';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest, tooManyRequests } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { admitVisitor, visitorId } from '../../http/visitor';
import { isRemoteName } from '../../remotes/names';
import { recordConversion, recordExposure, resolveForVisitor } from '../../remotes/registry';

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

/**
 * A/B beacons (exposures, conversions) per visitor and 15 minutes: about two per page load. Per visitor, not per
 * address: a visitor exists only within the new-visitor budget of its address, and people behind one address
 * must not use up each other's.
 */
export const BEACON_LIMIT = 300;

/** The runtime registry (`GET /api/remotes`: which build of each remote this visitor gets) and its A/B beacons. */
export function remotesRoutes({ db, config }: Deps): Router {
  const router = new Router();
  const beacons = rateLimit({
    db,
    scope: 'beacon:visitor',
    by: (ctx) => visitorId(ctx, config),
    limit: BEACON_LIMIT,
    windowSeconds: 15 * 60,
    message: 'Too many requests.',
  });
  router.get('/api/remotes', async (ctx) => {
    if (!(await admitVisitor(ctx, db, config))) {
      throw tooManyRequests(
        'Too many new visitors from this network. Please try again shortly.',
        ctx.state.retryAfterSeconds ?? 60,
      );
    }
    const vid = visitorId(ctx, config);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { remotes: await resolveForVisitor(db, vid) };
  });
  router.post('/api/remotes/exposures', beacons, async (ctx) => {
    const { remote } = parseBody(ctx, exposureBody);
    if (!(await recordExposure(db, visitorId(ctx, config), remote)))
      throw badRequest('No variant of that remote is live.');
    ctx.status = 204;
  });
  router.post('/api/remotes/conversions', beacons, async (ctx) => {
    const { remote, event } = parseBody(ctx, conversionBody);
    if (!(await recordConversion(db, visitorId(ctx, config), remote, event))) {
      throw badRequest('No variant of that remote is live.');
    }
    ctx.status = 204;
  });
  return router;
}
