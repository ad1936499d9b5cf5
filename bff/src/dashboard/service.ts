import type {
  Achievement,
  AchievementCode,
  BookmarksSummary,
  Dashboard,
  DashboardReviews,
  ExamSummary,
  DashboardMode as Mode,
  StudyPlan as Plan,
  DashboardProgress as Progress,
  Readiness,
  Recommendation,
  Statistics,
  Streak,
  TopicProgress,
} from '@buergerfit/contract';
import type { Knex } from 'knex';
import { listTopics } from '../catalog/repository';
import { EXAM } from '../exam/rules';
import type { Language } from '../http/lang';
import { isMastered } from '../learn/mastery';
import { type ReviewQueue, reviewQueue } from '../learn/queue';
import { learnerSchedule } from '../learn/repository';
import { score80Target, THRESHOLDS } from './achievements';
import { estimateReadiness, type QuestionEvidence } from './readiness';
import {
  type ActivityRow,
  activity,
  type ExamRow,
  examSummary,
  type MetaRow,
  meta,
  type QuestionStatRow,
  questionStats,
} from './repository';

/** A subtopic is "weak" below this accuracy once it has at least WEAK_MIN_ANSWERS answers. */
const WEAK_ACCURACY = 0.6;
const WEAK_MIN_ANSWERS = 3;
const STATE_OK_ACCURACY = 0.7;
const MOCK_EVERY_DAYS = 7;
const MAX_RECOMMENDATIONS = 5;

export type DashboardUser = { id: string; federal_state: string | null };

const iso = (d: Date | string) => new Date(d).toISOString();

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Builds the dashboard's parts for one user. Each data source is loaded at most once per request (memoized) and
 * only when a requested part needs it, so `/user/streak` costs one query and `/user/dashboard` four, run in
 * parallel. It only reads: a mock test that ran out of time unopened reads as finished (exam/repository.ts).
 */
export class DashboardBuilder {
  private cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Knex,
    private readonly user: DashboardUser,
    private readonly lang: Language,
    private readonly now: Date,
  ) {}

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.cache.set(key, p);
    }
    return p;
  }

  private questions = () =>
    this.once('questions', () => questionStats(this.db, this.user.id, this.user.federal_state, this.now));
  private activity = () => this.once('activity', () => activity(this.db, this.user.id, this.now));
  private exams = () => this.once('exams', () => examSummary(this.db, this.user.id));
  /** The learner's FSRS weights (their own once fitted): readiness reads recall with their decay. */
  private schedule = () => this.once('schedule', () => learnerSchedule(this.db, this.user.id));
  /** The review queue (learn/queue.ts): the one count of due questions, shared by every part that shows it. */
  private queue = () => this.once('queue', () => reviewQueue(this.db, this.user, this.now));
  private meta = () =>
    this.once('meta', () => meta(this.db, this.user.id, this.user.federal_state, this.lang, this.now));
  private topicNames = () =>
    this.once('topics', async () => {
      const topics = await listTopics(this.db, this.lang);
      return new Map(topics.map((t) => [t.id, t.name]));
    });

  async streak(): Promise<Streak> {
    return toStreak(await this.activity());
  }

  async progress(): Promise<Progress> {
    const [rows, names, m] = await Promise.all([this.questions(), this.topicNames(), this.meta()]);
    return toProgress(rows, names, this.user.federal_state, m);
  }

  async statistics(): Promise<Statistics> {
    const [rows, names, act, exams] = await Promise.all([
      this.questions(),
      this.topicNames(),
      this.activity(),
      this.exams(),
    ]);
    return toStatistics(rows, names, act, exams);
  }

  async readiness(): Promise<Readiness> {
    const [rows, exams, m, schedule] = await Promise.all([
      this.questions(),
      this.exams(),
      this.meta(),
      this.schedule(),
    ]);
    // The chance is for the test day when it is ahead, else for a test tomorrow (a test is never sat the minute
    // after practice, when what was just seen is still fresh).
    const examAt = m.exam_starts_at ? new Date(m.exam_starts_at) : null;
    const forExam = Boolean(examAt && examAt > this.now);
    const at = forExam ? (examAt as Date) : new Date(this.now.getTime() + 86_400_000);
    return toReadiness(rows, exams, { at, forExam, parameters: schedule.parameters ?? null });
  }

  async plan(): Promise<Plan | null> {
    const [rows, m, act, queue] = await Promise.all([
      this.questions(),
      this.meta(),
      this.activity(),
      this.queue(),
    ]);
    return toPlan(rows, m, act, queue);
  }

  async reviews(): Promise<DashboardReviews> {
    const q = await this.queue();
    return { due: q.due, nextDueAt: q.nextDueAt ? q.nextDueAt.toISOString() : null };
  }

  async recommendations(): Promise<Recommendation[]> {
    const [rows, names, exams, m, queue] = await Promise.all([
      this.questions(),
      this.topicNames(),
      this.exams(),
      this.meta(),
      this.queue(),
    ]);
    return toRecommendations(rows, names, exams, m, this.user.federal_state, this.now, queue.due);
  }

  /**
   * Achievements as held, with the progress towards the ones not earned yet. Nothing is awarded here: each is
   * awarded in the write that earns it (achievements.ts), with that moment as its date; a mock test that ran out
   * of time unopened shows the FIRST_TEST/SCORE_80 its finalize will award (`meta`).
   */
  async achievements(): Promise<Achievement[]> {
    const [rows, act, exams, m] = await Promise.all([
      this.questions(),
      this.activity(),
      this.exams(),
      this.meta(),
    ]);
    const earned = new Map(m.achievements.map((a) => [a.code, new Date(a.earned_at)]));
    const mastered = rows.filter(
      (r) => r.in_pool && isMastered({ correct_streak: r.correct_streak ?? 0 }),
    ).length;
    const status: Record<AchievementCode, { current: number; target: number }> = {
      FIRST_TEST: { current: exams.taken, target: 1 },
      STREAK_7: { current: act.streak, target: THRESHOLDS.STREAK_7 },
      SCORE_80: { current: exams.best_correct ?? 0, target: score80Target(EXAM.questions) },
      MASTER_100: { current: mastered, target: THRESHOLDS.MASTER_100 },
      BOOKMARK_10: { current: m.bookmarks, target: THRESHOLDS.BOOKMARK_10 },
    };
    return (Object.keys(status) as AchievementCode[]).map((code) => {
      const s = status[code];
      const at = earned.get(code);
      return {
        code,
        earned: Boolean(at),
        earnedAt: at ? at.toISOString() : null,
        progress: { current: at ? s.target : Math.min(s.current, s.target), target: s.target },
      };
    });
  }

  async bookmarks(): Promise<BookmarksSummary> {
    const m = await this.meta();
    return { count: m.bookmarks };
  }

  async modes(): Promise<Mode[]> {
    const { due } = await this.queue();
    // Ids only: the dashboard remote maps each to its screen (the state mode by whether a state is chosen).
    return [
      { id: 'learn', comingSoon: false, count: null },
      { id: 'challenge', comingSoon: false, count: null },
      { id: 'mock', comingSoon: false, count: null },
      { id: 'focus', comingSoon: false, count: due },
      { id: 'state', comingSoon: false, count: null },
      { id: 'settings', comingSoon: false, count: null },
      { id: 'resources', comingSoon: false, count: null },
      { id: 'community', comingSoon: true, count: null },
    ];
  }

  async dashboard(): Promise<Dashboard> {
    const [
      streak,
      progress,
      statistics,
      readiness,
      plan,
      reviews,
      recommendations,
      achievements,
      bookmarks,
      modes,
    ] = await Promise.all([
      this.streak(),
      this.progress(),
      this.statistics(),
      this.readiness(),
      this.plan(),
      this.reviews(),
      this.recommendations(),
      this.achievements(),
      this.bookmarks(),
      this.modes(),
    ]);
    return {
      generatedAt: this.now.toISOString(),
      streak,
      progress,
      statistics,
      readiness,
      plan,
      reviews,
      recommendations,
      achievements,
      bookmarks,
      modes,
    };
  }
}

// ── pure assembly ────────────────────────────────────────────────────────────────────────────────────────────

function toStreak(a: ActivityRow): Streak {
  return {
    current: a.streak,
    activeToday: a.streak > 0 && a.last_active === a.today,
    lastActiveDate: a.last_active,
    today: a.today,
  };
}

const isState = (r: QuestionStatRow) => r.state_code !== null;

function toProgress(
  rows: QuestionStatRow[],
  names: Map<string, string>,
  stateCode: string | null,
  m: MetaRow,
): Progress {
  const pool = rows.filter((r) => r.in_pool);
  const seen = (r: QuestionStatRow) => (r.seen_count ?? 0) > 0;
  const mastered = (r: QuestionStatRow) => isMastered({ correct_streak: r.correct_streak ?? 0 });
  const topics = new Map<string, TopicProgress>();
  for (const r of pool) {
    const id = isState(r) ? 'state' : r.topic;
    let t = topics.get(id);
    if (!t) {
      const name = id === 'state' ? (m.state_name ?? stateCode ?? id) : (names.get(id) ?? id);
      t = { id, name, total: 0, seen: 0, mastered: 0 };
      topics.set(id, t);
    }
    t.total++;
    if (seen(r)) t.seen++;
    if (mastered(r)) t.mastered++;
  }
  const order = ['politics', 'history', 'society', 'state'];
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const seenCount = pool.filter(seen).length;
  return {
    total: pool.length,
    seen: seenCount,
    mastered: pool.filter(mastered).length,
    unseen: pool.length - seenCount,
    topics: [...topics.values()].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id)),
    state: {
      code: stateCode,
      name: stateCode ? m.state_name : null,
    },
  };
}

type SubtopicStat = { id: string; answered: number; correct: number; incorrect: number };

function subtopicStats(rows: QuestionStatRow[]): SubtopicStat[] {
  const by = new Map<string, SubtopicStat>();
  for (const r of rows) {
    if (!r.in_pool || !r.seen_count || isState(r)) continue;
    const id = r.subtopic ?? r.topic;
    const s = by.get(id) ?? { id, answered: 0, correct: 0, incorrect: 0 };
    s.answered += r.seen_count;
    s.correct += r.correct_count ?? 0;
    s.incorrect += r.incorrect_count ?? 0;
    by.set(id, s);
  }
  return [...by.values()];
}

function toExamSummary(e: ExamRow): ExamSummary {
  return {
    taken: e.taken,
    passed: e.passed,
    averageScore: e.avg_score === null ? null : round3(e.avg_score),
    averageCorrect: e.avg_correct === null ? null : Math.round(e.avg_correct * 10) / 10,
    lastTakenAt: e.last_at ? iso(e.last_at) : null,
    recent: e.recent.map((r) => ({
      id: r.id,
      finishedAt: iso(r.finalized_at),
      correct: r.correct_count,
      total: r.question_count,
      passed: r.passed,
    })),
  };
}

function toStatistics(
  rows: QuestionStatRow[],
  names: Map<string, string>,
  act: ActivityRow,
  exams: ExamRow,
): Statistics {
  let answered = 0;
  let correct = 0;
  let incorrect = 0;
  const distribution = { correct: 0, incorrect: 0, unanswered: 0 };
  for (const r of rows) {
    answered += r.seen_count ?? 0;
    correct += r.correct_count ?? 0;
    incorrect += r.incorrect_count ?? 0;
    if (!r.in_pool) continue;
    if (!r.seen_count) distribution.unanswered++;
    // The streak of right answers is reset by a wrong one: > 0 ⇔ the last answer was right.
    else if ((r.correct_streak ?? 0) > 0) distribution.correct++;
    else distribution.incorrect++;
  }
  const byDay = new Map(act.weekly.map((w) => [w.day, w]));
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(act.week_start, i);
    const w = byDay.get(date);
    return { date, weekday: i + 1, answered: w?.answered ?? 0, correct: w?.correct ?? 0 };
  });
  const mostMissed = subtopicStats(rows)
    .filter((s) => s.incorrect > 0)
    .sort((a, b) => b.incorrect - a.incorrect || a.correct / a.answered - b.correct / b.answered)
    .slice(0, 3)
    .map((s) => ({
      id: s.id,
      name: names.get(s.id) ?? s.id,
      incorrect: s.incorrect,
      answered: s.answered,
      accuracy: round3(s.correct / s.answered),
    }));
  return {
    answered,
    correct,
    incorrect,
    accuracy: answered > 0 ? round3(correct / answered) : null,
    distribution,
    weekly: { weekStart: act.week_start, days },
    mostMissed,
    exams: toExamSummary(exams),
  };
}

function toReadiness(
  rows: QuestionStatRow[],
  exams: ExamRow,
  when: { at: Date; forExam: boolean; parameters: readonly number[] | null },
): Readiness {
  const questions: QuestionEvidence[] = [];
  const basis = { mastered: 0, practised: 0, unseen: 0 };
  let answers = 0;
  for (const r of rows) {
    if (!r.in_pool) continue;
    const seen = r.seen_count ?? 0;
    answers += seen;
    if (!seen) basis.unseen++;
    else if (isMastered({ correct_streak: r.correct_streak ?? 0 })) basis.mastered++;
    else basis.practised++;
    questions.push({
      state: isState(r),
      answers: seen,
      firstRight: seen ? (r.first_correct ?? null) : null,
      everWrong: (r.incorrect_count ?? 0) > 0,
      stability: r.stability,
      lastReview: r.last_review ? new Date(r.last_review) : null,
      right: r.recent_correct ?? 0,
      wrong: r.recent_incorrect ?? 0,
    });
  }
  const last = exams.recent[0];
  const { rawPassChance: _, ...estimate } = estimateReadiness({
    questions,
    at: when.at,
    parameters: when.parameters,
    mocks: exams.taken,
  });
  return {
    questions: EXAM.questions,
    passMark: EXAM.passMark,
    ...estimate,
    forExam: when.forExam,
    basis,
    evidence: { answers, questions: basis.mastered + basis.practised, mocks: exams.taken },
    mocks: {
      count: exams.taken,
      averageCorrect: exams.avg_correct === null ? null : Math.round(exams.avg_correct * 10) / 10,
    },
    lastMock: last
      ? { correct: last.correct_count, total: last.question_count, finishedAt: iso(last.finalized_at) }
      : null,
  };
}

/**
 * The daily plan, which adds up: today's share of new questions is fixed for the Berlin day, the questions unseen
 * when the day began (unseen now + first answered today) spread over the days left, today included, rounded up
 * (`newGoal`); what is left of it (`newRemaining`) counts down as today's new questions are answered, and the
 * share is worked out again from the new total tomorrow. Reviews are the review queue's (learn/queue.ts).
 */
function toPlan(rows: QuestionStatRow[], m: MetaRow, act: ActivityRow, queue: ReviewQueue): Plan | null {
  if (!m.exam_date || m.days_left === null) return null;
  const pool = rows.filter((r) => r.in_pool);
  const unseen = pool.filter((r) => !r.seen_count).length;
  const newSeenToday = pool.filter((r) => r.seen_count && r.new_today).length;
  const daysLeft = m.days_left;
  const newGoal = daysLeft < 0 ? 0 : Math.ceil((unseen + newSeenToday) / Math.max(daysLeft, 1));
  return {
    examDate: m.exam_date,
    daysLeft,
    unseen,
    newSeenToday,
    newGoal,
    newRemaining: Math.max(0, newGoal - newSeenToday),
    reviewsDue: queue.due,
    nextReviewAt: queue.nextDueAt ? queue.nextDueAt.toISOString() : null,
    answeredToday: act.weekly.find((w) => w.day === act.today)?.answered ?? 0,
  };
}

function toRecommendations(
  rows: QuestionStatRow[],
  names: Map<string, string>,
  exams: ExamRow,
  m: MetaRow,
  stateCode: string | null,
  now: Date,
  due: number,
): Recommendation[] {
  const out: Recommendation[] = [];
  if (!stateCode) {
    out.push({ id: 'state:choose', category: 'state', kind: 'chooseState', params: {} });
  }
  const weak = subtopicStats(rows)
    .filter((s) => s.answered >= WEAK_MIN_ANSWERS && s.correct / s.answered < WEAK_ACCURACY)
    .sort((a, b) => a.correct / a.answered - b.correct / b.answered || b.answered - a.answered)
    .slice(0, 2);
  for (const s of weak) {
    out.push({
      id: `topic:${s.id}`,
      category: 'topic',
      kind: 'weakTopic',
      params: { topic: names.get(s.id) ?? s.id, topicId: s.id, accuracy: round3(s.correct / s.answered) },
    });
  }
  const lastMock = exams.last_at ? new Date(exams.last_at).getTime() : null;
  if (lastMock === null || now.getTime() - lastMock > MOCK_EVERY_DAYS * 86_400_000) {
    out.push({ id: 'test:weekly', category: 'test', kind: 'mockTest', params: {} });
  }
  if (stateCode) {
    const st = rows.filter((r) => r.in_pool && isState(r));
    const seen = st.filter((r) => r.seen_count);
    const answered = seen.reduce((a, r) => a + (r.seen_count ?? 0), 0);
    const correct = seen.reduce((a, r) => a + (r.correct_count ?? 0), 0);
    const allMastered = st.every((r) => isMastered({ correct_streak: r.correct_streak ?? 0 }));
    if (!allMastered && (seen.length < st.length || correct / Math.max(answered, 1) < STATE_OK_ACCURACY)) {
      out.push({
        id: 'state:practice',
        category: 'state',
        kind: 'statePractice',
        params: { count: st.length - seen.length },
      });
    }
  }
  const answered = rows.reduce((a, r) => a + (r.seen_count ?? 0), 0);
  if (answered === 0) {
    out.push({ id: 'general:start', category: 'general', kind: 'startLearning', params: {} });
  }
  if (due > 0) {
    out.push({
      id: 'general:review',
      category: 'general',
      kind: 'reviewDue',
      params: { count: due },
    });
  }
  if (!m.exam_date) {
    out.push({ id: 'general:exam-date', category: 'general', kind: 'setExamDate', params: {} });
  }
  out.push({ id: 'general:daily', category: 'general', kind: 'dailyHabit', params: {} });
  const dismissed = new Set(m.dismissed);
  return out.filter((r) => !dismissed.has(r.id)).slice(0, MAX_RECOMMENDATIONS);
}
