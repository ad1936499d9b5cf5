import { CHALLENGE, learnCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import { currentUser } from '../../auth/middleware';
import { type LearnQuestion, listQuestions } from '../../catalog/repository';
import type { Deps } from '../../deps';
import type { Mount } from '../../http/call';
import { badRequest } from '../../http/errors';
import { requestLanguage } from '../../http/lang';
import { enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { challengeScore } from '../../learn/challenge';
import { type ReviewQueue, reviewQueue } from '../../learn/queue';
import {
  bestChallenge,
  type ChallengeRow,
  progressMap,
  questionExists,
  recentChallenges,
  recordAnswer,
  saveChallenge,
  toProgress,
} from '../../learn/repository';

/** The contract's review summary of a queue read. */
const summary = (q: ReviewQueue) => ({
  now: q.now.toISOString(),
  due: q.due,
  nextDueAt: q.nextDueAt ? q.nextDueAt.toISOString() : null,
});

const challengeJson = (r: ChallengeRow) => ({
  score: r.score,
  correct: r.correct,
  answered: r.answered,
  bestStreak: r.best_streak,
  durationSeconds: r.duration_seconds,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Challenge rounds a learner may record per day (UTC): a round takes minutes, so a hundred is a long day of them;
 * past it 429 and nothing is stored.
 */
export const CHALLENGE_ROUNDS_PER_DAY = 100;

/**
 * Learner data of learn mode under `/api/{lang}`: answers + FSRS progress, focus queue, challenge scores. Signed in
 * only (the contract says so for each call); own rows only.
 */
export function learnRoutes({ db }: Deps, mount: Mount): Router {
  const router = new Router();

  mount(router, learnCalls.answer, async (ctx, { body }) => {
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
    return { question_id: body.question_id, is_correct: body.is_correct, duplicate, progress };
  });

  mount(router, learnCalls.progress, async (ctx) => {
    const map = await progressMap(db, currentUser(ctx).id);
    ctx.set('Cache-Control', 'private, no-store');
    return Object.fromEntries([...map].map(([id, p]) => [`q${id}`, p]));
  });

  mount(router, learnCalls.focus, async (ctx, { query: { limit } }) => {
    const lang = requestLanguage(ctx);
    const queue = await reviewQueue(db, currentUser(ctx), new Date(), limit);
    const questions = await listQuestions(db, lang, { ids: queue.rows.map((r) => r.question_id) });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    return {
      ...summary(queue),
      questions: queue.rows
        .filter((r) => byId.has(r.question_id))
        .map((r) => ({ ...(byId.get(r.question_id) as LearnQuestion), progress: toProgress(r) })),
    };
  });

  mount(router, learnCalls.queue, async (ctx) => {
    // Every due question (the pool holds at most 310).
    const queue = await reviewQueue(db, currentUser(ctx), new Date(), 1000);
    ctx.set('Cache-Control', 'private, no-store');
    return { ...summary(queue), ids: queue.rows.map((r) => `q${r.question_id}`) };
  });

  mount(router, learnCalls.challenge, async (ctx, { body: round }) => {
    const userId = currentUser(ctx).id;
    await enforceRateLimit(
      db,
      rateLimitKey('challenge:user', userId),
      CHALLENGE_ROUNDS_PER_DAY,
      24 * 3600,
      'That is enough challenge rounds for today.',
    );
    const score = challengeScore(round);
    const { previousBest } = await saveChallenge(db, userId, { ...round, score });
    ctx.set('Cache-Control', 'no-store');
    return {
      score,
      personalBest: Math.max(score, previousBest ?? 0),
      isPersonalBest: previousBest === null || score > previousBest,
    };
  });

  mount(router, learnCalls.challengeBest, async (ctx) => {
    const userId = currentUser(ctx).id;
    const best = await bestChallenge(db, userId);
    ctx.set('Cache-Control', 'private, no-store');
    return {
      rules: { questions: CHALLENGE.questions, seconds: CHALLENGE.seconds },
      best: best ? challengeJson(best) : null,
      recent: (await recentChallenges(db, userId)).map(challengeJson),
    };
  });

  return router;
}
