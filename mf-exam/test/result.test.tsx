import type { ExamAttempt } from '@buergerfit/contract';
import { resources } from '@buergerfit/locales';
import { initI18n, useSession } from '@buergerfit/platform';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../src/App';
import { formatDuration } from '../src/format';
import { openAttemptKey } from '../src/storage';
import { correctFor, type FakeExam, fakeExamServer, wrongFor } from './fake-exam';
import { heading, renderRemote, saves, startDemo } from './util';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

/**
 * A mock test taken 24 minutes before it ended (state BE): politics 12 of 15, history 9 of 9, society 4 of 6
 * (29 wrong, 30 unanswered), Berlin 1 of 3 — 26 correct. Unsure: 5 (right) and 13 (wrong). The mistakes are
 * the 7 wrong or unanswered and the 1 unsure but right: 8.
 */
function pastMock(fake: FakeExam): ExamAttempt {
  const attempt = fake.seed('mock', {
    createdAt: '2026-11-20T22:50:00.000Z',
    deadline: '2026-11-20T23:50:00.000Z',
    timeLeftSeconds: null,
  });
  const wrong = new Set([13, 14, 15, 29, 32, 33]);
  for (const q of attempt.questions) {
    q.answer =
      q.position === 30 ? null : wrong.has(q.position) ? wrongFor(q.position) : correctFor(q.position);
    q.unsure = q.position === 5 || q.position === 13;
  }
  fake.expire(attempt.id, new Date('2026-11-20T23:14:10.000Z'));
  return attempt;
}

describe('the result of a past attempt, opened by its address', () => {
  it('shows the time taken, the figures per topic, the practice link and the review marked for unsure answers', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const attempt = pastMock(fake);
    const user = userEvent.setup();
    // No navigation state: straight to the address, as from a bookmark or the history.
    await renderRemote(App, { path: `/exam/result/${attempt.id}`, client: fake.client });
    expect(await heading('Passed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(
      /^Mock test of Nov 21, 2026, 12:14\sAM$/,
    );
    expect(document.title).toBe('Your result · Bürgerfit');
    expect(screen.getByTestId('exam-score').textContent).toBe('26/33 correct');
    expect(screen.getByTestId('exam-duration').textContent).toBe('Time taken: 24 minutes');

    const topics = screen.getByTestId('exam-topics');
    expect(within(topics).getByRole('heading', { level: 2 }).textContent).toBe('Correct answers by topic');
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Politics 12 of 15', 'History 9 of 9', 'Society 4 of 6', 'Berlin 1 of 3']);

    // The score as a ring (26 of 33, passed: the success tone and the sparkles), the pass mark in words.
    const ring = screen.getByRole('progressbar', { name: 'Your score' });
    expect(ring.getAttribute('aria-valuenow')).toBe('26');
    expect(ring.getAttribute('aria-valuemax')).toBe('33');
    expect(ring.getAttribute('aria-valuetext')).toBe('26/33 correct');
    expect(ring.dataset.tone).toBe('success');
    expect(ring.textContent).toBe('26/33');
    expect(screen.getByTestId('exam-result').querySelector('[data-icon="sparkles"]')).not.toBeNull();
    expect(screen.getByText('17 needed to pass')).toBeTruthy();
    // A bar per topic, named by the topic, with its figures; below the pass share in the warning tone.
    const bars = within(topics).getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuetext')])).toEqual([
      ['Politics', '12 of 15'],
      ['History', '9 of 9'],
      ['Society', '4 of 6'],
      ['Berlin', '1 of 3'],
    ]);
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['12', '9', '4', '1']);
    expect(bars.map((b) => b.dataset.tone)).toEqual(['success', 'success', 'success', 'warning']);

    const practise = screen.getByRole('link', { name: 'Practise my 8 mistakes' });
    expect(practise.getAttribute('href')).toBe(`/learn/mistakes/${attempt.id}`);
    expect(practise.className).toMatch(/primaryButton/);
    expect(screen.getByRole('link', { name: 'Your test history' }).getAttribute('href')).toBe(
      '/exam/history',
    );

    // The review opens on what there is to learn from: the wrong, the unanswered and the unsure ones.
    const toPractise = screen.getByRole('checkbox', { name: 'Show only the 8 wrong or unsure answers' });
    expect((toPractise as HTMLInputElement).checked).toBe(true);
    const shown = screen.getAllByTestId('review-item');
    expect(
      shown.map((el) => within(el).getByRole('heading', { level: 3 }).textContent?.split(' ')[1]),
    ).toEqual(['5', '13', '14', '15', '29', '30', '32', '33']);
    // Each explanation folded under its question.
    const folded = shown.map((el) => el.querySelector('details'));
    expect(folded.every((d) => d !== null && !d.open)).toBe(true);

    // All 33 one tap away.
    await user.click(toPractise);
    const items = screen.getAllByTestId('review-item');
    expect(items).toHaveLength(33);
    const item = (n: number) => items[n - 1] as HTMLElement;
    expect(within(item(5)).getByRole('heading', { level: 3 }).textContent).toBe(
      'Question 5 correct You were unsure',
    );
    expect(within(item(13)).getByRole('heading', { level: 3 }).textContent).toBe(
      'Question 13 wrong You were unsure',
    );
    expect(within(item(14)).queryByText('You were unsure')).toBeNull();
    // Positions stay positions; the catalogue number is the official one (a state question's is "BE-1").
    expect(within(item(12)).getByText('Official question 112')).toBeTruthy();
    expect(within(item(31)).getByRole('heading', { level: 3 }).textContent).toMatch(/^Question 31 /);
    expect(within(item(31)).getByText('Official state question BE-1')).toBeTruthy();
  });

  it('counts one mistake in the singular, and offers no practice when there is nothing to practise', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const one = fake.seed('demo');
    for (const q of one.questions) q.answer = correctFor(q.position);
    (one.questions[6] as { unsure: boolean }).unsure = true;
    fake.expire(one.id);
    const perfect = fake.seed('demo');
    for (const q of perfect.questions) q.answer = correctFor(q.position);
    fake.expire(perfect.id);

    await renderRemote(App, { path: `/demo/result/${one.id}`, client: fake.client });
    expect(await screen.findByRole('link', { name: 'Practise my 1 mistake' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Show only the 1 wrong or unsure answer' })).toBeTruthy();
    expect(screen.getByTestId('exam-duration').textContent).toBe('Time taken: less than a minute');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Demo test of /);
    // With a practice link, retaking is the second choice.
    expect(screen.getByRole('button', { name: 'Take the test again' }).className).toMatch(/secondaryButton/);
    expect(screen.getByRole('link', { name: 'Your test history' })).toBeTruthy();

    cleanup();
    await renderRemote(App, { path: `/demo/result/${perfect.id}`, client: fake.client });
    expect(await screen.findByText('No wrong or unsure answers: every answer was correct.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Practise my/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take the test again' }).className).toMatch(/primaryButton/);
  });
});

/** The remote with a stand-in for the shell's sign-in: it runs the session check again, as a sign-in does. */
function AppWithSignIn(props: { basename: string }) {
  const session = useSession();
  return (
    <>
      <button type="button" onClick={() => void session.refresh()}>
        Test: signed in elsewhere
      </button>
      <App {...props} />
    </>
  );
}

describe("the guest's demo at sign-up", () => {
  it('the prompt leads back to this result, which then shows the review for the new account', async () => {
    const { fake, user } = await startDemo(fakeExamServer(), AppWithSignIn);
    await user.keyboard('1');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('4');
    await waitFor(() => expect(saves(fake)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    await user.click(await screen.findByRole('button', { name: 'Finish now' }));

    const prompt = await screen.findByTestId('guest-prompt', undefined, { timeout: 5000 });
    const id = [...fake.attempts.keys()][0] as string;
    expect(within(prompt).getByRole('link', { name: 'Sign up or log in' }).getAttribute('href')).toBe(
      `/login?redirect=%2Fdemo%2Fresult%2F${id}`,
    );
    expect(screen.getByTestId('exam-score').textContent).toBe('1/33 correct');
    expect(screen.getByTestId('exam-duration').textContent).toBe('Time taken: less than a minute');
    expect(screen.queryAllByTestId('review-item')).toHaveLength(0);
    const readsBefore = fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(id)).length;

    // Signed up: the server has given the attempt to the new account; the same page reads it again.
    fake.signIn();
    await user.click(screen.getByRole('button', { name: 'Test: signed in elsewhere' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your answers' })).toBeTruthy();
    expect(screen.queryByTestId('guest-prompt')).toBeNull();
    expect(screen.getAllByTestId('review-item')).toHaveLength(32);
    expect(screen.getByRole('link', { name: 'Practise my 32 mistakes' }).getAttribute('href')).toBe(
      `/learn/mistakes/${id}`,
    );
    expect(fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(id)).length).toBe(readsBefore + 1);
  });

  it('a signed-in learner coming back from the login to the address sees the review', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const demo = fake.seed('demo');
    (demo.questions[0] as { answer: number | null }).answer = 0;
    fake.expire(demo.id);
    await renderRemote(App, { path: `/demo/result/${demo.id}`, client: fake.client });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your answers' })).toBeTruthy();
    expect(screen.queryByTestId('guest-prompt')).toBeNull();
    expect(screen.getByTestId('exam-topics')).toBeTruthy();
  });
});

describe('plural forms', () => {
  it('counts unanswered questions before finishing: "2 questions", then "1 question"', async () => {
    const fake = fakeExamServer();
    const open = fake.seed('demo');
    for (const q of open.questions) if (q.position <= 31) q.answer = correctFor(q.position);
    localStorage.setItem(openAttemptKey('demo'), JSON.stringify({ id: open.id, position: 32 }));
    const user = userEvent.setup();
    await renderRemote(App, { path: '/demo', client: fake.client });
    await heading('Question 32 of 33');
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    const dialog = (await heading('Finish the test?')).closest('dialog') as HTMLElement;
    expect(within(dialog).getByRole('alert').textContent).toMatch(
      /^2 questions are not answered yet; they count as wrong:/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back to the questions' }));
    await user.keyboard('1');
    await user.click(screen.getByRole('button', { name: 'Finish test' }));
    const again = (await heading('Finish the test?')).closest('dialog') as HTMLElement;
    expect(within(again).getByRole('alert').textContent).toMatch(
      /^1 question is not answered yet; it counts as wrong:/,
    );
  });

  it('uses the forms each language needs for minutes and hours', async () => {
    await initI18n(resources, 'en');
    const t = (lng: string) => i18next.getFixedT(lng, 'exam') as Parameters<typeof formatDuration>[0];
    expect(formatDuration(t('en'), 59)).toBe('less than a minute');
    expect(formatDuration(t('en'), 60)).toBe('1 minute');
    expect(formatDuration(t('en'), 24 * 60 + 10)).toBe('24 minutes');
    expect(formatDuration(t('en'), 2 * 3600 + 5 * 60)).toBe('2 hours 5 minutes');
    expect(formatDuration(t('de'), 60)).toBe('1 Minute');
    expect(formatDuration(t('de'), 3600)).toBe('1 Stunde');
    expect(formatDuration(t('hr'), 60)).toBe('1 minuta');
    expect(formatDuration(t('hr'), 3 * 60)).toBe('3 minute');
    expect(formatDuration(t('hr'), 5 * 60)).toBe('5 minuta');
    expect(formatDuration(t('hr'), 21 * 60)).toBe('21 minuta');
    expect(formatDuration(t('hr'), 2 * 3600 + 60)).toBe('2 sata i 1 minuta');
    expect(i18next.t('exam:result.practise', { lng: 'hr', count: 3 })).toBe('Vježbaj svoje 3 pogreške');
    expect(i18next.t('exam:result.practise', { lng: 'hr', count: 8 })).toBe('Vježbaj svojih 8 pogrešaka');
    expect(i18next.t('exam:result.practise', { lng: 'de', count: 8 })).toBe('Meine 8 Fehler üben');
  });
});

describe('the runner', () => {
  it("names a state question by its official number, the heading keeps the question's position", async () => {
    const fake = fakeExamServer({ signedIn: true });
    const open = fake.seed('mock', { timeLeftSeconds: 1200 });
    localStorage.setItem(openAttemptKey('mock'), JSON.stringify({ id: open.id, position: 31 }));
    await renderRemote(App, { path: '/exam', client: fake.client });
    await heading('Question 31 of 33');
    // The heading sits in the bar that stays in view; the question's card is named by it.
    const card = screen.getByRole('article', { name: 'Question 31 of 33' });
    expect(card.textContent).toContain('Official state question BE-1');
    expect(document.title).toBe('Mock test · Bürgerfit');
  });
});

describe('the review’s texts and “Report a problem”', () => {
  it('labels each text with its language, shows the source and the checked-on day, and reports a problem', async () => {
    const fake = fakeExamServer({ signedIn: true });
    const attempt = pastMock(fake);
    const user = userEvent.setup();
    await renderRemote(App, { path: `/exam/result/${attempt.id}`, client: fake.client });
    await heading('Passed');
    await user.click(screen.getByRole('checkbox', { name: /^Show only the/ }));
    const items = screen.getAllByTestId('review-item');
    const first = items[0] as HTMLElement;
    const german = within(first).getByText('Deutsche Frage 1?');
    expect(german.getAttribute('lang')).toBe('de');
    expect(german.previousElementSibling?.textContent).toBe('DEGerman');
    const english = within(first).getByText('English question 1?');
    expect(english.getAttribute('lang')).toBe('en');
    expect(english.previousElementSibling?.textContent).toBe('ENEnglish');
    const explanation = within(first).getByText('Why 1: because.');
    expect(explanation.previousElementSibling?.textContent).toBe('ENEnglish');
    expect(within(first).getByText('Basic Law, Article 5(1)').parentElement?.textContent).toBe(
      'Source: Basic Law, Article 5(1)',
    );
    expect(within(first).queryByText(/Answer last checked/)).toBeNull();
    expect(
      within(items[2] as HTMLElement).getByText('Answer last checked on November 24, 2026'),
    ).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText(/^Source:/)).toBeNull();

    // Report a problem with question 2 (it has a picture, so the picture can be reported).
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    expect(within(dialog).getByText('What is wrong with question 102? We read every report.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'The picture' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'What did you notice?' }), 'Bild 4 fehlt.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Thank you! Your report has been sent. We will check the question.',
    );
    expect(fake.calls.filter((c) => c.path.endsWith('/reports'))).toEqual([
      {
        method: 'POST',
        path: '/api/en/questions/q102/reports',
        body: { kind: 'picture', text: 'Bild 4 fehlt.' },
      },
    ]);
  });
});
