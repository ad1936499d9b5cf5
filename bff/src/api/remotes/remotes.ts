import { analyticsCalls, remoteCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { badRequest, tooManyRequests } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { admitVisitor, visitorId } from '../../http/visitor';
import { ensureServedBuilds } from '../../remotes/artifacts';
import { recordConversion, recordExposure, resolveForVisitor } from '../../remotes/registry';

/**
 * A/B beacons (exposures, conversions) per visitor and 15 minutes: about two per page load. Per visitor, not per
 * address: a visitor exists only within the new-visitor budget of its address, and people behind one address
 * must not use up each other's.
 */
export const BEACON_LIMIT = 300;

/** The runtime registry (`GET /api/remotes`: which build of each remote this visitor gets) and its A/B beacons. */
export function remotesRoutes({ db, config }: Deps, mount: Mount): Router {
  const router = new Router();
  const beacons = rateLimit({
    db,
    scope: 'beacon:visitor',
    by: (ctx) => visitorId(ctx, config),
    limit: BEACON_LIMIT,
    windowSeconds: 15 * 60,
    message: 'Too many requests.',
  });
  mount(router, remoteCalls.list, async (ctx) => {
    if (!(await admitVisitor(ctx, db, config))) {
      throw tooManyRequests(
        'Too many new visitors from this network. Please try again shortly.',
        ctx.state.retryAfterSeconds ?? 60,
      );
    }
    const vid = visitorId(ctx, config);
    ctx.set('Cache-Control', 'no-store');
    const remotes = await resolveForVisitor(db, vid);
    await ensureServedBuilds(db, config.remotesDir, remotes);
    return { remotes };
  });
  mount(router, analyticsCalls.exposure, beacons, async (ctx, { body: { remote } }) => {
    if (!(await recordExposure(db, visitorId(ctx, config), remote)))
      throw badRequest('No variant of that remote is live.');
  });
  mount(router, analyticsCalls.conversion, beacons, async (ctx, { body: { remote, event } }) => {
    if (!(await recordConversion(db, visitorId(ctx, config), remote, event))) {
      throw badRequest('No variant of that remote is live.');
    }
  });
  return router;
}
