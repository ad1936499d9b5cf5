import Router from '@koa/router';
import { databaseReachable } from '../db/database';
import type { Deps } from '../deps';

/** `/healthz` (the process) and `/readyz` (the database). */
export function healthRoutes({ db }: Deps): Router {
  const router = new Router();
  // When this server started: operators (and the deploy test) can tell a restart from a hot deploy.
  const startedAt = new Date().toISOString();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok', startedAt };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (await databaseReachable(db)) {
      ctx.body = { status: 'ready', database: 'ok' };
    } else {
      ctx.status = 503;
      ctx.body = { error: { code: 'unavailable', message: 'Database not reachable' } };
    }
  });
  return router;
}
