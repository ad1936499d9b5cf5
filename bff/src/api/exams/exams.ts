import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { resolveSession } from '../../auth/middleware';
import {
  type LearnQuestion,
  listQuestions,
  listStates,
  listTopics,
  stateExists,
} from '../../catalog/repository';
import type { Deps } from '../../deps';
import { issueClaim } from '../../exam/claim';
import {
  type AttemptRow,
  createAttempt,
  finalizeAttempt,
  finalizeExpiredAttempts,
  findAttempt,
  findOpenAttempt,
  type ItemRow,
  isPastDeadline,
  listAttempts,
  listItems,
  type Owner,
  retireAttempt,
  saveAnswer,
} from '../../exam/repository';
import { EXAM } from '../../exam/rules';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../http/errors';
import { type Language, requestLanguage } from '../../http/lang';
import { enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import { visitorId } from '../../http/visitor';
import { recordConversion } from '../../remotes/registry';

const DEFAULT_STATE = 'BE';

/** New attempts per hour: per client address (a school shares one) and per learner or browser. */
export const CREATE_LIMITS = { perIp: 120, perOwner: 30 } as const;
const TOO_MANY = 'Too many tests started.';

const createBody = z
  .object({
    kind: z.enum(['demo', 'mock']).default('demo'),
    state: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a state code like BE')
      .optional(),
  })
  .strict();
const idParams = z.object({ id: z.uuid('not an attempt id') });
const answerParams = z.object({
  id: z.uuid('not an attempt id'),
  position: z.coerce.number().int().min(1).max(EXAM.questions),
});
const answerBody = z
  .object({ answer: z.number().int().min(0).max(3).nullable().optional(), unsure: z.boolean().optional() })
  .strict()
  .refine((b) => b.answer !== undefined || b.unsure !== undefined, 'send answer, unsure or both');

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();

type PublicQuestion = Omit<LearnQuestion, 'correct' | 'explanation'>;

function publicQuestion(q: LearnQuestion): PublicQuestion {
  const { correct: _c, explanation: _e, ...rest } = q;
  return rest;
}

/** Whole seconds from start to finish (a timed-out mock test finished at its deadline). */
const durationSeconds = (a: AttemptRow) =>
  a.finalized_at
    ? Math.max(0, Math.round((new Date(a.finalized_at).getTime() - new Date(a.created_at).getTime()) / 1000))
    : null;

/** What "Practise my mistakes" practises: a wrong answer, a blank, or a right answer the learner was unsure of. */
const isMistake = (item: { answer: number | null; correct: number; unsure: boolean }) =>
  item.answer !== item.correct || item.unsure;

const TOPIC_ORDER = ['politics', 'history', 'society', 'state'];

/**
 * Exam attempts under `/api/{lang}/exams`, for guests (the demo, owned by the visitor cookie) and learners. A GET
 * only reads (an attempt that ran out of time reads as finished: exam/repository.ts READ_ATTEMPTS); the owner's
 * writes here first finalize their attempts that ran out of time, and a sweep (server.ts) finalizes the rest.
 */
export function examRoutes({ db, config }: Deps): Router {
  const router = new Router();

  async function ownerOf(ctx: Context): Promise<{ owner: Owner; signedIn: boolean }> {
    const session = await resolveSession(ctx, db, config);
    if (session) return { owner: { userId: session.user.id }, signedIn: true };
    return { owner: { visitorId: visitorId(ctx, config) }, signedIn: false };
  }

  /**
   * The attempt of the path, if this caller owns it. A read sees it as it reads (one whose time ran out reads as
   * finished); before a write the clock is applied: the owner's attempts whose time ran out, this one included,
   * are finalized as they stand.
   */
  async function loadAttempt(ctx: Context, { write }: { write: boolean }) {
    const { id } = parseParams(ctx.params, idParams);
    const { owner, signedIn } = await ownerOf(ctx);
    if (write) await finalizeExpiredAttempts(db, owner);
    const attempt = await findAttempt(db, id, owner);
    if (!attempt) throw notFound('No such exam attempt', 'attempt_not_found');
    return { attempt, signedIn };
  }

  /** Correct answers per topic of the catalog, the learner's state questions as one group named after the state. */
  async function topicScores(
    attempt: AttemptRow,
    items: ItemRow[],
    byId: Map<number, LearnQuestion>,
    lang: Language,
  ) {
    const [topics, states] = await Promise.all([listTopics(db, lang), listStates(db, lang)]);
    const names = new Map(topics.map((t) => [t.id, t.name]));
    const stateName = states.find((st) => st.code === attempt.state_code)?.name ?? attempt.state_code;
    const groups = new Map<string, { id: string; name: string; correct: number; total: number }>();
    for (const item of items) {
      const q = byId.get(item.question_id) as LearnQuestion;
      const id = q.state ? 'state' : q.topic;
      const group = groups.get(id) ?? {
        id,
        name: id === 'state' ? stateName : (names.get(id) ?? id),
        correct: 0,
        total: 0,
      };
      group.total++;
      if (item.answer === item.correct) group.correct++;
      groups.set(id, group);
    }
    const rank = (id: string) => (TOPIC_ORDER.includes(id) ? TOPIC_ORDER.indexOf(id) : TOPIC_ORDER.length);
    return [...groups.values()].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
  }

  async function view(attempt: AttemptRow, lang: Language, signedIn: boolean) {
    const items = await listItems(db, attempt.id);
    const questions = await listQuestions(db, lang, { ids: items.map((i) => i.question_id) });
    const byId = new Map(questions.map((q) => [q.number, q]));
    const finalized = Boolean(attempt.finalized_at);
    const timeLeftSeconds =
      attempt.deadline_at && !finalized
        ? Math.max(0, Math.floor((new Date(attempt.deadline_at).getTime() - Date.now()) / 1000))
        : null;
    return {
      id: attempt.id,
      kind: attempt.kind,
      state: attempt.state_code,
      status: finalized ? 'finalized' : 'in_progress',
      createdAt: attempt.created_at,
      deadline: attempt.deadline_at,
      timeLeftSeconds,
      passMark: EXAM.passMark,
      questions: items.map((item) => {
        const q = byId.get(item.question_id) as LearnQuestion;
        return { position: item.position, ...publicQuestion(q), answer: item.answer, unsure: item.unsure };
      }),
      result: finalized
        ? {
            correct: attempt.correct_count,
            total: attempt.question_count,
            passed: attempt.passed,
            finalizedAt: attempt.finalized_at,
            durationSeconds: durationSeconds(attempt),
            // Guests see the score only; the breakdown and the review are for signed-in learners (spec §2, §6).
            topics: signedIn ? await topicScores(attempt, items, byId, lang) : null,
            mistakes: signedIn ? items.filter(isMistake).length : 0,
            review: signedIn
              ? items.map((item) => {
                  const q = byId.get(item.question_id) as LearnQuestion;
                  return {
                    position: item.position,
                    id: q.id,
                    answer: item.answer,
                    unsure: item.unsure,
                    correct: q.correct,
                    isCorrect: item.answer === q.correct,
                    explanation: q.explanation,
                  };
                })
              : null,
          }
        : null,
    };
  }

  router.post('/exams', async (ctx) => {
    const lang = requestLanguage(ctx);
    const body = parseBody(ctx, createBody);
    const { owner, signedIn } = await ownerOf(ctx);
    if (body.kind === 'mock' && !signedIn) throw unauthorized('Sign in to take the timed mock test.');
    const session = signedIn ? await resolveSession(ctx, db, config) : null;
    const state = body.state ?? session?.user.federal_state ?? DEFAULT_STATE;
    if (!(await stateExists(db, state)))
      throw badRequest('Unknown federal state.', [{ path: 'state', message: 'unknown state' }]);
    // Counted after validation: a typo costs nothing. Per network and per learner or browser.
    await enforceRateLimit(db, rateLimitKey('exam:create:ip', ctx.ip), CREATE_LIMITS.perIp, 3600, TOO_MANY);
    const ownerKey = 'userId' in owner ? `u:${owner.userId}` : `v:${owner.visitorId}`;
    await enforceRateLimit(
      db,
      rateLimitKey('exam:create:owner', ownerKey),
      CREATE_LIMITS.perOwner,
      3600,
      TOO_MANY,
    );
    // One open attempt per owner and kind: the same test again continues it; another state retires it.
    await finalizeExpiredAttempts(db, owner);
    const open = await findOpenAttempt(db, owner, body.kind);
    ctx.set('Cache-Control', 'no-store');
    if (open && open.state_code === state) {
      ctx.status = 200;
      ctx.body = await view(open, lang, signedIn);
      return;
    }
    if (open) await retireAttempt(db, open);
    let id: string;
    try {
      id = await createAttempt(db, owner, body.kind, state);
    } catch (err) {
      // A parallel request opened one first (the partial unique index): that one is this request's answer.
      if ((err as { code?: string }).code !== '23505') throw err;
      const winner = await findOpenAttempt(db, owner, body.kind);
      if (!winner) throw err;
      ctx.body = await view(winner, lang, signedIn);
      return;
    }
    await recordConversion(db, visitorId(ctx, config), 'mf_exam', `${body.kind}_started`);
    const attempt = await findAttempt(db, id, owner);
    ctx.status = 201;
    ctx.body = await view(attempt as AttemptRow, lang, signedIn);
  });

  /** The owner's attempts, newest first: a learner's history, or the demos of this browser for a guest. */
  router.get('/exams', async (ctx) => {
    const { limit } = parseQuery(ctx, listQuery);
    const { owner } = await ownerOf(ctx);
    // An attempt whose time ran out while nobody had it open is listed as finished (READ_ATTEMPTS).
    const rows = await listAttempts(db, owner, limit);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows.map((a) => ({
      id: a.id,
      kind: a.kind,
      state: a.state_code,
      status: a.finalized_at ? 'finalized' : 'in_progress',
      createdAt: a.created_at,
      deadline: a.deadline_at,
      finishedAt: a.finalized_at,
      durationSeconds: durationSeconds(a),
      correct: a.correct_count,
      total: a.question_count,
      passed: a.passed,
    }));
  });

  /**
   * "Practise my mistakes": the wrong, blank and unsure questions of a finished attempt, with their answers.
   * Signed in only (api/index.ts).
   */
  router.get('/exams/:id/mistakes', async (ctx) => {
    const lang = requestLanguage(ctx);
    const { attempt } = await loadAttempt(ctx, { write: false });
    if (!attempt.finalized_at) throw conflict('This attempt is not finished yet.', 'attempt_open');
    const items = (await listItems(db, attempt.id)).filter(isMistake);
    const questions = await listQuestions(db, lang, { ids: items.map((i) => i.question_id) });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      attemptId: attempt.id,
      kind: attempt.kind,
      finishedAt: attempt.finalized_at,
      questions: items.flatMap((i) => byId.get(i.question_id) ?? []),
    };
  });

  router.get('/exams/:id', async (ctx) => {
    const lang = requestLanguage(ctx);
    const { attempt, signedIn } = await loadAttempt(ctx, { write: false });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await view(attempt, lang, signedIn);
  });

  router.put('/exams/:id/answers/:position', async (ctx) => {
    const { position } = parseParams(ctx.params, answerParams);
    const body = parseBody(ctx, answerBody);
    const { attempt } = await loadAttempt(ctx, { write: true });
    if (attempt.finalized_at) {
      const late = attempt.deadline_at && new Date(attempt.deadline_at).getTime() <= Date.now();
      throw late
        ? new HttpError(
            409,
            'deadline_passed',
            'Time is up: the attempt was finalized and takes no more answers.',
          )
        : conflict('This attempt is finalized and takes no more answers.', 'attempt_finalized');
    }
    if (!(await saveAnswer(db, attempt.id, position, body))) {
      // Finalized (by the learner, another tab, or the clock) while this answer was on its way: it did not count.
      if (await isPastDeadline(db, attempt.id)) {
        throw new HttpError(
          409,
          'deadline_passed',
          'Time is up: the attempt was finalized and takes no more answers.',
        );
      }
      throw conflict('This attempt is finalized and takes no more answers.', 'attempt_finalized');
    }
    const item = (await listItems(db, attempt.id)).find((i) => i.position === position);
    ctx.body = { position, answer: item?.answer ?? null, unsure: item?.unsure ?? false };
  });

  router.post('/exams/:id/finalize', async (ctx) => {
    const lang = requestLanguage(ctx);
    const { attempt, signedIn } = await loadAttempt(ctx, { write: true });
    const done = attempt.finalized_at ? attempt : await finalizeAttempt(db, attempt);
    // A guest's finished demo can be kept: this browser may claim it when it signs in (exam/claim.ts).
    if (!signedIn && done.kind === 'demo' && !done.user_id) await issueClaim(ctx, db, config, done.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await view(done, lang, signedIn);
  });

  return router;
}
