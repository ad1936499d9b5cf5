import type { Context, Next } from 'koa';
import { badRequest } from './errors';

const MAX_DEPTH = 32;

/** The dotted path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.(key)` : '(key)';
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No text field anywhere may hold a NUL character: PostgreSQL cannot store one in `text`, and no learner types
 * one. Checked once at the edge for every JSON body and query string, so no route has to remember it.
 */
export function rejectNulCharacters() {
  return async function noNulCharacters(ctx: Context, next: Next) {
    const where = findNul((ctx.request as { body?: unknown }).body, '', 0) ?? findNul(ctx.query, '', 0);
    if (where) {
      throw badRequest('The request is not valid.', [
        { path: where, message: 'must not contain a NUL character', code: 'nul_character' },
      ]);
    }
    await next();
  };
}
