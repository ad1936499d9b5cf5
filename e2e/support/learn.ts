import { expect, type Page } from '@playwright/test';

export type Q = { id: string; number: number; text: string; answers: string[]; correct: number };
export type ProgressMap = Record<
  string,
  { seen: number; correct: number; incorrect: number; due: string | null }
>;

/** The signed-in learner's per-question progress, as the BFF stores it. */
export const progress = async (page: Page): Promise<ProgressMap> =>
  (await page.request.get('/api/en/learn/progress')).json();
export const answers = (page: Page) => page.getByRole('list', { name: 'Answers' });

/** Signs a fresh learner in through the local provider, chooses Berlin, and returns their question set. */
export async function signInLearner(page: Page, label: string): Promise<Q[]> {
  await page.goto(`/auth/local?login_hint=${label}-${Date.now()}&redirect=/learn`);
  await expect(page).toHaveURL(/\/welcome/);
  const saved = await page.request.patch('/api/user/setting/german-federal-state', {
    data: { selected_state: 'BE' },
  });
  expect(saved.ok()).toBe(true);
  return (await page.request.get('/api/en/learn')).json();
}
