import type {
  AnswerIndex,
  Celebrations,
  ErrorBody,
  ExamAnswer,
  ExamAttempt,
  ExamAttemptSummary,
  ExamKind,
  ExamQuestion,
  ExamResult,
  ExamReviewItem,
  ExamTopicScore,
  FederalState,
  KnownErrorCode,
  User,
} from '@buergerfit/contract';
import { type ApiClient, createApiClient } from '@buergerfit/platform';
import { vi } from 'vitest';
import { json, testUser } from './util';

export const TEST_USER: User = testUser({
  name: 'Ada Learner',
  email: 'ada@example.org',
  preferredLanguage: 'en',
  federalState: 'HH',
  onboarded: true,
});

export const STATES: FederalState[] = [
  { code: 'BW', name: 'Baden-Württemberg' },
  { code: 'BY', name: 'Bavaria' },
  { code: 'BE', name: 'Berlin' },
  { code: 'HH', name: 'Hamburg' },
];

/** The answer key of the fake: question at position p is correct with answer (p - 1) % 4. */
export const correctFor = (position: number) => ((position - 1) % 4) as AnswerIndex;
/** A wrong answer to the question at position p. */
export const wrongFor = (position: number) => ((correctFor(position) + 1) % 4) as AnswerIndex;

/** The BFF's one error shape. */
const failure = (status: number, code: KnownErrorCode, message: string) =>
  json(status, { error: { code, message } } satisfies ErrorBody);

/** The topics of a test, in the order the result lists them (`state`: the three state questions). */
type TopicId = 'politics' | 'history' | 'society' | 'state';

/** The fake's topics: 1–15 politics, 16–24 history, 25–30 society, 31–33 the state's questions. */
export const topicFor = (position: number): Exclude<TopicId, 'state'> =>
  position <= 15 ? 'politics' : position <= 24 ? 'history' : 'society';
const TOPIC_NAMES: Record<TopicId, string> = {
  politics: 'Politics',
  history: 'History',
  society: 'Society',
  state: 'state',
};

/** A question's four answers. */
const answersOf = (answer: (n: number) => string): ExamQuestion['answers'] => [
  answer(1),
  answer(2),
  answer(3),
  answer(4),
];

function makeQuestions(lang: string, state: string): ExamQuestion[] {
  return Array.from({ length: 33 }, (_, i) => {
    const position = i + 1;
    const isState = position > 30;
    const image = position === 2 ? '/catalog-images/q021.png' : null;
    return {
      position,
      id: `q${100 + position}`,
      number: 100 + position,
      official: isState ? `${state}-${position - 30}` : String(100 + position),
      text: `Deutsche Frage ${position}?`,
      answers: answersOf((n) => (image ? `Bild ${n}` : `Antwort ${position}.${n}`)),
      topic: topicFor(position),
      subtopic: null,
      state: isState ? state : null,
      image,
      imageDescription: image ? 'Four emblems. Picture 1 (Bild 1): a black eagle on gold.' : null,
      translation:
        lang === 'de'
          ? null
          : lang === 'hr'
            ? {
                lang: 'hr',
                text: `Hrvatsko pitanje ${position}?`,
                answers: [1, 2, 3, 4].map((n) => `Odgovor ${position}.${n}`),
                sameAsGerman: [false, false, false, false],
              }
            : {
                lang: 'en',
                text: `English question ${position}?`,
                answers: [1, 2, 3, 4].map((n) => `Answer ${position}.${n}`),
                sameAsGerman: [false, false, false, false],
              },
      // One time-sensitive question (its answer changes with an election): the day it was last checked.
      answerCheckedOn: position === 3 ? '2026-11-24' : null,
      answer: null,
      unsure: false,
    };
  });
}

export interface FakeExam {
  client: ApiClient;
  fetchMock: ReturnType<typeof vi.fn>;
  attempts: Map<string, ExamAttempt>;
  calls: { method: string; path: string; body: unknown }[];
  /** The next n answer saves fail like a lost connection. */
  failSaves(n: number): void;
  /** Adds an attempt as if created earlier (e.g. before a reload). */
  seed(kind: ExamKind, patch?: Partial<ExamAttempt>): ExamAttempt;
  /** Finalizes an attempt as the server does at the deadline (or, with `at`, as if it ended then). */
  expire(id: string, at?: Date): void;
  /** While on, listing the attempts fails like a lost connection. */
  failLists(on: boolean): void;
  /** The guest signs in (or up): the session check answers with the user, attempts now come with reviews. */
  signIn(): void;
  /** The deadline passes just before the next answer save reaches the server (it answers 409). */
  expireOnNextSave(): void;
  /**
   * The learner's wins up to this instant have been celebrated (as `POST /user/celebrations/seen` records). Before
   * any: 1970, so every passed mock test of the fake is new.
   */
  celebratedUntil: (until: string) => void;
}

/** An in-memory stand-in for the BFF's exam API, behind a stubbed global fetch. */
export function fakeExamServer({
  signedIn: initiallySignedIn = false,
  user = TEST_USER,
  mockSeconds = 3600,
}: {
  signedIn?: boolean;
  user?: User;
  mockSeconds?: number;
} = {}): FakeExam {
  let signedIn = initiallySignedIn;
  const attempts = new Map<string, ExamAttempt>();
  /** The whole result of each finalized attempt; a guest is shown only part of it (see `view`). */
  const results = new Map<string, ExamResult>();
  const calls: FakeExam['calls'] = [];
  let failing = 0;
  let expireOnSave = false;
  let listsFail = false;
  let n = 0;

  const create = (kind: ExamKind, state: string, lang = 'en'): ExamAttempt => {
    n += 1;
    const attempt: ExamAttempt = {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      kind,
      state,
      status: 'in_progress',
      createdAt: new Date().toISOString(),
      deadline: kind === 'mock' ? new Date(Date.now() + mockSeconds * 1000).toISOString() : null,
      timeLeftSeconds: kind === 'mock' ? mockSeconds : null,
      passMark: 17,
      questions: makeQuestions(lang, state),
      result: null,
    };
    attempts.set(attempt.id, attempt);
    return attempt;
  };

  const finalize = (a: ExamAttempt, at = new Date()) => {
    if (a.status === 'finalized') return;
    const review = a.questions.map(
      (q): ExamReviewItem => ({
        position: q.position,
        id: q.id,
        answer: q.answer,
        correct: correctFor(q.position),
        isCorrect: q.answer === correctFor(q.position),
        unsure: q.unsure,
        explanation: {
          lang: 'en',
          text: `Why ${q.position}: because.`,
          source: q.position === 1 ? 'Basic Law, Article 5(1)' : null,
        },
      }),
    );
    const correct = review.filter((r) => r.isCorrect).length;
    const topics = (['politics', 'history', 'society', 'state'] as const).map((id): ExamTopicScore => {
      const items = review.filter((r) => (r.position > 30 ? 'state' : topicFor(r.position)) === id);
      return {
        id,
        name: id === 'state' ? (STATES.find((s) => s.code === a.state)?.name ?? a.state) : TOPIC_NAMES[id],
        correct: items.filter((r) => r.isCorrect).length,
        total: items.length,
      };
    });
    a.status = 'finalized';
    a.timeLeftSeconds = null;
    results.set(a.id, {
      correct,
      total: 33,
      passed: correct >= 17,
      finalizedAt: at.toISOString(),
      durationSeconds: Math.max(0, Math.floor((at.getTime() - Date.parse(a.createdAt)) / 1000)),
      topics,
      mistakes: review.filter((r) => !r.isCorrect || r.unsure).length,
      review,
    });
  };

  /** What the server sends: guests get the score and the time only (no topics, mistakes or review). */
  const view = (a: ExamAttempt): ExamAttempt => {
    const full = results.get(a.id);
    const result: ExamResult | null = !full
      ? null
      : signedIn
        ? full
        : { ...full, topics: null, mistakes: 0, review: null };
    return structuredClone({ ...a, result });
  };

  let celebratedUntil = '1970-01-01T00:00:00.000Z';
  /**
   * The server's celebrations, as far as the fake knows them: the latest passed mock test finished after
   * `celebratedUntil`, with the first-test badge when it was the learner's first mock test, and next the right
   * answers to 80 % (27 of 33), else what firms the readiness up.
   */
  const celebrations = (): Celebrations => {
    const mocks = [...results.entries()]
      .filter(([id]) => attempts.get(id)?.kind === 'mock')
      .sort(([, a], [, b]) => a.finalizedAt.localeCompare(b.finalizedAt));
    const passes = mocks.filter(([, r]) => r.passed);
    const last = passes.at(-1);
    if (!last || last[1].finalizedAt <= celebratedUntil) return { items: [], next: null, until: null };
    const [id, r] = last;
    const first = mocks[0]?.[0] === id;
    return {
      items: [
        {
          kind: 'mockPassed',
          attemptId: id,
          correct: r.correct,
          total: r.total,
          passMark: 17,
          passes: passes.length,
          at: r.finalizedAt,
        },
        ...(first ? [{ kind: 'badge' as const, code: 'FIRST_TEST' as const, at: r.finalizedAt }] : []),
      ],
      next:
        r.correct < 27
          ? { kind: 'score80', more: 27 - r.correct, target: 27, total: 33 }
          : { kind: 'firmUp', mocks: 1, questions: 117 },
      until: r.finalizedAt,
    };
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const path = url.pathname;

    if (path === '/api/user/me') return signedIn ? json(200, user) : failure(401, 'unauthorized', 'no');
    if (path === '/auth/refresh') return failure(401, 'unauthorized', 'no');
    let m = path.match(/^\/api\/(de|en|hr)\/german-federal-states$/);
    if (m) return json(200, STATES);

    m = path.match(/^\/api\/(de|en|hr)\/exams$/);
    if (m && method === 'POST') {
      if (body.kind === 'mock' && !signedIn) return failure(401, 'unauthorized', 'sign in');
      return json(
        201,
        view(create(body.kind, body.state ?? (signedIn ? user.federalState : null) ?? 'BE', m[1])),
      );
    }
    if (m && method === 'GET') {
      if (listsFail) throw new TypeError('Failed to fetch');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      return json(
        200,
        [...attempts.values()]
          .reverse()
          .slice(0, limit)
          .map((a): ExamAttemptSummary => {
            const r = results.get(a.id);
            return {
              id: a.id,
              kind: a.kind,
              state: a.state,
              status: a.status,
              createdAt: a.createdAt,
              deadline: a.deadline,
              correct: r?.correct ?? null,
              total: 33,
              passed: r?.passed ?? null,
              finishedAt: r?.finalizedAt ?? null,
              durationSeconds: r?.durationSeconds ?? null,
            };
          }),
      );
    }

    m = path.match(/^\/api\/(de|en|hr)\/user\/celebrations(\/seen)?$/);
    if (m) {
      if (!signedIn) return failure(401, 'unauthorized', 'sign in');
      if (method === 'GET' && !m[2]) return json(200, celebrations());
      if (method === 'POST' && m[2]) {
        if (body.until > celebratedUntil) celebratedUntil = body.until;
        return new Response(null, { status: 204 });
      }
    }

    m = path.match(/^\/api\/(de|en|hr)\/questions\/(q\d+)\/reports$/);
    if (m && method === 'POST')
      return json(201, { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', receivedAt: new Date().toISOString() });

    m = path.match(/^\/api\/(de|en|hr)\/exams\/([^/]+)(\/.*)?$/);
    if (m) {
      const a = attempts.get(m[2] as string);
      if (!a) return failure(404, 'attempt_not_found', 'No such exam attempt');
      const rest = m[3] ?? '';
      if (method === 'GET' && rest === '') return json(200, view(a));
      if (method === 'POST' && rest === '/finalize') {
        finalize(a);
        return json(200, view(a));
      }
      const put = rest.match(/^\/answers\/(\d+)$/);
      if (method === 'PUT' && put) {
        if (failing > 0) {
          failing -= 1;
          throw new TypeError('Failed to fetch');
        }
        if (expireOnSave) {
          expireOnSave = false;
          finalize(a);
        }
        if (a.status === 'finalized') {
          const code = a.deadline ? 'deadline_passed' : 'attempt_finalized';
          return failure(409, code, 'closed');
        }
        const q = a.questions.find((x) => x.position === Number(put[1]));
        if (!q) return failure(400, 'invalid_input', 'position');
        if (body.answer !== undefined) q.answer = body.answer;
        if (body.unsure !== undefined) q.unsure = body.unsure;
        return json(200, { position: q.position, answer: q.answer, unsure: q.unsure } satisfies ExamAnswer);
      }
    }
    return failure(404, 'not_found', path);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    client: createApiClient({ fetch: fetchMock as typeof fetch }),
    fetchMock,
    attempts,
    calls,
    failSaves: (count) => {
      failing = count;
    },
    seed: (kind, patch = {}) => {
      const a = create(kind, 'BE');
      Object.assign(a, patch);
      return a;
    },
    expire: (id, at) => {
      const a = attempts.get(id);
      if (a) finalize(a, at);
    },
    celebratedUntil: (until) => {
      celebratedUntil = until;
    },
    failLists: (on) => {
      listsFail = on;
    },
    signIn: () => {
      signedIn = true;
    },
    expireOnNextSave: () => {
      expireOnSave = true;
    },
  };
}
