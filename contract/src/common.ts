import { LANGUAGES } from '@buergerfit/locales';
import { z } from 'zod';

/**
 * Shapes every resource shares. Conventions of every answer: counts are integers ≥ 0; ratios (accuracy, chance)
 * are fractions 0..1; calendar days are `YYYY-MM-DD` (Europe/Berlin); instants are ISO-8601 strings (a `Date`
 * the BFF returns becomes one when Koa serialises it).
 */

/** The interface languages (spec §9: de, en, hr). Built from the one list in `@buergerfit/locales`. */
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const Count = z.number().int().min(0);
export const Ratio = z.number().min(0).max(1);
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const Instant = z.iso.datetime({ offset: true });

/** A question as the API names it: `q` and the catalog number (spec §3). */
export const QuestionId = z.string().regex(/^q[1-9]\d*$/);
export type QuestionId = z.infer<typeof QuestionId>;

/**
 * A question named in a path: `q12` or `12` (the catalog's number); the handler gets the number. A number beyond a
 * PostgreSQL integer is no question (and never reaches the database).
 */
export const QuestionRef = z
  .string()
  .regex(/^q?[1-9]\d{0,8}$/i, 'must be a question id like q12 or 12')
  .transform((s) => Number.parseInt(s.replace(/^q/i, ''), 10));

/** A federal state's code in an answer (`BW`, `BE`, …); requests check it with their own message. */
export const StateCode = z.string().regex(/^[A-Z]{2}$/);

/** A federal state's code in a request, refused with the BFF's message: `must be a state code like BW`. */
export const requestedState = (example: string) =>
  z.string().regex(/^[A-Z]{2}$/, `must be a state code like ${example}`);

/**
 * `{lang}` of every `/api/:lang/...` call. The BFF answers an unsupported language with 404
 * `unsupported_language` before any params are validated, so this only types the param.
 */
export const LangParams = z.object({ lang: Language });
export type LangParams = z.infer<typeof LangParams>;

/** One problem of a refused request: the field's dotted path, a message, the zod issue code (or our own). */
export const ErrorDetail = z
  .object({ path: z.string().optional(), message: z.string(), code: z.string().optional() })
  .strict();
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The one error shape of every failure (architecture.md, "The BFF"; spec §8). */
export const ErrorBody = z
  .object({
    error: z
      .object({ code: z.string(), message: z.string(), details: z.array(ErrorDetail).optional() })
      .strict(),
  })
  .strict();
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The codes the BFF answers today, for a client that branches on one (e.g. mf-exam on `deadline_passed`).
 * `ErrorBody.code` stays a string: a new code is not a breaking change.
 */
export type KnownErrorCode =
  // 400
  | 'invalid_input'
  | 'invalid_json'
  | 'invalid_body'
  | 'bad_request'
  // 401, 403
  | 'unauthorized'
  | 'invalid_credentials'
  | 'forbidden'
  | 'forbidden_origin'
  // 404, 405
  | 'not_found'
  | 'unsupported_language'
  | 'unknown_provider'
  | 'attempt_not_found'
  | 'question_not_found'
  | 'method_not_allowed'
  // 409
  | 'conflict'
  | 'attempt_open'
  | 'attempt_finalized'
  | 'deadline_passed'
  | 'client_id_reused'
  // 413, 415, 429
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  // 5xx
  | 'internal'
  | 'unavailable'
  | 'response_schema_mismatch';

/** A way to sign in: an OAuth provider, or `local` (the loopback provider of development and tests). */
export const SignInProvider = z.enum(['github', 'google', 'local']);
export type SignInProvider = z.infer<typeof SignInProvider>;
