import type { ExamAttempt } from '@buergerfit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { correctFor, type FakeExam, fakeExamServer, wrongFor } from './fake-exam';
import { renderRemote } from './util';

const location = () => screen.getByTestId('location').textContent;

/** A finished attempt: the first `correct` positions right, the rest wrong; started `from` and ended `to`. */
function finished(
  fake: FakeExam,
  kind: ExamAttempt['kind'],
  correct: number,
  from: string,
  to: string,
): ExamAttempt {
  const attempt = fake.seed(kind, { createdAt: from, deadline: null, timeLeftSeconds: null });
  for (const q of attempt.questions)
    q.answer = q.position <= correct ? correctFor(q.position) : wrongFor(q.position);
  fake.expire(attempt.id, new Date(to));
  return attempt;
}

describe('test history', () => {
  it('lists the attempts newest first with date (Berlin time), kind, score, outcome, time taken and links', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const oldDemo = finished(fake, 'demo', 10, '2026-11-18T09:00:00.000Z', '2026-11-18T09:41:00.000Z');
    const quickDemo = finished(fake, 'demo', 17, '2026-11-19T10:00:00.000Z', '2026-11-19T10:01:05.000Z');
    // Finished at 23:14 UTC: already the 21st in Berlin.
    const mock = finished(fake, 'mock', 25, '2026-11-20T22:50:00.000Z', '2026-11-20T23:14:10.000Z');
    fake.seed('mock', { timeLeftSeconds: 1800 });

    await renderRemote(App, { path: '/exam/history', client: fake.client });
    expect(screen.getByRole('heading', { level: 1, name: 'Test history' })).toBeTruthy();
    expect(document.title).toBe('Test history · Bürgerfit');
    const items = await screen.findAllByTestId('history-item');
    expect(items).toHaveLength(4);
    expect(fake.calls.some((c) => c.method === 'GET' && c.path === '/api/en/exams')).toBe(true);

    const [open, last, quick, first] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // Still running: says so and leads back to where it is taken.
    expect(within(open).getByRole('heading', { level: 2 }).textContent).toBe('Mock test');
    expect(within(open).getByText('In progress')).toBeTruthy();
    expect(within(open).queryByText('Score')).toBeNull();
    expect(within(open).getByRole('link', { name: 'Continue the test' }).getAttribute('href')).toBe('/exam');

    expect(within(last).getByRole('heading', { level: 2 }).textContent).toBe('Mock test');
    const time = last.querySelector('time') as HTMLTimeElement;
    expect(time.dateTime).toBe('2026-11-20T23:14:10.000Z');
    expect(time.textContent).toMatch(/^Nov 21, 2026, 12:14\sAM$/);
    const facts = (item: HTMLElement) =>
      [...item.querySelectorAll('dl > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]);
    const resultLink = (item: HTMLElement) =>
      within(item).getByRole('link', { name: 'See result and answers' }).getAttribute('href');
    // The outcome is a badge in words (its mark is hidden from screen readers, the colour only adds to it).
    const badge = (item: HTMLElement) => item.querySelector('[data-tone]') as HTMLElement;
    expect(facts(last)).toEqual([
      ['Score', '25 of 33'],
      ['Time taken', '24 minutes'],
    ]);
    expect(badge(last).textContent).toBe('Passed');
    expect(badge(last).dataset.tone).toBe('success');
    expect(badge(last).querySelector('svg[aria-hidden="true"]')?.getAttribute('data-icon')).toBe('check');
    expect(badge(open).textContent).toBe('In progress');
    expect(badge(open).dataset.tone).toBe('warning');
    expect(resultLink(last)).toBe(`/exam/result/${mock.id}`);

    expect(within(quick).getByRole('heading', { level: 2 }).textContent).toBe('Demo test');
    expect(facts(quick)).toEqual([
      ['Score', '17 of 33'],
      ['Time taken', '1 minute'],
    ]);
    expect(badge(quick).textContent).toBe('Passed');
    expect(resultLink(quick)).toBe(`/demo/result/${quickDemo.id}`);

    expect(first.querySelector('time')?.textContent).toMatch(/^Nov 18, 2026, 10:41\sAM$/);
    expect(facts(first)).toEqual([
      ['Score', '10 of 33'],
      ['Time taken', '41 minutes'],
    ]);
    expect(badge(first).textContent).toBe('Not passed');
    expect(badge(first).dataset.tone).toBe('danger');
    expect(badge(first).querySelector('svg[aria-hidden="true"]')?.getAttribute('data-icon')).toBe('x');
    expect(resultLink(first)).toBe(`/demo/result/${oldDemo.id}`);
  });

  it('opens a past mock test from the list: the full review, with a heading that says which test and when', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const mock = finished(fake, 'mock', 20, '2026-11-20T22:50:00.000Z', '2026-11-20T23:14:10.000Z');
    const user = userEvent.setup();
    await renderRemote(App, { path: '/exam/history', client: fake.client });
    await user.click(await screen.findByRole('link', { name: 'See result and answers' }));
    expect(location()).toBe(`/exam/result/${mock.id}`);
    const title = await screen.findByRole('heading', { level: 1, name: /^Mock test of / });
    expect(title.textContent).toMatch(/^Mock test of Nov 21, 2026, 12:14\sAM$/);
    expect(document.title).toBe('Your result · Bürgerfit');
    expect(screen.getByTestId('exam-score').textContent).toBe('20/33 correct');
    expect(screen.getAllByTestId('review-item')).toHaveLength(13);
    expect(screen.queryByText(/Time is up/)).toBeNull();
    // And back to the history from the result.
    await user.click(screen.getByRole('link', { name: 'Your test history' }));
    expect(location()).toBe('/exam/history');
    expect(await screen.findAllByTestId('history-item')).toHaveLength(1);
  });

  it('offers a mock test when there is nothing yet', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const user = userEvent.setup();
    await renderRemote(App, { path: '/exam/history', client: fake.client });
    const empty = await screen.findByTestId('history-empty');
    expect(within(empty).getByRole('heading', { level: 2, name: 'No tests yet' })).toBeTruthy();
    expect(empty.textContent).toMatch(/You have not taken a test yet/);
    expect(screen.queryAllByTestId('history-item')).toHaveLength(0);
    await user.click(within(empty).getByRole('link', { name: 'Start a mock test' }));
    expect(location()).toBe('/exam');
    expect(await screen.findByRole('button', { name: 'Start mock test' })).toBeTruthy();
  });

  it('is reached from the mock test start screen', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const user = userEvent.setup();
    await renderRemote(App, { path: '/exam', client: fake.client });
    await screen.findByRole('button', { name: 'Start mock test' });
    expect(document.title).toBe('Mock test · Bürgerfit');
    await user.click(screen.getByRole('link', { name: 'See your past tests' }));
    expect(location()).toBe('/exam/history');
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
  });

  it('says so when the list cannot be loaded, and loads it again on request', async () => {
    const fake = fakeExamServer({ signedIn: true });
    finished(fake, 'demo', 5, '2026-11-18T09:00:00.000Z', '2026-11-18T09:10:00.000Z');
    fake.failLists(true);
    const user = userEvent.setup();
    await renderRemote(App, { path: '/exam/history', client: fake.client });
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toMatch(/Your tests could not be loaded/);
    fake.failLists(false);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('history-item')).toHaveLength(1);
  });

  it('sends a guest to the login, coming back to the history', async () => {
    const fake = fakeExamServer();
    await renderRemote(App, { path: '/exam/history', client: fake.client });
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fexam%2Fhistory'));
    expect(fake.calls.some((c) => c.path === '/api/en/exams')).toBe(false);
  });
});
