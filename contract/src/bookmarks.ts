import { z } from 'zod';
import { defineCall } from './call';
import { Questions } from './catalog';
import { LangParams, QuestionId } from './common';

/** Bookmarks (spec §3 "a saved question"): the learner's own, under the `/user` paths (a session is required). */

/** `q12` or `12`; the handler gets the number. */
export const BookmarkParams = LangParams.extend({
  id: z
    .string()
    .regex(/^q?[1-9]\d{0,8}$/i, 'must be a question id like q12 or 12')
    .transform((s) => Number.parseInt(s.replace(/^q/i, ''), 10)),
});
export type BookmarkParams = z.infer<typeof BookmarkParams>;

/** The question's bookmark after the call. */
export const BookmarkState = z.object({ id: QuestionId, bookmarked: z.boolean() }).strict();
export type BookmarkState = z.infer<typeof BookmarkState>;

export const bookmarkCalls = {
  /** The bookmarked questions, newest bookmark first, in the request language (the learn mode's shape). */
  list: defineCall({
    method: 'GET',
    path: '/api/:lang/user/bookmarks',
    params: LangParams,
    response: Questions,
    session: 'required',
  }),
  /** 201 when bookmarked now, 200 when it already was; 404 `question_not_found` for a question not in the catalog. */
  add: defineCall({
    method: 'POST',
    path: '/api/:lang/user/bookmarks/:id',
    params: BookmarkParams,
    response: BookmarkState,
    status: [201, 200],
    session: 'required',
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/:lang/user/bookmarks/:id',
    params: BookmarkParams,
    response: BookmarkState,
    session: 'required',
  }),
};
