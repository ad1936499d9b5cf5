import type { Question, QuestionProgressMap } from '@buergerfit/contract';
import { writeStoredUser } from '@buergerfit/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { findByNumber, foldText, questionSearch } from '../src/search';
import { learner, learnRoutes, progressEntry, question } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// Learn mode's filters (wrong last time, not seen yet, bookmarked), the search and the official numbers.

const QUESTIONS: Question[] = [
  question(1, {
    text: 'Wer wählt in Deutschland den Bundeskanzler?',
    translation: {
      lang: 'en',
      text: 'Who elects the Federal Chancellor in Germany?',
      answers: [],
      sameAsGerman: [],
    },
  }),
  question(2, {
    text: 'Wo liegt München?',
    translation: { lang: 'en', text: 'Where is Munich?', answers: [], sameAsGerman: [] },
  }),
  question(3, { text: 'Was bedeutet „Rechtsstaat“?', translation: null }),
  question(12, { text: 'Welche Farben hat die Flagge?', translation: null }),
  question(301, {
    official: 'BY-1',
    state: 'BY',
    text: 'Welches Wappen gehört zum Freistaat Bayern?',
    translation: {
      lang: 'en',
      text: 'Which coat of arms belongs to Bavaria?',
      answers: [],
      sameAsGerman: [],
    },
  }),
  question(310, {
    official: 'BY-10',
    state: 'BY',
    text: 'Wie heißt die Landeshauptstadt?',
    translation: null,
  }),
];

async function open({
  progress = {} as QuestionProgressMap,
  bookmarks = [] as Question[],
  path = '/learn',
} = {}) {
  const bavarian = learner('BY');
  writeStoredUser(bavarian);
  const api = fakeApi({
    ...learnRoutes({ questions: QUESTIONS, progress, bookmarks }),
    '/api/user/me': () => json(200, bavarian),
  });
  await renderRemote(App, { path, basename: '/learn', client: api.client });
  await screen.findByText('Question 1 of 6');
  return api;
}

const count = () => screen.getByText(/^\d+ questions?$/).textContent;
/** The question on screen (the filter sheet has a heading of its own). */
const shown = () => within(screen.getByRole('article')).getByRole('heading', { level: 2 }).textContent;
const search = () => screen.getByRole('searchbox', { name: 'Search' });
/** Opens the filter sheet from the toolbar above the question (its button names the active filters). */
const openFilters = async (name: string | RegExp = /^Filters/) =>
  userEvent.click(screen.getByRole('button', { name }));
/** Closes the sheet with its "Show N questions" button. */
const closeFilters = async () =>
  userEvent.click(screen.getByRole('button', { name: /^Show \d+ questions?$/ }));
/** Opens the question list (the numbers under the card) and returns it. */
async function openList() {
  const summary = screen.getByText('Question list', { selector: 'summary' });
  if (!summary.parentElement?.hasAttribute('open')) await userEvent.click(summary);
  return screen.getByRole('list', { name: 'Question list' });
}
/** The search box set to `text` (as typing ends; quicker than key by key on a busy machine). */
const typeSearch = async (text: string) => {
  fireEvent.change(search(), { target: { value: text } });
};
/**
 * Searching for `text` leaves one question, the one headed `heading` once the sheet is closed (the question behind
 * the open sheet stays as it was); the sheet is opened again.
 */
const searchFindsOne = async (text: string, heading: string) => {
  await typeSearch(text);
  await waitFor(() => expect(count()).toBe('1 question'));
  await closeFilters();
  expect(shown()).toBe(heading);
  await openFilters();
};
/** What the filters chosen in the open sheet show: the sheet closed, the question on screen; the sheet again. */
const shownAfterSheet = async () => {
  await closeFilters();
  const heading = shown();
  await openFilters();
  return heading;
};

describe('search', () => {
  it('finds German text ignoring case and diacritics, the translation, and the official number', async () => {
    await open();
    expect(count()).toBe('6 questions');
    await openFilters();
    await searchFindsOne('munchen', 'Wo liegt München?');

    await searchFindsOne('WAHLT IN deutschland', 'Wer wählt in Deutschland den Bundeskanzler?');

    // In the learner's language (the translation), even while it is not shown.
    await searchFindsOne('munich', 'Wo liegt München?');

    // The official number of a state question: BY-1, not BY-10.
    await searchFindsOne('BY-1', 'Welches Wappen gehört zum Freistaat Bayern?');
    expect(screen.getByText('Catalogue no. BY-1')).toBeTruthy();
    await typeSearch('by-10');
    await waitFor(() => expect(count()).toBe('1 question'));
    expect(await shownAfterSheet()).toBe('Wie heißt die Landeshauptstadt?');

    // A general question's number.
    await searchFindsOne('12', 'Welche Farben hat die Flagge?');
    expect(screen.getByText('Catalogue no. 12')).toBeTruthy();

    await typeSearch('Rechtsstaat');
    await waitFor(() => expect(count()).toBe('1 question'));
    expect(await shownAfterSheet()).toBe('Was bedeutet „Rechtsstaat“?');
  }, 30_000); // the file's first test also loads the module graph: slow on a loaded machine

  it('an empty result says so; “Clear filters” brings every question back', async () => {
    await open();
    await openFilters();
    await userEvent.selectOptions(screen.getByLabelText('Questions'), 'general');
    await typeSearch('zzz');
    await closeFilters();
    expect(await screen.findByText('No questions match these filters.')).toBeTruthy();
    expect(count()).toBe('0 questions');
    expect(screen.queryByRole('list', { name: 'Answers' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(count()).toBe('6 questions'));
    // No filter is on any more: the Filter button has no count.
    await openFilters('Filters');
    expect((search() as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Questions') as HTMLSelectElement).value).toBe('all');
    expect(screen.getByText('Question 1 of 6')).toBeTruthy();
  }, 15_000); // many steps: slow on a loaded machine

  it('foldText, questionSearch and findByNumber', () => {
    expect(foldText('  München  STRAßE Ärger ')).toBe('munchen strasse arger');
    const matches = questionSearch(QUESTIONS);
    const hits = (q: string) => QUESTIONS.filter((x) => matches(x, q)).map((x) => x.id);
    expect(hits('')).toHaveLength(6);
    expect(hits('by 1')).toEqual(['q301']);
    expect(hits('bundeskanzler')).toEqual(['q1']);
    expect(hits('chancellor')).toEqual(['q1']);
    // Not across the German text and the translation.
    expect(hits('bundeskanzler? who')).toEqual([]);
    expect(findByNumber(QUESTIONS, 'by-1')?.id).toBe('q301');
    expect(findByNumber(QUESTIONS, 'BY10')?.id).toBe('q310');
    expect(findByNumber(QUESTIONS, '12')?.id).toBe('q12');
    expect(findByNumber(QUESTIONS, 'q2')?.id).toBe('q2');
    expect(findByNumber(QUESTIONS, 'BY-99')).toBeUndefined();
    expect(findByNumber(QUESTIONS, '2x')).toBeUndefined();
  });
});

describe('filters', () => {
  it('wrong last time, not seen yet and bookmarked, with the count in words', async () => {
    await open({
      progress: {
        q1: progressEntry({ lastCorrect: false, correct: 0, incorrect: 1 }),
        q2: progressEntry(),
        q12: progressEntry({ seen: 0, correct: 0, lastCorrect: null }),
        q310: progressEntry({ seen: 2, lastCorrect: false, correct: 1, incorrect: 1 }),
      },
      bookmarks: [QUESTIONS[1] as Question, QUESTIONS[4] as Question],
    });
    await openFilters();
    const status = () => screen.getByLabelText('Show');

    await userEvent.selectOptions(status(), 'wrong');
    await waitFor(() => expect(count()).toBe('2 questions'));
    // The question behind the sheet stays as it was until the sheet closes.
    expect(shown()).toBe('Wer wählt in Deutschland den Bundeskanzler?');
    expect(screen.getByText('Question 1 of 6')).toBeTruthy();
    expect(await shownAfterSheet()).toBe('Wer wählt in Deutschland den Bundeskanzler?');
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();

    // Never answered: no progress at all, or seen 0.
    await userEvent.selectOptions(status(), 'unseen');
    await waitFor(() => expect(count()).toBe('3 questions'));
    await closeFilters();
    const list = await openList();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['3', '12', 'BY-1']);
    await openFilters('Filters (1 active)');

    await userEvent.selectOptions(status(), 'bookmarked');
    await waitFor(() => expect(count()).toBe('2 questions'));
    expect(await shownAfterSheet()).toBe('Wo liegt München?');

    // Combined with the other filters: bookmarked and general → 1.
    await userEvent.selectOptions(screen.getByLabelText('Questions'), 'general');
    await waitFor(() => expect(count()).toBe('1 question'));
    await userEvent.selectOptions(screen.getByLabelText('Questions'), 'state');
    await waitFor(() => expect(count()).toBe('1 question'));
    expect(await shownAfterSheet()).toBe('Welches Wappen gehört zum Freistaat Bayern?');

    await userEvent.selectOptions(status(), 'all');
    await waitFor(() => expect(count()).toBe('2 questions'));
  }, 15_000); // many steps: slow on a loaded machine

  it('“Bookmarked” with no bookmarks: empty, with “Clear filters”; the ?topic= filter is cleared too', async () => {
    await open({ path: '/learn?topic=politics' });
    await openFilters('Filters (1 active)');
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('politics');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'bookmarked');
    // The sheet's own "Clear filters", next to "Show 0 questions".
    expect(await screen.findByRole('button', { name: 'Show 0 questions' })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(count()).toBe('6 questions'));
    expect(screen.getByTestId('location').textContent).toBe('/learn');
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('all');
  }, 15_000); // many steps: slow on a loaded machine
});

describe('official numbers', () => {
  it('the jump box takes “BY-1” and “12”; the question list shows state questions by official number', async () => {
    await open();
    // The numbers are made when the list opens (a page that is only read does without 310 buttons).
    expect(screen.queryByRole('list', { name: 'Question list', hidden: true })).toBeNull();
    await openList();
    expect(screen.getByRole('list', { name: 'Question list' })).toBeTruthy();
    const jump = screen.getByLabelText('Go to question number');
    await userEvent.type(jump, 'by-1{Enter}');
    expect(shown()).toBe('Welches Wappen gehört zum Freistaat Bayern?');
    expect(screen.getByText('Question 5 of 6')).toBeTruthy();
    expect(screen.getByText('Catalogue no. BY-1')).toBeTruthy();

    await userEvent.clear(jump);
    await userEvent.type(jump, '12{Enter}');
    expect(shown()).toBe('Welche Farben hat die Flagge?');
    expect(screen.getByText('Catalogue no. 12')).toBeTruthy();

    // A jump to a question outside the filters clears them and goes there.
    await openFilters();
    await typeSearch('munchen');
    await waitFor(() => expect(count()).toBe('1 question'));
    await closeFilters();
    await userEvent.clear(jump);
    await userEvent.type(jump, 'BY-10{Enter}');
    await waitFor(() => expect(shown()).toBe('Wie heißt die Landeshauptstadt?'));
    expect(count()).toBe('6 questions');

    const list = await openList();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '12', 'BY-1', 'BY-10']);
    expect(within(list).getByRole('button', { name: 'Question BY-1, not answered yet' })).toBeTruthy();
  }, 15_000); // many steps: slow on a loaded machine
});
