import type { Dashboard, ExamAttemptSummary } from '@buergerfit/contract';
import { describe, expect, it } from 'vitest';
import { chooseNextStep, openTest } from '../src/nextStep';
import { fixture } from './fixture';

const NOW = Date.parse('2026-03-11T11:00:00.000Z');
const attempt = (over: Partial<ExamAttemptSummary>): ExamAttemptSummary => ({
  id: '7d3c1a52-9a0e-4f4e-8f51-2b7a0b9f3c11',
  kind: 'mock',
  state: 'BE',
  status: 'in_progress',
  createdAt: '2026-03-11T10:30:00.000Z',
  deadline: '2026-03-11T11:30:00.000Z',
  finishedAt: null,
  durationSeconds: null,
  correct: null,
  total: 33,
  passed: null,
  ...over,
});
/** Nothing due, no plan, no recommendation: a learner with nothing pressing. */
const calm: Dashboard = {
  ...fixture,
  plan: null,
  reviews: { due: 0, nextDueAt: null },
  modes: fixture.modes.map((m) => ({ ...m, count: null })),
  recommendations: [],
};

describe('openTest', () => {
  it('finds the open test the exam screen would resume, not a finished or timed-out one', () => {
    const finished = attempt({ id: 'a', status: 'finalized', deadline: null });
    const timedOut = attempt({ id: 'b', deadline: '2026-03-11T10:59:00.000Z' });
    const demo = attempt({ id: 'c', kind: 'demo', deadline: null });
    expect(openTest([finished, timedOut], NOW)).toBeNull();
    expect(openTest([finished, timedOut, demo], NOW)?.id).toBe('c');
  });
});

describe('chooseNextStep', () => {
  it('continues an open test first, a demo at /demo', () => {
    expect(chooseNextStep(fixture, attempt({}), NOW)).toEqual({
      kind: 'continue',
      test: 'mock',
      minutesLeft: 30,
      to: '/exam',
    });
    expect(chooseNextStep(fixture, attempt({ kind: 'demo', deadline: null }), NOW)).toMatchObject({
      kind: 'continue',
      minutesLeft: null,
      to: '/demo',
    });
  });

  it('takes reviews from the review queue, with or without a plan', () => {
    const focus = { ...calm, reviews: fixture.reviews };
    expect(chooseNextStep(focus, null, NOW)).toEqual({ kind: 'review', count: 6, to: '/learn/focus' });
    expect(chooseNextStep({ ...focus, plan: fixture.plan }, null, NOW)).toEqual({
      kind: 'review',
      count: 6,
      to: '/learn/focus',
    });
  });

  it('skips the plan once its day has passed or today’s new questions are done', () => {
    const plan = fixture.plan as NonNullable<Dashboard['plan']>;
    expect(chooseNextStep({ ...calm, plan: { ...plan, reviewsDue: 0, daysLeft: -2 } }, null, NOW).kind).toBe(
      'practise',
    );
    expect(
      chooseNextStep({ ...calm, plan: { ...plan, reviewsDue: 0, newRemaining: 0 } }, null, NOW).kind,
    ).toBe('practise');
    expect(chooseNextStep({ ...calm, plan: { ...plan, reviewsDue: 0 } }, null, NOW)).toEqual({
      kind: 'plan',
      count: 18,
      to: '/learn',
    });
  });

  it('maps a recommendation to its screen, and falls back to a little practice', () => {
    const state = {
      ...calm,
      progress: { ...calm.progress, state: { code: null, name: null } },
      recommendations: [{ id: 'state:choose', category: 'state', kind: 'chooseState', params: {} }],
    } satisfies Dashboard;
    expect(chooseNextStep(state, null, NOW)).toMatchObject({
      kind: 'recommendation',
      to: '/profile-settings',
    });
    expect(chooseNextStep(calm, null, NOW)).toEqual({ kind: 'practise', to: '/learn' });
  });
});
