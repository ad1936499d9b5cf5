import { adminCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { type Admin, abOverview, auditLog, changeVariant, rollbackAsAdmin } from '../../admin/console';
import { currentUser } from '../../auth/middleware';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { conflict, forbidden, notFound } from '../../http/errors';

/** 403 for a signed-in user without the admin role (the session itself is checked first: 401 without one). */
async function adminOnly(ctx: Context, next: Next) {
  if (currentUser(ctx).role !== 'admin') throw forbidden('This is for administrators only.', 'admin_only');
  ctx.set('Cache-Control', 'no-store');
  await next();
}

const adminOf = (ctx: Context): Admin => {
  const user = currentUser(ctx);
  return { userId: user.id, name: user.nickname || user.username };
};

/** The A/B console's calls (contract `adminCalls`): figures, weights, on/off, rollback, the audit log. */
export function adminRoutes({ db }: Deps, mount: Mount): Router {
  const router = new Router();
  mount(router, adminCalls.overview, adminOnly, async (_ctx, { query }) => ({
    lift: query.lift,
    remotes: await abOverview(db, query.lift),
  }));
  mount(router, adminCalls.update, adminOnly, async (ctx, { params, body }) => {
    if (!(await changeVariant(db, adminOf(ctx), params.remote, params.variant, body))) {
      throw notFound(`No variant ${params.remote}/${params.variant}`);
    }
    const [remote] = await abOverview(db, 0.1, params.remote);
    return remote as NonNullable<typeof remote>;
  });
  mount(router, adminCalls.rollback, adminOnly, async (ctx, { params }) => {
    if (!(await rollbackAsAdmin(db, adminOf(ctx), params.remote, params.variant))) {
      throw conflict(
        `${params.remote}/${params.variant} has no earlier build to go back to.`,
        'nothing_to_roll_back',
      );
    }
    const [remote] = await abOverview(db, 0.1, params.remote);
    return remote as NonNullable<typeof remote>;
  });
  mount(router, adminCalls.audit, adminOnly, async () => ({ entries: await auditLog(db) }));
  return router;
}
