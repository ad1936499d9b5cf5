import { expect, type Page, test } from '@playwright/test';

// Issue 30, item 5: the rough edges of a learner's walk that learning-walk.spec.ts does not cover — each checked at
// 390 px on a touch phone (1280 px where the edge is the desktop's), where the learner notices it.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-US' };
const main = (page: Page) => page.getByRole('main');

test.describe('the landing page (390 px)', () => {
  test.use(PHONE);

  test('the picture’s German flag is black, red and gold in the dark theme as in the light one', async ({
    page,
  }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      const stripes = page.locator('[data-flag="de"] path');
      await expect(stripes).toHaveCount(3);
      await expect(stripes.nth(0)).toHaveCSS('stroke', 'rgb(0, 0, 0)');
      await expect(stripes.nth(1)).toHaveCSS('stroke', 'rgb(221, 0, 0)');
      await expect(stripes.nth(2)).toHaveCSS('stroke', 'rgb(255, 204, 0)');
      await expect(stripes.first()).toBeInViewport();
    }
  });
});
