import type { ChallengeResult, Question, Topic } from '@buergerfit/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { question as baseQuestion, challengeBest, progressEntry, recordedAnswer } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// Every question's right answer is its second one (`B<n>`), its explanation "Because <n>."
const QUESTIONS: Question[] = [baseQuestion(1), baseQuestion(2), baseQuestion(301, { state: 'BE' })];

const routes = () => ({
  '/api/en/learn': () => json(200, QUESTIONS),
  '/api/en/learn?state=BE': () => json(200, QUESTIONS),
  '/api/en/learn-mode': (body: unknown) => json(201, recordedAnswer(body)),
  '/api/en/user/bookmarks': () => json(200, [QUESTIONS[0]]),
  '/api/en/learn/progress': () => json(200, {}),
  '/api/en/topics': () => json(200, [] satisfies Topic[]),
  '/api/en/german-federal-states': () => json(200, [{ code: 'BE', name: 'Berlin' }]),
  // The focus queue's answer (its counts are another part's business: any shape of them will do here).
  '/api/en/learn/focus?limit=20': () =>
    json(200, {
      total: 1,
      due: 1,
      now: new Date().toISOString(),
      nextDueAt: null,
      questions: [{ ...(QUESTIONS[0] as Question), progress: progressEntry({ correct: 0, incorrect: 1 }) }],
    }),
  '/api/en/learn/challenge/best': () => json(200, challengeBest()),
  '/api/en/learn/challenge': () =>
    json(201, { score: 0, isPersonalBest: true, personalBest: 0 } satisfies ChallengeResult),
});

const answer = (name: string) =>
  within(screen.getByRole('list', { name: 'Answers' })).getByRole('button', { name: new RegExp(name) });
const explanation = () => screen.getByText(/^Because \d+\.$/).closest('details') as HTMLDetailsElement;

let scrolled: Element[] = [];
beforeEach(() => {
  scrolled = [];
  // jsdom has no layout: record what asks to be scrolled into view.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

// The learn page renders its filters, list and question in jsdom: on a busy machine a test takes seconds.
describe('feedback follows the answer', { timeout: 15_000 }, () => {
  for (const [mode, path, first] of [
    ['learn', '/learn', 'Frage 1?'],
    ['focus', '/learn/focus', 'Frage 1?'],
    ['state', '/learn/state?state=BE', 'Frage 301?'],
    ['bookmarks', '/learn/bookmarks', 'Frage 1?'],
  ] as const) {
    it(`${mode}: a wrong answer opens the explanation and brings the feedback into view`, async () => {
      const { client } = fakeApi(routes());
      await renderRemote(App, { path, basename: '/learn', client });
      expect(await screen.findByRole('heading', { name: first })).toBeTruthy();
      const n = first.match(/\d+/)?.[0] as string;
      fireEvent.click(answer(`^A${n}$`));
      expect(screen.getByText(/Wrong answer/).textContent).toBe(
        `Wrong answer · The correct answer is: B${n}`,
      );
      expect(explanation().open).toBe(true);
      expect(scrolled.map((el) => el.getAttribute('data-testid'))).toEqual(['feedback']);
      expect(scrolled[0]).toBe(screen.getByTestId('feedback'));
      expect(screen.getByTestId('feedback').contains(explanation())).toBe(true);
    });
  }

  it('learn: a right answer shows “Correct!” with the explanation folded, one tap away, and scrolls nowhere', async () => {
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    expect(await screen.findByRole('heading', { name: 'Frage 1?' })).toBeTruthy();
    fireEvent.click(answer('^B1$'));
    expect(screen.getByText('Correct!')).toBeTruthy();
    expect(explanation().open).toBe(false);
    expect(scrolled).toEqual([]);
    fireEvent.click(screen.getByText('Detailed explanation'));
    expect(explanation().open).toBe(true);
  });

  it('learn: coming back to a question answered wrongly shows it as it was, without scrolling to it again', async () => {
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    expect(await screen.findByRole('heading', { name: 'Frage 1?' })).toBeTruthy();
    fireEvent.click(answer('^A1$'));
    expect(scrolled).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText(/Wrong answer/)).toBeTruthy();
    expect(explanation().open).toBe(true);
    expect(scrolled).toHaveLength(1);
  });

  it('challenge (against the clock): a wrong answer keeps the explanation folded and the page where it is', async () => {
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn/challenge', basename: '/learn', client });
    fireEvent.click(await screen.findByRole('button', { name: 'Start challenge' }));
    const heading = screen.getByRole('heading', { level: 2 }).textContent as string;
    const n = heading.match(/\d+/)?.[0] as string;
    fireEvent.click(answer(`^A${n}$`));
    expect(screen.getByText(/Wrong answer/)).toBeTruthy();
    expect(explanation().open).toBe(false);
    expect(scrolled).toEqual([]);
  });
});
