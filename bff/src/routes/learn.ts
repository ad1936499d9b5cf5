import Router from '@koa/router';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/middleware';
import { type LearnQuestion, listQuestions } from '../catalog/repository';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { langParam, parseBody, parseParams, parseQuery } from '../http/validate';
import { CHALLENGE, challengeBody, challengeScore } from '../learn/challenge';
import {
  addBookmark,
  bestChallenge,
  type ChallengeRow,
  focusQueue,
  LEARN_MODES,
  listBookmarkIds,
  progressMap,
  questionExists,
  recentChallenges,
  recordAnswer,
  removeBookmark,
  saveChallenge,
  toProgress,
} from '../learn/repository';
import { RATINGS } from '../learn/scheduler';

/** `POST /api/{lang}/learn-mode`: spec §3 payload plus optional mode, flashcard self-grade and offline key. */
const answerBody = z
  .object({
    question_id: z
      .number()
      .int('must be an integer question number (q prefix removed)')
      .positive()
      .max(2_147_483_647, 'no such question number'),
    is_correct: z.boolean(),
    mode: z.enum(LEARN_MODES).default('learn'),
    rating: z.enum(RATINGS).optional(),
    client_id: z.uuid('must be a UUID').optional(),
  })
  .strict();

const focusQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict();

/** `q12` or `12`. */
const questionParam = z.object({
  id: z
    .string()
    .regex(/^q?[1-9]\d{0,8}$/i, 'must be a question id like q12 or 12')
    .transform((s) => Number.parseInt(s.replace(/^q/i, ''), 10)),
});

const challengeJson = (r: ChallengeRow) => ({
  score: r.score,
  correct: r.correct,
  answered: r.answered,
  bestStreak: r.best_streak,
  durationSeconds: r.duration_seconds,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Learner data of learn mode: answers + FSRS progress, focus queue, bookmarks, challenge scores. Own rows only. */
export function learnRoutes({ db, config }: Deps): Router {
  const router = new Router({ prefix: '/api/:lang' });
  const signedIn = requireUser(db, config);

  router.post('/learn-mode', signedIn, async (ctx) => {
    langParam(ctx);
    const body = parseBody(ctx, answerBody);
    // An id that is well-formed but names no question is an invalid payload like any other (spec: 400 + details).
    if (!(await questionExists(db, body.question_id)))
      throw badRequest('The request is not valid.', [
        {
          path: 'question_id',
          message: `no question q${body.question_id} in the catalog`,
          code: 'unknown_question',
        },
      ]);
    const { duplicate, progress } = await recordAnswer(db, currentUser(ctx).id, {
      questionId: body.question_id,
      isCorrect: body.is_correct,
      mode: body.mode,
      rating: body.rating,
      clientId: body.client_id,
    });
    ctx.status = duplicate ? 200 : 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { question_id: body.question_id, is_correct: body.is_correct, duplicate, progress };
  });

  router.get('/learn/progress', signedIn, async (ctx) => {
    langParam(ctx);
    const map = await progressMap(db, currentUser(ctx).id);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Object.fromEntries([...map].map(([id, p]) => [`q${id}`, p]));
  });

  router.get('/learn/focus', signedIn, async (ctx) => {
    const lang = langParam(ctx);
    const { limit } = parseQuery(ctx, focusQuery);
    const { total, rows } = await focusQueue(db, currentUser(ctx).id, limit);
    const questions = await listQuestions(db, lang, { ids: rows.map((r) => r.question_id) });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      total,
      questions: rows
        .filter((r) => byId.has(r.question_id))
        .map((r) => ({ ...(byId.get(r.question_id) as LearnQuestion), progress: toProgress(r) })),
    };
  });

  router.post('/learn/challenge', signedIn, async (ctx) => {
    langParam(ctx);
    const round = parseBody(ctx, challengeBody);
    const score = challengeScore(round);
    const { previousBest } = await saveChallenge(db, currentUser(ctx).id, { ...round, score });
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      score,
      personalBest: Math.max(score, previousBest ?? 0),
      isPersonalBest: previousBest === null || score > previousBest,
    };
  });

  router.get('/learn/challenge/best', signedIn, async (ctx) => {
    langParam(ctx);
    const userId = currentUser(ctx).id;
    const best = await bestChallenge(db, userId);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      rules: { questions: CHALLENGE.questions, seconds: CHALLENGE.seconds },
      best: best ? challengeJson(best) : null,
      recent: (await recentChallenges(db, userId)).map(challengeJson),
    };
  });

  // /user/... paths are guarded by guardUserApi (401 without a session).
  router.get('/user/bookmarks', async (ctx) => {
    const lang = langParam(ctx);
    const ids = await listBookmarkIds(db, currentUser(ctx).id);
    const questions = await listQuestions(db, lang, { ids });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = ids.flatMap((id) => byId.get(id) ?? []);
  });

  router.post('/user/bookmarks/:id', async (ctx) => {
    langParam(ctx);
    const { id } = parseParams(ctx.params, questionParam);
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    const created = await addBookmark(db, currentUser(ctx).id, id);
    ctx.status = created ? 201 : 200;
    ctx.body = { id: `q${id}`, bookmarked: true };
  });

  router.delete('/user/bookmarks/:id', async (ctx) => {
    langParam(ctx);
    const { id } = parseParams(ctx.params, questionParam);
    if (!(await questionExists(db, id))) throw notFound(`No question q${id}`, 'question_not_found');
    await removeBookmark(db, currentUser(ctx).id, id);
    ctx.body = { id: `q${id}`, bookmarked: false };
  });

  return router;
}
