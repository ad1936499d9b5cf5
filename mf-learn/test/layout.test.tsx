import type { Question, Topic } from '@buergerfit/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { learnRoutes, question } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// The phone-first layout: the question first with the filters in a sheet, the previous/next bar, the flashcard
// that turns over.

const QUESTIONS: Question[] = [
  question(1, { text: 'Wer wählt den Bundestag?' }),
  question(2, { text: 'Wann war der Mauerfall?', topic: 'history' }),
  question(3, { text: 'Was ist eine Demokratie?' }),
  question(4, { text: 'Wer war Otto von Bismarck?', topic: 'history' }),
];
const TOPICS: Topic[] = [
  { id: 'politics', parent: null, name: 'Politics and democracy in Germany today' },
  { id: 'history', parent: null, name: 'History' },
];

async function open(path = '/learn') {
  const api = fakeApi({
    ...learnRoutes({ questions: QUESTIONS }),
    '/api/en/topics': () => json(200, TOPICS),
  });
  await renderRemote(App, { path, basename: '/learn', client: api.client });
  return api;
}
const question_ = () => within(screen.getByRole('article')).getByRole('heading', { level: 2 }).textContent;

describe('the filter sheet', () => {
  it('opens from the toolbar above the question; a topic filters the questions; the button counts active filters', async () => {
    await open();
    await screen.findByText('Question 1 of 4');
    // The toolbar comes before the question; no filter field is on the page until the sheet opens.
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.compareDocumentPosition(screen.getByRole('article'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.queryByLabelText('Topic')).toBeNull();
    expect(screen.getByText('4 questions')).toBeTruthy();

    await userEvent.click(filters);
    const sheet = screen.getByRole('dialog', { name: 'Filters and options' });
    await userEvent.selectOptions(within(sheet).getByLabelText('Topic'), 'history');
    // The list follows at once; the sheet says how many it will show.
    expect(screen.getByText('2 questions')).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 2 questions' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(question_()).toBe('Wann war der Mauerfall?');
    expect(screen.getByTestId('location').textContent).toBe('/learn?topic=history');

    // One filter on: the button says so (a badge with the number, and in words for screen readers).
    const counted = screen.getByRole('button', { name: 'Filters (1 active)' });
    expect(within(counted).getByText('1')).toBeTruthy();

    // A second one: two.
    await userEvent.click(counted);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'unseen');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Bismarck');
    expect(screen.getByText('1 question')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Filters (3 active)' })).toBeTruthy();
    expect(question_()).toBe('Wer war Otto von Bismarck?');

    // "Clear filters" in the sheet: every question again, no count.
    await userEvent.click(screen.getByRole('button', { name: 'Filters (3 active)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show 4 questions' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByText('Question 1 of 4')).toBeTruthy();
  }, 30_000); // the file's first test also loads the module graph: slow on a loaded machine

  it('a long topic name is a full-width select in a field, not a page-wide one', async () => {
    await open();
    await screen.findByText('Question 1 of 4');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const topic = screen.getByLabelText('Topic') as HTMLSelectElement;
    expect(
      within(topic).getByRole('option', { name: 'Politics and democracy in Germany today' }),
    ).toBeTruthy();
    // The design system's Select: labelled through its Field, wrapped with its chevron.
    expect(topic.closest('label, div')?.querySelector('label')?.textContent).toBe('Topic');
    expect(topic.parentElement?.querySelector('[data-icon="chevronDown"]')).toBeTruthy();
  });
});

describe('the previous / next bar', () => {
  it('goes back and forth, disabled at either end; "Restart" goes back to the first question', async () => {
    await open();
    await screen.findByText('Question 1 of 4');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    // One bar for both, after the question (stuck to the bottom of a phone's screen by CSS).
    expect(previous.parentElement).toBe(next.parentElement);
    expect(screen.getByRole('article').compareDocumentPosition(next)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(previous.hasAttribute('disabled')).toBe(true);

    await userEvent.click(next);
    expect(screen.getByText('Question 2 of 4')).toBeTruthy();
    expect(question_()).toBe('Wann war der Mauerfall?');
    expect(previous.hasAttribute('disabled')).toBe(false);
    await userEvent.click(next);
    await userEvent.click(next);
    expect(screen.getByText('Question 4 of 4')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    await userEvent.click(previous);
    expect(screen.getByText('Question 3 of 4')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    expect(screen.getByText('Question 1 of 4')).toBeTruthy();
  }, 15_000); // many steps: slow on a loaded machine

  it('answers are cards: the key in a column of its own, a check or an x with the result', async () => {
    await open();
    await screen.findByText('Question 1 of 4');
    const list = screen.getByRole('list', { name: 'Answers' });
    const wrong = within(list).getByRole('button', { name: 'A1' });
    // Key, then the text in its own element (so wrapped text stays in its column).
    expect([...wrong.children].map((c) => c.textContent)).toEqual(['1', 'A1']);
    await userEvent.click(wrong);
    expect(wrong.querySelector('[data-icon="x"]')).toBeTruthy();
    expect(
      within(list).getByRole('button', { name: 'B1' }).querySelector('[data-icon="check"]'),
    ).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'C1' }).querySelector('svg')).toBeNull();
  });
});

describe('the flashcard', () => {
  it('turns over: front (question) to back (answer and explanation), the face turned away inert', async () => {
    await open('/learn/flashcards');
    await userEvent.click(await screen.findByRole('button', { name: 'Start session' }));
    const turning = screen.getByRole('heading', { name: 'Wer wählt den Bundestag?' }).closest('[data-side]');
    if (!(turning instanceof HTMLElement)) throw new Error('no card');
    const [front, back] = [...turning.children] as HTMLElement[];
    expect(turning.getAttribute('data-side')).toBe('front');
    expect(turning.className).not.toMatch(/flipped/);
    expect(back?.hasAttribute('inert')).toBe(true);
    expect(front?.hasAttribute('inert')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    // The 3D turn: the card element rotates (class), the back becomes the live face.
    expect(turning.getAttribute('data-side')).toBe('back');
    expect(turning.className).toMatch(/flipped/);
    expect(front?.hasAttribute('inert')).toBe(true);
    expect(back?.hasAttribute('inert')).toBe(false);
    expect(within(back as HTMLElement).getByText('B1')).toBeTruthy();
    expect(within(back as HTMLElement).getByRole('button', { name: 'Show explanation' })).toBeTruthy();
    // The grades come under the card as large buttons.
    const grades = screen.getByRole('group', { name: 'How well did you know it?' });
    expect(turning.compareDocumentPosition(grades)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(grades).getAllByRole('button')).toHaveLength(4);

    await userEvent.click(screen.getByRole('button', { name: 'Show question' }));
    expect(turning.getAttribute('data-side')).toBe('front');
    expect(turning.className).not.toMatch(/flipped/);
  }, 15_000); // many steps: slow on a loaded machine
});
