import type { z } from 'zod';
import { LangParams } from './common';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: `required` answers 401 without a live session, `optional` resolves the session when
 * there is one (a guest and a learner get different answers), `none` never looks at it.
 */
export type SessionRule = 'required' | 'optional' | 'none';

/** One call of the API: what the BFF mounts and validates, and what a client sends and gets back. */
export interface CallSpec {
  method: HttpMethod;
  /** The full Koa path as the BFF serves it, e.g. `/api/:lang/exams/:id/answers/:position`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's body; `null` for a call answered 204 without one. */
  response: z.ZodType | null;
  /**
   * The status of a success: default 200, 204 when `response` is null. A list when the call answers either
   * (the first is the usual one), e.g. `[201, 200]`: created, or the same thing again.
   */
  status?: number | readonly number[];
  session?: SessionRule;
}

export const defineCall = <const C extends CallSpec>(c: C): C => c;

/** A call's method and path as an HTTP request line starts: `GET /api/:lang/exams`. */
export type Route = `${HttpMethod} /${string}`;

/** What a call has besides its route, session rule and answer. */
export type CallExtras = Pick<CallSpec, 'params' | 'query' | 'body' | 'status'>;

/** A path under `/api/:lang/…`: its `params` are `LangParams` unless the call names its own. */
type LangPath = `${string}/:lang/${string}` | `${string}/:lang`;
type LangParamsOf<P, E> = E extends { params: z.ZodType }
  ? unknown
  : P extends LangPath
    ? { params: typeof LangParams }
    : unknown;

type Flat<T> = { -readonly [K in keyof T]: T[K] } & {};

/** The `CallSpec` that `call(route, session, response, extras)` makes, every part as literal as it was written. */
export type CallOf<R, S, O, E> = R extends `${infer M extends HttpMethod} ${infer P}`
  ? Flat<{ method: M; path: P } & LangParamsOf<P, E> & E & { response: O; session: S }>
  : never;

/**
 * One call on one line: `call('GET /api/:lang/exams', 'optional', ExamHistory, { query: ExamListQuery })` is
 * `{ method: 'GET', path: '/api/:lang/exams', params: LangParams, query: ExamListQuery, response: ExamHistory,
 * session: 'optional' }`. The session rule is always said; `response` is `null` for a call answered 204. A path
 * with parameters besides `:lang` names its own `params` (the contract's tests check they match the path).
 */
export function call<
  const R extends Route,
  const S extends SessionRule,
  const O extends z.ZodType | null,
  const E extends CallExtras = Record<never, never>,
>(route: R, session: S, response: O, extras?: E): CallOf<R, S, O, E> {
  const space = route.indexOf(' ');
  const path = route.slice(space + 1);
  const { params = /\/:lang(\/|$)/.test(path) ? LangParams : undefined, query, body, status } = extras ?? {};
  const spec = { method: route.slice(0, space), path, params, query, body, response, status, session };
  // Only the parts the call has: a call without a body has no `body` key.
  return Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined)) as CallOf<R, S, O, E>;
}

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;
type Field<C, K extends string> = C extends { [P in K]: infer S } ? S : undefined;

/** What a handler gets once the BFF has validated the request (defaults applied, params coerced). */
export type CallInput<C> = {
  params: Parsed<Field<C, 'params'>>;
  query: Parsed<Field<C, 'query'>>;
  body: Parsed<Field<C, 'body'>>;
};

/** What a client may send (before defaults and coercion): e.g. an exam's `kind` may be left out. */
export type CallRequest<C> = {
  params: Sent<Field<C, 'params'>>;
  query: Sent<Field<C, 'query'>>;
  body: Sent<Field<C, 'body'>>;
};

/** The answer's body; `undefined` for a 204 (no body). */
export type CallOutput<C> = C extends { response: infer R }
  ? R extends z.ZodType
    ? z.infer<R>
    : undefined
  : never;
