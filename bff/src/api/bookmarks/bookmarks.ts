import { bookmarkCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import { currentUser } from '../../auth/middleware';
import { listQuestions } from '../../catalog/repository';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { notFound } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { addBookmark, listBookmarkIds, questionExists, removeBookmark } from '../../learn/repository';

/** The learner's bookmarks under `/api/{lang}/user` (signed in, as the contract says): own rows only. */
export function bookmarksRoutes({ db }: Deps, mount: Mount): Router {
  const router = new Router();

  mount(router, bookmarkCalls.list, async (ctx) => {
    const lang = requestLanguage(ctx);
    const ids = await listBookmarkIds(db, currentUser(ctx).id);
    const questions = await listQuestions(db, lang, { ids });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    return ids.flatMap((id) => byId.get(id) ?? []);
  });

  mount(router, bookmarkCalls.add, async (ctx, { params: { id } }) => {
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    const created = await addBookmark(db, currentUser(ctx).id, id);
    ctx.status = created ? 201 : 200;
    return { id: `q${id}`, bookmarked: true };
  });

  mount(router, bookmarkCalls.remove, async (ctx, { params: { id } }) => {
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    await removeBookmark(db, currentUser(ctx).id, id);
    return { id: `q${id}`, bookmarked: false };
  });

  return router;
}
