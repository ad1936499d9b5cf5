import type { Context, Next } from 'koa';
import { forbidden } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing request that carries an `Origin` header must
 * come from the app's own origin (PUBLIC_URL). Requests without `Origin` (curl, server-to-server) pass; they
 * carry no ambient browser credentials that a foreign page could abuse.
 */
export function sameOriginOnly(publicUrl: string) {
  const own = new URL(publicUrl).origin;
  return async function checkOrigin(ctx: Context, next: Next) {
    if (STATE_CHANGING.has(ctx.method)) {
      const origin = ctx.get('origin');
      if (origin && origin !== own) {
        throw forbidden('Cross-origin requests are not allowed.', 'forbidden_origin');
      }
    }
    await next();
  };
}
