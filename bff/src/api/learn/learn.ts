import Router from '@koa/router';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { type LearnQuestion, listQuestions } from '../../catalog/repository';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { parseBody, parseQuery } from '../../http/validate';
import { CHALLENGE, challengeBody, challengeScore } from '../../learn/challenge';
import {
  bestChallenge,
  type ChallengeRow,
  focusQueue,
  LEARN_MODES,
  progressMap,
  questionExists,
  recentChallenges,
  recordAnswer,
  saveChallenge,
  toProgress,
} from '../../learn/repository';
import { RATINGS } from '../../learn/scheduler';

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

const challengeJson = (r: ChallengeRow) => ({
  score: r.score,
  correct: r.correct,
  answered: r.answered,
  bestStreak: r.best_streak,
  durationSeconds: r.duration_seconds,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Learner data of learn mode under `/api/{lang}`: answers + FSRS progress, focus queue, challenge scores. Signed in
 * only (api/index.ts mounts `/learn` and `/learn-mode` behind the session); own rows only.
 */
export function learnRoutes({ db }: Deps): Router {
  const router = new Router();

  router.post('/learn-mode', async (ctx) => {
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

  router.get('/learn/progress', async (ctx) => {
    const map = await progressMap(db, currentUser(ctx).id);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Object.fromEntries([...map].map(([id, p]) => [`q${id}`, p]));
  });

  router.get('/learn/focus', async (ctx) => {
    const lang = requestLanguage(ctx);
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

  router.post('/learn/challenge', async (ctx) => {
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

  router.get('/learn/challenge/best', async (ctx) => {
    const userId = currentUser(ctx).id;
    const best = await bestChallenge(db, userId);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      rules: { questions: CHALLENGE.questions, seconds: CHALLENGE.seconds },
      best: best ? challengeJson(best) : null,
      recent: (await recentChallenges(db, userId)).map(challengeJson),
    };
  });

  return router;
}
