import type { ChallengeResult, Question, Topic, User } from '@buergerfit/contract';
import { writeStoredUser } from '@buergerfit/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { topicOptions } from '../src/pages/LearnPage';
import {
  question as baseQuestion,
  bookmarkState,
  calls,
  challengeBest,
  gradeSent,
  learner,
  posts,
  recordedAnswer,
} from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// Keyboard shortcuts of every practice view, bookmarks outside learn mode, read-aloud, ?topic= and the no-state hint.

/** The shared question without a translation or explanation (the views must not depend on them). */
const question = (n: number, over: Partial<Question> = {}): Question =>
  baseQuestion(n, { translation: null, explanation: null, ...over });

const QUESTIONS = [
  question(1, { subtopic: 'basic-rights' }),
  question(2, { topic: 'history', subtopic: 'nazi-era' }),
  question(3, { subtopic: 'elections' }),
];
const TOPICS: Topic[] = [
  { id: 'politics', parent: null, name: 'Politics' },
  { id: 'history', parent: null, name: 'History' },
  { id: 'basic-rights', parent: 'politics', name: 'Basic rights' },
  { id: 'elections', parent: 'politics', name: 'Elections' },
  { id: 'nazi-era', parent: 'history', name: 'Nazi era' },
];

const user = learner;

/** Routes of a learner; `signedIn` adds the session (cached on the device and answered by /api/user/me). */
function routes({ signedIn = null as User | null, questions = QUESTIONS } = {}) {
  if (signedIn) writeStoredUser(signedIn);
  return {
    '/api/en/learn': () => json(200, questions),
    '/api/en/learn-mode': (body: unknown) => json(201, recordedAnswer(body)),
    '/api/en/user/bookmarks': () => json(200, []),
    '/api/en/learn/progress': () => json(200, {}),
    '/api/en/topics': () => json(200, TOPICS),
    '/api/en/learn/challenge/best': () => json(200, challengeBest()),
    '/api/en/learn/challenge': () =>
      json(201, { score: 10, personalBest: 10, isPersonalBest: true } satisfies ChallengeResult),
    ...(signedIn ? { '/api/user/me': () => json(200, signedIn) } : {}),
  };
}

/** `fakeApi` plus a server that remembers bookmarks (POST adds, DELETE removes, GET lists). */
function learnerApi(opts: Parameters<typeof routes>[0] = {}) {
  const questions = opts?.questions ?? QUESTIONS;
  const saved = new Map<string, Question>();
  const { client, fetchMock } = fakeApi(routes(opts));
  const base = fetchMock.getMockImplementation() as typeof fetch;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const m = String(input).match(/^\/api\/en\/user\/bookmarks(?:\/(q\d+))?$/);
    if (!m) return base(input, init);
    if (!m[1]) return json(200, [...saved.values()]);
    const q = questions.find((x) => x.id === m[1]);
    if (!q) return json(404, { error: { code: 'question_not_found', message: 'no' } });
    if (init?.method === 'POST') saved.set(q.id, q);
    else saved.delete(q.id);
    return json(200, bookmarkState(q.id, init?.method === 'POST'));
  });
  return { client, fetchMock, saved };
}

/** A modal dialog over the page (as the shell's contact dialog is), with a button and a field in it. */
function openModal() {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.innerHTML = '<button type="button">In dialog</button><input aria-label="Dialog field" />';
  document.body.append(dialog);
  return dialog;
}

afterEach(() => {
  for (const d of document.querySelectorAll('[aria-modal="true"]')) d.remove();
});

describe('learn mode keys', () => {
  it('← → navigate; keys typed in a field or pressed inside a modal dialog are not shortcuts', async () => {
    const { client, fetchMock } = learnerApi();
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 3');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}'); // stops at the last question
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();

    // Typing a number in the jump field types it; arrows move the caret, not the question.
    const field = screen.getByLabelText('Go to question number');
    await userEvent.type(field, '1{ArrowLeft}b');
    expect((field as HTMLInputElement).value).toBe('b1');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    expect(screen.queryByText('Correct!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed')).toBe('false');

    // Inside a modal dialog: nothing happens on the page behind it.
    const dialog = openModal();
    within(dialog).getByRole('button', { name: 'In dialog' }).focus();
    await userEvent.keyboard('2{ArrowRight}b');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    expect(screen.queryByText('Correct!')).toBeNull();
    dialog.remove();

    // Back on the page the keys work again: 2 answers (B2 is right), B bookmarks.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('2');
    expect(screen.getByText('Correct!')).toBeTruthy();
    await userEvent.keyboard('B');
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toBeTruthy();
    await waitFor(() => expect(posts(fetchMock, '/api/en/user/bookmarks/q2')).toHaveLength(1));
    expect(posts(fetchMock, '/api/en/learn-mode')).toHaveLength(1);
  }, 30_000); // the file's first test also loads the module graph: slow on a loaded machine
});

describe('flashcard keys', () => {
  /** Which face of the card the learner sees. */
  const side = () =>
    screen.getByRole('heading', { level: 2, hidden: true }).closest('[data-side]')?.getAttribute('data-side');

  it('Space/Enter turn the card over; 1–4 grade again/hard/good/easy only once turned; B bookmarks', async () => {
    const { client, fetchMock } = learnerApi();
    await renderRemote(App, { path: '/learn/flashcards', basename: '/learn', client });
    await userEvent.click(await screen.findByRole('button', { name: 'Start session' }));
    expect(screen.getByText('Card 1 of 3')).toBeTruthy();
    expect(side()).toBe('front');
    // Before the card is turned over, digits grade nothing.
    await userEvent.keyboard('3');
    expect(posts(fetchMock, '/api/en/learn-mode')).toHaveLength(0);
    await userEvent.keyboard(' ');
    expect(side()).toBe('back');
    expect(screen.getByRole('button', { name: 'Good' })).toBeTruthy();
    await userEvent.keyboard('3');
    await gradeSent(fetchMock, 0, { question_id: 1, is_correct: true, rating: 'good' });
    expect(screen.getByText('Card 2 of 3')).toBeTruthy();
    expect(side()).toBe('front');

    // B bookmarks the card on screen (the toggle is next to the card too).
    await userEvent.keyboard('b');
    expect(screen.getByRole('button', { name: 'Bookmarked' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(posts(fetchMock, '/api/en/user/bookmarks/q2')).toHaveLength(1));

    await userEvent.keyboard('{Enter}');
    expect(side()).toBe('back');
    await userEvent.keyboard('1');
    await gradeSent(fetchMock, 1, { question_id: 2, is_correct: false, rating: 'again' });
    await userEvent.keyboard(' ');
    await userEvent.keyboard('4');
    await gradeSent(fetchMock, 2, { question_id: 3, rating: 'easy' });
    // Three cards: the session is over.
    expect(await screen.findByRole('heading', { name: 'Session complete' })).toBeTruthy();
  });

  it('Space on a focused control is that control’s; a click on the card’s bookmark toggle works too', async () => {
    const { client, fetchMock } = learnerApi();
    await renderRemote(App, { path: '/learn/flashcards', basename: '/learn', client });
    await userEvent.click(await screen.findByRole('button', { name: 'Start session' }));
    const bookmark = screen.getByRole('button', { name: 'Bookmark' });
    bookmark.focus();
    await userEvent.keyboard(' ');
    // The focused toggle was pressed; the card was not turned over (no grade buttons).
    await waitFor(() => expect(posts(fetchMock, '/api/en/user/bookmarks/q1')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toBeTruthy();
    expect(side()).toBe('front');
    expect(screen.queryByRole('button', { name: 'Good' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Bookmarked' }));
    await waitFor(() =>
      expect(
        calls(fetchMock).filter((c) => c.url === '/api/en/user/bookmarks/q1' && c.method === 'DELETE'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeTruthy();
  });
});

describe('challenge keys', () => {
  it('1–4 answer, → goes on once answered, B bookmarks; ignored in a field and in a modal dialog', async () => {
    const { client, fetchMock } = learnerApi();
    await renderRemote(App, { path: '/learn/challenge', basename: '/learn', client });
    await userEvent.click(await screen.findByRole('button', { name: 'Start challenge' }));
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    const heading = () => screen.getAllByRole('heading', { level: 2 })[0]?.textContent ?? '';
    const first = heading();

    // → before answering does nothing; keys in a text field or a modal dialog do nothing.
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Somewhere to type');
    document.body.append(field);
    await userEvent.type(field, '2b');
    expect(field.value).toBe('2b');
    const dialog = openModal();
    within(dialog).getByRole('button', { name: 'In dialog' }).focus();
    await userEvent.keyboard('2b');
    expect(screen.queryByText(/Correct!|Wrong answer/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeTruthy();
    dialog.remove();
    field.remove();
    (document.activeElement as HTMLElement | null)?.blur();

    await userEvent.keyboard('b');
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toBeTruthy();
    const id = `q${first.match(/\d+/)?.[0]}`;
    await waitFor(() => expect(posts(fetchMock, `/api/en/user/bookmarks/${id}`)).toHaveLength(1));

    await userEvent.keyboard('2'); // answer 2 is the right one in every test question
    expect(screen.getByText('Correct!')).toBeTruthy();
    expect(screen.getByText('Streak: 1')).toBeTruthy();
    await userEvent.keyboard('1'); // already answered: no change
    expect(screen.getByText('Correct: 1/1')).toBeTruthy();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    expect(heading()).not.toBe(first);
    await waitFor(() => expect(posts(fetchMock, '/api/en/learn-mode')).toHaveLength(1));
    expect(posts(fetchMock, '/api/en/learn-mode')[0]?.body).toMatchObject({
      is_correct: true,
      mode: 'challenge',
    });
  }, 15_000); // many steps: slow on a loaded machine
});

describe('read-aloud', () => {
  type Listener = () => void;
  function stubSpeech(voices: { lang: string; name: string }[]) {
    const listeners = new Set<Listener>();
    const synth = {
      voices,
      getVoices: vi.fn(() => synth.voices),
      addEventListener: vi.fn((_: string, l: Listener) => listeners.add(l)),
      removeEventListener: vi.fn((_: string, l: Listener) => listeners.delete(l)),
      cancel: vi.fn(),
      speak: vi.fn(),
      fire: () => {
        for (const l of listeners) l();
      },
    };
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        voice: unknown = null;
        rate = 1;
        constructor(readonly text: string) {}
      },
    );
    return synth;
  }

  it('is hidden when the browser has no German voice', async () => {
    const synth = stubSpeech([{ lang: 'en-US', name: 'Sam' }]);
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 3');
    expect(synth.getVoices).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Read aloud/ })).toBeNull();
  });

  it('is hidden without speech synthesis at all', async () => {
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 3');
    expect('speechSynthesis' in window).toBe(false);
    expect(screen.queryByRole('button', { name: /Read aloud/ })).toBeNull();
  });

  it('appears with a German voice and reads the question and the answers in German', async () => {
    const synth = stubSpeech([
      { lang: 'en-GB', name: 'Kate' },
      { lang: 'de-DE', name: 'Anna' },
    ]);
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 3');
    // The voices are looked up once the view is on screen.
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud (German)' }));
    expect(synth.speak).toHaveBeenCalledTimes(1);
    const said = synth.speak.mock.calls[0]?.[0] as { text: string; lang: string; voice: { name: string } };
    expect(said.text).toBe('Frage 1? 1: A1. 2: B1. 3: C1. 4: D1');
    expect(said.lang).toBe('de-DE');
    expect(said.voice.name).toBe('Anna');
  });

  it('appears when a German voice arrives later (voiceschanged)', async () => {
    const synth = stubSpeech([]);
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 3');
    expect(screen.queryByRole('button', { name: /Read aloud/ })).toBeNull();
    synth.voices = [{ lang: 'de-AT', name: 'Hans' }];
    act(() => synth.fire());
    expect(screen.getByRole('button', { name: 'Read aloud (German)' })).toBeTruthy();
  });
});

describe('?topic= and the federal state', () => {
  it('preselects a subtopic from the dashboard link and filters by it', async () => {
    const { client } = fakeApi(routes());
    await renderRemote(App, { path: '/learn?topic=elections', basename: '/learn', client });
    expect(await screen.findByText('Question 1 of 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frage 3?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1 active)' }));
    const select = screen.getByLabelText('Topic') as HTMLSelectElement;
    expect(select.value).toBe('elections');
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toContain('Elections'));
    // Choosing another topic keeps the URL in step; "All topics" removes it.
    await userEvent.selectOptions(select, 'politics');
    // Counted in the sheet; the question behind it changes when the sheet closes.
    expect(screen.getByRole('button', { name: 'Show 2 questions' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/learn?topic=politics');
    await userEvent.selectOptions(select, '');
    expect(screen.getByRole('button', { name: 'Show 3 questions' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/learn');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  }, 15_000); // many steps: slow on a loaded machine

  it('preselects a top-level topic; an unknown topic shows every question', async () => {
    const { client } = fakeApi(routes());
    const view = await renderRemote(App, { path: '/learn?topic=history', basename: '/learn', client });
    expect(await screen.findByText('Question 1 of 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frage 2?' })).toBeTruthy();
    view.unmount();
    const { client: c2 } = fakeApi(routes());
    await renderRemote(App, { path: '/learn?topic=nope', basename: '/learn', client: c2 });
    expect(await screen.findByText('Question 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('');
  });

  it('topicOptions: each topic followed by its subtopics, by name', () => {
    expect(topicOptions(QUESTIONS, TOPICS, 'en')).toEqual([
      { id: 'history', name: 'History', sub: false },
      { id: 'nazi-era', name: 'Nazi era', sub: true },
      { id: 'politics', name: 'Politics', sub: false },
      { id: 'basic-rights', name: 'Basic rights', sub: true },
      { id: 'elections', name: 'Elections', sub: true },
    ]);
  });

  it('without a federal state: suggests choosing one in settings, no state filter', async () => {
    const { client } = fakeApi(routes({ signedIn: user(null) }));
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 3');
    const link = await screen.findByRole('link', { name: 'Choose your state in settings' });
    expect(link.getAttribute('href')).toBe('/profile-settings');
    expect(screen.getByText(/practising the 300 general questions/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const stateOption = screen.getByRole('option', { name: /State questions/ }) as HTMLOptionElement;
    expect(stateOption.disabled).toBe(true);
    expect(stateOption.textContent).toBe('State questions (choose your state in your profile)');
  });

  it('with a federal state: the state filter is labelled with the learner’s own state, not another', async () => {
    const { client } = fakeApi(
      routes({
        signedIn: user('HH'),
        questions: [...QUESTIONS, question(400, { state: 'HH' })],
      }),
    );
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByText('Question 1 of 4');
    expect(screen.queryByRole('link', { name: 'Choose your state in settings' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Questions'), 'state');
    expect(screen.getByRole('option', { name: 'State questions (HH)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show 1 question' })).toBeTruthy();
  });
});
