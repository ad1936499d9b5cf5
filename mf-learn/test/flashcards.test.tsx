import type { Question, QuestionProgressMap } from '@buergerfit/contract';
import type { ApiRoutes } from '@buergerfit/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { aheadOrder, deckOrder } from '../src/pages/FlashcardsPage';
import { answersSent, inDays, learnRoutes, progressEntry, question, recordedAnswer } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// Flashcards: a session of due then new cards, a card that turns over, self-grading into FSRS, the summary.

const THREE = [question(1), question(2), question(3)];

async function open(questions: Question[], progress: QuestionProgressMap = {}, routes: ApiRoutes = {}) {
  const api = fakeApi({ ...learnRoutes({ questions, progress }), ...routes });
  const view = await renderRemote(App, { path: '/learn/flashcards', basename: '/learn', client: api.client });
  return { ...api, view };
}
const start = async () => userEvent.click(await screen.findByRole('button', { name: 'Start session' }));

/** The card on screen (the element that turns), and which face the learner sees. */
const card = () =>
  screen.getByRole('heading', { level: 2, hidden: true }).closest('[data-side]') as HTMLElement;
const side = () => card().getAttribute('data-side');
/** The question on the front of the card on screen. */
const front = () => screen.getByRole('heading', { level: 2, hidden: true }).textContent;
const hiddenFromLearner = (el: Element) => el.closest('[aria-hidden="true"], [hidden]') !== null;

function swipe(el: Element, from: { x: number; y: number }, to: { x: number; y: number }) {
  const touch = { pointerId: 7, pointerType: 'touch', isPrimary: true };
  fireEvent.pointerDown(el, { ...touch, clientX: from.x, clientY: from.y });
  fireEvent.pointerMove(el, { ...touch, clientX: to.x, clientY: to.y });
  fireEvent.pointerUp(el, { ...touch, clientX: to.x, clientY: to.y });
}

/** Turns the card on screen over with Space and grades it with a key; returns the question it showed. */
async function gradeWithKeys(key: string) {
  const text = front();
  await userEvent.keyboard(' ');
  await userEvent.keyboard(key);
  return text;
}

describe('flashcards: the card', () => {
  it('shows the question on the front and the correct answer (German and translation) on the back', async () => {
    await open([
      question(1, {
        text: 'Wie heißt die Hauptstadt?',
        answers: ['Bonn', 'Berlin', 'Köln', 'Hamburg'],
        translation: {
          lang: 'en',
          text: 'What is the capital?',
          answers: ['Bonn', 'Berlin (en)', 'Cologne', 'x'],
          sameAsGerman: [false, false, false, false],
        },
        image: '/catalog-images/1.png',
        imageDescription: 'Ein Stadtplan',
      }),
    ]);
    await start();
    expect(screen.getByRole('heading', { name: 'Wie heißt die Hauptstadt?' })).toBeTruthy();
    // The picture enlarges; what it shows is folded under it.
    const picture = screen.getByRole('button', { name: 'Enlarge the picture for question 1' });
    expect(picture.querySelector('img')?.getAttribute('alt')).toBe('Picture for question 1');
    expect(within(picture.closest('figure') as HTMLElement).getByText('Ein Stadtplan')).toBeTruthy();
    expect(screen.getByText('Catalogue no. 1')).toBeTruthy();
    // The answer is on the back, out of sight; no answer options anywhere.
    expect(hiddenFromLearner(within(card()).getByText('Berlin'))).toBe(true);
    expect(screen.queryByRole('list', { name: 'Answers' })).toBeNull();
    // The translation of the question on demand, as on every question card.
    await userEvent.click(screen.getByRole('button', { name: 'Show translation' }));
    expect(screen.getByText('What is the capital?')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(side()).toBe('back');
    expect(hiddenFromLearner(within(card()).getByText('Berlin'))).toBe(false);
    expect(hiddenFromLearner(screen.getByText('Berlin (en)'))).toBe(false);
    // Screen readers are told the answer (focus stays on the button that turned the card).
    expect(screen.getByText('Answer:', { exact: false, selector: '[aria-live="polite"]' }).textContent).toBe(
      'Answer: Berlin',
    );
    // The front is now out of reach: not in the accessibility tree, its heading hidden.
    expect(screen.queryByRole('heading', { name: 'Wie heißt die Hauptstadt?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show question' })).toBeTruthy();
  }, 30_000); // the file's first test also loads the module graph: slow on a loaded machine

  it('turns over by a click or tap on the card, by Space and Enter, and by a horizontal swipe', async () => {
    await open(THREE);
    await start();
    expect(side()).toBe('front');
    // Click on the card itself (its text), there and back.
    await userEvent.click(screen.getByRole('heading', { name: 'Frage 1?' }));
    expect(side()).toBe('back');
    await userEvent.click(within(card()).getByText('B1'));
    expect(side()).toBe('front');
    // Space and Enter.
    await userEvent.keyboard(' ');
    expect(side()).toBe('back');
    await userEvent.keyboard('{Enter}');
    expect(side()).toBe('front');
    // A swipe of 50 px or more to either side (on the back a swipe grades: flashcard-swipe.test.tsx).
    swipe(card(), { x: 200, y: 300 }, { x: 120, y: 310 });
    expect(side()).toBe('back');
    await userEvent.keyboard(' ');
    swipe(card(), { x: 100, y: 300 }, { x: 150, y: 300 });
    expect(side()).toBe('back');
  });

  it('does not turn over for a vertical swipe (scrolling), a short swipe, or a swipe the browser took over', async () => {
    await open(THREE);
    await start();
    swipe(card(), { x: 200, y: 400 }, { x: 230, y: 200 }); // mostly vertical: the page scrolls
    expect(side()).toBe('front');
    swipe(card(), { x: 200, y: 300 }, { x: 160, y: 300 }); // 40 px
    expect(side()).toBe('front');
    const touch = { pointerId: 3, pointerType: 'touch' };
    fireEvent.pointerDown(card(), { ...touch, clientX: 300, clientY: 300 });
    fireEvent.pointerCancel(card(), touch);
    fireEvent.pointerUp(card(), { ...touch, clientX: 100, clientY: 300 });
    expect(side()).toBe('front');
    // No grade was given by any of it.
    expect(screen.queryByRole('button', { name: 'Good' })).toBeNull();
  });

  it('keeps the explanation behind a toggle on the back; using it does not turn the card', async () => {
    await open(THREE);
    await start();
    await userEvent.keyboard(' ');
    const toggle = screen.getByRole('button', { name: 'Show explanation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(hiddenFromLearner(screen.getByText('Because 1.'))).toBe(true);
    await userEvent.click(toggle);
    expect(side()).toBe('back');
    expect(hiddenFromLearner(screen.getByText('Because 1.'))).toBe(false);
    const hide = screen.getByRole('button', { name: 'Hide explanation' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(hide);
    expect(hiddenFromLearner(screen.getByText('Because 1.'))).toBe(true);
    // The next card starts on its front with the explanation closed again.
    await userEvent.keyboard('3');
    expect(side()).toBe('front');
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Show explanation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});

describe('flashcards: grading', () => {
  it('grades by buttons and keys 1–4, only once turned over; sends again/hard/good/easy; counts them at the end', async () => {
    const { fetchMock } = await open([question(1), question(2), question(3), question(4)]);
    await start();
    expect(screen.getByText('Card 1 of 4')).toBeTruthy();
    // Before turning over: no grades, and the keys grade nothing.
    expect(screen.queryByRole('group', { name: 'How well did you know it?' })).toBeNull();
    await userEvent.keyboard('4');
    expect(answersSent(fetchMock)).toHaveLength(0);

    await userEvent.click(card());
    const grades = screen.getByRole('group', { name: 'How well did you know it?' });
    expect(
      within(grades)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1 Again', '2 Hard', '3 Good', '4 Easy']);
    await userEvent.click(within(grades).getByRole('button', { name: 'Again' }));
    expect(screen.getByText('Card 2 of 4')).toBeTruthy();
    expect(side()).toBe('front');
    await gradeWithKeys('2');
    await userEvent.click(card());
    await userEvent.click(screen.getByRole('button', { name: 'Good' }));
    await gradeWithKeys('4');

    await waitFor(() => expect(answersSent(fetchMock)).toHaveLength(4));
    expect(answersSent(fetchMock)).toEqual([
      expect.objectContaining({ question_id: 1, mode: 'flashcards', rating: 'again', is_correct: false }),
      expect.objectContaining({ question_id: 2, mode: 'flashcards', rating: 'hard', is_correct: true }),
      expect.objectContaining({ question_id: 3, mode: 'flashcards', rating: 'good', is_correct: true }),
      expect.objectContaining({ question_id: 4, mode: 'flashcards', rating: 'easy', is_correct: true }),
    ]);

    // The summary: how many, and how many of each grade.
    const done = await screen.findByRole('heading', { name: 'Session complete' });
    expect(document.activeElement).toBe(done);
    expect(screen.getByText('4 cards done')).toBeTruthy();
    const counts = Object.fromEntries(
      [...document.querySelectorAll('dl div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    );
    expect(counts).toEqual({ Again: '1', Hard: '1', Good: '1', Easy: '1' });
    // Keys do nothing on the summary.
    await userEvent.keyboard(' 3');
    expect(answersSent(fetchMock)).toHaveLength(4);
  });

  it('moves keyboard focus from the grade buttons to the next card’s “Show answer”', async () => {
    await open(THREE);
    await start();
    await userEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    screen.getByRole('button', { name: 'Hard' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Card 2 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show answer' }));
  });
});

describe('flashcards: the deck', () => {
  it('due cards first (earliest due first), then new ones, nothing else; the session length is chosen and remembered', async () => {
    const questions = Array.from({ length: 25 }, (_, i) => question(i + 1));
    const progress = {
      q5: progressEntry({ due: inDays(-2) }),
      q9: progressEntry({ due: inDays(-5), lastCorrect: false }),
      q2: progressEntry({ due: inDays(3) }), // answered, not due: not in the session
      q7: progressEntry({ due: inDays(1) }),
    };
    const { fetchMock, view } = await open(questions, progress);
    expect(await screen.findByText('2 cards due now')).toBeTruthy();
    expect(screen.getByText('21 new cards')).toBeTruthy();
    const length = screen.getByRole('group', { name: 'Cards per session' });
    expect((within(length).getByRole('radio', { name: '20 cards' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(length).getByRole('radio', { name: '10 cards' }));
    await start();
    expect(screen.getByText('Card 1 of 10')).toBeTruthy();

    const seen: (string | null)[] = [];
    for (let i = 0; i < 10; i++) seen.push(await gradeWithKeys('3'));
    expect(seen).toEqual([9, 5, 1, 3, 4, 6, 8, 10, 11, 12].map((n) => `Frage ${n}?`));
    expect(await screen.findByText('10 cards done')).toBeTruthy();
    await waitFor(() => expect(answersSent(fetchMock)).toHaveLength(10));

    // The chosen length is remembered on this device.
    view.unmount();
    await open(questions, progress);
    const again = await screen.findByRole('group', { name: 'Cards per session' });
    expect((within(again).getByRole('radio', { name: '10 cards' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a session shorter than the length when fewer cards are there; the summary says “1 card done”', async () => {
    await open(THREE, { q1: progressEntry({ due: inDays(2) }), q2: progressEntry({ due: inDays(1) }) });
    expect(await screen.findByText('0 cards due now')).toBeTruthy();
    expect(screen.getByText('1 new card')).toBeTruthy();
    await start();
    expect(screen.getByText('Card 1 of 1')).toBeTruthy();
    expect(await gradeWithKeys('3')).toBe('Frage 3?');
    expect(await screen.findByText('1 card done')).toBeTruthy();
  });

  it('another session after the last new card: nothing left (the answer counts even before progress catches up)', async () => {
    // The server acknowledges the answer (with q3's new progress) only at the end: until then only the app knows.
    let acknowledge = () => {};
    const acknowledged = new Promise<void>((resolve) => {
      acknowledge = resolve;
    });
    await open(
      THREE,
      { q1: progressEntry({ due: inDays(2) }), q2: progressEntry({ due: inDays(1) }) },
      { '/api/en/learn-mode': async (body) => acknowledged.then(() => json(201, recordedAnswer(body))) },
    );
    await start();
    await gradeWithKeys('4');
    await userEvent.click(await screen.findByRole('button', { name: 'Another session' }));
    // q3 was just answered: it is not offered as new again.
    expect(screen.getByText(/You are all caught up/)).toBeTruthy();
    // Review ahead: the answered cards, earliest due first.
    await userEvent.click(screen.getByRole('button', { name: 'Review ahead' }));
    expect(screen.getByText('Card 1 of 2')).toBeTruthy();
    expect(await gradeWithKeys('3')).toBe('Frage 2?');
    expect(await gradeWithKeys('3')).toBe('Frage 1?');
    expect(await screen.findByText('2 cards done')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to learn' }));
    expect(screen.getByTestId('location').textContent).toBe('/learn');
    acknowledge();
  });

  it('nothing due and nothing new: says so with the next due date, and offers to review ahead', async () => {
    const next = inDays(1);
    await open(THREE, {
      q1: progressEntry({ due: inDays(3) }),
      q2: progressEntry({ due: next }),
      q3: progressEntry({ due: inDays(2) }),
    });
    expect(await screen.findByText(/You are all caught up/)).toBeTruthy();
    // In the learner's words and time zone (the tests run in UTC), seen from when the queue was read.
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'UTC' }).format(
      Date.parse(next),
    );
    expect(screen.getByTestId('next-due').textContent).toBe(`Next card due: tomorrow ${time}`);
    expect(screen.queryByRole('button', { name: 'Start session' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Review ahead' }));
    expect(screen.getByText('Card 1 of 3')).toBeTruthy();
    expect(front()).toBe('Frage 2?');
  });

  it('another session continues with the next due and new cards', async () => {
    const questions = Array.from({ length: 12 }, (_, i) => question(i + 1));
    await open(questions);
    await userEvent.click(await screen.findByRole('radio', { name: '10 cards' }));
    await start();
    for (let i = 0; i < 10; i++) await gradeWithKeys('3');
    await userEvent.click(await screen.findByRole('button', { name: 'Another session' }));
    expect(screen.getByText('Card 1 of 2')).toBeTruthy();
    expect(front()).toBe('Frage 11?');
  });

  it('without progress (offline, or the server failing): every card counts as new, and the learner is told', async () => {
    const api = fakeApi({
      ...learnRoutes({ questions: THREE }),
      '/api/en/learn/progress': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderRemote(App, { path: '/learn/flashcards', basename: '/learn', client: api.client });
    expect(
      await screen.findByText('Your progress could not be loaded, so every card counts as new.'),
    ).toBeTruthy();
    expect(screen.getByText('3 new cards')).toBeTruthy();
    await start();
    expect(screen.getByText('Card 1 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show answer' }));
  });

  it('deckOrder and aheadOrder', () => {
    const qs = [question(1), question(2), question(3), question(4), question(5)];
    const progress = {
      q1: progressEntry({ due: '2026-02-01T00:00:00Z' }),
      q3: progressEntry({ due: '2026-01-09T00:00:00Z' }),
      q4: progressEntry({ due: '2026-01-01T00:00:00Z' }),
      q5: progressEntry({ seen: 0 }),
    };
    expect(deckOrder(qs, progress, ['q4', 'q3']).map((q) => q.id)).toEqual(['q4', 'q3', 'q2', 'q5']);
    expect(aheadOrder(qs, progress).map((q) => q.id)).toEqual(['q4', 'q3', 'q1']);
  });
});
