import Router from '@koa/router';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { listQuestions } from '../../catalog/repository';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { parseParams } from '../../http/validate';
import { addBookmark, listBookmarkIds, questionExists, removeBookmark } from '../../learn/repository';

/** `q12` or `12`. */
const questionParam = z.object({
  id: z
    .string()
    .regex(/^q?[1-9]\d{0,8}$/i, 'must be a question id like q12 or 12')
    .transform((s) => Number.parseInt(s.replace(/^q/i, ''), 10)),
});

/** The learner's bookmarks under `/api/{lang}/user` (signed in: api/index.ts): own rows only. */
export function bookmarksRoutes({ db }: Deps): Router {
  const router = new Router();

  router.get('/user/bookmarks', async (ctx) => {
    const lang = requestLanguage(ctx);
    const ids = await listBookmarkIds(db, currentUser(ctx).id);
    const questions = await listQuestions(db, lang, { ids });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = ids.flatMap((id) => byId.get(id) ?? []);
  });

  router.post('/user/bookmarks/:id', async (ctx) => {
    const { id } = parseParams(ctx.params, questionParam);
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    const created = await addBookmark(db, currentUser(ctx).id, id);
    ctx.status = created ? 201 : 200;
    ctx.body = { id: `q${id}`, bookmarked: true };
  });

  router.delete('/user/bookmarks/:id', async (ctx) => {
    const { id } = parseParams(ctx.params, questionParam);
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    await removeBookmark(db, currentUser(ctx).id, id);
    ctx.body = { id: `q${id}`, bookmarked: false };
  });

  return router;
}
