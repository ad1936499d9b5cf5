import { analyticsCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import { resolveSession } from '../../auth/middleware';
import { storeEvent } from '../../contact/repository';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { clientNetwork, rateLimit } from '../../http/rate-limit';
import { visitorId } from '../../http/visitor';

/** `POST /api/{lang}/analytics/events`: product analytics of a visitor (and of the learner, when signed in). */
export function analyticsRoutes({ db, config }: Deps, mount: Mount): Router {
  const router = new Router();

  mount(
    router,
    analyticsCalls.event,
    rateLimit({ db, scope: 'events:ip', by: (ctx) => clientNetwork(ctx.ip), limit: 120, windowSeconds: 60 }),
    async (ctx, { body: { event, ...props } }) => {
      const session = await resolveSession(ctx, db, config);
      await storeEvent(db, {
        visitorId: visitorId(ctx, config),
        userId: session?.user.id ?? null,
        name: event,
        props,
      });
    },
  );

  return router;
}
