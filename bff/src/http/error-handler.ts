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
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && DB_UNAVAILABLE.has(e.code)) return true;
  return /Knex: Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED/.test(
    e.message ?? '',
  );
}

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
      await next();
      if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith('/api')) {
        throw new HttpError(404, 'not_found', `No API endpoint ${ctx.method} ${ctx.path}`);
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
