import {
  type Achievement,
  type AchievementCode,
  type Celebration,
  type CelebrationNext,
  type Celebrations,
  STREAK_MILESTONES,
} from '@buergerfit/contract';
import type { Knex } from 'knex';
import { type Award, READ_ATTEMPTS, unsettledMocks, withAwardsDue } from '../exam/repository';
import { EXAM } from '../exam/rules';
import type { Language } from '../http/lang';
import { activity } from './repository';
import { DashboardBuilder, type DashboardUser } from './service';

/**
 * Celebrations (issue 30, item 6): the learner's wins they have not been shown yet — a passed mock test, a badge, a
 * streak reaching a milestone — and what comes next. "Shown" is one instant per learner, `users.celebrated_until`
 * (migration 021): a win dated after it is new; the client sends back the latest date it showed (`markCelebrated`),
 * so each win is celebrated once, on whichever device the learner is, and a reload does not repeat it. Nothing is
 * stored per win: the wins are the dated facts the app already keeps (achievements.earned_at, a mock test's finish,
 * the first answer of the day a streak reached its milestone).
 */

/** The badges in the order a learner would rank them (the first one pending heads the celebration). */
const BADGE_RANK: readonly AchievementCode[] = [
  'SCORE_80',
  'MASTER_100',
  'STREAK_7',
  'FIRST_TEST',
  'BOOKMARK_10',
];

/** The longest milestone a streak of `days` has reached (`STREAK_MILESTONES`), or null below the first. */
export function reachedMilestone(days: number): number | null {
  let reached: number | null = null;
  for (const m of STREAK_MILESTONES) if (m <= days) reached = m;
  return reached;
}

/** The next milestone after a streak of `days`, or null past the last one. */
export const nextMilestone = (days: number): number | null => STREAK_MILESTONES.find((m) => m > days) ?? null;

/** The dated facts a learner's wins come from. */
export type Wins = {
  /** `users.celebrated_until`: everything up to it has been celebrated. */
  until: Date;
  /** The learner's latest passed mock test (`passes`: how many they have passed in all), or null. */
  lastPass: { id: string; correct: number; total: number; passes: number; at: Date } | null;
  badges: readonly { code: AchievementCode; at: Date }[];
  /** The current streak's longest milestone and the first answer of the day it was reached, or null. */
  streak: { days: number; at: Date } | null;
};

/**
 * The wins after `until`, the most important first: the passed mock test, then the badges (`BADGE_RANK`), then the
 * streak milestone — left out when it is the 7 days the STREAK_7 badge already celebrates.
 */
export function pendingWins(w: Wins): Celebration[] {
  const isNew = (at: Date) => at.getTime() > w.until.getTime();
  const items: Celebration[] = [];
  if (w.lastPass && isNew(w.lastPass.at)) {
    const { id, correct, total, passes, at } = w.lastPass;
    items.push({
      kind: 'mockPassed',
      attemptId: id,
      correct,
      total,
      passMark: EXAM.passMark,
      passes,
      at: at.toISOString(),
    });
  }
  const badges = w.badges.filter((b) => isNew(b.at));
  for (const code of BADGE_RANK) {
    const badge = badges.find((b) => b.code === code);
    if (badge) items.push({ kind: 'badge', code, at: badge.at.toISOString() });
  }
  const streakBadge = badges.some((b) => b.code === 'STREAK_7');
  if (w.streak && isNew(w.streak.at) && !(streakBadge && w.streak.days === 7)) {
    items.push({ kind: 'streak', days: w.streak.days, at: w.streak.at.toISOString() });
  }
  return items;
}

/** What "what comes next" is computed from: the learner's badges with their progress, readiness and streak. */
export type NextFacts = {
  achievements: readonly Achievement[];
  readiness: { firm: boolean; firmUp: { mocks: number; questions: number } };
  /** Current streak in days. */
  streak: number;
  /** Passed mock tests. */
  passes: number;
};

const progressOf = (facts: NextFacts, code: AchievementCode) =>
  facts.achievements.find((a) => a.code === code);

function streakNext(days: number): CelebrationNext | null {
  const next = nextMilestone(days);
  return next === null ? null : { kind: 'streak', days: next, more: next - days };
}

/**
 * What comes next after `first` (the celebration's headline), from the learner's own figures. After a streak: the
 * next streak milestone. After anything else, the first of: the right answers their best mock test lacked to pass
 * (while they have never passed one), to the 80 % badge (27 of 33; once they have taken a mock test), the mock tests
 * and questions that would firm their readiness up, the questions to master for the MASTER_100 badge, the days to the
 * next streak milestone. Null when nothing is left.
 */
export function whatComesNext(first: Celebration, facts: NextFacts): CelebrationNext | null {
  const aboutStreak = first.kind === 'streak' || (first.kind === 'badge' && first.code === 'STREAK_7');
  if (aboutStreak) {
    const next = streakNext(facts.streak);
    if (next) return next;
  }
  const tests = progressOf(facts, 'FIRST_TEST');
  const taken = Boolean(tests && (tests.earned || tests.progress.current > 0));
  const score = progressOf(facts, 'SCORE_80');
  // SCORE_80's progress is the best mock test (capped at its target, 27).
  const best = taken && score ? (score.earned ? score.progress.target : score.progress.current) : null;
  if (best !== null && facts.passes === 0 && best < EXAM.passMark) {
    return { kind: 'pass', more: EXAM.passMark - best, target: EXAM.passMark, total: EXAM.questions };
  }
  if (best !== null && score && !score.earned && score.progress.target > best) {
    return {
      kind: 'score80',
      more: score.progress.target - best,
      target: score.progress.target,
      total: EXAM.questions,
    };
  }
  const { firm, firmUp } = facts.readiness;
  if (!firm && (firmUp.mocks > 0 || firmUp.questions > 0)) {
    return { kind: 'firmUp', mocks: firmUp.mocks, questions: firmUp.questions };
  }
  const master = progressOf(facts, 'MASTER_100');
  if (master && !master.earned && master.progress.target > master.progress.current) {
    return {
      kind: 'master',
      more: master.progress.target - master.progress.current,
      target: master.progress.target,
    };
  }
  return aboutStreak ? null : streakNext(facts.streak);
}

const BERLIN = "'Europe/Berlin'";

/** A calendar day `n` days after `day` (YYYY-MM-DD). */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The dated facts of one learner's wins (a few small reads, each bounded by the learner's own rows). */
async function readWins(db: Knex, userId: string, now: Date): Promise<Wins & { passes: number }> {
  const [user, lastPass, stored, unsettled, act] = await Promise.all([
    db('users').where({ id: userId }).first<{ celebrated_until: Date } | undefined>('celebrated_until'),
    db
      .raw(
        `SELECT id, correct_count, question_count, finalized_at, count(*) OVER ()::int AS passes
           FROM ${READ_ATTEMPTS}
          WHERE user_id = ? AND kind = 'mock' AND finalized_at IS NOT NULL AND passed
          ORDER BY finalized_at DESC LIMIT 1`,
        [userId],
      )
      .then(
        (r: {
          rows: {
            id: string;
            correct_count: number;
            question_count: number;
            finalized_at: Date | string;
            passes: number;
          }[];
        }) => r.rows[0],
      ),
    db('achievements').where({ user_id: userId }).select<Award[]>('code', 'earned_at'),
    unsettledMocks(db, userId),
    activity(db, userId, now),
  ]);
  let streak: Wins['streak'] = null;
  const milestone = reachedMilestone(act.streak);
  if (milestone !== null && act.last_active) {
    // The streak ends on its last active day (today, or yesterday while today has no answer yet); the milestone was
    // reached on its `milestone`th day, with that day's first answer.
    const { rows } = await db.raw(
      `SELECT min(answered_at) AS at FROM learn_answers
        WHERE user_id = ?
          AND answered_at >= (CAST(? AS date)::timestamp AT TIME ZONE ${BERLIN})
          AND answered_at < ((CAST(? AS date) + 1)::timestamp AT TIME ZONE ${BERLIN})`,
      [userId, ...Array(2).fill(addDays(act.last_active, milestone - act.streak))],
    );
    const at = rows[0]?.at as Date | string | null | undefined;
    if (at) streak = { days: milestone, at: new Date(at) };
  }
  return {
    until: user ? new Date(user.celebrated_until) : now,
    lastPass: lastPass
      ? {
          id: lastPass.id,
          correct: lastPass.correct_count,
          total: lastPass.question_count,
          passes: lastPass.passes,
          at: new Date(lastPass.finalized_at),
        }
      : null,
    badges: withAwardsDue(stored, unsettled).map((a) => ({ code: a.code, at: new Date(a.earned_at) })),
    streak,
    passes: lastPass?.passes ?? 0,
  };
}

/**
 * `GET /api/:lang/user/celebrations`: the learner's wins not celebrated yet and what comes next. Without a new win it
 * costs the few reads of `readWins`; with one, also the badges' progress and the readiness (the dashboard's own).
 */
export async function celebrationsFor(
  db: Knex,
  user: DashboardUser,
  lang: Language,
  now: Date,
): Promise<Celebrations> {
  const wins = await readWins(db, user.id, now);
  const items = pendingWins(wins);
  const first = items[0];
  if (!first) return { items: [], next: null, until: null };
  const builder = new DashboardBuilder(db, user, lang, now);
  const [achievements, readiness, streak] = await Promise.all([
    builder.achievements(),
    builder.readiness(),
    builder.streak(),
  ]);
  const until = new Date(Math.max(...items.map((i) => new Date(i.at).getTime())));
  return {
    items,
    next: whatComesNext(first, { achievements, readiness, streak: streak.current, passes: wins.passes }),
    until: until.toISOString(),
  };
}

/**
 * How far ahead of this server's clock a client's `until` may be: it is a win's date, and a mock test's finish is
 * dated by the database's clock, which may run slightly ahead of this instance's.
 */
export const SEEN_CLOCK_SKEW_MS = 10 * 60_000;

/** The wins up to `until` have been shown. It never moves back, nor further than the clock (plus skew) allows. */
export async function markCelebrated(db: Knex, userId: string, until: Date, now: Date): Promise<void> {
  const latest = new Date(Math.min(until.getTime(), now.getTime() + SEEN_CLOCK_SKEW_MS));
  await db('users')
    .where({ id: userId })
    .update({ celebrated_until: db.raw('greatest(celebrated_until, ?)', [latest]) });
}
