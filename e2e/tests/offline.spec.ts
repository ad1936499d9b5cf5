import { expect, type Page, test } from '@playwright/test';
import { answers, progress, type Q } from '../support/learn';
import { serviceWorkerSettled, storedPaths, underServiceWorker } from '../support/service-worker';
import { learnerAtFirstQuestion } from './helpers';

const main = (page: Page) => page.getByRole('main');
/** What the shell shows when a part of the app failed to load: never for a page opened once. */
const FAILED = 'This area could not be loaded';
/** What it shows, with no network, for a page this device never opened. */
const NOT_STORED = 'Not available offline';
/** The server's markup of a page, on screen until the live remote has rendered it. */
const serverMarkup = (page: Page) => page.locator('#bf-prerender, [data-prerendered]');
/** The service worker's stores of this device's pages and API answers (shell/public/sw.js). */
const PAGES = 'bf-pages-v2';
const API = 'bf-api-v2';

test('offline: a cold start with no network runs learn mode and flashcards; the answers arrive once', async ({
  page,
  context,
}) => {
  // Online once; the service worker installs (shell + learn remote stored) and takes control.
  const questions = await learnerAtFirstQuestion(page, 'offline-e2e');
  const [q1, q2] = questions as [Q, Q];
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A page whose request was already on its way while the worker activated stays its own (the worker claims only
  // the pages that exist then): the next load is the worker's.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await expect(page.locator('#bf-prerender, [data-prerendered]')).toHaveCount(0);
  }
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });

  // Cut the network and start again from nothing: the page comes from the service worker.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  // Really offline, for the worker too: an API call it never saw answered fails.
  expect(
    await page.evaluate(() =>
      fetch('/api/en/learn/progress?never-asked=1').then(
        (r) => `HTTP ${r.status}`,
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  await expect(page.getByText(`Question 1 of ${questions.length}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();

  const wrong = (q1.correct + 1) % 4;
  await answers(page).locator(`[data-answer="${wrong}"]`).click();
  await expect(answers(page).locator(`[data-answer="${wrong}"]`)).toHaveClass(/wrong/);
  await expect(answers(page).locator(`[data-answer="${q1.correct}"]`)).toHaveClass(/correct/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: q2.text })).toBeVisible();
  await answers(page).locator(`[data-answer="${q2.correct}"]`).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByText(/You are offline.*\(2 answers? waiting\)/)).toBeVisible();

  // Flashcards, still offline (the mode's chunk comes from the cache too).
  await page.getByRole('link', { name: 'Flashcards' }).click();
  await page.getByRole('button', { name: 'Start session' }).click();
  const heading = page.locator('article h2');
  await expect(heading).toBeVisible();
  const front = await heading.textContent();
  const card = questions.find((q) => q.text === front) as Q;
  expect(card).toBeTruthy();
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: 'Good' }).click();
  await expect(page.getByText(/You are offline.*\(3 answers? waiting\)/)).toBeVisible();

  // The queue is on disk (IndexedDB): another offline start still has all three.
  await page.reload();
  await expect(page.getByText(/You are offline.*\(3 answers? waiting\)/)).toBeVisible();

  // Back online: everything arrives, each answer once.
  await context.setOffline(false);
  const expected = new Map<string, number>();
  for (const id of [q1.id, q2.id, card.id]) expected.set(id, (expected.get(id) ?? 0) + 1);
  await expect
    .poll(
      async () => {
        const p = await progress(page);
        return [...expected.keys()].map((id) => p[id]?.seen ?? 0);
      },
      { timeout: 20_000 },
    )
    .toEqual([...expected.values()]);
  await expect(page.getByText(/You are offline|Sending saved answers/)).toHaveCount(0);
  await page.waitForTimeout(1000);
  const after = await progress(page);
  for (const [id, n] of expected) expect(after[id]?.seen, id).toBe(n);
  expect(after[q1.id]).toMatchObject({ incorrect: 1 });
  expect(after[q2.id]?.correct).toBeGreaterThanOrEqual(1);
});

test.describe('offline: the pages a learner opened', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every page opened once opens again with no network, as it was; a page never opened says so; nothing is kept after sign-out', async ({
    page,
    context,
  }) => {
    const login = `offline-pages-${Date.now()}`;
    await page.goto(`/auth/local?login_hint=${login}&redirect=/dashboard`);
    const saved = await page.request.patch('/api/user/setting/german-federal-state', {
      data: { selected_state: 'BE' },
    });
    expect(saved.ok()).toBe(true);
    const [first] = (await (await page.request.get('/api/en/learn')).json()) as [Q];
    // Online once, under the service worker as in production (registered after the page's load).
    await page.goto('/');
    await underServiceWorker(page);
    /** Each page with what a learner reads on it. */
    const pages: [string, (page: Page) => Promise<void>][] = [
      [
        '/',
        async (p) => {
          await expect(
            main(p).getByRole('heading', { level: 1, name: 'Pass the German naturalisation test' }),
          ).toBeVisible();
          await expect(main(p).getByRole('link', { name: 'Start now' })).toBeVisible();
        },
      ],
      [
        '/demo',
        async (p) => {
          await expect(main(p).getByRole('heading', { level: 1, name: 'Demo test' })).toBeVisible();
          await expect(main(p).getByLabel('Federal state for the state questions')).toBeVisible();
        },
      ],
      [
        '/dashboard',
        async (p) => {
          await expect(main(p).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
          await expect(main(p).getByText(`Welcome, ${login}!`)).toBeVisible();
        },
      ],
      [
        '/learn',
        async (p) => {
          await expect(main(p).getByText('Question 1 of 310')).toBeVisible();
          await expect(main(p).getByRole('heading', { name: first.text })).toBeVisible();
        },
      ],
    ];
    for (const [path, shows] of pages) {
      await page.goto(path);
      await shows(page);
      await serviceWorkerSettled(page);
    }

    await context.setOffline(true);
    // Really offline, for the worker too: an API call it never saw answered fails.
    expect(
      await page.evaluate(() =>
        fetch('/api/en/user/dashboard?never-asked=1').then(
          (r) => `HTTP ${r.status}`,
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    for (const [path, shows] of pages) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await shows(page);
      // The learner uses the page: the app starts on it (a page read as sent starts at the first touch) and its
      // remote, in the version and variant the page names, comes from the device too.
      await main(page).getByRole('heading', { level: 1 }).first().click();
      await expect(serverMarkup(page)).toHaveCount(0);
      await shows(page);
      await expect(page.getByText(FAILED)).toHaveCount(0);
    }
    // A link to another part of the app opens that page as it was stored, with the data it showed.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByText(`Welcome, ${login}!`)).toBeVisible();
    await expect(page.getByText(FAILED)).toHaveCount(0);

    // A page never opened on this device: the app says it is not available offline, and loads it once back online.
    await page.goto('/profile-settings');
    await expect(main(page).getByRole('heading', { name: NOT_STORED })).toBeVisible();
    await expect(
      main(page).getByText('This page has not been opened on this device yet', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(FAILED)).toHaveCount(0);
    await context.setOffline(false);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: NOT_STORED })).toHaveCount(0);

    // Signing out leaves nothing of the learner's on the device: none of their pages, none of their answers.
    await serviceWorkerSettled(page);
    const theirs = [...(await storedPaths(page, PAGES)), ...(await storedPaths(page, API))];
    expect(theirs).toEqual(expect.arrayContaining(['/dashboard', '/learn', '/api/en/learn']));
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await serviceWorkerSettled(page);
    const kept = [...(await storedPaths(page, PAGES)), ...(await storedPaths(page, API))];
    expect(kept.filter((path) => theirs.includes(path))).toEqual([]);
    // Offline the dashboard is not theirs any more: it asks to sign in, as it would online.
    await context.setOffline(true);
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Log in to Bürgerfit' })).toBeVisible();
    await expect(page.getByText(login)).toHaveCount(0);
  });
});
