import { examCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import type { Context } from 'koa';
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
import type { Mount } from '../../http/call';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../http/errors';
import { type Language, requestLanguage } from '../../http/lang';
import { clientNetwork, enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { visitorId } from '../../http/visitor';
import { recordConversion } from '../../remotes/registry';

const DEFAULT_STATE = 'BE';

/** New attempts per hour: per client address (a school shares one) and per learner or browser. */
export const CREATE_LIMITS = { perIp: 120, perOwner: 30 } as const;
const TOO_MANY = 'Too many tests started.';

type PublicQuestion = Omit<LearnQuestion, 'correct' | 'explanation'>;

function publicQuestion(q: LearnQuestion): PublicQuestion {
  const { correct: _c, explanation: _e, ...rest } = q;
  return rest;
}

/** Whole seconds from start to finish (a timed-out mock test finished at its deadline). */
const elapsedSeconds = (from: Date, to: Date) =>
  Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));
const durationSeconds = (a: AttemptRow) =>
  a.finalized_at ? elapsedSeconds(a.created_at, a.finalized_at) : null;

/** A finished attempt's score: stored in the same update as its `finalized_at`, so both are there or neither. */
function scoreOf(a: AttemptRow): { finalizedAt: Date; correct: number; passed: boolean } | null {
  if (!a.finalized_at) return null;
  if (a.correct_count === null || a.passed === null)
    throw new Error(`attempt ${a.id} finalized without a score`);
  return { finalizedAt: a.finalized_at, correct: a.correct_count, passed: a.passed };
}

/** What "Practise my mistakes" practises: a wrong answer, a blank, or a right answer the learner was unsure of. */
const isMistake = (item: { answer: number | null; correct: number; unsure: boolean }) =>
  item.answer !== item.correct || item.unsure;

const TOPIC_ORDER = ['politics', 'history', 'society', 'state'];

/**
 * Exam attempts under `/api/{lang}/exams`, for guests (the demo, owned by the visitor cookie) and learners. A GET
 * only reads (an attempt that ran out of time reads as finished: exam/repository.ts READ_ATTEMPTS); the owner's
 * writes here first finalize their attempts that ran out of time, and a sweep (server.ts) finalizes the rest.
 */
export function examRoutes({ db, config }: Deps, mount: Mount): Router {
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
  async function loadAttempt(ctx: Context, id: string, { write }: { write: boolean }) {
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
    const score = scoreOf(attempt);
    const finalized = score !== null;
    const timeLeftSeconds =
      attempt.deadline_at && !finalized
        ? Math.max(0, Math.floor((new Date(attempt.deadline_at).getTime() - Date.now()) / 1000))
        : null;
    return {
      id: attempt.id,
      kind: attempt.kind,
      state: attempt.state_code,
      status: finalized ? ('finalized' as const) : ('in_progress' as const),
      createdAt: attempt.created_at,
      deadline: attempt.deadline_at,
      timeLeftSeconds,
      passMark: EXAM.passMark,
      questions: items.map((item) => {
        const q = byId.get(item.question_id) as LearnQuestion;
        return { position: item.position, ...publicQuestion(q), answer: item.answer, unsure: item.unsure };
      }),
      result: score
        ? {
            correct: score.correct,
            total: attempt.question_count,
            passed: score.passed,
            finalizedAt: score.finalizedAt,
            durationSeconds: elapsedSeconds(attempt.created_at, score.finalizedAt),
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

  mount(router, examCalls.create, async (ctx, { body }) => {
    const lang = requestLanguage(ctx);
    const { owner, signedIn } = await ownerOf(ctx);
    if (body.kind === 'mock' && !signedIn) throw unauthorized('Sign in to take the timed mock test.');
    const session = signedIn ? await resolveSession(ctx, db, config) : null;
    const state = body.state ?? session?.user.federal_state ?? DEFAULT_STATE;
    if (!(await stateExists(db, state)))
      throw badRequest('Unknown federal state.', [{ path: 'state', message: 'unknown state' }]);
    // Counted after validation: a typo costs nothing. Per network and per learner or browser.
    await enforceRateLimit(
      db,
      rateLimitKey('exam:create:ip', clientNetwork(ctx.ip)),
      CREATE_LIMITS.perIp,
      3600,
      TOO_MANY,
    );
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
      return view(open, lang, signedIn);
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
      ctx.status = 200;
      return view(winner, lang, signedIn);
    }
    await recordConversion(db, visitorId(ctx, config), 'mf_exam', `${body.kind}_started`);
    const attempt = await findAttempt(db, id, owner);
    ctx.status = 201;
    return view(attempt as AttemptRow, lang, signedIn);
  });

  /** The owner's attempts, newest first: a learner's history, or the demos of this browser for a guest. */
  mount(router, examCalls.list, async (ctx, { query: { limit } }) => {
    const { owner } = await ownerOf(ctx);
    // An attempt whose time ran out while nobody had it open is listed as finished (READ_ATTEMPTS).
    const rows = await listAttempts(db, owner, limit);
    ctx.set('Cache-Control', 'no-store');
    return rows.map((a) => ({
      id: a.id,
      kind: a.kind,
      state: a.state_code,
      status: a.finalized_at ? ('finalized' as const) : ('in_progress' as const),
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
   * Signed in only.
   */
  mount(router, examCalls.mistakes, async (ctx, { params: { id } }) => {
    const lang = requestLanguage(ctx);
    const { attempt } = await loadAttempt(ctx, id, { write: false });
    if (!attempt.finalized_at) throw conflict('This attempt is not finished yet.', 'attempt_open');
    const items = (await listItems(db, attempt.id)).filter(isMistake);
    const questions = await listQuestions(db, lang, { ids: items.map((i) => i.question_id) });
    const byId = new Map(questions.map((q) => [q.number, q]));
    ctx.set('Cache-Control', 'private, no-store');
    return {
      attemptId: attempt.id,
      kind: attempt.kind,
      finishedAt: attempt.finalized_at,
      questions: items.flatMap((i) => byId.get(i.question_id) ?? []),
    };
  });

  mount(router, examCalls.get, async (ctx, { params: { id } }) => {
    const lang = requestLanguage(ctx);
    const { attempt, signedIn } = await loadAttempt(ctx, id, { write: false });
    ctx.set('Cache-Control', 'no-store');
    return view(attempt, lang, signedIn);
  });

  mount(router, examCalls.answer, async (ctx, { params: { id, position }, body }) => {
    const { attempt } = await loadAttempt(ctx, id, { write: true });
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
    return { position, answer: item?.answer ?? null, unsure: item?.unsure ?? false };
  });

  mount(router, examCalls.finalize, async (ctx, { params: { id } }) => {
    const lang = requestLanguage(ctx);
    const { attempt, signedIn } = await loadAttempt(ctx, id, { write: true });
    const done = attempt.finalized_at ? attempt : await finalizeAttempt(db, attempt);
    // A guest's finished demo can be kept: this browser may claim it when it signs in (exam/claim.ts).
    if (!signedIn && done.kind === 'demo' && !done.user_id) await issueClaim(ctx, db, config, done.id);
    ctx.set('Cache-Control', 'no-store');
    return view(done, lang, signedIn);
  });

  return router;
}
