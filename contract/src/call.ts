import type { z } from 'zod';

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
