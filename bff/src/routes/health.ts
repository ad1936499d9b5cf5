import Router from '@koa/router';
import type { Deps } from '../deps';

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
    try {
      await db.raw('select 1');
      ctx.body = { status: 'ready', database: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { error: { code: 'unavailable', message: 'Database not reachable' } };
    }
  });
  return router;
}
