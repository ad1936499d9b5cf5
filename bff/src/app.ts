import bodyParser from '@koa/bodyparser';
import etag from '@koa/etag';
import Koa from 'koa';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import { type DispatchFunc, type InjectOptions, inject } from 'light-my-request';
import { api } from './api';
import type { Deps } from './deps';
import { errorHandler } from './http/error-handler';
import { sameOriginOnly } from './http/origin';
import { securityHeaders } from './http/security-headers';
import { rejectNulCharacters } from './http/text';
import { web } from './web';

/** A request the app answers in-process (light-my-request), for the server render. */
export type SelfDispatch = (options: InjectOptions) => Promise<{ statusCode: number; payload: string }>;

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
  const compression = compress({ threshold: 1024 });
  // A client that accepts none of the codings koa-compress has, identity included (`gzip;q=-1`, `*;q=0`,
  // `identity;q=0`), gets the identity form (RFC 9110 §12.5.3 lets a server disregard the header) instead of
  // koa-compress's 500.
  app.use(async (ctx, next) => {
    if (ctx.get('Accept-Encoding') && !ctx.acceptsEncodings(compression.preferredEncodings)) {
      ctx.compress = false;
    }
    await next();
  });
  app.use(compression);
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
  // The app answering a request of its own, in-process (the server render's first data, as the visitor).
  let handler: DispatchFunc | null = null;
  const dispatch: SelfDispatch = (options) =>
    inject((req, res) => {
      handler ??= app.callback() as unknown as DispatchFunc;
      handler(req, res);
    }, options);
  for (const middleware of [...api(deps), ...web(deps, dispatch)]) app.use(middleware);
  app.on('error', () => {
    // Errors are answered and logged by errorHandler; Koa's default handler would print stacks to stderr.
  });
  return app;
}
