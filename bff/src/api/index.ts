import Router, { type RouterMiddleware } from '@koa/router';
import { requireSession } from '../auth/middleware';
import type { Deps } from '../deps';
import { supportedLanguage } from '../http/lang';
import { analyticsRoutes } from './analytics/analytics';
import { authRoutes } from './auth/auth';
import { bookmarksRoutes } from './bookmarks/bookmarks';
import { catalogRoutes } from './catalog/catalog';
import { contactRoutes } from './contact/contact';
import { dashboardRoutes } from './dashboard/dashboard';
import { examRoutes } from './exams/exams';
import { learnRoutes } from './learn/learn';
import { remotesRoutes } from './remotes/remotes';
import { userRoutes } from './user/user';

/**
 * The API, by resource (one folder each: its routes, its schemas, its tests). Two routers:
 * - `/api/{lang}/...` — one router, one language check (`languageCheck`);
 * - the paths without a language: `/api/user/...`, `/api/auth/...` and `/auth/...`, `/api/remotes/...`.
 * Which paths need a session is declared here, where the routes are mounted, once per path: `requireSession`
 * covers every route below it, including one added there later. Resource modules never check it themselves.
 */
export function api(deps: Deps): RouterMiddleware[] {
  const signedIn = requireSession(deps.db, deps.config);

  const withLanguage = new Router({ prefix: '/api/:lang' });
  // The learner's own data: dashboard and bookmarks, learn mode and its question list, practising test mistakes.
  withLanguage.use(['/user', '/learn', '/learn-mode', '/exams/:id/mistakes'], signedIn);
  for (const resource of [
    catalogRoutes,
    examRoutes,
    learnRoutes,
    bookmarksRoutes,
    dashboardRoutes,
    contactRoutes,
    analyticsRoutes,
  ]) {
    withLanguage.use(resource(deps).routes());
  }

  const withoutLanguage = new Router();
  // The account itself: profile, settings, export, deletion.
  withoutLanguage.use('/api/user', signedIn);
  for (const resource of [authRoutes, userRoutes, remotesRoutes]) {
    withoutLanguage.use(resource(deps).routes());
  }

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
