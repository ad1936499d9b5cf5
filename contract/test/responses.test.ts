import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AuthProviders,
  BookmarkState,
  Celebrations,
  ChallengeBest,
  ContactReceipt,
  Dashboard,
  ErrorBody,
  ExamAnswer,
  ExamAttempt,
  ExamHistory,
  ExamMistakes,
  FederalStates,
  FocusQueue,
  LearnAnswerResult,
  ProgressOverview,
  Question,
  QuestionProgressMap,
  RemoteRegistry,
  ReportReceipt,
  ReviewQueue,
  Topics,
  User,
  UserExport,
} from '../src';
import * as sample from './samples';

const parses = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};
const clone = <T>(v: T): T => structuredClone(v);

describe('answers as the BFF sends them', () => {
  it.each([
    ['User', User, sample.user],
    ['User (new account)', User, sample.newUser],
    ['Question', Question, sample.question],
    ['Question (state)', Question, sample.stateQuestion],
    ['ExamAttempt (in progress)', ExamAttempt, sample.examInProgress],
    ['ExamAttempt (finalized, learner)', ExamAttempt, sample.examFinalizedForLearner],
    ['ExamAttempt (finalized, guest)', ExamAttempt, sample.examFinalizedForGuest],
    ['ExamHistory', ExamHistory, sample.examHistory],
    [
      'ExamMistakes',
      ExamMistakes,
      {
        attemptId: sample.examInProgress.id,
        kind: 'mock',
        finishedAt: '2026-03-02T09:41:17.000Z',
        questions: [sample.stateQuestion],
      },
    ],
    ['ExamAnswer', ExamAnswer, { position: 12, answer: null, unsure: true }],
    ['Dashboard', Dashboard, sample.dashboard],
    [
      'ProgressOverview',
      ProgressOverview,
      { progress: sample.dashboard.progress, readiness: sample.dashboard.readiness, plan: null },
    ],
    [
      'QuestionProgressMap',
      QuestionProgressMap,
      { q21: sample.progress, q301: { ...sample.progress, due: null } },
    ],
    [
      'LearnAnswerResult',
      LearnAnswerResult,
      { question_id: 21, is_correct: true, duplicate: false, progress: sample.progress },
    ],
    [
      'FocusQueue',
      FocusQueue,
      {
        now: '2026-03-11T10:00:00.000Z',
        due: 42,
        nextDueAt: '2026-03-11T10:05:00.000Z',
        questions: [{ ...sample.question, progress: sample.progress }],
      },
    ],
    [
      'ReviewQueue',
      ReviewQueue,
      { now: '2026-03-11T10:00:00.000Z', due: 2, nextDueAt: null, ids: ['q21', 'q301'] },
    ],
    [
      'ChallengeBest',
      ChallengeBest,
      {
        rules: { questions: 20, seconds: 300 },
        best: sample.challengeScore,
        recent: [],
      },
    ],
    [
      'ChallengeBest (no round yet)',
      ChallengeBest,
      { rules: { questions: 20, seconds: 300 }, best: null, recent: [] },
    ],
    ['BookmarkState', BookmarkState, { id: 'q21', bookmarked: true }],
    ['Celebrations', Celebrations, sample.celebrations],
    ['Celebrations (nothing new)', Celebrations, { items: [], next: null, until: null }],
    [
      'FederalStates',
      FederalStates,
      [
        { code: 'BW', name: 'Baden-Württemberg' },
        { code: 'BY', name: 'Bavaria' },
      ],
    ],
    [
      'Topics',
      Topics,
      [
        { id: 'politics', parent: null, name: 'Politics in a democracy' },
        { id: 'elections', parent: 'politics', name: 'Elections' },
      ],
    ],
    [
      'RemoteRegistry',
      RemoteRegistry,
      {
        remotes: [
          {
            name: 'mf_dashboard',
            variant: 'a',
            version: '2026.03.01-1',
            manifestUrl: '/remotes/mf_dashboard/2026.03.01-1/mf-manifest.json',
          },
        ],
      },
    ],
    ['AuthProviders', AuthProviders, { providers: ['github', 'google'] }],
    [
      'ContactReceipt',
      ContactReceipt,
      { id: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7', receivedAt: '2026-03-04T16:00:00.000Z' },
    ],
    [
      'ReportReceipt',
      ReportReceipt,
      { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', receivedAt: '2026-03-04T16:05:00.000Z' },
    ],
    ['UserExport', UserExport, sample.userExport],
    [
      'ErrorBody',
      ErrorBody,
      {
        error: {
          code: 'invalid_input',
          message: 'The request is not valid.',
          details: [{ path: 'email', message: 'Please enter a valid email address', code: 'invalid_format' }],
        },
      },
    ],
    ['ErrorBody (no details)', ErrorBody, { error: { code: 'unauthorized', message: 'Sign-in required' } }],
  ] as const)('%s parses', (_name, schema, value) => {
    expect(parses(schema, value)).toBe('ok');
  });
});

describe('a drifted answer is refused', () => {
  it('User: a leaked internal field, a missing field, a wrong type', () => {
    expect(parses(User, { ...sample.user, password_hash: '$argon2id$…' })).toMatch(/password_hash/);
    const { examDate: _, ...withoutDate } = sample.user;
    expect(parses(User, withoutDate)).toMatch(/examDate/);
    expect(parses(User, { ...sample.user, onboarded: 'yes' })).toMatch(/onboarded/);
    expect(parses(User, { ...sample.user, preferredLanguage: 'fr' })).toMatch(/preferredLanguage/);
    expect(
      parses(User, { ...sample.user, notifications: { ...sample.user.notifications, sms: true } }),
    ).toMatch(/notifications/);
  });

  it('Dashboard: an extra field deep inside, a wrong type, a count that is not an integer', () => {
    const extra = clone(sample.dashboard);
    Object.assign(extra.statistics.exams.recent[0] as object, { user_id: 'u-1' });
    expect(parses(Dashboard, extra)).toMatch(/statistics\.exams\.recent\.0/);

    const wrongType = clone(sample.dashboard);
    Object.assign(wrongType.streak, { current: '3' });
    expect(parses(Dashboard, wrongType)).toMatch(/streak\.current/);

    const fraction = clone(sample.dashboard);
    fraction.progress.seen = 12.5;
    expect(parses(Dashboard, fraction)).toMatch(/progress\.seen/);

    const badDay = clone(sample.dashboard);
    badDay.statistics.weekly.days = badDay.statistics.weekly.days.slice(0, 6);
    expect(parses(Dashboard, badDay)).toMatch(/statistics\.weekly\.days/);

    const badCode = clone(sample.dashboard);
    Object.assign(badCode.achievements[0] as object, { code: 'FIRST_LOGIN' });
    expect(parses(Dashboard, badCode)).toMatch(/achievements\.0\.code/);
  });

  it('Dashboard: carries ids and kinds, never a front-end link (the remote maps them to its routes)', () => {
    const withLink = (part: 'recommendations' | 'modes') => {
      const d = clone(sample.dashboard);
      Object.assign(d[part][0] as object, { href: '/learn' });
      return d;
    };
    expect(parses(Dashboard, withLink('recommendations'))).toMatch(/recommendations\.0/);
    expect(parses(Dashboard, withLink('modes'))).toMatch(/modes\.0/);
    const bookmarks = clone(sample.dashboard);
    Object.assign(bookmarks.bookmarks, { href: '/learn/bookmarks' });
    expect(parses(Dashboard, bookmarks)).toMatch(/bookmarks/);
  });

  it('Celebrations: an unknown badge, a streak of 0 days, a next step with nothing left to do', () => {
    const badge = clone(sample.celebrations);
    Object.assign(badge.items[1] as object, { code: 'FIRST_LOGIN' });
    expect(parses(Celebrations, badge)).toMatch(/items\.1/);
    const streak = clone(sample.celebrations);
    streak.items[2] = { kind: 'streak', days: 0, at: '2026-03-02T09:41:17.000Z' };
    expect(parses(Celebrations, streak)).toMatch(/items\.2\.days/);
    expect(
      parses(Celebrations, {
        ...sample.celebrations,
        next: { kind: 'score80', more: 0, target: 27, total: 33 },
      }),
    ).toMatch(/next\.more/);
  });

  it('ExamAttempt: a running test must not reveal the right answer', () => {
    const leak = clone(sample.examInProgress);
    Object.assign(leak.questions[0] as object, { correct: 0 });
    expect(parses(ExamAttempt, leak)).toMatch(/questions\.0/);

    const explanation = clone(sample.examInProgress);
    Object.assign(explanation.questions[1] as object, { explanation: null });
    expect(parses(ExamAttempt, explanation)).toMatch(/questions\.1/);
  });

  it('ExamAttempt: wrong types and values', () => {
    expect(parses(ExamAttempt, { ...sample.examInProgress, status: 'open' })).toMatch(/status/);
    expect(parses(ExamAttempt, { ...sample.examInProgress, createdAt: '02.03.2026 10:00' })).toMatch(
      /createdAt/,
    );
    expect(parses(ExamAttempt, { ...sample.examInProgress, id: 42 })).toMatch(/id/);
    const position = clone(sample.examInProgress);
    Object.assign(position.questions[0] as object, { position: 34 });
    expect(parses(ExamAttempt, position)).toMatch(/questions\.0\.position/);
    const result = clone(sample.examFinalizedForLearner);
    Object.assign(result.result as object, { visitorId: 'v-1' });
    expect(parses(ExamAttempt, result)).toMatch(/result/);
  });

  it('Question: an id without its q, a fifth answer', () => {
    expect(parses(Question, { ...sample.question, id: '21' })).toMatch(/id/);
    expect(parses(Question, { ...sample.question, answers: [...sample.question.answers, 'Bild 5'] })).toMatch(
      /answers/,
    );
  });

  it('UserExport: a section nobody declared', () => {
    expect(parses(UserExport, { ...sample.userExport, refreshTokens: [] })).toMatch(/refreshTokens/);
  });

  it('ErrorBody: a stack trace is no part of it', () => {
    expect(
      parses(ErrorBody, { error: { code: 'internal', message: 'Something went wrong', stack: 'at …' } }),
    ).toMatch(/error/);
  });
});
