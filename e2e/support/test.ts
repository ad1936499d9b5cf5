import { test as base, type Page } from '@playwright/test';

/**
 * The e2e suite's `test`: Playwright's, with pages that wait, after a navigation by `goto` or `reload`, until a page
 * the server sent made is hydrated (the page protocol's live marks: `#root[data-bf-live]` and every
 * `[data-bf-slot]` live, contract/src/page.ts). A learner's tap on a control that only scripts drive does nothing
 * before that; a test acts as a learner who waits for the page. Tests about the time before hydration hold the
 * scripts back (`holdScripts`, which turns the wait off for that page) or use `gotoUnhydrated`.
 */
const HOLDING = Symbol('holding scripts');

export function markHolding(page: Page): void {
  (page as unknown as Record<symbol, boolean>)[HOLDING] = true;
}

async function untilLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-bf-slot]') ||
      (document.getElementById('root')?.hasAttribute('data-bf-live') &&
        document.querySelectorAll('[data-bf-slot]:not([data-bf-live])').length === 0),
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const settle = async () => {
      if (javaScriptEnabled === false || (page as unknown as Record<symbol, boolean>)[HOLDING]) return;
      await untilLive(page);
    };
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['x-buergerfit-prerender']) await settle();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (response?.headers()['x-buergerfit-prerender']) await settle();
      return response;
    };
    await use(page);
  },
});
