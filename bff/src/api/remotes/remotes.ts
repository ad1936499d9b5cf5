import { analyticsCalls, type ConversionBeacon, remoteCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { conflict, forbidden, tooManyRequests } from '../../http/errors';
import { clientNetwork, enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { admitVisitor, visitorCookie, visitorId } from '../../http/visitor';
import { ensureServedBuilds } from '../../remotes/artifacts';
import { assignedVariant, recordExposure, resolveForVisitor, storeConversion } from '../../remotes/registry';

/**
 * A/B beacons (exposures, conversions) a visitor may send per 15 minutes: about two per page load. Per visitor,
 * not per address: a visitor exists only within the new-visitor budget of its address, and people behind one
 * address must not use up each other's.
 */
export const BEACON_LIMIT = 300;
/**
 * Beacons that count nothing (no visitor cookie, or one the server never assigned a variant of that remote) one
 * client address (IPv6: its /64) may send per 15 minutes before it gets 429.
 */
export const UNASSIGNED_BEACON_LIMIT = 300;
const BEACON_WINDOW_SECONDS = 15 * 60;

/** The runtime registry (`GET /api/remotes`: which build of each remote this visitor gets) and its A/B beacons. */
export function remotesRoutes({ db, config }: Deps, mount: Mount): Router {
  const router = new Router();

  /**
   * The visitor a beacon counts for and its variant of `remote`: only a visitor the server itself admitted and
   * assigned one (a beacon never mints a visitor or an assignment). Anyone else gets 403 and nothing is stored.
   */
  async function assigned(ctx: Context, remote: string): Promise<{ visitor: string; variant: string }> {
    const visitor = visitorCookie(ctx, config);
    const variant = visitor ? await assignedVariant(db, visitor, remote) : null;
    if (!visitor || !variant) {
      await enforceRateLimit(
        db,
        rateLimitKey('beacon:unassigned:ip', clientNetwork(ctx.ip)),
        UNASSIGNED_BEACON_LIMIT,
        BEACON_WINDOW_SECONDS,
        'Too many requests.',
      );
      throw forbidden(
        'Only a visitor this server assigned a variant of that remote is counted. Nothing was stored.',
        'unknown_visitor',
      );
    }
    await enforceRateLimit(
      db,
      rateLimitKey('beacon:visitor', visitor),
      BEACON_LIMIT,
      BEACON_WINDOW_SECONDS,
      'Too many requests.',
    );
    return { visitor, variant };
  }

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

  mount(router, analyticsCalls.exposure, async (ctx, { body: { remote, variant: shown } }) => {
    const { visitor, variant } = await assigned(ctx, remote);
    if (shown !== undefined && shown !== variant) {
      throw conflict(
        'This visitor was assigned another variant of that remote. Nothing was stored.',
        'other_variant',
      );
    }
    await recordExposure(db, visitor, remote, variant);
  });

  const convert = async (ctx: Context, { remote, event }: ConversionBeacon) => {
    const { visitor, variant } = await assigned(ctx, remote);
    if (!(await storeConversion(db, visitor, remote, variant, event))) {
      throw conflict(
        'A conversion counts only after this visitor was shown that variant. Nothing was stored.',
        'not_exposed',
      );
    }
  };
  mount(router, analyticsCalls.conversion, (ctx, { body }) => convert(ctx, body));
  mount(router, analyticsCalls.conversionPing, (ctx, { query }) => convert(ctx, query));
  return router;
}
