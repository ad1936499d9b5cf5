import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { fixture } from './fixture';
import { fakeApi, json, renderRemote } from './util';

const DASHBOARD = '/api/en/user/dashboard';
const render = (client: Parameters<typeof renderRemote>[1]['client']) =>
  renderRemote(App, { path: '/dashboard', basename: '/dashboard', client });

describe('mf-dashboard', () => {
  it('shows the loading state while the dashboard is on its way', async () => {
    const { client } = fakeApi({ [DASHBOARD]: () => new Promise<Response>(() => {}) });
    await render(client);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading your dashboard…');
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
    expect(within(readiness).getByText('Most likely between 21 and 27 correct answers.')).toBeTruthy();
    expect(within(readiness).getByText('99%')).toBeTruthy();
    const plan = screen.getByRole('region', { name: 'Daily plan' });
    expect(within(plan).getByText(/10 days until your test/)).toBeTruthy();
    expect(within(plan).getByText('19')).toBeTruthy();
    expect(within(plan).getByText('6')).toBeTruthy();
    expect(screen.getByText('120 of 310 questions seen, 75 mastered')).toBeTruthy();
    expect(screen.getByText('Berlin: 2 mastered, 4 seen of 10')).toBeTruthy();
    expect(screen.getByText(/23 of 33 correct \(70%\) over 2 mock tests/)).toBeTruthy();
    const badges = screen.getByRole('region', { name: 'Achievements' });
    expect(within(badges).getByText('Earned on Mar 2, 2026')).toBeTruthy();
    expect(within(badges).getByText('4 of 7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/profile-settings');
    expect(screen.getByRole('link', { name: /Focus/ }).textContent).toContain('6 due');
    expect(screen.queryByRole('link', { name: /Community/ })).toBeNull();
    expect(screen.getByText('Community').parentElement?.textContent).toContain('Coming soon');
    expect(screen.getByRole('link', { name: 'Open your bookmarks' }).getAttribute('href')).toBe(
      '/learn/bookmarks',
    );
  });

  it('opening a mode records the dashboard’s A/B conversion once', async () => {
    const { client, fetchMock } = fakeApi({
      [DASHBOARD]: () => json(200, fixture),
      '/api/remotes/conversions': () => new Response(null, { status: 204 }),
    });
    await render(client);
    await userEvent.click(await screen.findByRole('link', { name: /Focus/ }));
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
    for (const svg of document.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
    // Localized short weekday labels under the bars, Monday first.
    const labels = [...document.querySelectorAll('svg text')].map((n) => n.textContent);
    expect(labels).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
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
});
