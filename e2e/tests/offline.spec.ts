import { expect, test } from '@playwright/test';
import { answers, progress, type Q } from '../support/learn';
import { learnerAtFirstQuestion } from './helpers';

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
  // Really offline, for the worker too: an API call it does not keep fails.
  expect(
    await page.evaluate(() =>
      fetch('/api/en/learn/progress').then(
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
