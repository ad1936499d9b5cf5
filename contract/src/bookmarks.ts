import { z } from 'zod';
import { call } from './call';
import { Questions } from './catalog';
import { LangParams, QuestionId, QuestionRef } from './common';

/** Bookmarks (spec §3 "a saved question"): the learner's own, under the `/user` paths (a session is required). */

/** `q12` or `12`; the handler gets the number. */
export const BookmarkParams = LangParams.extend({ id: QuestionRef });
export type BookmarkParams = z.infer<typeof BookmarkParams>;

/** The question's bookmark after the call. */
export const BookmarkState = z.object({ id: QuestionId, bookmarked: z.boolean() }).strict();
export type BookmarkState = z.infer<typeof BookmarkState>;

export const bookmarkCalls = {
  /** The bookmarked questions, newest bookmark first, in the request language (the learn mode's shape). */
  list: call('GET /api/:lang/user/bookmarks', 'required', Questions),
  /** 201 when bookmarked now, 200 when it already was; 404 `question_not_found` for a question not in the catalog. */
  add: call('POST /api/:lang/user/bookmarks/:id', 'required', BookmarkState, {
    params: BookmarkParams,
    status: [201, 200],
  }),
  remove: call('DELETE /api/:lang/user/bookmarks/:id', 'required', BookmarkState, { params: BookmarkParams }),
};
