import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BookmarkParams,
  ChallengeRound,
  ContactMessage,
  ConversionBeacon,
  ExamAnswerParams,
  ExamAnswerPatch,
  ExamListQuery,
  ExposureBeacon,
  FederalStateChoice,
  LearnAnswer,
  LoginCredentials,
  NewExamAttempt,
  NewReport,
  RecommendationParams,
  ReportParams,
  SettingsPatch,
} from '../src';
import * as sample from './samples';

/** The issues as the BFF reports them in `error.details`: `{ path, message }`. */
const problems = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('contact message (spec §5)', () => {
  const valid = sample.contactMessage;

  it('takes a valid message, and a message of exactly 1000 characters', () => {
    expect(problems(ContactMessage, valid)).toEqual([]);
    expect(problems(ContactMessage, { ...valid, message: 'x'.repeat(1000) })).toEqual([]);
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, name: undefined }, 'name', 'Name is required'],
    [{ ...valid, email: '' }, 'email', 'Email is required'],
    [{ ...valid, email: 'ana@example' }, 'email', 'Please enter a valid email address'],
    [{ ...valid, email: 'ana @example.hr' }, 'email', 'Please enter a valid email address'],
    [{ ...valid, subject: 'sales' }, 'subject', 'Subject is required'],
    [{ ...valid, subject: undefined }, 'subject', 'Subject is required'],
    [{ ...valid, message: ' \n ' }, 'message', 'Message is required'],
    [{ ...valid, message: 'x'.repeat(1001) }, 'message', 'Message must not exceed 1000 characters'],
  ])('refuses %o with the spec message', (body, path, message) => {
    expect(problems(ContactMessage, body)).toContainEqual({ path, message });
  });

  it('refuses a field it does not know', () => {
    expect(problems(ContactMessage, { ...valid, phone: '+385 1 234' })).not.toEqual([]);
  });
});

describe('problem report (issue 17)', () => {
  const valid = sample.newReport;

  it('takes every kind, and a text of exactly 1000 characters', () => {
    for (const kind of ['translation', 'explanation', 'answer', 'picture', 'other'])
      expect(problems(NewReport, { ...valid, kind })).toEqual([]);
    expect(problems(NewReport, { ...valid, text: 'ž'.repeat(1000) })).toEqual([]);
  });

  it.each([
    [
      { ...valid, kind: 'spelling' },
      'kind',
      'must be one of translation, explanation, answer, picture, other',
    ],
    [{ text: valid.text }, 'kind', 'must be one of translation, explanation, answer, picture, other'],
    [{ ...valid, text: '' }, 'text', 'Describe the problem'],
    [{ ...valid, text: ' \n\t ' }, 'text', 'Describe the problem'],
    [{ kind: valid.kind }, 'text', 'Describe the problem'],
    [{ ...valid, text: 42 }, 'text', 'Describe the problem'],
    [{ ...valid, text: 'x'.repeat(1001) }, 'text', 'The text must not exceed 1000 characters'],
  ])('refuses %o with its message', (body, path, message) => {
    expect(problems(NewReport, body)).toContainEqual({ path, message });
  });

  it('refuses a field it does not know (who reports comes from the session only)', () => {
    expect(problems(NewReport, { ...valid, userId: 'someone' })).not.toEqual([]);
  });

  it('reads the question id with or without its q', () => {
    expect(ReportParams.parse({ lang: 'hr', id: 'q72' })).toEqual({ lang: 'hr', id: 72 });
    expect(ReportParams.parse({ lang: 'hr', id: '72' })).toEqual({ lang: 'hr', id: 72 });
    expect(problems(ReportParams, { lang: 'hr', id: 'BY-1' })).toEqual([
      { path: 'id', message: 'must be a question id like q12 or 12' },
    ]);
  });
});

describe('federal state and settings', () => {
  it('takes a state code and refuses anything else with the BFF message', () => {
    expect(problems(FederalStateChoice, { selected_state: 'BW' })).toEqual([]);
    expect(problems(FederalStateChoice, { selected_state: '' })).toContainEqual({
      path: 'selected_state',
      message: 'must be a state code like BW',
    });
    expect(problems(FederalStateChoice, {})).toEqual([expect.objectContaining({ path: 'selected_state' })]);
  });

  it('takes a partial patch, null clearing a field', () => {
    expect(problems(SettingsPatch, {})).toEqual([]);
    expect(
      problems(SettingsPatch, {
        nickname: null,
        preferredLanguage: 'hr',
        federalState: 'BY',
        notifications: { weeklyReport: true },
        examDate: '2026-06-30',
        desiredRetention: 0.85,
      }),
    ).toEqual([]);
    expect(problems(SettingsPatch, { examDate: null })).toEqual([]);
  });

  it.each([
    [{ examDate: '30.06.2026' }, 'examDate', 'must be a date like 2026-06-30'],
    [{ examDate: '2150-01-01' }, 'examDate', 'must be between 2000-01-01 and 2099-12-31'],
    [{ desiredRetention: 0.99 }, 'desiredRetention', 'must be between 0.80 and 0.95'],
    [{ federalState: 'Bayern' }, 'federalState', 'must be a state code like BW'],
  ])('refuses %o', (body, path, message) => {
    expect(problems(SettingsPatch, body)).toContainEqual({ path, message });
  });

  it('refuses what is not a setting (the user id comes from the session only)', () => {
    expect(problems(SettingsPatch, { id: 'someone-else' })).not.toEqual([]);
    expect(problems(SettingsPatch, { notifications: { sms: true } })).not.toEqual([]);
    expect(problems(SettingsPatch, { preferredLanguage: 'fr' })).toEqual([
      expect.objectContaining({ path: 'preferredLanguage' }),
    ]);
    expect(problems(SettingsPatch, { nickname: '   ' })).toEqual([
      expect.objectContaining({ path: 'nickname' }),
    ]);
  });

  it('trims the nickname', () => {
    expect(SettingsPatch.parse({ nickname: '  Ana ' })).toEqual({ nickname: 'Ana' });
  });
});

describe('learn answers (spec §3: question_id integer, q prefix removed)', () => {
  it('takes the spec payload and defaults the mode', () => {
    expect(LearnAnswer.parse({ question_id: 21, is_correct: true })).toEqual({
      question_id: 21,
      is_correct: true,
      mode: 'learn',
    });
  });

  it.each([
    [{ question_id: 'q21', is_correct: true }, 'question_id'],
    [{ question_id: 21.5, is_correct: true }, 'question_id'],
    [{ question_id: 21 }, 'is_correct'],
    [{ question_id: 21, is_correct: true, mode: 'exam' }, 'mode'],
    [{ question_id: 21, is_correct: true, client_id: 'abc' }, 'client_id'],
  ])('refuses %o', (body, path) => {
    expect(problems(LearnAnswer, body).map((p) => p.path)).toContain(path);
  });

  it('names the q-prefix rule', () => {
    expect(problems(LearnAnswer, { question_id: 21.5, is_correct: true })).toContainEqual({
      path: 'question_id',
      message: 'must be an integer question number (q prefix removed)',
    });
  });

  it('refuses a challenge round that cannot be real', () => {
    const round = { correct: 12, answered: 20, best_streak: 5, duration_seconds: 240 };
    expect(problems(ChallengeRound, round)).toEqual([]);
    expect(problems(ChallengeRound, { ...round, correct: 21 })).not.toEqual([]);
    expect(problems(ChallengeRound, { ...round, best_streak: 13 })).toContainEqual({
      path: 'best_streak',
      message: 'cannot exceed correct',
    });
    expect(problems(ChallengeRound, { ...round, duration_seconds: 9 })).toContainEqual({
      path: 'duration_seconds',
      message: 'too fast to be real',
    });
  });
});

describe('exams', () => {
  it('defaults a new attempt to the demo', () => {
    expect(NewExamAttempt.parse({})).toEqual({ kind: 'demo' });
    expect(problems(NewExamAttempt, { kind: 'mock', state: 'by' })).toEqual([
      { path: 'state', message: 'must be a state code like BE' },
    ]);
  });

  it('coerces path and query strings', () => {
    const id = '0f8e3c1a-6b2d-4c7e-9a51-3d2e1f0b9c84';
    expect(ExamAnswerParams.parse({ lang: 'en', id, position: '33' })).toEqual({
      lang: 'en',
      id,
      position: 33,
    });
    expect(problems(ExamAnswerParams, { lang: 'en', id, position: '34' })).toEqual([
      expect.objectContaining({ path: 'position' }),
    ]);
    expect(problems(ExamAnswerParams, { lang: 'en', id: '42', position: '1' })).toEqual([
      { path: 'id', message: 'not an attempt id' },
    ]);
    expect(ExamListQuery.parse({})).toEqual({ limit: 50 });
    expect(ExamListQuery.parse({ limit: '10' })).toEqual({ limit: 10 });
    expect(problems(ExamListQuery, { limit: '500' })).not.toEqual([]);
  });

  it('takes an answer, the unsure mark or both, never neither', () => {
    expect(problems(ExamAnswerPatch, { answer: 2 })).toEqual([]);
    expect(problems(ExamAnswerPatch, { answer: null, unsure: false })).toEqual([]);
    expect(problems(ExamAnswerPatch, {})).toEqual([{ path: '', message: 'send answer, unsure or both' }]);
    expect(problems(ExamAnswerPatch, { answer: 4 })).not.toEqual([]);
  });
});

describe('ids in paths', () => {
  it('reads a bookmark id with or without its q', () => {
    expect(BookmarkParams.parse({ lang: 'de', id: 'q12' })).toEqual({ lang: 'de', id: 12 });
    expect(BookmarkParams.parse({ lang: 'de', id: '12' })).toEqual({ lang: 'de', id: 12 });
    expect(problems(BookmarkParams, { lang: 'de', id: 'q0' })).toEqual([
      { path: 'id', message: 'must be a question id like q12 or 12' },
    ]);
  });

  it('reads a recommendation id', () => {
    expect(problems(RecommendationParams, { lang: 'hr', id: 'topic:history' })).toEqual([]);
    expect(problems(RecommendationParams, { lang: 'hr', id: 'Topic History' })).toEqual([
      { path: 'id', message: 'not a recommendation id' },
    ]);
  });
});

describe('sign-in and beacons', () => {
  it('normalises the email of a sign-in', () => {
    expect(LoginCredentials.parse({ email: ' Ana@Example.HR ', password: 'pw' })).toEqual({
      email: 'ana@example.hr',
      password: 'pw',
    });
    expect(problems(LoginCredentials, { email: 'ana@example.hr', password: '' })).not.toEqual([]);
  });

  it('names only the five remotes', () => {
    expect(problems(ExposureBeacon, { remote: 'mf_learn', variant: 'b' })).toEqual([]);
    expect(problems(ExposureBeacon, { remote: 'constructor' })).toEqual([
      { path: 'remote', message: 'unknown remote' },
    ]);
    expect(problems(ConversionBeacon, { remote: 'mf_account', event: 'Sign In' })).toEqual([
      { path: 'event', message: 'lower-case letters, digits, _ . -' },
    ]);
  });
});
