import { expect } from '@playwright/test';
import { test } from '../support/test';

test('the BFF serves the app and the catalog API; learn questions need a session', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Bürgerfit/);
  const states = await page.request.get('/api/en/german-federal-states');
  expect(await states.json()).toHaveLength(16);
  const bad = await page.request.get('/api/xx/german-federal-states');
  expect(bad.status()).toBe(404);
  expect((await bad.json()).error.code).toBe('unsupported_language');
  expect((await page.request.get('/api/de/learn')).status()).toBe(401);

  // Sign in through the local provider (the same grant code flow as GitHub/Google), then ask again.
  await page.goto('/auth/local?login_hint=foundation');
  await expect(page).toHaveURL(/\/welcome$/);
  const learn = await page.request.get('/api/de/learn');
  expect(learn.status()).toBe(200);
  const questions = await learn.json();
  // A new learner has no federal state yet: the 300 general questions, no state's questions.
  expect(questions).toHaveLength(300);
  expect(questions.filter((q: { state: string | null }) => q.state === null)).toHaveLength(300);
});

test('an unknown path is a not-found page with status 404; the favicon is found', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  // A page of the app deep inside a remote's routes is a page (200), not a 404.
  expect((await page.request.get('/learn/flashcards')).status()).toBe(200);
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/image\/svg\+xml/);
});
