import Router from '@koa/router';
import { z } from 'zod';
import { resolveSession } from '../auth/middleware';
import { storeContactMessage, storeEvent } from '../contact/repository';
import { contactBody } from '../contact/schema';
import type { Deps } from '../deps';
import { enforceRateLimit, rateLimit } from '../http/rate-limit';
import { langParam, parseBody } from '../http/validate';
import { visitorId } from '../http/visitor';

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

export function contactRoutes({ db, config }: Deps): Router {
  const router = new Router({ prefix: '/api/:lang' });

  router.post('/contact', async (ctx) => {
    const lang = langParam(ctx);
    const body = parseBody(ctx, contactBody);
    // Counted after validation: a typo the learner fixes does not use up their messages.
    await enforceRateLimit(db, `contact:ip:${ctx.ip}`, 5, 15 * 60, 'Too many messages from your network.');
    const session = await resolveSession(ctx, db, config);
    const stored = await storeContactMessage(db, { ...body, lang, userId: session?.user.id ?? null });
    ctx.status = 201;
    ctx.body = stored;
  });

  router.post(
    '/analytics/events',
    rateLimit({ db, key: (ctx) => `events:ip:${ctx.ip}`, limit: 120, windowSeconds: 60 }),
    async (ctx) => {
      langParam(ctx);
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
