import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest, HttpError } from './errors';

function issuesToDetails(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
}

/** Parses the JSON body with a zod schema; a wrong content type or shape is a 4xx naming each problem. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  if (ctx.request.length && !ctx.is('application/json')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest('The request is not valid.', issuesToDetails(parsed.error));
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(ctx.query);
  if (!parsed.success) throw badRequest('The query string is not valid.', issuesToDetails(parsed.error));
  return parsed.data;
}

export function parseParams<S extends z.ZodType>(params: unknown, schema: S): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw badRequest('The path is not valid.', issuesToDetails(parsed.error));
  return parsed.data;
}
