import { resources } from '@buergerfit/locales';
import { initI18n, STORAGE_KEYS } from '@buergerfit/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../src/App';
import { openAttemptKey } from '../src/storage';
import { formatClock } from '../src/useCountdown';
import { correctFor, fakeExamServer, wrongFor } from './fake-exam';
import { answerRadio, heading, renderRemote, saves, startDemo } from './util';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const location = () => screen.getByTestId('location').textContent;
const overviewCell = (n: number) =>
  within(screen.getByRole('navigation', { name: 'All questions' })).getByRole('button', {
    name: new RegExp(`^Question ${n},`),
  });
const starts = (fake: ReturnType<typeof fakeExamServer>) =>
  fake.calls.filter((c) => c.method === 'POST' && /\/exams$/.test(c.path));

/** The start screen's state select once the states have arrived (until then it is disabled and shows the cached code only). */
async function stateSelect() {
  const select = (await screen.findByLabelText('Federal state for the state questions')) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  return select;
}

describe('start screen', () => {
  it('states the rules and, for a guest without a state, that Berlin is the preselected default', async () => {
    const fake = fakeExamServer();
    await renderRemote(App, { path: '/demo', client: fake.client });
    expect(screen.getByRole('heading', { level: 1, name: 'Demo test' })).toBeTruthy();
    expect(document.title).toBe('Demo test · Bürgerfit');
    expect(
      await screen.findByText(/33 questions: 30 general questions and 3 about your federal state/),
    ).toBeTruthy();
    expect(screen.getByText(/You pass with 17 or more correct answers/)).toBeTruthy();
    expect(screen.getByText(/As a guest you only see your score/)).toBeTruthy();
    const select = await stateSelect();
    expect(select.value).toBe('BE');
    expect(screen.getByTestId('state-default').textContent).toBe(
      'Berlin is preselected because you have not chosen a federal state yet. Choose yours above.',
    );
  });

  it('preselects the cached federal state and starts the attempt with the state picked', async () => {
    localStorage.setItem(STORAGE_KEYS.federalState, 'BY');
    const fake = fakeExamServer();
    const user = userEvent.setup();
    await renderRemote(App, { path: '/demo', client: fake.client });
    const select = await stateSelect();
    expect(select.value).toBe('BY');
    expect(screen.getByTestId('state-default').textContent).toMatch(
      /Bavaria, the federal state you chose before/,
    );
    await user.selectOptions(select, 'HH');
    await user.click(screen.getByRole('button', { name: 'Start demo' }));
    await heading('Question 1 of 33');
    expect(starts(fake)[0]?.body).toEqual({ kind: 'demo', state: 'HH' });
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBe('HH');
    expect(JSON.parse(localStorage.getItem(openAttemptKey('demo')) ?? '{}')).toMatchObject({ position: 1 });
  });

  it('starts a guest on the preselected Berlin without storing it: a state nobody chose is not kept', async () => {
    const fake = fakeExamServer();
    const user = userEvent.setup();
    await renderRemote(App, { path: '/demo', client: fake.client });
    expect((await stateSelect()).value).toBe('BE');
    await user.click(screen.getByRole('button', { name: 'Start demo' }));
    await heading('Question 1 of 33');
    expect(starts(fake)[0]?.body).toEqual({ kind: 'demo', state: 'BE' });
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBeNull();
  });

  it('sends a guest who opens the mock test to the login, coming back to /exam', async () => {
    const fake = fakeExamServer();
    await renderRemote(App, { path: '/exam', client: fake.client });
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fexam'));
    expect(starts(fake)).toHaveLength(0);
  });
});

describe('taking the exam', () => {
  it('shows the official German text always, the translation on demand, and an image with its description', async () => {
    const { user } = await startDemo();
    expect(screen.getByText('Deutsche Frage 1?').getAttribute('lang')).toBe('de');
    expect(screen.queryByText('English question 1?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show English translation' }));
    expect(screen.getByText('English question 1?').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Answer 1.1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const img = await screen.findByRole('img', { name: 'Picture for question 2' });
    expect(img.getAttribute('src')).toBe('/catalog-images/q021.png');
    const description = document.getElementById(img.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/Picture 1 \(Bild 1\): a black eagle/);
  });

  it('starts with the focus on question 1 and a top bar with the progress', async () => {
    await startDemo();
    expect(document.activeElement?.textContent).toBe('Question 1 of 33');
    const bar = screen.getByTestId('exam-top-bar');
    // Said once, in the bar that stays in view: the question's heading (not also "Question 1/33" above it).
    expect(within(bar).getByRole('heading', { level: 2 }).textContent).toBe('Question 1 of 33');
    expect(screen.getAllByText(/Question 1\b/)).toHaveLength(1);
    const progress = within(bar).getByRole('progressbar', { name: 'Progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuemax')).toBe('33');
    expect(progress.getAttribute('aria-valuetext')).toBe('Question 1 of 33');
    // The demo has no clock.
    expect(within(bar).queryByRole('timer')).toBeNull();
    // Each answer is one card: the whole card chooses it, the chosen one is marked.
    const cards = screen.getAllByTestId('answer-card');
    expect(cards).toHaveLength(4);
    await userEvent.click(cards[2] as HTMLElement);
    expect(answerRadio(3).checked).toBe(true);
    expect((cards[2] as HTMLElement).dataset.checked).toBe('true');
    expect((cards[0] as HTMLElement).dataset.checked).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(bar).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
  });

  it('enlarges a picture on tap in a dialog, and closes it again', async () => {
    const { user } = await startDemo();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Question 2 of 33');
    expect(screen.queryByRole('dialog', { name: 'Picture for question 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enlarge the picture for question 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Picture for question 2' });
    const large = within(dialog).getByRole('img', { name: 'Picture for question 2' });
    expect(large.getAttribute('src')).toBe('/catalog-images/q021.png');
    expect(within(dialog).getByText(/Picture 1 \(Bild 1\): a black eagle/)).toBeTruthy();
    // The answer keys wait while the picture is open.
    await user.keyboard('3');
    expect(answerRadio(3).checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close picture' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Picture for question 2' })).toBeNull());
    await user.keyboard('3');
    expect(answerRadio(3).checked).toBe(true);
  });

  it('moves between questions with previous/next and the overview, and marks answered/unsure/open', async () => {
    const { user, fake } = await startDemo();
    expect(screen.getByRole('group', { name: 'Your answer (keys 1–4)' })).toBeTruthy();
    await user.click(answerRadio(3));
    expect(answerRadio(3).checked).toBe(true);
    await waitFor(() => expect(saves(fake).at(-1)?.body).toEqual({ answer: 2 }));
    expect(saves(fake).at(-1)?.path).toMatch(/\/answers\/1$/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Question 2 of 33');
    expect(document.activeElement?.textContent).toBe('Question 2 of 33');
    await user.click(screen.getByRole('checkbox', { name: /Not sure/ }));
    await waitFor(() => expect(saves(fake).at(-1)?.body).toEqual({ unsure: true }));
    await user.click(overviewCell(10));
    await heading('Question 10 of 33');
    expect(overviewCell(1).getAttribute('aria-label')).toBe('Question 1, answered');
    expect(overviewCell(2).getAttribute('aria-label')).toBe('Question 2, not answered, marked unsure');
    expect(overviewCell(2).dataset.status).toBe('unsure');
    expect(overviewCell(3).dataset.status).toBe('open');
    expect(overviewCell(10).getAttribute('aria-current')).toBe('step');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('Question 9 of 33');
    await user.click(overviewCell(1));
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(answerRadio(3).checked).toBe(true);
  });

  it('keeps the official order of the answers, even with shuffling on in learn mode', async () => {
    // Shuffling is an option of learning only: the test is taken as the real one, answers in the catalogue's order.
    localStorage.setItem('buergerfit.learn.shuffle', '1');
    const fake = fakeExamServer();
    const { user } = await startDemo(fake);
    for (const position of [1, 2, 3]) {
      if (position > 1) {
        await user.click(screen.getByRole('button', { name: 'Next' }));
        await heading(`Question ${position} of 33`);
      }
      const served = fake.attempts.values().next().value?.questions[position - 1]?.answers;
      const cards = screen.getAllByTestId('answer-card').map((c) => c.textContent?.slice(1));
      expect(cards).toEqual(served);
      // The fake catalogue numbers each answer by its official place (`Antwort 1.1` … `1.4`, `Bild 1` … `4`).
      expect(cards.map((c) => c?.at(-1))).toEqual(['1', '2', '3', '4']);
    }
    localStorage.removeItem('buergerfit.learn.shuffle');
  });

  it('takes keyboard shortcuts: 1–4 choose, ←/→ move, U toggles unsure', async () => {
    const { user, fake } = await startDemo();
    await user.keyboard('2');
    expect(answerRadio(2).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    await heading('Question 2 of 33');
    await user.keyboard('4');
    await user.keyboard('u');
    expect((screen.getByRole('checkbox', { name: /Not sure/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('U');
    expect((screen.getByRole('checkbox', { name: /Not sure/ }) as HTMLInputElement).checked).toBe(false);
    await user.keyboard('{ArrowLeft}');
    await heading('Question 1 of 33');
    expect(answerRadio(2).checked).toBe(true);
    // ←/→ on a focused answer move between questions instead of changing the answer.
    answerRadio(2).focus();
    await user.keyboard('{ArrowRight}');
    await heading('Question 2 of 33');
    expect(answerRadio(4).checked).toBe(true);
    await waitFor(() => expect(fake.attempts.values().next().value?.questions[1]?.answer).toBe(3));
    expect(fake.attempts.values().next().value?.questions[1]?.unsure).toBe(false);
  });

  it('keeps the choice when a save fails, shows it, and sends it again', async () => {
    const { user, fake } = await startDemo();
    fake.failSaves(1);
    await user.click(answerRadio(2));
    expect(await screen.findByText(/Not saved yet: no connection/)).toBeTruthy();
    expect(answerRadio(2).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Answer saved')).toBeTruthy();
    expect(fake.attempts.values().next().value?.questions[0]?.answer).toBe(1);
  });

  it('warns before finalizing and lists the unanswered questions, with a way back to them', async () => {
    const { user } = await startDemo();
    await user.keyboard('1');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('2');
    await user.keyboard('u');
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    const dialog = (await heading('Finish the test?')).closest('dialog') as HTMLElement;
    expect(within(dialog).getByRole('alert').textContent).toMatch(
      /^31 questions are not answered yet; they count as wrong:/,
    );
    const jumps = within(dialog).getAllByRole('button', { name: /^Go to question/ });
    expect(jumps.map((b) => b.textContent).slice(0, 3)).toEqual(['3', '4', '5']);
    expect(within(dialog).getByText('1 question is marked unsure:')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Go to question 7' }));
    await heading('Question 7 of 33');
    expect(screen.queryByRole('heading', { name: 'Finish the test?' })).toBeNull();
  });
});

describe('results', () => {
  it('shows a guest only the score and the prompt to sign up or log in', async () => {
    const { user, fake } = await startDemo();
    // Answer the first 20 correctly (the fake's key: position p → answer (p - 1) % 4).
    for (let p = 1; p <= 20; p++) {
      await user.keyboard(String(correctFor(p) + 1));
      await user.keyboard('{ArrowRight}');
    }
    await waitFor(() => expect(fake.attempts.values().next().value?.questions[19]?.answer).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    await user.click(await screen.findByRole('button', { name: 'Finish now' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passed' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('exam-score').textContent).toBe('20/33 correct');
    const id = [...fake.attempts.keys()][0] as string;
    const prompt = screen.getByTestId('guest-prompt');
    // Back to this very result after signing up or in (the server keeps the guest's demo for the account).
    expect(within(prompt).getByRole('link', { name: 'Sign up or log in' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/demo/result/${id}`)}`,
    );
    expect(within(prompt).getByRole('link').getAttribute('href')).toContain(`%2Fdemo%2Fresult%2F${id}`);
    // A guest gets no topics, no practice link and no link to the history (it needs an account).
    expect(screen.queryByTestId('exam-topics')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Practise my/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Your test history' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your answers' })).toBeNull();
    expect(screen.queryByText('Correct answer')).toBeNull();
    expect(screen.queryAllByTestId('review-item')).toHaveLength(0);
    expect(location()).toMatch(/^\/demo\/result\//);
    expect(localStorage.getItem(openAttemptKey('demo'))).toBeNull();
    // Retake: a new attempt at once, with the same state.
    await user.click(screen.getByRole('button', { name: 'Take the test again' }));
    await heading('Question 1 of 33');
    expect(location()).toBe('/demo');
    expect(fake.attempts.size).toBe(2);
  });

  it('shows a signed-in learner the review with the correct answers and an only-wrong filter', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const first = fake.seed('demo');
    for (const q of first.questions)
      q.answer = q.position <= 16 ? correctFor(q.position) : wrongFor(q.position);
    first.questions[32] = { ...(first.questions[32] as (typeof first.questions)[number]), answer: null };
    fake.expire(first.id);
    await renderRemote(App, { path: `/demo/result/${first.id}`, client: fake.client });
    expect(await screen.findByRole('heading', { level: 2, name: 'Not passed' })).toBeTruthy();
    expect(screen.getByTestId('exam-score').textContent).toBe('16/33 correct');
    expect(screen.getByText(/You need 17 correct answers to pass, 1 more than this time/)).toBeTruthy();
    const ring = screen.getByRole('progressbar', { name: 'Your score' });
    expect(ring.getAttribute('aria-valuenow')).toBe('16');
    expect(ring.dataset.tone).toBe('danger');
    // No celebration when not passed.
    expect(screen.getByTestId('exam-result').querySelector('[data-icon="sparkles"]')).toBeNull();
    expect(screen.queryByTestId('guest-prompt')).toBeNull();
    // The review opens on the 17 wrong or unsure answers; all 33 are one tap away.
    expect(screen.getAllByTestId('review-item')).toHaveLength(17);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only the 17 wrong or unsure answers' }));
    const items = screen.getAllByTestId('review-item');
    expect(items).toHaveLength(33);
    const q17 = items[16] as HTMLElement;
    expect(within(q17).getByRole('heading', { name: /Question 17 wrong/ })).toBeTruthy();
    const correctRow = within(q17).getByText('Correct answer').closest('li') as HTMLElement;
    expect(correctRow.textContent).toContain('Antwort 17.1');
    const mineRow = within(q17).getByText('Your answer').closest('li') as HTMLElement;
    expect(mineRow.textContent).toContain('Antwort 17.2');
    expect(within(q17).getByText('Why 17: because.')).toBeTruthy();
    expect(within(items[32] as HTMLElement).getByText('You did not answer this question.')).toBeTruthy();
  });
});

describe('resuming and the clock', () => {
  it('resumes the open attempt after a reload, at the same question, with the answers kept', async () => {
    const fake = fakeExamServer();
    const open = fake.seed('demo');
    (open.questions[3] as { answer: number | null }).answer = 2;
    (open.questions[4] as { unsure: boolean }).unsure = true;
    localStorage.setItem(openAttemptKey('demo'), JSON.stringify({ id: open.id, position: 4 }));
    await renderRemote(App, { path: '/demo', client: fake.client });
    await heading('Question 4 of 33');
    expect(screen.getByText(/Welcome back/)).toBeTruthy();
    expect(answerRadio(3).checked).toBe(true);
    expect(overviewCell(5).dataset.status).toBe('unsure');
    expect(starts(fake)).toHaveLength(0);
  });

  it('finds an open attempt on the server when this browser kept none', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const open = fake.seed('mock', { timeLeftSeconds: 1200 });
    (open.questions[0] as { answer: number | null }).answer = 0;
    await renderRemote(App, { path: '/exam', client: fake.client });
    await heading('Question 2 of 33');
    expect(screen.getByRole('heading', { level: 1, name: 'Mock test' })).toBeTruthy();
    expect(screen.getByTestId('time-left').textContent).toMatch(/^(20:00|19:5\d)$/);
  });

  it('counts the mock test down from the server and shows the result when time is up', async () => {
    const fake = fakeExamServer({ signedIn: true, mockSeconds: 2 });
    const user = userEvent.setup();
    await renderRemote(App, { path: '/exam', client: fake.client });
    expect(await screen.findByText(/You have 60 minutes/)).toBeTruthy();
    const select = await stateSelect();
    expect(select.value).toBe('HH');
    expect(screen.getByTestId('state-default').textContent).toMatch(
      /Hamburg, the federal state in your profile/,
    );
    await user.click(screen.getByRole('button', { name: 'Start mock test' }));
    await heading('Question 1 of 33');
    expect(screen.getByTestId('time-left').textContent).toMatch(/^00:0[0-2]$/);
    expect(screen.getByRole('timer')).toBeTruthy();
    await user.keyboard('1');
    // The server's clock runs out: it finalizes on the next read.
    const id = [...fake.attempts.keys()][0] as string;
    await act(async () => {
      await new Promise((r) => setTimeout(r, 300));
      fake.expire(id);
    });
    expect(await screen.findByText(/Time is up/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('exam-score').textContent).toBe('1/33 correct');
    expect(location()).toBe(`/exam/result/${id}`);
  });

  it('formats the clock', () => {
    expect(formatClock(3600)).toBe('60:00');
    expect(formatClock(61)).toBe('01:01');
    expect(formatClock(0)).toBe('00:00');
  });
});

describe('languages', () => {
  it('gives Croatian learners the Croatian translation on demand, labelled with its language', async () => {
    const fake = fakeExamServer();
    await initI18n(resources, 'hr');
    await i18next.changeLanguage('hr');
    const user = userEvent.setup();
    await renderRemote(App, { path: '/demo', client: fake.client });
    await i18next.changeLanguage('hr');
    await user.click(await screen.findByRole('button', { name: 'Pokreni demo' }));
    await heading('Pitanje 1 od 33');
    expect(starts(fake)[0]?.path).toBe('/api/hr/exams');
    const german = screen.getByText('Deutsche Frage 1?');
    expect(german.getAttribute('lang')).toBe('de');
    expect(german.previousElementSibling?.textContent).toBe('DENjemački');
    const toggle = screen.getByRole('button', { name: 'Prikaži hrvatski prijevod' });
    fireEvent.click(toggle);
    const croatian = screen.getByText('Hrvatsko pitanje 1?');
    expect(croatian.getAttribute('lang')).toBe('hr');
    expect(croatian.previousElementSibling?.textContent).toBe('HRHrvatski');
    expect(
      screen.getByText('Pravi test je samo na njemačkom; prijevod vam pomaže da ga razumijete.'),
    ).toBeTruthy();
  });
});
