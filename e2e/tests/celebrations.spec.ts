import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { test } from '../support/test';

/**
 * A moment when the learner wins (issue 30, item 6), on a 390 px phone: a mock test passed is celebrated on its
 * result with what comes next, once (a reload does not repeat it); with reduced motion the words are there and
 * nothing moves; a first badge is celebrated on the dashboard. Nothing scrolls sideways, the close button is a
 * 44 px target, the focus stays where the page put it.
 */
const main = (page: Page) => page.getByRole('main');

type Attempt = { id: string; questions: { position: number; number: number }[] };

async function phone(browser: Browser, options: BrowserContextOptions = {}) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    ...options,
  });
  // Counts the animations started on the burst's pieces as they start: the burst lasts under two seconds, which a
  // loaded machine can spend before a check of the running ones.
  await ctx.addInitScript(() => {
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      if (this.closest('[data-testid="celebration-burst"]')) {
        const w = window as unknown as { __burstAnimations?: number };
        w.__burstAnimations = (w.__burstAnimations ?? 0) + 1;
      }
      return animate.apply(this, args);
    };
  });
  return { ctx, page: await ctx.newPage() };
}

const burstAnimationsStarted = (page: Page) =>
  page.evaluate(() => (window as unknown as { __burstAnimations?: number }).__burstAnimations ?? 0);

async function signInOnboarded(page: Page, name: string) {
  await page.goto(`/auth/local?login_hint=${name}-${Date.now()}&redirect=/dashboard`);
  const res = await page.request.patch('/api/user/setting/german-federal-state', {
    data: { selected_state: 'BE' },
  });
  expect(res.ok()).toBe(true);
}

/** A mock test started and answered through the API: the first `right` positions right, the rest wrong. */
async function answeredMock(page: Page, right: number): Promise<Attempt> {
  const questions: { number: number; correct: number }[] = await (
    await page.request.get('/api/en/learn')
  ).json();
  const key = new Map(questions.map((q) => [q.number, q.correct]));
  const started = await page.request.post('/api/en/exams', { data: { kind: 'mock' } });
  expect(started.status()).toBe(201);
  const attempt: Attempt = await started.json();
  for (const q of attempt.questions) {
    const correct = key.get(q.number) as number;
    const res = await page.request.put(`/api/en/exams/${attempt.id}/answers/${q.position}`, {
      data: { answer: q.position <= right ? correct : (correct + 1) % 4 },
    });
    expect(res.ok()).toBe(true);
  }
  return attempt;
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** Animations running on the burst's pieces and the card's picture. */
const celebrationAnimations = (page: Page) =>
  page.evaluate(
    () =>
      document.getAnimations().filter((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return (
          target instanceof Element &&
          Boolean(target.closest('[data-testid="celebration-burst"], [data-testid="celebration"]'))
        );
      }).length,
  );

/** axe on the card in the light and the dark theme: no serious or critical violation (contrast included). */
async function cardIsAccessible(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="celebration"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${colorScheme}: ${v.id}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function closeIsATouchTarget(page: Page) {
  const box = await page.getByTestId('celebration').getByRole('button', { name: 'Close' }).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

test.describe('celebrations (390 px)', () => {
  test('a mock test just passed: its result celebrates it with what comes next, and a reload does not repeat it', async ({
    browser,
  }) => {
    const { ctx, page } = await phone(browser);
    try {
      await signInOnboarded(page, 'cele-pass');
      const attempt = await answeredMock(page, 24);
      // The learner finishes the test on the phone: it resumes with the answers given, then Finish.
      await page.goto('/exam');
      await expect(main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeVisible();
      await main(page).getByRole('button', { name: 'Finish test' }).click();
      await main(page).getByRole('button', { name: 'Finish now' }).click();
      await expect(page).toHaveURL(`/exam/result/${attempt.id}`);

      const card = main(page).getByTestId('celebration');
      await expect(card.getByRole('heading', { level: 2 })).toHaveText('Your first pass!');
      await expect(
        card.getByText('24 of 33 right: 7 more than the 17 you need.', { exact: true }),
      ).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveText('Badge: First test');
      await expect(card.getByTestId('celebration-next')).toHaveText(
        'Next: 3 more right answers for 80% (27 of 33) and the “Top score” badge.',
      );
      // The burst flies over the page (no pointer events, hidden from screen readers) and is gone when it lands.
      const burst = page.getByTestId('celebration-burst');
      await expect(burst).toHaveAttribute('aria-hidden', 'true');
      await expect.poll(() => burstAnimationsStarted(page)).toBeGreaterThan(0);
      await noSidewaysScroll(page);
      await expect(burst).toHaveCount(0);
      expect(await celebrationAnimations(page)).toBe(0);
      // Said once to screen readers; the focus is on the result's heading, not on the celebration.
      await expect(card.getByRole('status')).toHaveText(
        'Your first pass! 24 of 33 right: 7 more than the 17 you need. Badge: First test. ' +
          'Next: 3 more right answers for 80% (27 of 33) and the “Top score” badge.',
      );
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Passed');
      await closeIsATouchTarget(page);
      await noSidewaysScroll(page);

      // A reload (history state and all): the result, not the celebration again — nor on the dashboard.
      await page.reload();
      await expect(main(page).getByRole('heading', { level: 2, name: 'Passed' })).toBeVisible();
      await expect(main(page).getByTestId('exam-score')).toHaveText('24/33 correct');
      await expect(main(page).getByTestId('celebration')).toHaveCount(0);
      await page.goto('/dashboard');
      await expect(page.getByTestId('streak')).toBeVisible();
      await expect(main(page).getByTestId('celebration')).toHaveCount(0);
    } finally {
      await ctx.close();
    }
  });

  test('with reduced motion: the same words and next step, nothing moves', async ({ browser }) => {
    const { ctx, page } = await phone(browser, { reducedMotion: 'reduce' });
    try {
      await signInOnboarded(page, 'cele-still');
      const attempt = await answeredMock(page, 28);
      await page.goto('/exam');
      await main(page).getByRole('button', { name: 'Finish test' }).click();
      await main(page).getByRole('button', { name: 'Finish now' }).click();
      await expect(page).toHaveURL(`/exam/result/${attempt.id}`);
      const card = main(page).getByTestId('celebration');
      await expect(card.getByRole('heading', { level: 2 })).toHaveText('Your first pass!');
      await expect(
        card.getByText('28 of 33 right: 11 more than the 17 you need.', { exact: true }),
      ).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveText(['Badge: Top score', 'Badge: First test']);
      await expect(card.getByTestId('celebration-next')).toHaveText(
        'Next: Answer 117 more questions and take 1 more mock test to confirm your exam readiness.',
      );
      await expect(card.getByRole('status')).toContainText('Your first pass!');
      // Nothing moves: no burst, no animation anywhere on the page.
      await expect(page.getByTestId('celebration-burst')).toHaveCount(0);
      expect(await burstAnimationsStarted(page)).toBe(0);
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      await cardIsAccessible(page);
      await closeIsATouchTarget(page);
      await noSidewaysScroll(page);
      // Closed, it is gone; the page stays as it was.
      await card.getByRole('button', { name: 'Close' }).click();
      await expect(main(page).getByTestId('celebration')).toHaveCount(0);
      await expect(main(page).getByRole('heading', { level: 2, name: 'Passed' })).toBeVisible();
    } finally {
      await ctx.close();
    }
  });

  test('a first badge is celebrated on the dashboard, once, with the way to a pass', async ({ browser }) => {
    const { ctx, page } = await phone(browser);
    try {
      await signInOnboarded(page, 'cele-badge');
      // A first mock test, failed (15 of 33), finished through the API: its result was never opened.
      const attempt = await answeredMock(page, 15);
      expect((await page.request.post(`/api/en/exams/${attempt.id}/finalize`)).ok()).toBe(true);

      const seen = page.waitForResponse(
        (r) => r.url().endsWith('/api/en/user/celebrations/seen') && r.request().method() === 'POST',
      );
      await page.goto('/dashboard');
      const card = main(page).getByTestId('celebration');
      await expect(card.getByRole('heading', { level: 2 })).toHaveText('New badge: First test');
      await expect(card.getByText('You finished your first mock test.', { exact: true })).toBeVisible();
      await expect(card.getByTestId('celebration-next').locator('p')).toHaveText(
        'Next: 2 more right answers and you pass (17 of 33).',
      );
      await expect(card.getByRole('link', { name: 'Take a mock test' })).toHaveAttribute('href', '/exam');
      // Shown in the live page: recorded as celebrated.
      expect((await seen).status()).toBe(204);
      // It heads the page, above the learner's figures.
      await expect(page.getByTestId('streak')).toBeVisible();
      const cardBox = await card.boundingBox();
      const streakBox = await page.getByTestId('streak').boundingBox();
      expect(cardBox && streakBox && cardBox.y + cardBox.height < streakBox.y).toBe(true);
      await expect(page.getByTestId('celebration-burst')).toHaveCount(0);
      await cardIsAccessible(page);
      await closeIsATouchTarget(page);
      await noSidewaysScroll(page);

      await page.reload();
      await expect(page.getByTestId('streak')).toBeVisible();
      await expect(main(page).getByTestId('celebration')).toHaveCount(0);
    } finally {
      await ctx.close();
    }
  });
});
