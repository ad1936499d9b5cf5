import { expect, test } from '@playwright/test';
import { answers, progress, type Q } from '../support/learn';
import { learnerAtFirstQuestion } from './helpers';

test('learn mode: answer, highlight, stored; bookmark; focus; offline answers arrive once; flashcards', async ({
  page,
  context,
}) => {
  const questions = await learnerAtFirstQuestion(page, 'learn-e2e');
  const [q1, q2] = questions as [Q, Q];
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();

  // A wrong answer: marked wrong, the correct one green; stored once.
  const wrong = (q1.correct + 1) % 4;
  await answers(page).locator(`[data-answer="${wrong}"]`).click();
  await expect(answers(page).locator(`[data-answer="${wrong}"]`)).toHaveClass(/wrong/);
  await expect(answers(page).locator(`[data-answer="${q1.correct}"]`)).toHaveClass(/correct/);
  await expect(page.getByText(/Wrong answer/)).toBeVisible();
  await expect.poll(async () => (await progress(page)).q1?.incorrect).toBe(1);

  // Bookmark it and find it in the bookmarks mode.
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  await page.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/learn\/bookmarks$/);
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();

  // Focus mode brings back the wrong answer.
  await page.getByRole('link', { name: 'Focus' }).click();
  await expect(page.getByText('1 question to review')).toBeVisible();
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();

  // Offline: learn mode keeps working, the answer is queued and arrives exactly once after reconnecting.
  await page.getByRole('link', { name: 'Learn', exact: true }).click();
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: q2.text })).toBeVisible();
  await answers(page).locator(`[data-answer="${q2.correct}"]`).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await context.setOffline(false);
  await expect.poll(async () => (await progress(page)).q2?.seen, { timeout: 15_000 }).toBe(1);
  await expect(page.getByText(/You are offline|Sending saved answers/)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect((await progress(page)).q2).toMatchObject({ seen: 1, correct: 1 });

  // Flashcards: a self-grade moves the card's due date.
  await page.getByRole('link', { name: 'Flashcards' }).click();
  await page.getByRole('button', { name: 'Start session' }).click();
  const heading = page.locator('article h2');
  await expect(heading).toBeVisible();
  const front = await heading.textContent();
  const card = questions.find((q) => q.text === front) as Q;
  const before = (await progress(page))[card.id]?.due ?? null;
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: 'Easy' }).click();
  await expect.poll(async () => (await progress(page))[card.id]?.due ?? null).not.toBe(before);
  const due = new Date((await progress(page))[card.id]?.due as string).getTime();
  expect(due).toBeGreaterThan(Date.now() + 20 * 3600_000);
});
