import { contactCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import { resolveSession } from '../../auth/middleware';
import { storeContactMessage } from '../../contact/repository';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { requestLanguage } from '../../http/lang';
import { clientNetwork, enforceRateLimit, rateLimitKey } from '../../http/rate-limit';

/** Messages one client address may send per window (a school shares one address). */
export const CONTACT_LIMIT = { perIp: 5, windowSeconds: 15 * 60 } as const;

/** `POST /api/{lang}/contact`: the contact form, for everyone; a signed-in sender's message is tied to them. */
export function contactRoutes({ db, config }: Deps, mount: Mount): Router {
  const router = new Router();

  mount(router, contactCalls.send, async (ctx, { body }) => {
    const lang = requestLanguage(ctx);
    // Counted after validation: a typo the learner fixes does not use up their messages.
    await enforceRateLimit(
      db,
      rateLimitKey('contact:ip', clientNetwork(ctx.ip)),
      CONTACT_LIMIT.perIp,
      CONTACT_LIMIT.windowSeconds,
      'Too many messages from your network.',
    );
    const session = await resolveSession(ctx, db, config);
    return storeContactMessage(db, { ...body, lang, userId: session?.user.id ?? null });
  });

  return router;
}
