import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * The e2e suite's `test`: Playwright's, with pages that wait, after a navigation by `goto` or `reload`, until a page
 * the server sent made is hydrated (the page protocol's live marks: `#root[data-bf-live]` and every
 * `[data-bf-slot]` live, contract/src/page.ts). A public page starts its scripts only on the learner's first sign of
 * intent (shell/public/after-paint.js): the wait shows one first, the pointer entering the page, as it does for a
 * learner with a mouse. A learner's tap on a control that only scripts drive does nothing before that; a test acts
 * as a learner who waits for the page. Every page of the suite is such a page: the test's `page`, and those of the
 * contexts a test opens itself (`browser.newContext()`, `browser.newPage()`). Tests about the time before hydration
 * hold the scripts back (`holdScripts`, which turns the wait off for that page) or call `markHolding`.
 */
const HOLDING = Symbol('holding scripts');
const LIVE = Symbol('waits for hydration');

type Marked = Record<symbol, boolean>;

export function markHolding(page: Page): void {
  (page as unknown as Marked)[HOLDING] = true;
}

async function untilLive(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-bf-slot]') ||
      (document.getElementById('root')?.hasAttribute('data-bf-live') &&
        document.querySelectorAll('[data-bf-slot]:not([data-bf-live])').length === 0),
  );
}

/** Makes `page`'s `goto` and `reload` wait for hydration (once per page; not with JavaScript off). */
function waitsForHydration(page: Page, javaScriptEnabled: boolean | undefined): Page {
  const marked = page as unknown as Marked;
  if (marked[LIVE] || javaScriptEnabled === false) return page;
  marked[LIVE] = true;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async (made: boolean) => {
    if (made && !marked[HOLDING]) await untilLive(page);
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(Boolean(response?.headers()['x-buergerfit-prerender']));
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(Boolean(response?.headers()['x-buergerfit-prerender']));
    return response;
  };
  return page;
}

function pagesWaitForHydration(
  context: BrowserContext,
  javaScriptEnabled: boolean | undefined,
): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitsForHydration(await newPage(), javaScriptEnabled);
  return context;
}

const patchedBrowsers = new WeakSet<Browser>();

export const test = base.extend<object, { livePages: undefined }>({
  // The contexts and pages a test opens itself behave as the test's own page.
  livePages: [
    async ({ browser }, use) => {
      if (!patchedBrowsers.has(browser)) {
        patchedBrowsers.add(browser);
        const newContext = browser.newContext.bind(browser);
        const newPage = browser.newPage.bind(browser);
        browser.newContext = async (options) =>
          pagesWaitForHydration(await newContext(options), options?.javaScriptEnabled);
        browser.newPage = async (options) =>
          waitsForHydration(await newPage(options), options?.javaScriptEnabled);
      }
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    // Its context may have come through the browser's patched newContext, which does not see this option.
    if (javaScriptEnabled === false) markHolding(page);
    // A page that hydrates differently from what the server sent is rendered anew by React, which drops whatever
    // the learner did on it before its scripts ran (a tap on Start): no test's page may do so, unless it says why
    // (`test.info().annotations.push({ type: 'hydration mismatch', description })`).
    const mismatches: string[] = [];
    page.on('console', (message) => {
      if (/did not hydrate as sent/.test(message.text())) mismatches.push(message.text());
    });
    await use(waitsForHydration(page, javaScriptEnabled));
    if (!testInfo.annotations.some((a) => a.type === 'hydration mismatch')) expect(mismatches).toEqual([]);
  },
});
