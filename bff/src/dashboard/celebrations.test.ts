import type { Achievement, AchievementCode } from '@buergerfit/contract';
import { describe, expect, it } from 'vitest';
import { type NextFacts, nextMilestone, pendingWins, reachedMilestone, whatComesNext } from './celebrations';

/** The once-only rule and the "what comes next" numbers, with every expected value written here. */

const at = (iso: string) => new Date(iso);

describe('streak milestones (3, 7, 14, 30, 50, 100, 200, 365 days)', () => {
  it.each([
    [0, null, 3],
    [2, null, 3],
    [3, 3, 7],
    [6, 3, 7],
    [7, 7, 14],
    [29, 14, 30],
    [30, 30, 50],
    [364, 200, 365],
    [365, 365, null],
    [400, 365, null],
  ])('a streak of %i days has reached %s, the next is %s', (days, reached, next) => {
    expect(reachedMilestone(days)).toBe(reached);
    expect(nextMilestone(days)).toBe(next);
  });
});

describe('pendingWins: each win once, after the instant up to which the learner has been shown them', () => {
  const until = at('2026-03-10T12:00:00.000Z');
  const pass = { id: '5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', correct: 24, total: 33, passes: 2 };

  it('nothing after `until`: nothing to celebrate (a win exactly at it was shown)', () => {
    expect(
      pendingWins({
        until,
        lastPass: { ...pass, at: until },
        badges: [{ code: 'FIRST_TEST', at: at('2026-03-01T09:00:00.000Z') }],
        streak: { days: 3, at: at('2026-03-10T11:59:59.999Z') },
      }),
    ).toEqual([]);
  });

  it('the pass first, then the badges by rank, then the streak', () => {
    expect(
      pendingWins({
        until,
        lastPass: { ...pass, at: at('2026-03-10T13:00:00.000Z') },
        badges: [
          { code: 'BOOKMARK_10', at: at('2026-03-10T12:30:00.000Z') },
          { code: 'FIRST_TEST', at: at('2026-03-10T13:00:00.000Z') },
          { code: 'SCORE_80', at: at('2026-03-10T13:00:00.000Z') },
          { code: 'STREAK_7', at: at('2026-03-01T09:00:00.000Z') },
        ],
        streak: { days: 14, at: at('2026-03-10T12:10:00.000Z') },
      }),
    ).toEqual([
      {
        kind: 'mockPassed',
        attemptId: pass.id,
        correct: 24,
        total: 33,
        passMark: 17,
        passes: 2,
        at: '2026-03-10T13:00:00.000Z',
      },
      { kind: 'badge', code: 'SCORE_80', at: '2026-03-10T13:00:00.000Z' },
      { kind: 'badge', code: 'FIRST_TEST', at: '2026-03-10T13:00:00.000Z' },
      { kind: 'badge', code: 'BOOKMARK_10', at: '2026-03-10T12:30:00.000Z' },
      { kind: 'streak', days: 14, at: '2026-03-10T12:10:00.000Z' },
    ]);
  });

  it('seven days in a row are said once: by the STREAK_7 badge', () => {
    const day7 = at('2026-03-16T10:00:00.000Z');
    expect(
      pendingWins({
        until,
        lastPass: null,
        badges: [{ code: 'STREAK_7', at: day7 }],
        streak: { days: 7, at: day7 },
      }),
    ).toEqual([{ kind: 'badge', code: 'STREAK_7', at: '2026-03-16T10:00:00.000Z' }]);
  });
});

/** Every badge with `current` of `target` (earned when they meet). */
function badges(progress: Partial<Record<AchievementCode, number>> = {}): Achievement[] {
  const targets: Record<AchievementCode, number> = {
    FIRST_TEST: 1,
    STREAK_7: 7,
    SCORE_80: 27,
    MASTER_100: 100,
    BOOKMARK_10: 10,
  };
  return (Object.keys(targets) as AchievementCode[]).map((code) => {
    const target = targets[code];
    const current = Math.min(progress[code] ?? 0, target);
    const earned = current >= target;
    return {
      code,
      earned,
      earnedAt: earned ? '2026-03-10T12:00:00.000Z' : null,
      progress: { current, target },
    };
  });
}

const facts = (over: Partial<NextFacts> = {}): NextFacts => ({
  achievements: badges(),
  readiness: { firm: false, firmUp: { mocks: 2, questions: 150 } },
  streak: 1,
  passes: 0,
  ...over,
});

const passed = {
  kind: 'mockPassed',
  attemptId: '5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
  correct: 24,
  total: 33,
  passMark: 17,
  passes: 1,
  at: '2026-03-10T13:00:00.000Z',
} as const;
const badge = (code: AchievementCode) => ({ kind: 'badge', code, at: '2026-03-10T13:00:00.000Z' }) as const;

describe('whatComesNext', () => {
  it('after a first pass of 24: 3 more right answers to 80 % (27 of 33)', () => {
    expect(
      whatComesNext(passed, facts({ achievements: badges({ FIRST_TEST: 1, SCORE_80: 24 }), passes: 1 })),
    ).toEqual({ kind: 'score80', more: 3, target: 27, total: 33 });
  });

  it('after a failed first test of 15: 2 more right answers to pass (17 of 33)', () => {
    expect(
      whatComesNext(badge('FIRST_TEST'), facts({ achievements: badges({ FIRST_TEST: 1, SCORE_80: 15 }) })),
    ).toEqual({ kind: 'pass', more: 2, target: 17, total: 33 });
  });

  it('with 80 % held: what firms the readiness up (1 more mock test, 117 questions)', () => {
    expect(
      whatComesNext(
        badge('SCORE_80'),
        facts({
          achievements: badges({ FIRST_TEST: 1, SCORE_80: 28 }),
          passes: 1,
          readiness: { firm: false, firmUp: { mocks: 1, questions: 117 } },
        }),
      ),
    ).toEqual({ kind: 'firmUp', mocks: 1, questions: 117 });
  });

  it('no mock test yet: never "27 more to 80 %", the readiness comes first', () => {
    expect(whatComesNext(badge('BOOKMARK_10'), facts({ achievements: badges({ BOOKMARK_10: 10 }) }))).toEqual(
      {
        kind: 'firmUp',
        mocks: 2,
        questions: 150,
      },
    );
  });

  it('firm, 80 % held: the questions to master (63 of 100 left), then the next streak milestone', () => {
    const firm = { firm: true, firmUp: { mocks: 0, questions: 0 } };
    expect(
      whatComesNext(
        passed,
        facts({
          achievements: badges({ FIRST_TEST: 1, SCORE_80: 30, MASTER_100: 37 }),
          readiness: firm,
          passes: 3,
        }),
      ),
    ).toEqual({ kind: 'master', more: 63, target: 100 });
    expect(
      whatComesNext(
        passed,
        facts({
          achievements: badges({ FIRST_TEST: 1, SCORE_80: 30, MASTER_100: 100 }),
          readiness: firm,
          passes: 3,
          streak: 9,
        }),
      ),
    ).toEqual({ kind: 'streak', more: 5, days: 14 });
  });

  it('after a streak milestone: the days to the next one, whatever else is open', () => {
    expect(whatComesNext({ kind: 'streak', days: 3, at: passed.at }, facts({ streak: 3 }))).toEqual({
      kind: 'streak',
      more: 4,
      days: 7,
    });
    expect(whatComesNext(badge('STREAK_7'), facts({ streak: 8 }))).toEqual({
      kind: 'streak',
      more: 6,
      days: 14,
    });
    // Past the last milestone: the rest of the list.
    expect(whatComesNext({ kind: 'streak', days: 365, at: passed.at }, facts({ streak: 365 }))).toEqual({
      kind: 'firmUp',
      mocks: 2,
      questions: 150,
    });
  });

  it('nothing left: null', () => {
    expect(
      whatComesNext(
        passed,
        facts({
          achievements: badges({ FIRST_TEST: 1, SCORE_80: 33, MASTER_100: 100 }),
          readiness: { firm: true, firmUp: { mocks: 0, questions: 0 } },
          passes: 5,
          streak: 400,
        }),
      ),
    ).toBeNull();
  });
});
