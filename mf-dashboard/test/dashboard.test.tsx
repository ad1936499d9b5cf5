import type { Dashboard, User } from '@buergerfit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { fixture } from './fixture';
import { fakeApi, json, renderRemote, testUser } from './util';

const DASHBOARD = '/api/en/user/dashboard';
const render = (client: Parameters<typeof renderRemote>[1]['client']) =>
  renderRemote(App, { path: '/dashboard', basename: '/dashboard', client });

const me: User = testUser({
  name: 'Ana Horvat',
  email: 'ana@example.org',
  nickname: 'Ana',
  federalState: 'BE',
  onboarded: true,
  examDate: '2026-03-21',
});

/** A learner who has answered nothing and taken no mock test yet. */
const newLearner: Dashboard = {
  ...fixture,
  streak: { current: 0, activeToday: false, lastActiveDate: null, today: '2026-03-11' },
  statistics: {
    ...fixture.statistics,
    answered: 0,
    correct: 0,
    incorrect: 0,
    accuracy: null,
    mostMissed: [],
    exams: { taken: 0, passed: 0, averageScore: null, averageCorrect: null, lastTakenAt: null, recent: [] },
  },
  readiness: {
    ...fixture.readiness,
    expected: 8.3,
    low: 5,
    high: 12,
    passChance: 0.001,
    mocks: { count: 0, averageCorrect: null },
    confidence: 'low',
    evidence: { answers: 0, questions: 0, mocks: 0 },
    lastMock: null,
  },
};

/** The fixture's learner has set a test day, so the fixture has a plan. */
const fixturePlan = fixture.plan as NonNullable<Dashboard['plan']>;

/** One of everything: one mock test, one answer, one day left, one new question, one review, one bookmark. */
const ones: Dashboard = {
  ...fixture,
  streak: { ...fixture.streak, current: 1 },
  statistics: {
    ...fixture.statistics,
    mostMissed: [{ id: 'foederalismus', name: 'Federalism', incorrect: 1, answered: 2, accuracy: 0.5 }],
    exams: {
      taken: 1,
      passed: 1,
      averageScore: 0.758,
      averageCorrect: 25,
      lastTakenAt: '2026-03-10T09:00:00.000Z',
      recent: [{ id: 'only', finishedAt: '2026-03-10T09:00:00.000Z', correct: 25, total: 33, passed: true }],
    },
  },
  readiness: {
    ...fixture.readiness,
    confidence: 'low',
    evidence: { answers: 1, questions: 1, mocks: 1 },
    lastMock: { correct: 25, total: 33, finishedAt: '2026-03-10T09:00:00.000Z' },
  },
  plan: {
    ...fixturePlan,
    daysLeft: 1,
    unseen: 1,
    newGoal: 1,
    newRemaining: 1,
    newSeenToday: 0,
    reviewsDue: 1,
    nextReviewAt: null,
    answeredToday: 0,
  },
  reviews: { due: 1, nextDueAt: null },
  bookmarks: { count: 1 },
};

describe('mf-dashboard', () => {
  it('shows the loading state while the dashboard is on its way', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => new Promise<Response>(() => {}) });
    await render(client);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading your dashboard…');
    // The final layout with placeholders: the page's heading is there already, the figures are not.
    expect(screen.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('counts')).toBeNull();
  });

  it('shows the spec error state; Retry calls the API again and shows the dashboard', async () => {
    let calls = 0;
    const { client } = fakeApi({
      [DASHBOARD]: () =>
        ++calls === 1 ? json(403, { error: { code: 'forbidden', message: 'x' } }) : json(200, fixture),
    });
    await render(client);
    expect(await screen.findByRole('heading', { name: 'Failed to Load Dashboard' })).toBeTruthy();
    expect(screen.getByText("We couldn't load your dashboard data. Please try again.")).toBeTruthy();
    expect(calls).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your dashboard' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('renders the numbers: streak, counts, readiness, plan, progress, tests, achievements, modes', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    expect((await screen.findByTestId('streak')).textContent).toBe('4 Day streak');
    const counts = screen.getByTestId('counts');
    expect(within(counts).getByText('345')).toBeTruthy();
    expect(within(counts).getByText('281')).toBeTruthy();
    expect(within(counts).getByText('64')).toBeTruthy();
    expect(within(counts).getByText('81%')).toBeTruthy();
    const readiness = screen.getByRole('region', { name: 'Exam readiness' });
    expect(within(readiness).getByText('24.3')).toBeTruthy();
    expect(
      within(readiness).getByText('Most likely between 21 and 27 correct answers (8 times out of 10).'),
    ).toBeTruthy();
    expect(within(readiness).getByText('99%')).toBeTruthy();
    const plan = screen.getByRole('region', { name: 'Daily plan' });
    expect(within(plan).getByText(/10 days until your test/)).toBeTruthy();
    // The plan adds up: 190 new left + 2 done today over 10 days = 20 a day, 18 still to do; 6 reviews due now.
    expect(within(plan).getByTestId('plan-figures').textContent).toBe(
      '18 new questions left for today6 reviews due now17 answered today',
    );
    expect(within(plan).getByTestId('plan-share').textContent).toBe(
      'New questions left at the start of today: 192 ÷ 10 days = 20 a day (rounded up).',
    );
    // The next review, in the learner's time zone (the tests run in UTC), seen from when the dashboard was made.
    expect(within(plan).getByTestId('reviews-line').textContent).toMatch(
      /^ 6 due now · next review tomorrow 8:00\sAM$/,
    );
    expect(screen.getByText('120 of 310 questions seen, 75 mastered')).toBeTruthy();
    const tests = screen.getByRole('region', { name: 'Mock tests' });
    expect(within(tests).getByText('Average: 20.3 of 33 correct (62%) over 3 mock tests')).toBeTruthy();
    const badges = screen.getByRole('region', { name: 'Achievements' });
    expect(within(badges).getByText('Earned on Mar 2, 2026')).toBeTruthy();
    expect(within(badges).getByText('4 of 7')).toBeTruthy();
    const modes = screen.getByRole('region', { name: 'Study modes' });
    expect(within(modes).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/profile-settings',
    );
    expect(within(modes).getByRole('link', { name: /Focus/ }).textContent).toContain('6 due');
    expect(within(modes).queryByRole('link', { name: /Community/ })).toBeNull();
    expect(within(modes).getByText('Community').parentElement?.textContent).toContain('Coming soon');
    const bookmarks = screen.getByRole('region', { name: 'Bookmarks' });
    expect(within(bookmarks).getByRole('link', { name: 'Open your bookmarks' }).getAttribute('href')).toBe(
      '/learn/bookmarks',
    );
  });

  it('links recommendations and modes from their kinds and ids (the data carries no links)', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    const view = await render(client);
    const recs = await screen.findByRole('region', { name: 'Recommendations' });
    expect(within(recs).getByRole('link', { name: 'Practise this topic' }).getAttribute('href')).toBe(
      '/learn?topic=foederalismus',
    );
    expect(within(recs).getByRole('link', { name: 'Start a mock test' }).getAttribute('href')).toBe('/exam');
    const modes = screen.getByRole('region', { name: 'Study modes' });
    expect(within(modes).getByRole('link', { name: 'State questions' }).getAttribute('href')).toBe(
      '/learn/state',
    );
    view.unmount();

    const stateless: Dashboard = {
      ...fixture,
      progress: { ...fixture.progress, state: { code: null, name: null } },
      recommendations: [
        { id: 'state:practice', category: 'state', kind: 'statePractice', params: { count: 10 } },
      ],
    };
    const again = fakeApi({ [DASHBOARD]: () => json(200, stateless) });
    await render(again.client);
    const recs2 = await screen.findByRole('region', { name: 'Recommendations' });
    expect(within(recs2).getByRole('link', { name: 'Practise state questions' }).getAttribute('href')).toBe(
      '/profile-settings',
    );
    const modes2 = screen.getByRole('region', { name: 'Study modes' });
    expect(within(modes2).getByRole('link', { name: 'State questions' }).getAttribute('href')).toBe(
      '/profile-settings',
    );
  });

  it('opening a mode records the dashboard’s A/B conversion once', async () => {
    const { client, fetchMock } = fakeApi({
      [DASHBOARD]: () => json(200, fixture),
      '/api/remotes/conversions': () => new Response(null, { status: 204 }),
    });
    await render(client);
    const modes = await screen.findByRole('region', { name: 'Study modes' });
    await userEvent.click(within(modes).getByRole('link', { name: /Focus/ }));
    await waitFor(() => {
      const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/remotes/conversions');
      expect(calls).toHaveLength(1);
      const init = calls[0]?.[1] as RequestInit | undefined;
      expect(JSON.parse(String(init?.body))).toEqual({
        remote: 'mf_dashboard',
        event: 'mode_opened',
      });
    });
  });

  it('gives each chart a text equivalent for screen readers', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    const weekly = await screen.findByRole('table', { name: /Answers per day this week/ });
    const rows = within(weekly).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Monday00',
      'Tuesday10',
      'Wednesday1713',
      'Thursday30',
      'Friday40',
      'Saturday50',
      'Sunday60',
    ]);
    const dist = screen.getByRole('table', { name: 'Questions of your pool by their last answer' });
    expect(
      within(dist)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Correct98', 'Incorrect22', 'Unanswered190']);
    for (const svg of document.querySelectorAll('figure svg')) {
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }
    // Localized short weekday labels under the bars, Monday first.
    const labels = [...(weekly.closest('figure')?.querySelectorAll('svg text') ?? [])].map(
      (n) => n.textContent,
    );
    expect(labels).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('shows streak and readiness as visuals, and progress per topic as bars linking to learn', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    // Streak: the figure with its flame, this week day by day.
    expect((await screen.findByTestId('streak')).querySelector('[data-icon="flame"]')).toBeTruthy();
    expect(screen.getByText('You practised today. Keep it up!')).toBeTruthy();
    const week = screen.getByRole('list', { name: 'This week' });
    expect(
      within(week)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span:last-child')?.textContent),
    ).toEqual([
      'Monday: not practised',
      'Tuesday: practised',
      'Wednesday: practised',
      'Thursday: practised',
      'Friday: practised',
      'Saturday: practised',
      'Sunday: practised',
    ]);
    // Readiness: a ring of the predicted score out of 33, and what it means in words.
    const readiness = screen.getByRole('region', { name: 'Exam readiness' });
    const ring = within(readiness).getByRole('progressbar', { name: 'Predicted score' });
    expect(ring.getAttribute('aria-valuenow')).toBe('24.3');
    expect(ring.getAttribute('aria-valuemax')).toBe('33');
    expect(ring.getAttribute('aria-valuetext')).toBe('24.3 of 33 correct answers predicted');
    expect(within(readiness).getByText('You would most likely pass.')).toBeTruthy();
    // The chance for the test day, with its range; 0.996 is not shown as a certainty.
    expect(within(readiness).getByTestId('readiness-chance').textContent).toBe(
      'Chance of reaching 17 on your test day: 99% (likely between 96% and 99%)',
    );
    // Two mock tests and 150 questions: the evidence is firm, nothing to firm up.
    expect(within(readiness).queryByTestId('readiness-firm-up')).toBeNull();
    // Topics: mastered of all as a bar, the topic's name opening learn mode on it.
    const progress = screen.getByRole('region', { name: 'Progress' });
    const bars = within(progress).getAllByRole('progressbar');
    expect(
      bars.map((b) => [
        b.getAttribute('aria-label'),
        b.getAttribute('aria-valuenow'),
        b.getAttribute('aria-valuemax'),
      ]),
    ).toEqual([
      ['Politics in a democracy: questions mastered', '50', '188'],
      ['History and responsibility: questions mastered', '20', '89'],
      ['People and society: questions mastered', '3', '23'],
      ['Berlin: questions mastered', '2', '10'],
    ]);
    expect(bars[3]?.getAttribute('aria-valuetext')).toBe('2 of 10 mastered, 4 seen');
    expect(within(progress).getByText('50 of 188 mastered')).toBeTruthy();
    expect(within(progress).getByText('80 seen')).toBeTruthy();
    expect(
      within(progress)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Politics in a democracy', '/learn?topic=politics'],
      ['History and responsibility', '/learn?topic=history'],
      ['People and society', '/learn?topic=society'],
      ['Berlin', '/learn/state'],
    ]);
  });

  it('says what would firm up a chance that rests on thin evidence, for a test tomorrow without a test day', async () => {
    const thin = (firmUp: { mocks: number; questions: number }) => ({
      ...fixture,
      readiness: {
        ...fixture.readiness,
        passChance: 0.95,
        passRange: { low: 0.9, high: 0.95 },
        firm: false,
        firmUp,
        forExam: false,
      },
    });
    const texts: string[] = [];
    for (const firmUp of [
      { mocks: 2, questions: 0 },
      { mocks: 1, questions: 0 },
      { mocks: 0, questions: 1 },
      { mocks: 2, questions: 40 },
    ]) {
      const { client } = fakeApi({ [DASHBOARD]: () => json(200, thin(firmUp)) });
      const view = await render(client);
      const readiness = await screen.findByRole('region', { name: 'Exam readiness' });
      expect(within(readiness).getByTestId('readiness-chance').textContent).toBe(
        'Chance of reaching 17 in a test tomorrow: 95% (likely between 90% and 95%)',
      );
      texts.push(within(readiness).getByTestId('readiness-firm-up').textContent ?? '');
      view.unmount();
    }
    expect(texts).toEqual([
      '2 mock tests would confirm it.',
      '1 more mock test would confirm it.',
      'Answer 1 more question to firm it up.',
      'Answer 40 more questions and take 2 mock tests to firm it up.',
    ]);
    // A range that is one number (the chance and its range all kept at 95 %) is not shown as "between 95% and 95%".
    const { client } = fakeApi({
      [DASHBOARD]: () =>
        json(200, {
          ...thin({ mocks: 1, questions: 64 }),
          readiness: { ...thin({ mocks: 1, questions: 64 }).readiness, passRange: { low: 0.95, high: 0.95 } },
        }),
    });
    const view = await render(client);
    const readiness = await screen.findByRole('region', { name: 'Exam readiness' });
    expect(within(readiness).getByTestId('readiness-chance').textContent).toBe(
      'Chance of reaching 17 in a test tomorrow: 95%',
    );
    view.unmount();
    const hr = i18next.getFixedT('hr', 'dashboard');
    expect([1, 2].map((count) => hr('firmUpMocks', { count }))).toEqual([
      'Još 1 probni test to bi potvrdio.',
      '2 probna testa to bi potvrdila.',
    ]);
  });

  it('shows the readiness ring in the colour and words of a pass that is not likely yet', async () => {
    const data: Dashboard = {
      ...fixture,
      readiness: { ...fixture.readiness, expected: 15, passChance: 0.3 },
    };
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, data) });
    await render(client);
    const readiness = await screen.findByRole('region', { name: 'Exam readiness' });
    expect(within(readiness).getByRole('progressbar').getAttribute('data-tone')).toBe('danger');
    expect(
      within(readiness).getByText('Not there yet: keep practising and you will get there.'),
    ).toBeTruthy();
  });

  it('shows mock tests taken and passed, and each achievement with its artwork and progress', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    const tests = await screen.findByRole('region', { name: 'Mock tests' });
    expect(
      within(within(tests).getByTestId('test-figures'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3 mock tests', '2 passed', '20.3 of 33 on average']);
    const badges = screen.getByRole('region', { name: 'Achievements' });
    expect(within(badges).getByText('1 of 5 earned')).toBeTruthy();
    const first = badges.querySelector('[data-achievement="FIRST_TEST"]') as HTMLElement;
    expect(first.querySelector('[data-icon="medal"]')).toBeTruthy();
    expect(within(first).queryByRole('progressbar')).toBeNull();
    expect(within(first).queryByRole('img', { name: 'Locked' })).toBeNull();
    const streak = badges.querySelector('[data-achievement="STREAK_7"]') as HTMLElement;
    expect(streak.querySelector('[data-icon="flame"]')).toBeTruthy();
    expect(within(streak).getByRole('img', { name: 'Locked' })).toBeTruthy();
    const bar = within(streak).getByRole('progressbar', { name: 'Progress towards 7-day streak' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['4', '7']);
    expect(within(badges).getAllByRole('img', { name: 'Locked' })).toHaveLength(4);
  });

  describe('the next step on top', () => {
    const EXAMS = '/api/en/exams?limit=10';
    const nextStep = async () => screen.findByRole('region', { name: 'Your next step' });
    /** The card's one large action: its text and where it leads. */
    const action = (card: HTMLElement) => {
      const link = within(card).getAllByRole('link')[0] as HTMLElement;
      return [link.textContent, link.getAttribute('href')];
    };
    const openMock = (minutes: number) => ({
      id: '7d3c1a52-9a0e-4f4e-8f51-2b7a0b9f3c11',
      kind: 'mock',
      state: 'BE',
      status: 'in_progress',
      createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      deadline: new Date(Date.now() + minutes * 60_000).toISOString(),
      finishedAt: null,
      durationSeconds: null,
      correct: null,
      total: 33,
      passed: null,
    });

    it('continues a mock test left open, with the time it has left', async () => {
      const { client } = fakeApi({
        [DASHBOARD]: () => json(200, fixture),
        [EXAMS]: () => json(200, [openMock(29.5)]),
      });
      await render(client);
      const card = await nextStep();
      expect(await within(card).findByRole('heading', { name: 'Continue your mock test' })).toBeTruthy();
      expect(within(card).getByText('Your mock test is still open: 30 minutes left.')).toBeTruthy();
      expect(action(card)).toEqual(['Continue the test', '/exam']);
    });

    it('does not offer a mock test whose time has run out', async () => {
      const { client } = fakeApi({
        [DASHBOARD]: () => json(200, fixture),
        [EXAMS]: () => json(200, [openMock(-1)]),
      });
      await render(client);
      const card = await nextStep();
      expect(await within(card).findByRole('heading', { name: 'Review 6 questions' })).toBeTruthy();
    });

    it('leads a new learner to their first questions (or a mock test)', async () => {
      const { client } = fakeApi({ [DASHBOARD]: () => json(200, { ...newLearner, plan: null }) });
      await render(client);
      const card = await nextStep();
      expect(await within(card).findByRole('heading', { name: 'Answer your first questions' })).toBeTruthy();
      expect(
        within(card).getByText('Every answer counts towards your progress and your readiness.'),
      ).toBeTruthy();
      expect(action(card)).toEqual(['Start learning', '/learn']);
      expect(within(card).getByRole('link', { name: 'Take a mock test' }).getAttribute('href')).toBe('/exam');
    });

    it('sends a learner with reviews due to focus mode, with today’s plan under it', async () => {
      const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
      await render(client);
      const card = await nextStep();
      expect(await within(card).findByRole('heading', { name: 'Review 6 questions' })).toBeTruthy();
      expect(
        within(card).getByText('They are due now: reviewing on time keeps them in memory.'),
      ).toBeTruthy();
      expect(action(card)).toEqual(['Start focus mode', '/learn/focus']);
      const plan = within(card).getByRole('region', { name: 'Daily plan' });
      const today = within(plan).getByRole('progressbar', { name: 'New questions today' });
      expect([today.getAttribute('aria-valuenow'), today.getAttribute('aria-valuemax')]).toEqual(['2', '20']);
      expect(today.getAttribute('aria-valuetext')).toBe('2 of 20 new questions done');
    });

    it('with nothing due, gives today’s share of new questions of the plan', async () => {
      const data: Dashboard = {
        ...fixture,
        plan: { ...fixturePlan, reviewsDue: 0 },
        reviews: { due: 0, nextDueAt: fixturePlan.nextReviewAt },
        modes: fixture.modes.map((m) => ({ ...m, count: null })),
      };
      const { client } = fakeApi({ [DASHBOARD]: () => json(200, data) });
      await render(client);
      const card = await nextStep();
      expect(
        await within(card).findByRole('heading', { name: "Today's plan: 18 new questions" }),
      ).toBeTruthy();
      expect(action(card)).toEqual(['Learn now', '/learn']);
    });

    it('without a plan or reviews, takes the first recommendation', async () => {
      const data: Dashboard = {
        ...fixture,
        plan: null,
        reviews: { due: 0, nextDueAt: null },
        modes: fixture.modes.map((m) => ({ ...m, count: null })),
      };
      const { client } = fakeApi({ [DASHBOARD]: () => json(200, data) });
      await render(client);
      const card = await nextStep();
      expect(await within(card).findByRole('heading', { name: 'Practise Federalism' })).toBeTruthy();
      expect(action(card)).toEqual(['Practise this topic', '/learn?topic=foederalismus']);
      expect(within(card).queryByRole('region', { name: 'Daily plan' })).toBeNull();
      // Said once: the list under it goes on with the other recommendations.
      const recs = screen.getByRole('region', { name: 'Recommendations' });
      expect(within(recs).queryByRole('heading', { name: 'Practise Federalism' })).toBeNull();
      expect(within(recs).getByRole('heading', { name: 'Take a mock test' })).toBeTruthy();
    });
  });

  it('dismisses a recommendation through the API', async () => {
    const dismissed: string[] = [];
    const { client, fetchMock } = fakeApi({
      [DASHBOARD]: () =>
        json(200, {
          ...fixture,
          recommendations: fixture.recommendations.filter((r) => !dismissed.includes(r.id)),
        }),
      '/api/en/user/recommendations/test%3Aweekly/dismiss': () => {
        dismissed.push('test:weekly');
        return new Response(null, { status: 204 });
      },
    });
    await render(client);
    expect(await screen.findByRole('heading', { name: 'Take a mock test' })).toBeTruthy();
    expect(screen.getByText('Only 55% of your answers in this topic were right.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Take a mock test' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Take a mock test' })).toBeNull());
    expect(dismissed).toEqual(['test:weekly']);
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/dismiss'));
    expect((post?.[1] as RequestInit | undefined)?.method).toBe('POST');
    expect(screen.getByRole('heading', { name: 'Practise Federalism' })).toBeTruthy();
  });

  it('shows the mock-test score trend oldest to newest, with a table, links to each review and to all tests', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    const tests = await screen.findByRole('region', { name: 'Mock tests' });
    const table = within(tests).getByRole('table', {
      name: 'Your mock test scores, oldest to newest (pass mark: 17 of 33)',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DateCorrectResult',
      'Mar 2, 202621 of 33passed',
      'Mar 6, 202615 of 33not passed',
      'Mar 10, 202625 of 33passed',
    ]);
    // In words under the chart: the latest and the best score.
    expect(within(tests).getByTestId('trend-summary').textContent).toBe(
      'Latest: 25 of 33, passed. Best: 25 of 33.',
    );
    // The chart: one point per test, oldest left; failed tests drawn differently; scaled to its box.
    const svg = within(tests).getByTestId('score-trend');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 300 150');
    const points = [...svg.querySelectorAll('circle')];
    expect(points.map((c) => c.getAttribute('data-passed'))).toEqual(['true', 'false', 'true']);
    const xs = points.map((c) => Number(c.getAttribute('cx')));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const ys = points.map((c) => Number(c.getAttribute('cy')));
    expect(ys[1]).toBeGreaterThan(ys[0] ?? 0); // 15 is lower on the chart than 21
    expect(ys[2]).toBeLessThan(ys[0] ?? 0); // 25 higher than 21
    expect([...svg.querySelectorAll('text')].map((n) => n.textContent)).toEqual([
      '0',
      '33',
      '17',
      'Mar 2',
      'Mar 10',
    ]);
    // The latest tests, newest first, each opening its review.
    const links = within(tests)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Mar 10, 2026: 25 of 33, passed', '/exam/result/a3'],
      ['Mar 6, 2026: 15 of 33, not passed', '/exam/result/a2'],
      ['Mar 2, 2026: 21 of 33, passed', '/exam/result/a1'],
      ['All tests', '/exam/history'],
    ]);
  });

  it('lists only the latest five tests, while the chart shows all of them', async () => {
    const recent = Array.from({ length: 20 }, (_, i) => ({
      id: `t${20 - i}`,
      finishedAt: new Date(Date.UTC(2026, 2, 20 - i, 9)).toISOString(),
      correct: 10 + (i % 20),
      total: 33,
      passed: 10 + (i % 20) >= 17,
    }));
    const many = {
      ...fixture,
      statistics: { ...fixture.statistics, exams: { ...fixture.statistics.exams, taken: 20, recent } },
    };
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, many) });
    await render(client);
    const tests = await screen.findByRole('region', { name: 'Mock tests' });
    expect(within(tests).getByTestId('score-trend').querySelectorAll('circle')).toHaveLength(20);
    expect(within(tests).getAllByRole('row')).toHaveLength(21);
    const reviews = within(tests)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((href) => href?.startsWith('/exam/result/'));
    expect(reviews).toEqual([
      '/exam/result/t20',
      '/exam/result/t19',
      '/exam/result/t18',
      '/exam/result/t17',
      '/exam/result/t16',
    ]);
  });

  it('says how sure the readiness is, what it is based on and what the last mock scored', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    const readiness = await screen.findByRole('region', { name: 'Exam readiness' });
    expect(within(readiness).getByText('24.3')).toBeTruthy();
    expect(within(readiness).getByTestId('readiness-confidence').textContent).toBe(
      'Medium confidence This estimate will firm up as you answer more questions and take mock tests.',
    );
    expect(
      within(readiness).getByText('Based on 444 answers to 150 questions and 3 mock tests.'),
    ).toBeTruthy();
    expect(
      within(readiness).getByText(
        'Your last mock test (Mar 10, 2026): 25 correct out of 33. Its answers are part of this estimate.',
      ),
    ).toBeTruthy();
    // No separate "mock average" to set against the prediction: the prediction includes the mock answers.
    expect(within(readiness).queryByText(/on average/)).toBeNull();
  });

  it('readiness of a new learner: no prediction from nothing, but the way to get one', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, newLearner) });
    await render(client);
    const readiness = await screen.findByRole('region', { name: 'Exam readiness' });
    expect(within(readiness).getByTestId('readiness-none').textContent).toBe(
      'No prediction yet: answer a few questions or take a mock test, and your predicted score appears here.',
    );
    expect(within(readiness).queryByText(/predicted$/)).toBeNull();
    expect(within(readiness).queryByTestId('readiness-confidence')).toBeNull();
    expect(within(readiness).getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe(
      '/learn',
    );
    expect(within(readiness).getByRole('link', { name: 'Take a mock test' }).getAttribute('href')).toBe(
      '/exam',
    );
  });

  it('bases readiness on answers alone when there is no mock test yet', async () => {
    const data: Dashboard = {
      ...fixture,
      readiness: {
        ...fixture.readiness,
        confidence: 'high',
        evidence: { answers: 900, questions: 310, mocks: 0 },
        lastMock: null,
      },
    };
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, data) });
    await render(client);
    const readiness = await screen.findByRole('region', { name: 'Exam readiness' });
    expect(within(readiness).getByText('Based on 900 answers to 310 questions.')).toBeTruthy();
    expect(within(readiness).getByTestId('readiness-confidence').textContent).toMatch(/^High confidence /);
  });

  it('greets a new learner with "Welcome" and a returning one with "Welcome back", by nickname', async () => {
    const first = fakeApi({ [DASHBOARD]: () => json(200, newLearner), '/api/user/me': () => json(200, me) });
    const view = await render(first.client);
    expect(await screen.findByText('Welcome, Ana!')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    const tests = screen.getByRole('region', { name: 'Mock tests' });
    expect(within(tests).getByRole('heading', { name: 'No mock test yet' })).toBeTruthy();
    expect(within(tests).getByText(/^Demo tests do not count here: a mock test/)).toBeTruthy();
    expect(within(tests).getByRole('link', { name: 'Start a mock test' }).getAttribute('href')).toBe('/exam');
    // Statistics: the counts at zero, and the way to the first figures instead of empty charts.
    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(within(screen.getByTestId('counts')).getAllByRole('listitem')[0]?.textContent).toBe('0 Answered');
    expect(
      within(stats).getByRole('heading', { name: 'Your statistics start with your first answer' }),
    ).toBeTruthy();
    expect(within(stats).getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe('/learn');
    expect(within(stats).queryByRole('table')).toBeNull();
    view.unmount();

    const again = fakeApi({ [DASHBOARD]: () => json(200, fixture), '/api/user/me': () => json(200, me) });
    await render(again.client);
    expect(await screen.findByText('Welcome back, Ana!')).toBeTruthy();
  });

  it('counts a learner with only a mock test (no learn answers) as returning', async () => {
    const data: Dashboard = {
      ...newLearner,
      statistics: { ...newLearner.statistics, exams: ones.statistics.exams },
    };
    const { client } = fakeApi({
      [DASHBOARD]: () => json(200, data),
      '/api/user/me': () => json(200, { ...me, nickname: null }),
    });
    await render(client);
    expect(await screen.findByText('Welcome back, Ana Horvat!')).toBeTruthy();
  });

  /** Each text is in the daily plan card. */
  const expectInPlan = (...texts: string[]) => {
    const plan = screen.getByRole('region', { name: 'Daily plan' });
    for (const text of texts) expect(within(plan).getByText(text)).toBeTruthy();
  };

  it('uses singular and plural forms for every count', async () => {
    const single = fakeApi({ [DASHBOARD]: () => json(200, ones) });
    const view = await render(single.client);
    const tests = await screen.findByRole('region', { name: 'Mock tests' });
    expect(within(tests).getByText('Average: 25 of 33 correct (76%) over 1 mock test')).toBeTruthy();
    expect(screen.getByText('Based on 1 answer to 1 question and 1 mock test.')).toBeTruthy();
    expectInPlan('1 day until your test on Mar 21, 2026.', 'new question left for today', 'review due now');
    expect(screen.getByTestId('plan-share').textContent).toBe(
      'New questions left at the start of today: 1 ÷ 1 day = 1 a day (rounded up).',
    );
    expect(screen.getByText('saved question')).toBeTruthy();
    expect(screen.getByText(/1 wrong answer, 50% right/)).toBeTruthy();
    view.unmount();

    const more = fakeApi({
      [DASHBOARD]: () =>
        json(200, {
          ...fixture,
          statistics: { ...fixture.statistics, exams: { ...fixture.statistics.exams, taken: 2 } },
          readiness: { ...fixture.readiness, evidence: { answers: 2, questions: 2, mocks: 2 } },
        }),
    });
    await render(more.client);
    const tests2 = await screen.findByRole('region', { name: 'Mock tests' });
    expect(within(tests2).getByText(/over 2 mock tests$/)).toBeTruthy();
    expect(screen.getByText('Based on 2 answers to 2 questions and 2 mock tests.')).toBeTruthy();
    expectInPlan(
      '10 days until your test on Mar 21, 2026.',
      'new questions left for today',
      'reviews due now',
    );
    expect(screen.getByText('saved questions')).toBeTruthy();
  });

  it('has the plural forms German and Croatian need', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    await screen.findByRole('region', { name: 'Mock tests' });
    const de = i18next.getFixedT('de', 'dashboard');
    expect([1, 2].map((count) => de('basisMocks', { count }))).toEqual(['1 Probetest', '2 Probetests']);
    expect(de('planCountdown', { count: 1, date: '21.03.2026' })).toBe(
      'Noch 1 Tag bis zu deinem Test am 21.03.2026.',
    );
    const hr = i18next.getFixedT('hr', 'dashboard');
    expect([1, 2, 5, 21].map((count) => hr('basisMocks', { count }))).toEqual([
      '1 probni test',
      '2 probna testa',
      '5 probnih testova',
      '21 probni test',
    ]);
    expect([1, 3, 11].map((count) => hr('planNew', { count }))).toEqual([
      'novo pitanje još za danas',
      'nova pitanja još za danas',
      'novih pitanja još za danas',
    ]);
    expect([1, 3, 11].map((count) => hr('planShare', { count, left: 30, goal: 30 }))).toEqual([
      'Novih pitanja na početku dana: 30 ÷ 1 dan = 30 dnevno (zaokruženo naviše).',
      'Novih pitanja na početku dana: 30 ÷ 3 dana = 30 dnevno (zaokruženo naviše).',
      'Novih pitanja na početku dana: 30 ÷ 11 dana = 30 dnevno (zaokruženo naviše).',
    ]);
  });

  it('names the page in the document title', async () => {
    document.title = '';
    const { client } = fakeApi({ [DASHBOARD]: () => json(200, fixture) });
    await render(client);
    await screen.findByRole('heading', { level: 1, name: 'Your dashboard' });
    expect(document.title).toBe('Dashboard · Bürgerfit');
  });
});
