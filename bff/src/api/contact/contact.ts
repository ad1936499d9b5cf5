import Router from '@koa/router';
import { resolveSession } from '../../auth/middleware';
import { storeContactMessage } from '../../contact/repository';
import { contactBody } from '../../contact/schema';
import type { Deps } from '../../deps';
import { requestLanguage } from '../../http/lang';
import { enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';

/** Messages one client address may send per window (a school shares one address). */
export const CONTACT_LIMIT = { perIp: 5, windowSeconds: 15 * 60 } as const;

/** `POST /api/{lang}/contact`: the contact form, for everyone; a signed-in sender's message is tied to them. */
export function contactRoutes({ db, config }: Deps): Router {
  const router = new Router();

  router.post('/contact', async (ctx) => {
    const lang = requestLanguage(ctx);
    const body = parseBody(ctx, contactBody);
    // Counted after validation: a typo the learner fixes does not use up their messages.
    await enforceRateLimit(
      db,
      rateLimitKey('contact:ip', ctx.ip),
      CONTACT_LIMIT.perIp,
      CONTACT_LIMIT.windowSeconds,
      'Too many messages from your network.',
    );
    const session = await resolveSession(ctx, db, config);
    const stored = await storeContactMessage(db, { ...body, lang, userId: session?.user.id ?? null });
    ctx.status = 201;
    ctx.body = stored;
  });

  return router;
}
