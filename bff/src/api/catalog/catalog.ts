import Router from '@koa/router';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { type FederalState, listQuestions, listStates, listTopics } from '../../catalog/repository';
import { CatalogResponseCache, sendCached } from '../../catalog/response-cache';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { parseQuery } from '../../http/validate';

const learnQuery = z
  .object({
    state: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a state code like BW')
      .optional(),
  })
  .strict();

/** The catalog under `/api/{lang}`: states and topics for everyone, the question list for signed-in learners. */
export function catalogRoutes({ db }: Deps): Router {
  const router = new Router();
  // Built once per catalog version, language and state; served precompressed with an ETag.
  const cache = new CatalogResponseCache(db);
  router.get('/german-federal-states', async (ctx) => {
    const lang = requestLanguage(ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    sendCached(ctx, await cache.get(`states:${lang}`, () => listStates(db, lang)));
  });
  router.get('/topics', async (ctx) => {
    const lang = requestLanguage(ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    sendCached(ctx, await cache.get(`topics:${lang}`, () => listTopics(db, lang)));
  });
  /**
   * Signed-in only (api/index.ts mounts `/learn` behind the session). Without `?state` the learner's own federal
   * state decides: the general questions plus that state's, or only the 300 general questions when no state is
   * chosen (never every state's questions).
   */
  router.get('/learn', async (ctx) => {
    const lang = requestLanguage(ctx);
    const { state } = parseQuery(ctx, learnQuery);
    ctx.set('Cache-Control', 'private, no-cache');
    const chosen = state ?? currentUser(ctx).federal_state ?? null;
    if (chosen !== null) {
      // Only the catalog's states (the cache holds one question set per state, not per string a client sends).
      const states = (await cache.get('states:de', () => listStates(db, 'de'))).value as FederalState[];
      if (!states.some((s) => s.code === chosen)) {
        throw badRequest('Unknown federal state.', [{ path: 'state', message: 'unknown state' }]);
      }
    }
    const body = await cache.get(`learn:${lang}:${chosen ?? '-'}`, () =>
      listQuestions(db, lang, { state: chosen }),
    );
    sendCached(ctx, body);
  });
  return router;
}
