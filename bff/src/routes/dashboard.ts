import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { currentUser } from '../auth/middleware';
import { dismissRecommendation } from '../dashboard/repository';
import { DashboardBuilder } from '../dashboard/service';
import type { Deps } from '../deps';
import { langParam, parseParams } from '../http/validate';

const dismissParams = z.object({
  id: z
    .string()
    .max(80)
    .regex(/^[a-z]+:[a-z0-9-]+$/, 'not a recommendation id'),
});

/**
 * The signed-in learner's dashboard (spec §7). Everything runs behind the `/api/{lang}/user` guard and reads only
 * the caller's rows. `/user/dashboard` answers the whole page in one call; the others answer one part each.
 * Reading achievements (dashboard, achievements) may award STREAK_7, MASTER_100 or BOOKMARK_10 (see service.ts).
 */
export function dashboardRoutes({ db }: Deps): Router {
  const router = new Router({ prefix: '/api/:lang/user' });

  const builder = (ctx: Context) => {
    const lang = langParam(ctx);
    const user = currentUser(ctx);
    // Private, and revalidated every time: a repeat with If-None-Match costs no body when nothing changed.
    ctx.set('Cache-Control', 'private, no-cache');
    return new DashboardBuilder(db, user, lang, new Date());
  };

  router.get('/dashboard', async (ctx) => {
    const { generatedAt, ...figures } = await builder(ctx).dashboard();
    // The ETag covers the learner's figures, not the moment they were computed.
    ctx.etag = createHash('sha256').update(JSON.stringify(figures)).digest('base64url').slice(0, 27);
    ctx.body = { generatedAt, ...figures };
  });
  router.get('/streak', async (ctx) => {
    ctx.body = await builder(ctx).streak();
  });
  router.get('/progress', async (ctx) => {
    const b = builder(ctx);
    const [progress, readiness, plan] = await Promise.all([b.progress(), b.readiness(), b.plan()]);
    ctx.body = { progress, readiness, plan };
  });
  router.get('/statistics', async (ctx) => {
    ctx.body = await builder(ctx).statistics();
  });
  router.get('/recommendations', async (ctx) => {
    ctx.body = await builder(ctx).recommendations();
  });
  router.get('/achievements', async (ctx) => {
    ctx.body = await builder(ctx).achievements();
  });
  router.post('/recommendations/:id/dismiss', async (ctx) => {
    langParam(ctx);
    const { id } = parseParams(ctx.params, dismissParams);
    await dismissRecommendation(db, currentUser(ctx).id, id);
    ctx.status = 204;
  });

  return router;
}
