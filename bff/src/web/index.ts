import type { RouterMiddleware } from '@koa/router';
import type { SelfDispatch } from '../app';
import type { Deps } from '../deps';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { shellRoutes } from './shell';

/** What is not the API: health checks, catalog pictures and remote builds, the shell and its pages (last). */
export function web(deps: Deps, dispatch?: SelfDispatch): RouterMiddleware[] {
  return [healthRoutes(deps), fileRoutes(deps), shellRoutes(deps, dispatch)].flatMap((router) => [
    router.routes(),
    router.allowedMethods(),
  ]);
}
