import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn, signInFlow } from '../../../test/helpers/sign-in';
import {
  allUserDataTables,
  countAllRows,
  countUserRows,
  foreignKeys,
  useEveryFeature,
} from '../../../test/helpers/user-data';
import { isMastered } from '../../learn/mastery';
import { EXPORT_SECTIONS } from '../../users/export';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Init = { method?: string; json?: unknown };
const call = (cookie: string, path: string, init: Init = {}) =>
  app.request(path, { ...init, headers: { cookie } });
const meOf = async (cookie: string) => (await call(cookie, '/api/user/me')).json();

describe('settings', () => {
  it('onboarding "save": stores the state (one of the 16) and completes onboarding', async () => {
    const c = await signIn(app, 'saver');
    const bad = await call(c, '/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'XX' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0].path).toBe('selected_state');
    expect(
      (
        await call(c, '/api/user/setting/german-federal-state', {
          method: 'PATCH',
          json: { selected_state: 'by' },
        })
      ).status,
    ).toBe(400);
    const ok = await call(c, '/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'BY' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ federalState: 'BY', onboarded: true });
    expect(await meOf(c)).toMatchObject({ federalState: 'BY' });
  });

  it('onboarding "skip": onboarded with no state; nickname becomes the name', async () => {
    const c = await signIn(app, 'skipper');
    const res = await call(c, '/api/user/settings', {
      method: 'PATCH',
      json: { onboarded: true, nickname: '  Skip  ', preferredLanguage: 'hr' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'Skip',
      nickname: 'Skip',
      preferredLanguage: 'hr',
      federalState: null,
      onboarded: true,
    });
    // Returning now lands on the remembered page, not /welcome.
    expect((await signInFlow(app, { name: 'skipper', redirect: '/dashboard' })).location).toBe('/dashboard');
    const cleared = await call(c, '/api/user/settings', { method: 'PATCH', json: { nickname: null } });
    expect((await cleared.json()).name).toBe('skipper');
  });

  it('validates strictly', async () => {
    const c = await signIn(app, 'validator');
    for (const json of [
      { nickname: '   ' },
      { nickname: 'x'.repeat(41) },
      { preferredLanguage: 'fr' },
      { federalState: 'ZZ' },
      { notifications: { sms: true } },
      { notifications: { email: 'yes' } },
      { unknown: 1 },
    ]) {
      const res = await call(c, '/api/user/settings', { method: 'PATCH', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_input');
    }
    const ok = await call(c, '/api/user/settings', {
      method: 'PATCH',
      json: { notifications: { weeklyReport: true }, federalState: 'HH' },
    });
    expect(await ok.json()).toMatchObject({
      federalState: 'HH',
      notifications: { email: false, push: false, weeklyReport: true },
    });
  });
});

describe('GET /api/{lang}/learn behind sign-in', () => {
  it('is 401 without a session, and uses the user state when no ?state is given', async () => {
    expect((await app.request('/api/en/learn')).status).toBe(401);
    const c = await signIn(app, 'learner-be');
    // No state chosen yet: the 300 general questions only.
    expect(await (await call(c, '/api/en/learn')).json()).toHaveLength(300);
    await call(c, '/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'BE' },
    });
    const qs: { state: string | null }[] = await (await call(c, '/api/en/learn')).json();
    expect(qs).toHaveLength(310);
    expect(new Set(qs.filter((q) => q.state).map((q) => q.state))).toEqual(new Set(['BE']));
    const other: { state: string | null }[] = await (await call(c, '/api/en/learn?state=HH')).json();
    expect(new Set(other.filter((q) => q.state).map((q) => q.state))).toEqual(new Set(['HH']));
    // The states list stays public.
    expect((await app.request('/api/en/german-federal-states')).status).toBe(200);
  });
});

describe('every /api/user and /api/{lang}/user route needs a session', () => {
  it('answers 401 JSON without one, for known and future routes alike', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/me'],
      ['GET', '/api/user/export'],
      ['PATCH', '/api/user/settings'],
      ['PATCH', '/api/user/setting/german-federal-state'],
      ['DELETE', '/api/user'],
      ['GET', '/api/en/user/dashboard'],
      ['GET', '/api/de/user/bookmarks'],
      ['POST', '/api/en/user/recommendations/1/dismiss'],
    ] as const) {
      const res = await app.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await res.json()).error.code).toBe('unauthorized');
    }
  });
});

describe('user A cannot read or change user B', () => {
  it('ignores ids in the path, query and body; only the session decides', async () => {
    const a = await signIn(app, 'alice');
    const b = await signIn(app, 'bob');
    const aUser = await meOf(a);
    const bUser = await meOf(b);
    expect(aUser.id).not.toBe(bUser.id);

    expect((await meOf(a)).id).toBe(aUser.id);
    expect((await (await call(a, `/api/user/me?id=${bUser.id}&user_id=${bUser.id}`)).json()).id).toBe(
      aUser.id,
    );
    expect((await call(a, `/api/user/${bUser.id}`)).status).toBe(404);

    const s = await call(a, '/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'SN', user_id: bUser.id, id: bUser.id },
    });
    expect((await s.json()).id).toBe(aUser.id);
    const tamper = await call(a, '/api/user/settings', {
      method: 'PATCH',
      json: { id: bUser.id, nickname: 'pwned' },
    });
    expect(tamper.status).toBe(400);
    const tamperQ = await call(a, `/api/user/settings?id=${bUser.id}`, {
      method: 'PATCH',
      json: { nickname: 'Alice' },
    });
    expect((await tamperQ.json()).id).toBe(aUser.id);

    const exportA = await (await call(a, `/api/user/export?user_id=${bUser.id}`)).json();
    expect(exportA.profile.id).toBe(aUser.id);
    expect(JSON.stringify(exportA)).not.toContain(bUser.id);

    const del = await call(a, `/api/user?id=${bUser.id}`, { method: 'DELETE', json: { id: bUser.id } });
    expect(del.status).toBe(204);
    const after = await meOf(b);
    expect(after).toMatchObject({ id: bUser.id, nickname: null, federalState: null });
    expect((await call(a, '/api/user/me')).status).toBe(401);
  });
});

describe('download my data, delete my account', () => {
  const exportOf = async (cookie: string) => {
    const res = await call(cookie, '/api/user/export');
    expect(res.status).toBe(200);
    return res.json();
  };

  it('exports everything stored about the user as a JSON download, without secrets', async () => {
    const c = await signIn(app, 'exporter');
    await call(c, '/api/user/settings', {
      method: 'PATCH',
      json: { nickname: 'Exi', federalState: 'NW', preferredLanguage: 'de', onboarded: true },
    });
    const res = await call(c, '/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="buergerfit-data-.*\.json"$/,
    );
    const data = await res.json();
    expect(data.format).toBe('buergerfit-user-export/1');
    expect(data.profile).toMatchObject({
      name: 'Exi',
      nickname: 'Exi',
      email: 'exporter@local.test',
      federalState: 'NW',
      preferredLanguage: 'de',
      onboarded: true,
      hasPassword: false,
    });
    expect(data.identities).toEqual([
      expect.objectContaining({ provider: 'local', subject: 'local-exporter', emailVerified: true }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(data);
    for (const secret of ['token_hash', 'password_hash', 'bf_rt', 'access_token'])
      expect(text).not.toContain(secret);
  });

  /**
   * Which section of "Download my data" carries each table of user data. A table added later (found in the
   * schema by its `user_id` column or its foreign key to such a table) fails this test until it is exported
   * and listed here.
   */
  const EXPORT_SECTION_OF_TABLE: Record<string, string> = {
    users: 'profile',
    identities: 'identities',
    sessions: 'sessions',
    // A refresh token is a secret: the session it belongs to is exported, the token (hash) is not.
    refresh_tokens: 'sessions',
    learn_answers: 'learnAnswers',
    question_progress: 'questionProgress',
    bookmarks: 'bookmarks',
    challenge_scores: 'challengeScores',
    achievements: 'achievements',
    dismissed_recommendations: 'dismissedRecommendations',
    exam_attempts: 'examAttempts',
    exam_attempt_items: 'examAnswers',
    contact_messages: 'contactMessages',
    content_reports: 'contentReports',
    analytics_events: 'analyticsEvents',
    admin_audit: 'adminActions',
    memory_models: 'memoryModel',
  };

  it('has an export section for every table that holds user data, with every row in it', async () => {
    const tables = await allUserDataTables(app.db);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'identities', 'learn_answers', 'exam_attempt_items']),
    );
    const unmapped = tables.filter((t) => !(t in EXPORT_SECTION_OF_TABLE));
    expect(unmapped, 'tables with user data but no export section: add one to users/export.ts').toEqual([]);
    const sections = EXPORT_SECTIONS.map((s) => s.name);
    for (const [table, section] of Object.entries(EXPORT_SECTION_OF_TABLE)) {
      expect(sections, `${table} → ${section}`).toContain(section);
    }
    // Users are linked to their data by `user_id` only (so the schema scan above sees every link).
    const toUsers = (await foreignKeys(app.db)).filter((fk) => fk.parent === 'users');
    expect(toUsers.filter((fk) => fk.column !== 'user_id' && fk.table !== 'users')).toEqual([]);

    const c = await signIn(app, 'exporter-full');
    await useEveryFeature(app, c, 'exporter-full');
    const { id } = await meOf(c);
    const rows = await countUserRows(app.db, id);
    const data = await exportOf(c);
    const tablesOfSection = new Map<string, string[]>();
    for (const [t, s] of Object.entries(EXPORT_SECTION_OF_TABLE))
      tablesOfSection.set(s, [...(tablesOfSection.get(s) ?? []), t]);
    for (const table of tables) {
      const section = EXPORT_SECTION_OF_TABLE[table] as string;
      expect(rows[table], `rows in ${table}`).toBeGreaterThan(0);
      const value = data[section];
      if (Array.isArray(value)) {
        // One entry per row where the section is that table's alone.
        if (tablesOfSection.get(section)?.length === 1)
          expect(value, section).toHaveLength(rows[table] as number);
        else expect(value.length, section).toBeGreaterThan(0);
      } else {
        expect(value, section).toBeTruthy();
      }
    }
    expect(data.contactMessages).toEqual([
      expect.objectContaining({
        name: 'exporter-full',
        email: 'exporter-full@example.org',
        subject: 'feedback',
        message: 'Hello from exporter-full',
        language: 'en',
      }),
    ]);
    expect(data.contentReports).toEqual([
      {
        questionId: expect.stringMatching(/^q\d+$/),
        kind: 'explanation',
        text: 'A problem found by exporter-full',
        language: 'en',
        contentVersion: expect.stringMatching(/^[0-9a-f]{64}$/),
        sentAt: expect.any(String),
      },
    ]);
    expect(data.analyticsEvents).toEqual([
      expect.objectContaining({
        event: 'plan_selected',
        properties: { plan: 'subscription', billing: 'yearly' },
        visitorId: expect.any(String),
      }),
    ]);
    expect(data.examAnswers).toHaveLength(33);
    expect(data.examAnswers.filter((a: { answer: number | null }) => a.answer !== null)).toHaveLength(33);
    expect(data.examAnswers[3]).toMatchObject({ position: 4, unsure: true });
    expect(data.examAnswers[0].attemptStartedAt).toBe(data.examAttempts[0].startedAt);
    const text = JSON.stringify(data);
    for (const secret of ['token_hash', 'password_hash', 'bf_rt', 'access_token'])
      expect(text).not.toContain(secret);
  });

  it('contains what the dashboard shows', async () => {
    const c = await signIn(app, 'dashboard-exporter');
    const filled = await useEveryFeature(app, c, 'dashboard-exporter');
    const read = async (path: string) => {
      const res = await call(c, path);
      expect(res.status, path).toBe(200);
      return res.json();
    };
    // The dashboard first: reading it may award achievements, which the export then has to contain.
    const dashboard = await read('/api/en/user/dashboard');
    const statistics = await read('/api/en/user/statistics');
    const streak = await read('/api/en/user/streak');
    const data = await exportOf(c);
    expect(statistics).toEqual(dashboard.statistics);
    expect(streak).toEqual(dashboard.streak);

    type Answer = { questionId: string; isCorrect: boolean; answeredAt: string };
    type Progress = {
      questionId: string;
      seen: number;
      correct: number;
      lastCorrect: boolean;
      correctStreak: number;
    };
    const answers: Answer[] = data.learnAnswers;
    const progress: Progress[] = data.questionProgress;
    const right = answers.filter((a) => a.isCorrect).length;

    // Answers: the learner's own, and the dashboard's counts follow from them.
    expect(answers.map((a) => [Number(a.questionId.slice(1)), a.isCorrect])).toEqual(
      filled.answers.map((a) => [a.question, a.correct]),
    );
    expect(dashboard.statistics).toMatchObject({
      answered: answers.length,
      correct: right,
      incorrect: answers.length - right,
    });
    expect(dashboard.statistics.accuracy).toBeCloseTo(right / answers.length, 3);
    expect(progress.reduce((n, p) => n + p.seen, 0)).toBe(answers.length);
    expect(progress.reduce((n, p) => n + p.correct, 0)).toBe(right);
    // Per question (every answered question is in the Berlin pool here).
    expect(dashboard.progress.seen).toBe(progress.length);
    expect(dashboard.progress.mastered).toBe(
      progress.filter((p) => isMastered({ correct_streak: p.correctStreak })).length,
    );
    expect(dashboard.statistics.distribution).toEqual({
      correct: progress.filter((p) => p.lastCorrect).length,
      incorrect: progress.filter((p) => !p.lastCorrect).length,
      unanswered: dashboard.progress.total - progress.length,
    });
    expect(dashboard.progress.state.code).toBe(data.profile.federalState);

    // Streak and this week, by Berlin calendar day of each answer.
    const berlinDay = (at: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(at));
    const days = new Set(answers.map((a) => berlinDay(a.answeredAt)));
    expect(dashboard.streak.lastActiveDate).toBe([...days].sort().at(-1));
    expect(dashboard.streak.activeToday).toBe(days.has(dashboard.streak.today));
    let run = 0;
    const day = new Date(`${dashboard.streak.today}T12:00:00Z`);
    if (!days.has(dashboard.streak.today)) day.setUTCDate(day.getUTCDate() - 1);
    while (days.has(day.toISOString().slice(0, 10))) {
      run++;
      day.setUTCDate(day.getUTCDate() - 1);
    }
    expect(dashboard.streak.current).toBe(run);
    expect(run).toBeGreaterThan(0);
    for (const d of dashboard.statistics.weekly.days as {
      date: string;
      answered: number;
      correct: number;
    }[]) {
      const on = answers.filter((a) => berlinDay(a.answeredAt) === d.date);
      expect({ answered: d.answered, correct: d.correct }, d.date).toEqual({
        answered: on.length,
        correct: on.filter((a) => a.isCorrect).length,
      });
    }

    // Bookmarks.
    expect(dashboard.bookmarks.count).toBe(data.bookmarks.length);
    expect(data.bookmarks.map((b: { questionId: string }) => b.questionId).sort()).toEqual(
      filled.bookmarks.map((q) => `q${q}`).sort(),
    );

    // Test results: every mock test the dashboard counts is in the export, with the same result.
    type Attempt = {
      kind: string;
      questions: number;
      startedAt: string;
      finishedAt: string | null;
      correct: number;
      passed: boolean;
    };
    const mocks = (data.examAttempts as Attempt[]).filter((a) => a.kind === 'mock' && a.finishedAt);
    const exams = dashboard.statistics.exams;
    expect(exams.taken).toBe(mocks.length);
    expect(exams.passed).toBe(mocks.filter((m) => m.passed).length);
    expect(exams.lastTakenAt).toBe(
      mocks
        .map((m) => m.finishedAt)
        .sort()
        .at(-1),
    );
    expect(exams.averageCorrect).toBe(
      Math.round((mocks.reduce((n, m) => n + m.correct, 0) / mocks.length) * 10) / 10,
    );
    expect(dashboard.readiness.mocks.count).toBe(mocks.length);
    for (const r of exams.recent as {
      finishedAt: string;
      correct: number;
      total: number;
      passed: boolean;
    }[]) {
      expect(mocks).toContainEqual(
        expect.objectContaining({
          finishedAt: r.finishedAt,
          correct: r.correct,
          questions: r.total,
          passed: r.passed,
        }),
      );
    }
    expect(exams.recent).toEqual([
      expect.objectContaining({ id: filled.mock.id, correct: filled.mock.correct, total: 33, passed: true }),
    ]);
    // …and so are the answers given in it.
    const mockAnswers = (data.examAnswers as { attemptStartedAt: string; answer: number | null }[]).filter(
      (a) => a.attemptStartedAt === mocks[0]?.startedAt,
    );
    expect(mockAnswers.filter((a) => a.answer !== null)).toHaveLength(filled.mock.total);

    // Achievements: exactly the earned ones, with the same dates.
    const earned = (dashboard.achievements as { code: string; earned: boolean; earnedAt: string | null }[])
      .filter((a) => a.earned)
      .map((a) => ({ code: a.code, earnedAt: a.earnedAt }));
    expect(earned.map((a) => a.code)).toEqual(expect.arrayContaining(['FIRST_TEST', 'SCORE_80']));
    const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
    expect([...data.achievements].sort(byCode)).toEqual([...earned].sort(byCode));

    // Dismissed advice stays off the dashboard and is in the export.
    expect(data.dismissedRecommendations).toEqual([expect.objectContaining({ id: 'general:daily' })]);
    expect(dashboard.recommendations.map((r: { id: string }) => r.id)).not.toContain('general:daily');
  });

  it('deletes the user and every row tied to them, and ends the session', async () => {
    const c = await signIn(app, 'deleter');
    await signIn(app, 'deleter'); // a second session
    const other = await signIn(app, 'bystander');
    const { id } = await meOf(c);
    const otherId = (await meOf(other)).id;
    // Both have data in every table that can hold a user's data.
    await useEveryFeature(app, c, 'deleter');
    await useEveryFeature(app, other, 'bystander');

    const tables = await allUserDataTables(app.db);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'identities',
        'sessions',
        'refresh_tokens',
        'learn_answers',
        'question_progress',
        'bookmarks',
        'exam_attempts',
        'exam_attempt_items',
        'achievements',
        'challenge_scores',
        'dismissed_recommendations',
        'contact_messages',
        'content_reports',
        'analytics_events',
      ]),
    );
    const before = await countUserRows(app.db, id);
    expect(Object.keys(before).sort()).toEqual(tables);
    const empty = Object.entries(before).filter(([, n]) => n === 0);
    expect(empty, 'tables where the test user has no rows: give them one in useEveryFeature').toEqual([]);
    expect(before).toMatchObject({ users: 1, identities: 1, sessions: 2 });
    const othersBefore = await countUserRows(app.db, otherId);
    expect(Object.values(othersBefore).every((n) => n > 0)).toBe(true);
    const totalBefore = await countAllRows(app.db, tables);

    const res = await call(c, '/api/user', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/bf_at=;.*expires=Thu, 01 Jan 1970/i);

    const after = await countUserRows(app.db, id);
    expect(Object.keys(after).sort()).toEqual(tables);
    expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
    // The rows are gone, not merely detached from the user (ON DELETE SET NULL would pass the check above) —
    // except the A/B console's audit log, which keeps what was changed with the name replaced.
    const KEPT_ANONYMISED = ['admin_audit'];
    const expectedTotals = Object.fromEntries(
      tables.map((t) => [t, (totalBefore[t] ?? 0) - (KEPT_ANONYMISED.includes(t) ? 0 : (before[t] ?? 0))]),
    );
    expect(await countAllRows(app.db, tables)).toEqual(expectedTotals);
    const audit = await app.db('admin_audit').where({ remote: 'mf_marketing', variant: 'ab-deleter' });
    expect(audit.map((r) => [r.user_id, r.actor, r.action])).toEqual([[null, 'deleted account', 'weight']]);
    expect(await countUserRows(app.db, otherId)).toEqual(othersBefore);
    expect((await call(other, '/api/user/me')).status).toBe(200);
    expect((await call(c, '/api/user/me')).status).toBe(401);
    expect((await app.request('/auth/refresh', { method: 'POST', headers: { cookie: c } })).status).toBe(401);
    // Signing in again creates a brand-new account that starts at /welcome.
    const again = await signInFlow(app, { name: 'deleter' });
    expect(again.location).toBe('/welcome');
    expect((await meOf(again.cookie)).id).not.toBe(id);
  });
});
