import Router from '@koa/router';
import { z } from 'zod';
import { resolveSession } from '../../auth/middleware';
import { storeEvent } from '../../contact/repository';
import type { Deps } from '../../deps';
import { rateLimit } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { visitorId } from '../../http/visitor';

/** Analytics events the product records; anything else is refused. */
const eventBody = z.discriminatedUnion('event', [
  z
    .object({
      event: z.literal('plan_selected'),
      plan: z.enum(['free', 'lifetime', 'subscription']),
      billing: z.enum(['monthly', 'yearly', 'one_time']).optional(),
    })
    .strict(),
]);

/** `POST /api/{lang}/analytics/events`: product analytics of a visitor (and of the learner, when signed in). */
export function analyticsRoutes({ db, config }: Deps): Router {
  const router = new Router();

  router.post(
    '/analytics/events',
    rateLimit({ db, scope: 'events:ip', by: (ctx) => ctx.ip, limit: 120, windowSeconds: 60 }),
    async (ctx) => {
      const { event, ...props } = parseBody(ctx, eventBody);
      const session = await resolveSession(ctx, db, config);
      await storeEvent(db, {
        visitorId: visitorId(ctx, config),
        userId: session?.user.id ?? null,
        name: event,
        props,
      });
      ctx.status = 204;
    },
  );

  return router;
}
