import type { Question } from '@buergerfit/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { answersSent, gradeSent, learnRoutes, question } from './fixtures';
import { fakeApi, renderRemote } from './util';

// The back of a flashcard keeps its question in sight, and a swipe there grades it (→ good, ← again).

const CARDS: Question[] = [
  question(1, {
    text: 'Wie heißt die Hauptstadt?',
    answers: ['Bonn', 'Berlin', 'Köln', 'Hamburg'],
    image: '/catalog-images/1.png',
    imageSize: { width: 640, height: 561 },
    imageDescription: 'Ein Stadtplan',
  }),
  question(2),
  question(3),
];

async function session() {
  const api = fakeApi(learnRoutes({ questions: CARDS }));
  await renderRemote(App, { path: '/learn/flashcards', basename: '/learn', client: api.client });
  fireEvent.click(await screen.findByRole('button', { name: 'Start session' }));
  return api;
}
const card = () =>
  screen.getByRole('heading', { level: 2, hidden: true }).closest('[data-side]') as HTMLElement;
const side = () => card().getAttribute('data-side');
const back = () => card().querySelector('[data-side] > :last-child') as HTMLElement;
const front = () => screen.getByRole('heading', { level: 2, hidden: true }).textContent;
function swipe(dx: number, dy = 0) {
  const touch = { pointerId: 5, pointerType: 'touch', isPrimary: true };
  fireEvent.pointerDown(card(), { ...touch, clientX: 200, clientY: 300 });
  fireEvent.pointerUp(card(), { ...touch, clientX: 200 + dx, clientY: 300 + dy });
}

describe('a flashcard’s back and its swipes', { timeout: 15_000 }, () => {
  it('shows the question (and its picture) above the answer', async () => {
    await session();
    fireEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(side()).toBe('back');
    const face = back();
    expect(face.getAttribute('aria-hidden')).toBeNull();
    const asked = within(face).getByText('Wie heißt die Hauptstadt?');
    const answer = within(face).getByText('Berlin');
    expect(asked.getAttribute('lang')).toBe('de');
    // The question comes before the answer, in reading order.
    expect(asked.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(face).getByRole('button', { name: 'Enlarge the picture for question 1' })).toBeTruthy();
  });

  it('on the back, a swipe right grades “good” and a swipe left “again”; each brings the next card’s front', async () => {
    const { fetchMock } = await session();
    swipe(-80); // the front: a swipe turns it over, grading nothing
    expect(side()).toBe('back');
    expect(answersSent(fetchMock)).toEqual([]);
    swipe(90);
    await gradeSent(fetchMock, 0, { question_id: 1, is_correct: true, rating: 'good' });
    expect(front()).toBe('Frage 2?');
    expect(side()).toBe('front');
    swipe(70);
    swipe(-70);
    await gradeSent(fetchMock, 1, { question_id: 2, is_correct: false, rating: 'again' });
    expect(front()).toBe('Frage 3?');
  });

  it('on the back, a vertical or short swipe grades nothing', async () => {
    const { fetchMock } = await session();
    fireEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    swipe(30, 200); // mostly vertical: the page scrolls
    swipe(40); // too short
    expect(side()).toBe('back');
    expect(front()).toBe('Wie heißt die Hauptstadt?');
    expect(answersSent(fetchMock)).toEqual([]);
  });

  it('says the keys for a keyboard and the gestures for a touch screen, each shown only there', async () => {
    await session();
    const keys = screen.getByText(/^Keys: Space or Enter turns the card over/);
    const touch = screen.getByText(/^Tap the card to turn it over\. Then swipe it right if you knew it/);
    expect(keys.className).toMatch(/keysHint/);
    expect(touch.className).toMatch(/touchHint/);
  });
});
