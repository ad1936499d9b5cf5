import type { Question } from '@buergerfit/contract';
import { writeStoredUser } from '@buergerfit/platform';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../src/App';
import { learner, learnRoutes, progressEntry, question } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

// Learn mode keeps where the learner is in the address: a reload (here: the page rendered again from its URL)
// comes back to the same question with the same filters.

const QUESTIONS: Question[] = [
  question(1, { topic: 'politics' }),
  question(2, { topic: 'history' }),
  question(3, { topic: 'politics' }),
  question(4, { topic: 'politics' }),
  question(301, { official: 'BY-1', state: 'BY', topic: 'politics' }),
];
// Question 1 was answered right, so "not seen yet" leaves 3, 4 and BY-1 of the politics questions.
const PROGRESS = { q1: progressEntry() };

async function open(path: string, id = 'u-1') {
  const bavarian = { ...learner('BY'), id };
  writeStoredUser(bavarian);
  const api = fakeApi({
    ...learnRoutes({ questions: QUESTIONS, progress: PROGRESS }),
    '/api/user/me': () => json(200, bavarian),
  });
  await renderRemote(App, { path, basename: '/learn', client: api.client });
}
const location = () => screen.getByTestId('location').textContent as string;
const shown = () => within(screen.getByRole('article')).getByRole('heading', { level: 2 }).textContent;
const params = () => Object.fromEntries(new URL(location(), 'http://x').searchParams);
/** A reload: the page made again from the address it is at. */
async function reload() {
  const at = location();
  cleanup();
  await open(at);
}

describe('learn mode resumes', { timeout: 15_000 }, () => {
  it('at the question and with the filters of its address', async () => {
    await open('/learn?topic=politics&status=unseen&question=BY-1');
    // Once the progress is there (until then every question counts as not seen yet).
    expect(await screen.findByText('Question 3 of 3', undefined, { timeout: 5000 })).toBeTruthy();
    expect(shown()).toBe('Frage 301?');
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
  });

  it('after a reload, at the question previous/next went to', async () => {
    await open('/learn');
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(params()).toEqual({ question: '2' });
    await reload();
    expect(await screen.findByText('Question 2 of 5')).toBeTruthy();
    expect(shown()).toBe('Frage 2?');
  });

  it('after a reload, with the filters chosen (a filter starts at its first match)', async () => {
    await open('/learn?question=2');
    expect(await screen.findByText('Question 2 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'politics' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'unseen' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Frage' } });
    expect(params()).toEqual({ topic: 'politics', status: 'unseen', search: 'Frage' });
    fireEvent.click(screen.getByRole('button', { name: /^Show 3 questions$/ }));
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await reload();
    expect(await screen.findByText('Question 2 of 3', undefined, { timeout: 5000 })).toBeTruthy();
    expect(shown()).toBe('Frage 4?');
    expect(screen.getByRole('button', { name: 'Filters (3 active)' })).toBeTruthy();
  });

  it('after a reload, at the number chosen in the list or jumped to (a jump outside the filters clears them)', async () => {
    await open('/learn?topic=politics&status=unseen');
    expect(await screen.findByText('Question 1 of 3', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByText('Question list', { selector: 'summary' }));
    const list = await screen.findByRole('list', { name: 'Question list' });
    fireEvent.click(within(list).getByRole('button', { name: /^Question BY-1,/ }));
    expect(params()).toEqual({ topic: 'politics', status: 'unseen', question: 'BY-1' });
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Go to question number'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(params()).toEqual({ question: '2' });
    await reload();
    expect(await screen.findByText('Question 2 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('opened as /learn (from the nav, no place in the address) where this learner left off on this device', async () => {
    await open('/learn?topic=politics&status=unseen&question=BY-1');
    expect(await screen.findByText('Question 3 of 3', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(params()).toEqual({ topic: 'politics', status: 'unseen', question: '4' });
    expect(localStorage.getItem('buergerfit.learn.place.u-1')).toBe(
      'question=4&topic=politics&status=unseen',
    );
    cleanup();
    await open('/learn');
    expect(await screen.findByText('Question 2 of 3', undefined, { timeout: 5000 })).toBeTruthy();
    expect(shown()).toBe('Frage 4?');
    expect(params()).toEqual({ question: '4', topic: 'politics', status: 'unseen' });
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
    // Another learner on this device starts at the beginning; a link that names a place goes there.
    cleanup();
    await open('/learn', 'u-2');
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
    expect(params()).toEqual({});
    cleanup();
    await open('/learn?topic=history');
    expect(await screen.findByText('Question 1 of 1')).toBeTruthy();
    expect(localStorage.getItem('buergerfit.learn.place.u-1')).toBe('topic=history');
    // Filters cleared at question 1: nothing to resume, a bare /learn starts at question 1.
    cleanup();
    await open('/learn?question=1');
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    cleanup();
    await open('/learn');
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
  });

  it('stays where it is when “Learn” is tapped in learn mode; clearing the filters keeps no place', async () => {
    await open('/learn?topic=politics&status=unseen&question=BY-1');
    expect(await screen.findByText('Question 3 of 3', undefined, { timeout: 5000 })).toBeTruthy();
    const modes = screen.getByRole('navigation', { name: 'Learning modes' });
    fireEvent.click(within(modes).getByRole('link', { name: 'Learn' }));
    expect(await screen.findByText('Question 3 of 3')).toBeTruthy();
    expect(params()).toEqual({ topic: 'politics', status: 'unseen', question: 'BY-1' });
    // Clearing the filters is the learner's own change: question 1 of all, and nothing to come back to.
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2 active)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.click(screen.getByRole('button', { name: /^Show 5 questions$/ }));
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
    expect(params()).toEqual({});
    expect(localStorage.getItem('buergerfit.learn.place.u-1')).toBeNull();
    fireEvent.click(within(modes).getByRole('link', { name: 'Learn' }));
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
    expect(params()).toEqual({});
  });

  it('an address naming a question the filters leave out (or none at all) starts at the first match', async () => {
    await open('/learn?topic=history&question=3');
    expect(await screen.findByText('Question 1 of 1')).toBeTruthy();
    expect(shown()).toBe('Frage 2?');
    cleanup();
    await open('/learn?question=XY-99');
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
  });
});
