import { dashboardCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Context } from 'koa';
import { currentUser } from '../../auth/middleware';
import { sendCached } from '../../catalog/response-cache';
import { DashboardCache } from '../../dashboard/cache';
import { celebrationsFor, markCelebrated } from '../../dashboard/celebrations';
import { isRecommendationId } from '../../dashboard/recommendation-ids';
import { dismissRecommendation } from '../../dashboard/repository';
import { DashboardBuilder } from '../../dashboard/service';
import type { Deps } from '../../deps';
import { type Mount, Prepared } from '../../http/call';
import { notFound } from '../../http/errors';
import { requestLanguage } from '../../http/lang';

/**
 * The signed-in learner's dashboard (spec §7), under `/api/{lang}/user` (signed in, as the contract says); it reads only
 * the caller's rows. `/user/dashboard` answers the whole page in one call; the others answer one part each.
 * Every GET only reads: achievements are awarded by the writes that earn them, tests finalized by the exam writes.
 */
export function dashboardRoutes({ db }: Deps, mount: Mount): Router {
  const router = new Router();

  const builder = (ctx: Context) => {
    const lang = requestLanguage(ctx);
    const user = currentUser(ctx);
    // Private, and revalidated every time: a repeat with If-None-Match costs no body when nothing changed.
    ctx.set('Cache-Control', 'private, no-cache');
    return new DashboardBuilder(db, user, lang, new Date());
  };

  const cache = new DashboardCache(db);
  mount(router, dashboardCalls.dashboard, async (ctx) => {
    const b = builder(ctx);
    const body = await cache.get(currentUser(ctx), requestLanguage(ctx), new Date(), async () => {
      const value = await b.dashboard();
      // The ETag covers the learner's figures, not the moment they were computed.
      const { generatedAt: _, ...figures } = value;
      return { value, tagged: figures };
    });
    return new Prepared(body.value, (c) => sendCached(c, body));
  });
  mount(router, dashboardCalls.streak, (ctx) => builder(ctx).streak());
  mount(router, dashboardCalls.progress, async (ctx) => {
    const b = builder(ctx);
    const [progress, readiness, plan] = await Promise.all([b.progress(), b.readiness(), b.plan()]);
    return { progress, readiness, plan };
  });
  mount(router, dashboardCalls.statistics, (ctx) => builder(ctx).statistics());
  mount(router, dashboardCalls.recommendations, (ctx) => builder(ctx).recommendations());
  mount(router, dashboardCalls.achievements, (ctx) => builder(ctx).achievements());
  /** Only an id the dashboard can give (a fixed one, or a weak topic of the catalog); any other is a 404. */
  mount(router, dashboardCalls.dismissRecommendation, async (ctx, { params: { id } }) => {
    if (!(await isRecommendationId(db, id))) {
      throw notFound(`No recommendation '${id}'.`, 'recommendation_not_found');
    }
    await dismissRecommendation(db, currentUser(ctx).id, id);
  });
  // Celebrations: read like the other parts (private, revalidated); shown once, then marked (the client says when).
  mount(router, dashboardCalls.celebrations, (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    return celebrationsFor(db, currentUser(ctx), requestLanguage(ctx), new Date());
  });
  mount(router, dashboardCalls.celebrationsSeen, async (ctx, { body: { until } }) => {
    await markCelebrated(db, currentUser(ctx).id, new Date(until), new Date());
  });

  return router;
}
