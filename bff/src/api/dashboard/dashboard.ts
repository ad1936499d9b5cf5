import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { isRecommendationId } from '../../dashboard/recommendation-ids';
import { dismissRecommendation } from '../../dashboard/repository';
import { DashboardBuilder } from '../../dashboard/service';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { parseParams } from '../../http/validate';

const dismissParams = z.object({
  id: z
    .string()
    .max(80)
    .regex(/^[a-z]+:[a-z0-9-]+$/, 'not a recommendation id'),
});

/**
 * The signed-in learner's dashboard (spec §7), under `/api/{lang}/user` (signed in: api/index.ts); it reads only
 * the caller's rows. `/user/dashboard` answers the whole page in one call; the others answer one part each.
 * Every GET only reads: achievements are awarded by the writes that earn them, tests finalized by the exam writes.
 */
export function dashboardRoutes({ db }: Deps): Router {
  const router = new Router();

  const builder = (ctx: Context) => {
    const lang = requestLanguage(ctx);
    const user = currentUser(ctx);
    // Private, and revalidated every time: a repeat with If-None-Match costs no body when nothing changed.
    ctx.set('Cache-Control', 'private, no-cache');
    return new DashboardBuilder(db, user, lang, new Date());
  };

  router.get('/user/dashboard', async (ctx) => {
    const { generatedAt, ...figures } = await builder(ctx).dashboard();
    // The ETag covers the learner's figures, not the moment they were computed.
    ctx.etag = createHash('sha256').update(JSON.stringify(figures)).digest('base64url').slice(0, 27);
    ctx.body = { generatedAt, ...figures };
  });
  router.get('/user/streak', async (ctx) => {
    ctx.body = await builder(ctx).streak();
  });
  router.get('/user/progress', async (ctx) => {
    const b = builder(ctx);
    const [progress, readiness, plan] = await Promise.all([b.progress(), b.readiness(), b.plan()]);
    ctx.body = { progress, readiness, plan };
  });
  router.get('/user/statistics', async (ctx) => {
    ctx.body = await builder(ctx).statistics();
  });
  router.get('/user/recommendations', async (ctx) => {
    ctx.body = await builder(ctx).recommendations();
  });
  router.get('/user/achievements', async (ctx) => {
    ctx.body = await builder(ctx).achievements();
  });
  /** Only an id the dashboard can give (a fixed one, or a weak topic of the catalog); any other is a 404. */
  router.post('/user/recommendations/:id/dismiss', async (ctx) => {
    const { id } = parseParams(ctx.params, dismissParams);
    if (!(await isRecommendationId(db, id))) {
      throw notFound(`No recommendation '${id}'.`, 'recommendation_not_found');
    }
    await dismissRecommendation(db, currentUser(ctx).id, id);
    ctx.status = 204;
  });

  return router;
}
