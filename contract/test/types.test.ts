import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallInput,
  type CallOutput,
  type CallRequest,
  type Dashboard,
  type dashboardCalls,
  type ExamAttempt,
  type ExamHistory,
  type ExamListQuery,
  examCalls,
  type LangParams,
  type NewExamAttempt,
  type User,
  type userCalls,
} from '../src';

/** What the BFF and the frontends rely on at the type level. */
describe('call types', () => {
  it('give a handler the parsed input and the answer it must return', () => {
    type Answer = CallInput<typeof examCalls.answer>;
    expectTypeOf<Answer['params']>().toEqualTypeOf<{
      lang: 'de' | 'en' | 'hr';
      id: string;
      position: number;
    }>();
    expectTypeOf<Answer['body']>().toEqualTypeOf<{ answer?: number | null; unsure?: boolean }>();
    expectTypeOf<Answer['query']>().toEqualTypeOf<undefined>();
    expectTypeOf<CallOutput<typeof examCalls.get>>().toEqualTypeOf<ExamAttempt>();
    expectTypeOf<CallOutput<typeof userCalls.me>>().toEqualTypeOf<User>();
    expectTypeOf<CallOutput<typeof dashboardCalls.dashboard>>().toEqualTypeOf<Dashboard>();
    expectTypeOf<CallOutput<typeof userCalls.delete>>().toEqualTypeOf<undefined>();
  });

  it('let a client leave out what has a default', () => {
    expectTypeOf<CallInput<typeof examCalls.create>['body']['kind']>().toEqualTypeOf<'demo' | 'mock'>();
    expectTypeOf<CallRequest<typeof examCalls.create>['body']>().toEqualTypeOf<{
      kind?: 'demo' | 'mock' | undefined;
      state?: string | undefined;
    }>();
  });

  it('keep a call literal', () => {
    expectTypeOf(examCalls.answer.method).toEqualTypeOf<'PUT'>();
    expectTypeOf(examCalls.answer.path).toEqualTypeOf<'/api/:lang/exams/:id/answers/:position'>();
  });

  it('are the CallSpec that call() was given, with LangParams for a path under /api/:lang/', () => {
    expectTypeOf(examCalls.list).toEqualTypeOf<{
      method: 'GET';
      path: '/api/:lang/exams';
      params: typeof LangParams;
      query: typeof ExamListQuery;
      response: typeof ExamHistory;
      session: 'optional';
    }>();
    expectTypeOf(examCalls.create).toEqualTypeOf<{
      method: 'POST';
      path: '/api/:lang/exams';
      params: typeof LangParams;
      body: typeof NewExamAttempt;
      status: readonly [201, 200];
      response: typeof ExamAttempt;
      session: 'optional';
    }>();
    expectTypeOf<typeof userCalls.delete>().toEqualTypeOf<{
      method: 'DELETE';
      path: '/api/user';
      response: null;
      session: 'required';
    }>();
  });
});
