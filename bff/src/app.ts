import bodyParser from '@koa/bodyparser';
import etag from '@koa/etag';
import Koa from 'koa';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import { guardUserApi } from './auth/middleware';
import { dashboardResponseCheck } from './dashboard/response-check';
import type { Deps } from './deps';
import { errorHandler } from './http/error-handler';
import { HttpError } from './http/errors';
import { apiLanguageSegment, isLanguage } from './http/lang';
import { sameOriginOnly } from './http/origin';
import { securityHeaders } from './http/security-headers';
import { rejectNulCharacters } from './http/text';
import { authRoutes } from './routes/auth';
import { catalogRoutes } from './routes/catalog';
import { contactRoutes } from './routes/contact';
import { dashboardRoutes } from './routes/dashboard';
import { examRoutes } from './routes/exam';
import { healthRoutes } from './routes/health';
import { learnRoutes } from './routes/learn';
import { remotesRoutes } from './routes/remotes';
import { staticRoutes } from './routes/static';
import { userRoutes } from './routes/user';

/** Builds the Koa application; `server.ts` (or a test) decides where it listens. */
export function createApp(deps: Deps): Koa {
  // Behind proxies, the client is the address the outermost trusted proxy saw: the last `hops` entries of
  // X-Forwarded-For are the proxies' own; anything further left was written by the client and is ignored.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: deps.config.trustProxyHops });
  app.use(errorHandler(deps.logger));
  app.use(
    securityHeaders({
      db: deps.db,
      publicUrl: deps.config.publicUrl,
      production: deps.config.env === 'production',
      logger: deps.logger,
    }),
  );
  // State-changing requests from a foreign Origin → 403 forbidden_origin (every route, before any work).
  app.use(sameOriginOnly(deps.config.publicUrl));
  app.use(compress({ threshold: 1024 }));
  app.use(conditional());
  app.use(etag());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: `${deps.config.bodyLimitKb}kb`,
      encoding: 'utf-8',
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    }),
  );
  // A NUL character in any JSON string or query value is a 400, before any route sees it.
  app.use(rejectNulCharacters());
  // An unsupported {lang} is answered before anything else (a signed-out caller too gets 404, not 401).
  app.use(async function checkLanguage(ctx, next) {
    const lang = apiLanguageSegment(ctx.path);
    if (lang !== null && !isLanguage(lang)) {
      throw new HttpError(
        404,
        'unsupported_language',
        `Language '${lang}' is not supported. Use de, en or hr.`,
      );
    }
    await next();
  });
  // Every /api/user/... and /api/{lang}/user/... route needs a session, whichever router serves it.
  app.use(guardUserApi(deps.db, deps.config));
  // Outside production the dashboard's answers are checked against their zod schemas (a drift is a 500).
  if (deps.config.env !== 'production') app.use(dashboardResponseCheck());
  for (const router of [
    healthRoutes(deps),
    authRoutes(deps),
    userRoutes(deps),
    examRoutes(deps),
    contactRoutes(deps),
    remotesRoutes(deps),
    catalogRoutes(deps),
    learnRoutes(deps),
    dashboardRoutes(deps),
    staticRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.on('error', () => {
    // Errors are answered and logged by errorHandler; Koa's default handler would print stacks to stderr.
  });
  return app;
}
