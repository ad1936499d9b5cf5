import { catalogCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Context } from 'koa';
import { currentUser } from '../../auth/middleware';
import { type FederalState, listQuestions, listStates, listTopics } from '../../catalog/repository';
import { type CachedBody, CatalogResponseCache, sendCached } from '../../catalog/response-cache';
import type { Deps } from '../../deps';
import { type Mount, Prepared } from '../../http/call';
import { badRequest } from '../../http/errors';
import { requestLanguage } from '../../http/lang';

/** A cached catalog answer: checked against the contract as the value it encodes, sent precompressed. */
const cached = (body: CachedBody) => new Prepared(body.value, (ctx: Context) => sendCached(ctx, body));

/** The catalog under `/api/{lang}`: states and topics for everyone, the question list for signed-in learners. */
export function catalogRoutes({ db }: Deps, mount: Mount): Router {
  const router = new Router();
  // Built once per catalog version, language and state; served precompressed with an ETag.
  const cache = new CatalogResponseCache(db);
  mount(router, catalogCalls.states, async (ctx) => {
    const lang = requestLanguage(ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    return cached(await cache.get(`states:${lang}`, () => listStates(db, lang)));
  });
  mount(router, catalogCalls.topics, async (ctx) => {
    const lang = requestLanguage(ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    return cached(await cache.get(`topics:${lang}`, () => listTopics(db, lang)));
  });
  /**
   * Signed-in only. Without `?state` the learner's own federal state decides: the general questions plus that
   * state's, or only the 300 general questions when no state is chosen (never every state's questions).
   */
  mount(router, catalogCalls.questions, async (ctx, { query }) => {
    const lang = requestLanguage(ctx);
    ctx.set('Cache-Control', 'private, no-cache');
    const chosen = query.state ?? currentUser(ctx).federal_state ?? null;
    if (chosen !== null) {
      // Only the catalog's states (the cache holds one question set per state, not per string a client sends).
      const states = (await cache.get('states:de', () => listStates(db, 'de'))).value as FederalState[];
      if (!states.some((s) => s.code === chosen)) {
        throw badRequest('Unknown federal state.', [{ path: 'state', message: 'unknown state' }]);
      }
    }
    return cached(
      await cache.get(`learn:${lang}:${chosen ?? '-'}`, () => listQuestions(db, lang, { state: chosen })),
    );
  });
  return router;
}
