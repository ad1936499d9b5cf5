import Router, { type RouterMiddleware } from '@koa/router';
import { requireSession } from '../auth/middleware';
import type { Deps } from '../deps';
import { type Mount, mounter } from '../http/call';
import { supportedLanguage } from '../http/lang';
import { adminRoutes } from './admin/console';
import { deployRoutes } from './admin/deploy';
import { analyticsRoutes } from './analytics/analytics';
import { authRoutes } from './auth/auth';
import { bookmarksRoutes } from './bookmarks/bookmarks';
import { catalogRoutes } from './catalog/catalog';
import { contactRoutes } from './contact/contact';
import { dashboardRoutes } from './dashboard/dashboard';
import { examRoutes } from './exams/exams';
import { learnRoutes } from './learn/learn';
import { remotesRoutes } from './remotes/remotes';
import { reportRoutes } from './reports/reports';
import { userRoutes } from './user/user';

/** A resource of the API: mounts its calls of @buergerfit/contract with `mount`, on the router it returns. */
export type Resource = (deps: Deps, mount: Mount) => Router;

/** Resources under `/api/{lang}/...`, and those without a language (`/api/user`, `/api/auth`, `/auth`, `/api/remotes`). */
const WITH_LANGUAGE: Resource[] = [
  catalogRoutes,
  examRoutes,
  learnRoutes,
  bookmarksRoutes,
  dashboardRoutes,
  contactRoutes,
  reportRoutes,
  analyticsRoutes,
];
const WITHOUT_LANGUAGE: Resource[] = [authRoutes, userRoutes, remotesRoutes, deployRoutes, adminRoutes];

/**
 * The API, by resource (one folder each: its routes and its tests), every route a call of @buergerfit/contract
 * mounted with `mount` (http/call.ts): the call says its path, its schemas and whether it needs a session, so a
 * route is validated, guarded and checked the same way wherever it lives. Two routers: `/api/{lang}/...` with
 * one language check (`languageCheck`) before anything else, and the paths without a language.
 */
export function apiRouters(deps: Deps): { withLanguage: Router; withoutLanguage: Router } {
  const mount = mounter({
    requireSession: requireSession(deps.db, deps.config),
    checkResponses: deps.config.env !== 'production',
  });
  const withLanguage = new Router();
  for (const resource of WITH_LANGUAGE) withLanguage.use(resource(deps, mount).routes());
  const withoutLanguage = new Router();
  for (const resource of WITHOUT_LANGUAGE) withoutLanguage.use(resource(deps, mount).routes());
  return { withLanguage, withoutLanguage };
}

export function api(deps: Deps): RouterMiddleware[] {
  const { withLanguage, withoutLanguage } = apiRouters(deps);
  return [
    withoutLanguage.routes(),
    withoutLanguage.allowedMethods(),
    languageCheck(withLanguage),
    withLanguage.routes(),
    withLanguage.allowedMethods(),
  ];
}

/**
 * The one language check of `/api/{lang}/...`: for every request that router answers — a route, or a 405 for a
 * path it has — `{lang}` must be de, en or hr, before anything else runs (so a guest too gets 404
 * `unsupported_language`, not 401). Handlers read the checked language with `requestLanguage(ctx)`.
 */
function languageCheck(router: Router): RouterMiddleware {
  return async function checkLanguage(ctx, next) {
    const route = router.match(ctx.path, ctx.method).path.find((layer) => layer.methods.length > 0);
    if (route) ctx.state.lang = supportedLanguage(route.params(ctx.path, route.captures(ctx.path)).lang);
    await next();
  };
}
