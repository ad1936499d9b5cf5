import type { ExamMistakes, FocusQueue } from '@buergerfit/contract';
import { resources } from '@buergerfit/locales';
import { initI18n } from '@buergerfit/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { challengeBest, learnRoutes, question } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// Every learn page names itself (its own <h1> and the document title); counts are in words, in every language.

describe('page headings and titles', () => {
  const PAGES: [string, string][] = [
    ['/learn', 'Learn'],
    ['/learn/focus', 'Focus'],
    ['/learn/challenge', 'Challenge'],
    ['/learn/state', 'State questions'],
    ['/learn/flashcards', 'Flashcards'],
    ['/learn/bookmarks', 'Bookmarks'],
    ['/learn/mistakes/a1', 'Practise my mistakes'],
  ];

  it.each(PAGES)(
    '%s has the one heading “%s”, also the document title; the modes stay',
    async (path, name) => {
      const { client } = fakeApi({
        ...learnRoutes({ questions: [question(1)] }),
        '/api/en/learn/focus?limit=20': () =>
          json(200, {
            now: '2026-03-02T09:30:00Z',
            due: 0,
            nextDueAt: null,
            questions: [],
          } satisfies FocusQueue),
        '/api/en/learn/challenge/best': () => json(200, challengeBest()),
        '/api/en/exams/a1/mistakes': () =>
          json(200, {
            attemptId: 'a1',
            kind: 'mock',
            finishedAt: '2026-11-23T12:00:00Z',
            questions: [],
          } satisfies ExamMistakes),
      });
      await renderRemote(App, { path, basename: '/learn', client });
      const [h1, ...more] = screen.getAllByRole('heading', { level: 1 });
      expect(more).toEqual([]);
      expect(h1?.textContent).toBe(name);
      expect(screen.getByRole('region', { name })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${name} · Bürgerfit`));
      const modes = screen.getByRole('navigation', { name: 'Learning modes' });
      expect(within(modes).getAllByRole('link')).toHaveLength(6);
    },
    30_000, // the first page also loads the module graph: slow on a loaded machine
  );
});

describe('counts in words', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('offline: “1 answer waiting”, then “2 answers waiting”', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { client } = fakeApi({
      ...learnRoutes({ questions: [question(1), question(2)] }),
      '/api/en/learn-mode': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await userEvent.click(await screen.findByRole('button', { name: /B1/ }));
    expect(await screen.findByText(/\(1 answer waiting\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: /A2/ }));
    expect(await screen.findByText(/\(2 answers waiting\)/)).toBeTruthy();
  }, 15_000); // many steps: slow on a loaded machine

  it('uses each language’s plural forms (Croatian has three)', async () => {
    await initI18n(resources, 'en');
    const t = i18next.getFixedT(null, 'learn');
    expect([1, 2, 5].map((count) => t('matchCount', { count }))).toEqual([
      '1 question',
      '2 questions',
      '5 questions',
    ]);
    await i18next.changeLanguage('de');
    const de = i18next.getFixedT('de', 'learn');
    expect([1, 2].map((count) => de('matchCount', { count }))).toEqual(['1 Frage', '2 Fragen']);
    expect(de('flashcardsDone', { count: 1 })).toBe('1 Karte erledigt');
    const hr = i18next.getFixedT('hr', 'learn');
    expect([1, 3, 5, 21, 22, 25].map((count) => hr('matchCount', { count }))).toEqual([
      '1 pitanje',
      '3 pitanja',
      '5 pitanja',
      '21 pitanje',
      '22 pitanja',
      '25 pitanja',
    ]);
    expect([1, 2, 5].map((count) => hr('cards', { count }))).toEqual(['1 kartica', '2 kartice', '5 kartica']);
    expect(hr('minutes', { count: 5 })).toBe('5 minuta');
    expect(hr('headings.state')).toBe('Pitanja savezne zemlje');
  });
});
