import { reportCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import { resolveSession } from '../../auth/middleware';
import { storeReport } from '../../content/reports';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { notFound } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { clientNetwork, enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { visitorId } from '../../http/visitor';
import { questionExists } from '../../learn/repository';

/**
 * Reports one learner (signed in, else one browser) may send per window, and one network (a school, a carrier:
 * many learners behind one address; it also stops a script that drops its cookies).
 */
export const REPORT_LIMITS = { perReporter: 5, perIp: 30, windowSeconds: 10 * 60 } as const;
const TOO_MANY = 'Too many reports in a short time.';

/** `POST /api/{lang}/questions/{id}/reports`: "Report a problem" on every question view, for everyone. */
export function reportRoutes({ db, config }: Deps, mount: Mount): Router {
  const router = new Router();

  mount(router, reportCalls.create, async (ctx, { params: { id }, body }) => {
    const lang = requestLanguage(ctx);
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    // Counted after validation: a report the learner still has to fix costs nothing.
    await enforceRateLimit(
      db,
      rateLimitKey('report:ip', clientNetwork(ctx.ip)),
      REPORT_LIMITS.perIp,
      REPORT_LIMITS.windowSeconds,
      TOO_MANY,
    );
    const session = await resolveSession(ctx, db, config);
    const reporter = session ? `u:${session.user.id}` : `v:${visitorId(ctx, config)}`;
    await enforceRateLimit(
      db,
      rateLimitKey('report:reporter', reporter),
      REPORT_LIMITS.perReporter,
      REPORT_LIMITS.windowSeconds,
      TOO_MANY,
    );
    return storeReport(db, { ...body, questionId: id, lang, userId: session?.user.id ?? null });
  });

  return router;
}
