import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { Logger } from '../logger';
import { HttpError } from './errors';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
]);

/**
 * The database is gone (restarting, unreachable), including mid-transaction: the connection errors themselves,
 * and what knex and pg say when a transaction's connection died under it (its rollback fails too).
 */
function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown; originalError?: unknown } | null;
  if (!e || depth > 3) return false;
  if (e.code && DB_UNAVAILABLE.has(e.code)) return true;
  if (
    /Knex: Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED|not queryable|Client was closed|terminating connection|Transaction query already complete|Connection ended unexpectedly/.test(
      e.message ?? '',
    )
  ) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.originalError, depth + 1);
}

/** Methods any route here answers; anything else (PROPFIND, TRACE, MKCOL, …) is 405 everywhere. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** First middleware: request id, one JSON access log line, and the one error shape for every failure. */
export function errorHandler(logger: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      if (!KNOWN_METHODS.has(ctx.method)) {
        throw new HttpError(405, 'method_not_allowed', `Method ${ctx.method} is not allowed.`, undefined, {
          Allow: [...KNOWN_METHODS].join(', '),
        });
      }
      await next();
      if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith('/api')) {
        throw new HttpError(404, 'not_found', `No API endpoint ${ctx.method} ${ctx.path}`);
      }
      // The routers answer a method a path does not take with a plain-text 405 (501 for one they do not know):
      // the one JSON error shape instead, keeping their Allow header.
      if (ctx.status === 405 || ctx.status === 501) {
        const allow = ctx.response.get('Allow');
        throw new HttpError(
          405,
          'method_not_allowed',
          `Method ${ctx.method} is not allowed here.`,
          undefined,
          allow ? { Allow: allow } : undefined,
        );
      }
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, ctx);
      ctx.status = status;
      ctx.body = body;
      for (const [k, v] of Object.entries(headers ?? {})) ctx.set(k, v);
      if (status >= 500) ctx.state.log.error({ err }, 'request failed');
    } finally {
      ctx.state.log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}

function toErrorResponse(err: unknown, ctx: Context) {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      headers: err.headers,
      body: {
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      },
    };
  }
  if (err instanceof z.ZodError) {
    return {
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'The request is not valid.',
          details: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
        },
      },
    };
  }
  const e = err as {
    status?: number;
    statusCode?: number;
    type?: string;
    expose?: boolean;
    message?: string;
  };
  const status = e?.status ?? e?.statusCode;
  if (status === 413 || e?.type === 'entity.too.large') {
    return {
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The request body is too large.' } },
    };
  }
  if (status === 400 && (e?.type === 'entity.parse.failed' || /JSON/i.test(e?.message ?? ''))) {
    return {
      status: 400,
      body: { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } },
    };
  }
  // A body whose Content-Encoding does not decode (corrupt gzip, deflate or brotli).
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(Z_|ERR_ZLIB|ERR__ERROR_FORMAT_PADDING)/.test(code)) {
    return {
      status: 400,
      body: { error: { code: 'invalid_body', message: 'The request body could not be decoded.' } },
    };
  }
  if (status === 415 || e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return {
      status: 415,
      body: { error: { code: 'unsupported_media_type', message: 'Send the body as application/json.' } },
    };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { error: { code: 'bad_request', message: e.expose && e.message ? e.message : 'Bad request' } },
    };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      headers: { 'Retry-After': '5' },
      body: {
        error: { code: 'unavailable', message: 'Service temporarily unavailable, please try again shortly.' },
      },
    };
  }
  void ctx;
  return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side.' } } };
}
