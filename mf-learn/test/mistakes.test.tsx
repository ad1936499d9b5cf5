import type { ExamMistakes, Question } from '@buergerfit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { answersSent, calls, learnRoutes, question } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// "Practise my mistakes": the wrong, unanswered and unsure questions of one finished test.

const FINISHED = '2026-11-23T12:00:00Z';
const MISTAKES = [
  question(7, { text: 'Was steht im Grundgesetz?' }),
  question(305, { official: 'BY-5', state: 'BY', text: 'Wer regiert Bayern?' }),
  question(42, { text: 'Wann war der Mauerfall?' }),
];
const LEARN_SET = [question(1), question(2), ...MISTAKES];
const set = (over: Partial<ExamMistakes> = {}): ExamMistakes => ({
  attemptId: 'a1',
  kind: 'mock',
  finishedAt: FINISHED,
  questions: MISTAKES,
  ...over,
});

async function open(mistakes: () => Response, attemptId = 'a1') {
  const api = fakeApi({
    ...learnRoutes({ questions: LEARN_SET }),
    [`/api/en/exams/${attemptId}/mistakes`]: mistakes,
  });
  await renderRemote(App, { path: `/learn/mistakes/${attemptId}`, basename: '/learn', client: api.client });
  return api;
}

const answer = (name: string) =>
  userEvent.click(within(screen.getByRole('list', { name: 'Answers' })).getByRole('button', { name }));

describe('practise my mistakes', () => {
  it('practises exactly the questions the API returned, in its order, recording answers with mode “mistakes”', async () => {
    const { fetchMock } = await open(() => json(200, set()));
    expect(screen.getByRole('heading', { level: 1, name: 'Practise my mistakes' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading questions…');
    expect(await screen.findByText('From your mock test of November 23, 2026: 3 questions')).toBeTruthy();
    expect(document.title).toBe('Practise my mistakes · Bürgerfit');
    const review = screen.getByRole('link', { name: 'Back to the review of this mock test' });
    expect(review.getAttribute('href')).toBe('/exam/result/a1');
    // The layout stays (the learning modes), but this page is none of them.
    const modes = screen.getByRole('navigation', { name: 'Learning modes' });
    expect(within(modes).queryByRole('link', { current: 'page' })).toBeNull();

    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(screen.getByRole('heading', { level: 2 }).textContent ?? '');
      if (i < 2) await userEvent.keyboard('{ArrowRight}');
    }
    expect(seen).toEqual(['Was steht im Grundgesetz?', 'Wer regiert Bayern?', 'Wann war der Mauerfall?']);
    expect(screen.queryByRole('button', { name: 'Next' })?.hasAttribute('disabled')).toBe(true);

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('Catalogue no. BY-5')).toBeTruthy();
    await answer('A305');
    expect(screen.getByText(/Wrong answer/)).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    await answer('B7');
    expect(screen.getByText('Correct!')).toBeTruthy();
    await waitFor(() => expect(answersSent(fetchMock)).toHaveLength(2));
    expect(answersSent(fetchMock)).toEqual([
      expect.objectContaining({ question_id: 305, is_correct: false, mode: 'mistakes' }),
      expect.objectContaining({ question_id: 7, is_correct: true, mode: 'mistakes' }),
    ]);
    // Nothing but this test's mistakes was loaded to practise.
    expect(calls(fetchMock).some((c) => c.url === '/api/en/learn')).toBe(false);
  }, 30_000); // the file's first test also loads the module graph: slow on a loaded machine

  it('one mistake of a demo test: “1 question”, and the way back to the demo’s review', async () => {
    await open(
      () => json(200, set({ attemptId: 'd9', kind: 'demo', questions: [MISTAKES[2] as Question] })),
      'd9',
    );
    expect(await screen.findByText('From your demo test of November 23, 2026: 1 question')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Back to the review of this demo test' }).getAttribute('href'),
    ).toBe('/demo/result/d9');
    expect(screen.getByText('Question 1 of 1')).toBeTruthy();
  });

  it('a test with no mistakes says so', async () => {
    await open(() => json(200, set({ questions: [] })));
    expect(await screen.findByText('No mistakes to practise in this test.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the review of this mock test' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Answers' })).toBeNull();
  });

  it('404: this test was not found (no retry)', async () => {
    await open(() => json(404, { error: { code: 'attempt_not_found', message: 'no' } }));
    expect(await screen.findByText('This test was not found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('409: the test is not finished yet', async () => {
    await open(() => json(409, { error: { code: 'attempt_open', message: 'open' } }));
    expect(await screen.findByText(/This test is not finished yet/)).toBeTruthy();
  });

  it('any other error: an alert with Retry, which loads again', async () => {
    let n = 0;
    await open(() =>
      ++n === 1 ? json(400, { error: { code: 'invalid_input', message: 'x' } }) : json(200, set()),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your mistakes could not be loaded. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Question 1 of 3')).toBeTruthy();
  });
});
