import type { ExamAttempt } from '@buergerfit/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../src/App';
import { CELEBRATED_DEMOS_KEY, resultCelebration } from '../src/celebration';
import { correctFor, type FakeExam, fakeExamServer, wrongFor } from './fake-exam';
import { heading, renderRemote, startDemo } from './util';

/**
 * A pass is celebrated on its result once (issue 30, item 6): a mock test while the server lists it as not
 * celebrated yet, a demo when its browser has just finished it; never a failed test, never a second time.
 */

beforeEach(() => {
  localStorage.clear();
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

/** A finished mock test of the signed-in learner with the first `right` positions right, finished at `at`. */
function finishedMock(fake: FakeExam, right: number, at: string): ExamAttempt {
  const attempt = fake.seed('mock', {
    createdAt: '2026-11-20T22:50:00.000Z',
    deadline: '2026-11-20T23:50:00.000Z',
  });
  for (const q of attempt.questions)
    q.answer = q.position <= right ? correctFor(q.position) : wrongFor(q.position);
  fake.expire(attempt.id, new Date(at));
  return attempt;
}

const seenPosts = (fake: FakeExam) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/en/user/celebrations/seen');

describe('a passed mock test', () => {
  it('is celebrated with its badge and what comes next ("3 more to 80%"), announced once, the focus left alone', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const attempt = finishedMock(fake, 24, '2026-11-20T23:14:10.000Z');
    await renderRemote(App, { path: `/exam/result/${attempt.id}`, client: fake.client });
    expect(await heading('Passed')).toBeTruthy();
    const card = screen.getByTestId('celebration');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Your first pass!');
    expect(within(card).getByText('24 of 33 right: 7 more than the 17 you need.')).toBeTruthy();
    expect(within(card).getByRole('listitem').textContent).toBe('Badge: First test');
    expect(within(card).getByTestId('celebration-next').textContent).toBe(
      'Next: 3 more right answers for 80% (27 of 33) and the “Top score” badge.',
    );
    // Said once by screen readers; the focus stays on the result's heading.
    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toBe(
        'Your first pass! 24 of 33 right: 7 more than the 17 you need. Badge: First test. ' +
          'Next: 3 more right answers for 80% (27 of 33) and the “Top score” badge.',
      ),
    );
    expect(document.activeElement?.textContent).toBe('Passed');
    // Shown: the server is told, up to the pass's finish.
    await waitFor(() =>
      expect(seenPosts(fake)).toEqual([
        expect.objectContaining({ body: { until: '2026-11-20T23:14:10.000Z' } }),
      ]),
    );
    // The dismiss button closes it; the focus goes on to what follows.
    await userEvent.click(within(card).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('celebration')).toBeNull();
    expect(document.activeElement?.textContent).toMatch(/^Practise my 9 mistakes/);

    // A reload (or the history, or another device): not again.
    cleanup();
    await renderRemote(App, { path: `/exam/result/${attempt.id}`, client: fake.client });
    expect(await heading('Passed')).toBeTruthy();
    expect(screen.queryByTestId('celebration')).toBeNull();
    expect(seenPosts(fake)).toHaveLength(1);
  });

  it('in Croatian, with the plural of the words that count', async () => {
    await i18next.changeLanguage('hr');
    const fake = fakeExamServer({ signedIn: true });
    const attempt = finishedMock(fake, 25, '2026-11-20T23:14:10.000Z');
    await renderRemote(App, { path: `/exam/result/${attempt.id}`, client: fake.client });
    await i18next.changeLanguage('hr');
    const card = await screen.findByTestId('celebration');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Prvi put položeno!');
    expect(within(card).getByText('Točnih odgovora: 25 od 33 – 8 više od potrebnih 17.')).toBeTruthy();
    expect(within(card).getByTestId('celebration-next').textContent).toBe(
      'Sljedeće: Još 2 točna odgovora do 80\u00a0% (27 od 33) i postignuća „Vrhunski rezultat”.',
    );
    expect(within(card).getByRole('button', { name: 'Zatvori' })).toBeTruthy();
  });

  it('an old pass, already celebrated, and a failed test are not celebrated', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const old = finishedMock(fake, 30, '2026-11-01T10:00:00.000Z');
    fake.celebratedUntil('2026-11-01T10:00:00.000Z');
    await renderRemote(App, { path: `/exam/result/${old.id}`, client: fake.client });
    expect(await heading('Passed')).toBeTruthy();
    expect(screen.queryByTestId('celebration')).toBeNull();
    cleanup();
    const failed = finishedMock(fake, 12, '2026-11-21T10:00:00.000Z');
    await renderRemote(App, { path: `/exam/result/${failed.id}`, client: fake.client });
    expect(await heading('Not passed')).toBeTruthy();
    expect(screen.queryByTestId('celebration')).toBeNull();
    expect(seenPosts(fake)).toHaveLength(0);
  });
});

describe('a passed demo test', () => {
  async function passDemo() {
    const { user, fake } = await startDemo();
    for (let p = 1; p <= 20; p++) {
      await user.keyboard(String(correctFor(p) + 1));
      await user.keyboard('{ArrowRight}');
    }
    await waitFor(() => expect(fake.attempts.values().next().value?.questions[19]?.answer).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    await user.click(await screen.findByRole('button', { name: 'Finish now' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passed' }, { timeout: 5000 })).toBeTruthy();
    return { fake, id: [...fake.attempts.keys()][0] as string };
  }

  it('is celebrated when the guest arrives from the test, pointing at the sign-up; a reload does not repeat it', async () => {
    const { fake, id } = await passDemo();
    const card = screen.getByTestId('celebration');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('You passed the demo test!');
    expect(within(card).getByText('20 of 33 right: 3 more than the 17 you need.')).toBeTruthy();
    expect(within(card).getByTestId('celebration-next').textContent).toBe(
      'Next: Sign up to keep this result and see which answers were wrong.',
    );
    // The sign-up link is the guest prompt's, right under it: none in the card.
    expect(within(card).queryByRole('link')).toBeNull();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(CELEBRATED_DEMOS_KEY) ?? '[]')).toEqual([id]));
    // The guest's browser asked no server about it.
    expect(fake.calls.filter((c) => c.path.includes('/celebrations'))).toEqual([]);

    // A reload keeps the navigation's state: this browser has celebrated it.
    const attempt: ExamAttempt = await (await fetch(`/api/en/exams/${id}`)).json();
    expect(attempt.result?.passed).toBe(true);
    cleanup();
    await renderRemote(App, {
      path: `/demo/result/${id}`,
      client: fake.client,
      state: { attempt, userId: null },
    });
    expect(await heading('Passed')).toBeTruthy();
    expect(screen.queryByTestId('celebration')).toBeNull();
  });
});

describe('resultCelebration: when a result celebrates', () => {
  const fake = fakeExamServer({ signedIn: true });
  const mock = finishedMock(fake, 24, '2026-11-20T23:14:10.000Z');
  const view = () => {
    const attempt = structuredClone(fake.attempts.get(mock.id) as ExamAttempt);
    attempt.result = {
      correct: 24,
      total: 33,
      passed: true,
      finalizedAt: '2026-11-20T23:14:10.000Z',
      durationSeconds: 1450,
      topics: [],
      mistakes: 9,
      review: [],
    };
    return attempt;
  };
  const pass = {
    kind: 'mockPassed' as const,
    attemptId: mock.id,
    correct: 24,
    total: 33,
    passMark: 17 as const,
    passes: 1,
    at: '2026-11-20T23:14:10.000Z',
  };
  const none = { items: [], next: null, until: null };

  it('a mock test: only while the server lists this very pass', () => {
    const pending = { items: [pass], next: null, until: pass.at };
    const opts = { fresh: false, celebratedDemos: [], guest: false };
    expect(resultCelebration(view(), { ...opts, pending })).toEqual({
      wins: [pass],
      next: null,
      until: '2026-11-20T23:14:10.000Z',
      attemptId: mock.id,
    });
    expect(resultCelebration(view(), { ...opts, pending: none })).toBeNull();
    expect(resultCelebration(view(), { ...opts, pending: undefined })).toBeNull();
    const another = { ...pending, items: [{ ...pass, attemptId: '00000000-0000-4000-8000-000000000999' }] };
    expect(resultCelebration(view(), { ...opts, pending: another })).toBeNull();
  });

  it('a demo: only just finished here, and not celebrated here before', () => {
    const demo = { ...view(), kind: 'demo' as const };
    const win = { kind: 'demoPassed', correct: 24, total: 33, passMark: 17, guest: true };
    expect(
      resultCelebration(demo, { pending: undefined, fresh: true, celebratedDemos: [], guest: true })?.wins,
    ).toEqual([win]);
    expect(
      resultCelebration(demo, { pending: undefined, fresh: false, celebratedDemos: [], guest: true }),
    ).toBeNull();
    expect(
      resultCelebration(demo, { pending: undefined, fresh: true, celebratedDemos: [mock.id], guest: true }),
    ).toBeNull();
  });
});
