import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { openAttemptKey, pendingAnswersKey } from '../src/storage';
import { fakeExamServer } from './fake-exam';
import { answerRadio, heading, renderRemote, saves, startDemo, unsureBox } from './util';

const stored = (id: string) => JSON.parse(localStorage.getItem(pendingAnswersKey(id)) ?? 'null');
/** Fires beforeunload like a browser about to leave the page; true when the page asked to stay. */
const leavingIsQuestioned = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('answers not saved yet', () => {
  it('are kept per attempt in localStorage, survive a reload and are replayed to the server', async () => {
    const { fake, user } = await startDemo();
    const id = [...fake.attempts.keys()][0] as string;
    expect(leavingIsQuestioned()).toBe(false);

    fake.failSaves(1000); // the connection is gone
    await user.keyboard('3');
    await user.keyboard('u');
    expect(await screen.findByText(/Not saved yet: no connection/)).toBeTruthy();
    expect(stored(id)).toEqual({ 1: { answer: 2, unsure: true } });
    expect(fake.attempts.get(id)?.questions[0]).toMatchObject({ answer: null, unsure: false });
    // Leaving now would strand the choice: the browser asks first.
    expect(leavingIsQuestioned()).toBe(true);

    // Reload (the old page is gone), with the connection back.
    cleanup();
    fake.failSaves(0);
    const before = saves(fake).length;
    await renderRemote(App, { path: '/demo', client: fake.client });
    await heading('Question 1 of 33');
    expect(screen.getByText(/Welcome back/)).toBeTruthy();
    expect(answerRadio(3).checked).toBe(true);
    expect(unsureBox().checked).toBe(true);
    expect(await screen.findByText('Answer saved')).toBeTruthy();
    expect(
      saves(fake)
        .slice(before)
        .map((c) => c.body),
    ).toEqual([{ answer: 2, unsure: true }]);
    expect(fake.attempts.get(id)?.questions[0]).toMatchObject({ answer: 2, unsure: true });
    expect(localStorage.getItem(pendingAnswersKey(id))).toBeNull();
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('skips kept changes the server already has and ignores corrupt entries', async () => {
    const fake = fakeExamServer();
    const open = fake.seed('demo');
    (open.questions[0] as { answer: number | null }).answer = 1;
    localStorage.setItem(openAttemptKey('demo'), JSON.stringify({ id: open.id, position: 2 }));
    localStorage.setItem(
      pendingAnswersKey(open.id),
      JSON.stringify({ 1: { answer: 1 }, 2: { answer: 3 }, 3: { answer: 9 }, x: { unsure: true } }),
    );
    await renderRemote(App, { path: '/demo', client: fake.client });
    await heading('Question 2 of 33');
    expect(answerRadio(4).checked).toBe(true);
    await waitFor(() => expect(fake.attempts.get(open.id)?.questions[1]?.answer).toBe(3));
    expect(saves(fake).map((c) => [c.path.split('/').at(-1), c.body])).toEqual([['2', { answer: 3 }]]);
    await waitFor(() => expect(localStorage.getItem(pendingAnswersKey(open.id))).toBeNull());
  });

  it('are dropped with a note when the time ran out before they could be replayed', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const open = fake.seed('mock', { timeLeftSeconds: 600 });
    (open.questions[0] as { answer: number | null }).answer = 1;
    localStorage.setItem(openAttemptKey('mock'), JSON.stringify({ id: open.id, position: 3 }));
    // Position 1 reached the server before the connection dropped (only its reply was lost); 2 and 3 did not.
    localStorage.setItem(
      pendingAnswersKey(open.id),
      JSON.stringify({ 1: { answer: 1 }, 2: { answer: 3 }, 3: { unsure: true } }),
    );
    fake.expire(open.id);
    await renderRemote(App, { path: '/exam', client: fake.client });
    expect(await screen.findByText(/Time is up/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('unsaved-dropped').textContent).toBe(
      '2 answers were not saved before the end. The server no longer accepted them after the time was up, so they did not count.',
    );
    expect(saves(fake)).toHaveLength(0);
    expect(localStorage.getItem(pendingAnswersKey(open.id))).toBeNull();
  });

  it('are dropped with a note when the server refuses the replay with 409 (deadline passed)', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const open = fake.seed('mock', { timeLeftSeconds: 600 });
    localStorage.setItem(openAttemptKey('mock'), JSON.stringify({ id: open.id, position: 5 }));
    localStorage.setItem(pendingAnswersKey(open.id), JSON.stringify({ 5: { answer: 0 } }));
    fake.expireOnNextSave();
    await renderRemote(App, { path: '/exam', client: fake.client });
    expect(await screen.findByText(/Time is up/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(saves(fake)).toHaveLength(1);
    expect(screen.getByTestId('unsaved-dropped').textContent).toMatch(
      /^1 answer was not saved before the end\. The server no longer accepted it/,
    );
    expect(screen.getByTestId('exam-score').textContent).toBe('0/33 correct');
    expect(localStorage.getItem(pendingAnswersKey(open.id))).toBeNull();
    expect(localStorage.getItem(openAttemptKey('mock'))).toBeNull();
  });

  it('show no note when everything was saved before the learner finished', async () => {
    const { user } = await startDemo();
    await user.keyboard('1');
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    await user.click(await screen.findByRole('button', { name: 'Finish now' }));
    expect(await screen.findByTestId('exam-score')).toBeTruthy();
    expect(screen.queryByTestId('unsaved-dropped')).toBeNull();
  });
});
