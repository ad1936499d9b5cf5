import type { Celebrations } from '@buergerfit/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../src/App';
import { fixture } from './fixture';
import { fakeApi, json, renderRemote } from './util';

/**
 * The dashboard celebrates the learner's wins not celebrated yet (a badge, a streak milestone), once: it says so to
 * the server when it has shown them, and what the server then answers (nothing) is what a reload shows.
 */

const DASHBOARD = '/api/en/user/dashboard';
const CELEBRATIONS = '/api/en/user/celebrations';
const SEEN = '/api/en/user/celebrations/seen';
const render = (client: Parameters<typeof renderRemote>[1]['client']) =>
  renderRemote(App, { path: '/dashboard', basename: '/dashboard', client });

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const firstTest: Celebrations = {
  items: [{ kind: 'badge', code: 'FIRST_TEST', at: '2026-03-10T09:41:17.000Z' }],
  next: { kind: 'pass', more: 2, target: 17, total: 33 },
  until: '2026-03-10T09:41:17.000Z',
};
const threeDays: Celebrations = {
  items: [{ kind: 'streak', days: 3, at: '2026-03-11T06:15:00.000Z' }],
  next: { kind: 'streak', more: 4, days: 7 },
  until: '2026-03-11T06:15:00.000Z',
};
const nothing: Celebrations = { items: [], next: null, until: null };

/** A server that lists `wins` until it is told they were shown, as the BFF does. */
function server(wins: Celebrations) {
  let listed = wins;
  return fakeApi({
    [DASHBOARD]: () => json(200, fixture),
    [CELEBRATIONS]: () => json(200, listed),
    [`POST ${SEEN}`]: () => {
      listed = nothing;
      return new Response(null, { status: 204 });
    },
  });
}

describe('the dashboard celebrates a win once', () => {
  it('a first badge, with the right answers the learner lacked to pass and a link to the mock test', async () => {
    const api = server(firstTest);
    await render(api.client);
    const card = await screen.findByTestId('celebration');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('New badge: First test');
    expect(within(card).getByText('You finished your first mock test.')).toBeTruthy();
    const next = within(card).getByTestId('celebration-next');
    expect(next.querySelector('p')?.textContent).toBe('Next: 2 more right answers and you pass (17 of 33).');
    expect(within(next).getByRole('link', { name: 'Take a mock test' }).getAttribute('href')).toBe('/exam');
    // Above the greeting and the figures, with the page's other parts there at once.
    expect(screen.getByTestId('streak').textContent).toBe('4 Day streak');
    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toBe(
        'New badge: First test You finished your first mock test. Next: 2 more right answers and you pass (17 of 33).',
      ),
    );
    await waitFor(() => expect(api.calls('POST', SEEN)).toEqual([{ until: '2026-03-10T09:41:17.000Z' }]));
    // Still there after it was recorded, until the learner closes it.
    expect(screen.getByTestId('celebration')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('celebration')).toBeNull();

    // A reload: the server lists nothing now.
    cleanup();
    await render(api.client);
    expect((await screen.findByTestId('streak')).textContent).toBe('4 Day streak');
    expect(screen.queryByTestId('celebration')).toBeNull();
    expect(api.calls('POST', SEEN)).toHaveLength(1);
  });

  it('a streak milestone, with the days to the next one (en, de, hr)', async () => {
    const texts = {
      en: ['3 days in a row!', 'Next: 4 more days to a 7-day streak.', 'Keep learning'],
      de: ['3 Tage in Folge!', 'Als Nächstes: Noch 4 Tage bis zu 7 Tagen in Folge.', 'Weiterlernen'],
      hr: ['3 dana zaredom!', 'Sljedeće: Još 4 dana do 7 dana zaredom.', 'Nastavite učiti'],
    } as const;
    for (const [lang, [title, nextText, action]] of Object.entries(texts)) {
      // The page asks in the language in use: English first, then the learner's.
      const api = fakeApi(
        Object.fromEntries(
          ['en', lang].flatMap((l) => [
            [`/api/${l}/user/dashboard`, () => json(200, fixture)],
            [`/api/${l}/user/celebrations`, () => json(200, threeDays)],
            [`POST /api/${l}/user/celebrations/seen`, () => new Response(null, { status: 204 })],
          ]),
        ),
      );
      await render(api.client);
      await i18next.changeLanguage(lang);
      const card = await screen.findByTestId('celebration');
      await waitFor(() => expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(title));
      expect(within(card).getByTestId('celebration-next').querySelector('p')?.textContent).toBe(nextText);
      expect(within(card).getByRole('link', { name: action }).getAttribute('href')).toBe('/learn');
      cleanup();
      await i18next.changeLanguage('en');
    }
  });

  it('a first pass never opened and its badges: the pass heads it, the badges under it', async () => {
    const api = server({
      items: [
        {
          kind: 'mockPassed',
          attemptId: '5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
          correct: 28,
          total: 33,
          passMark: 17,
          passes: 1,
          at: '2026-03-10T09:41:17.000Z',
        },
        { kind: 'badge', code: 'SCORE_80', at: '2026-03-10T09:41:17.000Z' },
        { kind: 'badge', code: 'FIRST_TEST', at: '2026-03-10T09:41:17.000Z' },
        { kind: 'streak', days: 3, at: '2026-03-10T08:00:00.000Z' },
      ],
      next: { kind: 'firmUp', mocks: 1, questions: 117 },
      until: '2026-03-10T09:41:17.000Z',
    });
    await render(api.client);
    const card = await screen.findByTestId('celebration');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Your first pass!');
    expect(within(card).getByText('28 of 33 right: 11 more than the 17 you need.')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Badge: Top score', 'Badge: First test', '3 days in a row']);
    expect(within(card).getByTestId('celebration-next').querySelector('p')?.textContent).toBe(
      'Next: Answer 117 more questions and take 1 more mock test to confirm your exam readiness.',
    );
    expect(within(card).getByRole('link', { name: 'Keep learning' }).getAttribute('href')).toBe('/learn');
  });

  it('without a win, or when the celebrations cannot be read, the dashboard is as always', async () => {
    const quiet = fakeApi({
      [DASHBOARD]: () => json(200, fixture),
      [CELEBRATIONS]: () => json(200, nothing),
    });
    await render(quiet.client);
    expect((await screen.findByTestId('streak')).textContent).toBe('4 Day streak');
    expect(screen.queryByTestId('celebration')).toBeNull();
    expect(quiet.calls('POST', SEEN)).toHaveLength(0);
    cleanup();
    const failing = fakeApi({
      [DASHBOARD]: () => json(200, fixture),
      [CELEBRATIONS]: () => json(500, { error: { code: 'internal', message: 'x' } }),
    });
    await render(failing.client);
    expect((await screen.findByTestId('streak')).textContent).toBe('4 Day streak');
    expect(screen.queryByTestId('celebration')).toBeNull();
  });

  it('waits for the celebrations before laying the page out (the card never pushes it down)', async () => {
    const api = fakeApi({
      [DASHBOARD]: () => json(200, fixture),
      [CELEBRATIONS]: () => new Promise<Response>(() => {}),
    });
    await render(api.client);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading your dashboard…');
    expect(screen.queryByTestId('streak')).toBeNull();
  });
});
