import { createQueryClient, MemoryRouter, PlatformProviders } from '@buergerfit/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { LearnTexts } from '../src/i18n';
import { QuestionCard } from '../src/QuestionCard';
import { question as baseQuestion, posts, recordedAnswer } from './fixtures';
import { fakeApi, json, renderRemote, serverMarkup, tapNow } from './util';

const QUESTION = baseQuestion(1, {
  topic: 'politik',
  text: 'Wie heißt die Hauptstadt?',
  answers: ['Bonn', 'Berlin', 'Köln', 'Hamburg'],
});

const routes = () => ({
  '/api/en/learn': () => json(200, [QUESTION, baseQuestion(2, { topic: 'politik' })]),
  '/api/en/learn-mode': (body: unknown) => json(201, recordedAnswer(body)),
  '/api/en/user/bookmarks': () => json(200, []),
  '/api/en/learn/progress': () => json(200, {}),
  '/api/en/topics': () => json(200, []),
  '/api/remotes/conversions': () => new Response(null, { status: 204 }),
});

const answersList = (within_: HTMLElement = document.body) =>
  within(within_).getByRole('list', { name: 'Answers' });
const answerButton = (name: string, within_?: HTMLElement) =>
  within(answersList(within_)).getByRole('button', { name });

// Each renders the whole remote (its pages load on demand): slow on a busy machine, so more than 5 s each.
describe('the answers of a question card', { timeout: 15_000 }, () => {
  it('are the submit buttons of one form, which holds nothing else that submits', async () => {
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 2');
    const form = answersList().closest('form') as HTMLFormElement;
    expect(form).toBeTruthy();
    const buttons = [...form.querySelectorAll('button')];
    expect(buttons.map((b) => [b.type, b.name, b.value])).toEqual([
      ['submit', 'answer', '0'],
      ['submit', 'answer', '1'],
      ['submit', 'answer', '2'],
      ['submit', 'answer', '3'],
    ]);
    // The card's tools (translation, bookmark, report) are buttons of their own, outside the form.
    const card = screen.getByRole('article');
    for (const name of [/translation/i, /Bookmark/, /Report a problem/])
      expect(within(card).getByRole('button', { name }).closest('form')).toBeNull();
  });

  it('a tap answers at once, within the tap (as the click handler did): marked before another tap can come', async () => {
    const { client, fetchMock } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 2');
    tapNow(answerButton('Berlin'));
    expect(answerButton('Berlin').getAttribute('aria-pressed')).toBe('true');
    expect(answerButton('Berlin').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Correct!')).toBeTruthy();
    await waitFor(() => expect(posts(fetchMock, '/api/en/learn-mode')).toHaveLength(1));
  });

  it('a double tap answers once, and a later tap on another answer changes nothing', async () => {
    const { client, fetchMock } = fakeApi(routes());
    const user = userEvent.setup();
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 2');
    await user.dblClick(answerButton('Bonn'));
    expect(screen.getByText(/Wrong answer/)).toBeTruthy();
    await user.click(answerButton('Berlin'));
    expect(answerButton('Bonn').getAttribute('aria-pressed')).toBe('true');
    expect(answerButton('Berlin').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(posts(fetchMock, '/api/en/learn-mode')).toHaveLength(1));
    expect(posts(fetchMock, '/api/en/learn-mode')[0]?.body).toMatchObject({
      question_id: 1,
      is_correct: false,
    });
  });
});

/** A card whose answer is kept by its page (as Practice does), each answer also reported to `onChoose`. */
function Card({ onChoose }: { onChoose: (answer: number) => void }) {
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <QuestionCard
      question={QUESTION}
      order={[0, 1, 2, 3]}
      chosen={chosen}
      onChoose={(answer) => {
        onChoose(answer);
        setChosen(answer);
      }}
    />
  );
}

const page = (onChoose: (answer: number) => void) => {
  const { client } = fakeApi(routes());
  return (
    <MemoryRouter initialEntries={['/learn']}>
      <PlatformProviders queryClient={createQueryClient()} client={client} checkSession={false}>
        <LearnTexts>
          <Card onChoose={onChoose} />
        </LearnTexts>
      </PlatformProviders>
    </MemoryRouter>
  );
};

describe('a tap on an answer before the page is hydrated', () => {
  it('answers once, with the answer tapped, when the card is hydrated', async () => {
    const onChoose = vi.fn();
    const { container, hydrate, errors } = await serverMarkup(page(onChoose));
    await userEvent.click(answerButton('Köln', container));
    expect(onChoose).not.toHaveBeenCalled();
    await hydrate();
    await waitFor(() => expect(onChoose).toHaveBeenCalled());
    expect(onChoose.mock.calls).toEqual([[2]]);
    expect(answerButton('Köln', container).className).toMatch(/wrong/);
    expect(answerButton('Berlin', container).className).toMatch(/correct/);
    expect(within(container).getByText(/Wrong answer/)).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('two taps before: only the first answers (the second finds the question answered)', async () => {
    const onChoose = vi.fn();
    const { container, hydrate } = await serverMarkup(page(onChoose));
    await userEvent.click(answerButton('Berlin', container));
    await userEvent.click(answerButton('Bonn', container));
    await hydrate();
    await waitFor(() => expect(onChoose).toHaveBeenCalled());
    await act(async () => {});
    expect(onChoose.mock.calls).toEqual([[1]]);
    expect(answerButton('Berlin', container).getAttribute('aria-pressed')).toBe('true');
  });
});
