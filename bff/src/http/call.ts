import type { CallInput, CallOutput, CallSpec } from '@buergerfit/contract';
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { HttpError } from './errors';
import { parseBody, parseParams, parseQuery } from './validate';

/**
 * What serialises to `T`: where the contract has a string, a `Date` may stand (JSON turns it into its ISO text),
 * and a list may be read-only. Handlers return rows' values as they come; the contract sees the JSON.
 */
export type Encodes<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly Encodes<E>[]
    : T extends object
      ? { [K in keyof T]: Encodes<T[K]> }
      : T;

/**
 * An answer whose bytes the handler prepares itself (the catalog's precompressed bodies, the pretty-printed data
 * export): `value` is what they encode, and what the contract checks.
 */
export class Prepared {
  constructor(
    readonly value: unknown,
    readonly send: (ctx: Context) => void,
  ) {}
}

/** What a handler gives back: the answer's body (nothing for a call answered 204 without one). */
type Answer<C> = Encodes<CallOutput<C>> | Prepared;

/** A handler of one call: the validated request in, the answer out. */
export type CallHandler<C extends CallSpec> =
  CallOutput<C> extends undefined
    ? (ctx: Context, input: CallInput<C>) => Promise<void> | void
    : (ctx: Context, input: CallInput<C>) => Promise<Answer<C>> | Answer<C>;

export type Mount = <C extends CallSpec>(
  router: Router,
  call: C,
  ...chain: [...Middleware[], CallHandler<C>]
) => void;

export interface MountOptions {
  /** Answers 401 without a live session: applied to every call whose contract says `session: 'required'`. */
  requireSession: Middleware;
  /** Checks every answer against the contract (development and tests; not in production: it costs a JSON pass). */
  checkResponses: boolean;
}

const successStatuses = (call: CallSpec): readonly number[] => {
  if (call.status === undefined) return [call.response === null ? 204 : 200];
  return typeof call.status === 'number' ? [call.status] : call.status;
};

const drift = (call: CallSpec, problems: string[]) =>
  new HttpError(
    500,
    'response_schema_mismatch',
    `${call.method} ${call.path} answered differently from @buergerfit/contract:\n${problems.join('\n')}`,
  );

const statusProblem = (call: CallSpec, ctx: Context): string[] => {
  const statuses = successStatuses(call);
  return statuses.includes(ctx.status)
    ? []
    : [`status ${ctx.status}, the contract says ${statuses.join(' or ')}`];
};

/** Fails the request with a 500 when the status is not one of the call's. */
function checkStatus(call: CallSpec, ctx: Context): void {
  const problems = statusProblem(call, ctx);
  if (problems.length) throw drift(call, problems);
}

/** Fails the request with a 500 naming each field where an answer drifted from its contract. */
function checkAnswer(call: CallSpec, ctx: Context, value: unknown): void {
  const problems = statusProblem(call, ctx);
  if (call.response === null) {
    if (value !== undefined) problems.push('a body, the contract says none');
  } else {
    const parsed = call.response.safeParse(JSON.parse(JSON.stringify(value ?? null)));
    if (!parsed.success) problems.push(z.prettifyError(parsed.error));
  }
  if (problems.length) throw drift(call, problems);
}

/**
 * Mounts a call of @buergerfit/contract: the one way a route is added under `/api` and `/auth`. In order: the
 * session rule of the call (`required` → 401 without a session), the route's own middleware (e.g. a rate
 * limit), the path, query and body parsed with the call's schemas (a 4xx naming each problem), then the
 * handler; its answer gets the call's success status and, outside production, is checked against the call's
 * response schema.
 */
export function mounter({ requireSession, checkResponses }: MountOptions): Mount {
  // A prepared body (a cached answer) is the same object every time it is sent: checked once, the first time.
  const checkedBodies = new WeakSet<object>();
  return (router, call, ...chain) => {
    const handler = chain.pop() as CallHandler<CallSpec>;
    const middleware = chain as Middleware[];
    const statuses = successStatuses(call);
    const answer = async (ctx: Context) => {
      const input = {
        params: call.params ? parseParams(ctx.params, call.params) : undefined,
        query: call.query ? parseQuery(ctx, call.query) : undefined,
        body: call.body ? parseBody(ctx, call.body) : undefined,
      } as CallInput<typeof call>;
      const result = await handler(ctx, input);
      const value = result instanceof Prepared ? result.value : result;
      if (result instanceof Prepared) result.send(ctx);
      else if (call.response === null) ctx.body = null;
      else ctx.body = result;
      // The handler chose among the call's statuses (e.g. 201 created, 200 again), or the first is the answer's.
      if (!statuses.includes(ctx.status)) ctx.status = statuses[0] as number;
      if (!checkResponses) return;
      if (result instanceof Prepared && typeof value === 'object' && value !== null) {
        if (checkedBodies.has(value)) {
          checkStatus(call, ctx);
          return;
        }
        checkAnswer(call, ctx, value);
        checkedBodies.add(value);
      } else checkAnswer(call, ctx, result ?? undefined);
    };
    const session = call.session === 'required' ? [requireSession] : [];
    const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](call.path, ...session, ...middleware, (ctx: Context, _next: Next) => answer(ctx));
  };
}
