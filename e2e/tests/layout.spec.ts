import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { signInLearner } from '../support/learn';
import { repoRoot } from '../support/remotes-cli';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '../support/routes';
import { contentShown } from '../support/settled';
import { test } from '../support/test';

/**
 * Phone first, in every language: at 320, 390 and 1280 px in de, en and hr no route scrolls sideways (the
 * document is exactly as wide as the viewport), and on a phone every control is a finger's size (44 px).
 */

const WIDTHS = [320, 390, 1280] as const;
const PHONE = 390;
const LANGUAGES = ['de', 'en', 'hr'] as const;

/** Waits until the route's remote has rendered its page: a heading, no loading text left, the page loaded. */
async function settled(page: Page, lang: string) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await contentShown(page, lang);
}

/** How much wider than the viewport the page is (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Controls smaller than 44 × 44 px, described for the failure message. Links inside running text are exempt
 * (WCAG 2.5.8's inline exception), as are checkboxes and radios, whose whole label is the target.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), [role=tab], a',
    );
    const small: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.tagName === 'A' && el.closest('p, li p, dd, td, small, [data-inline-links]')) continue;
      // The skip link sits off-screen until focused.
      if (box.bottom < 0) continue;
      if (box.height < 43.5 || box.width < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });

async function checkRoutes(page: Page, lang: string, routes: readonly string[]) {
  for (const route of routes) {
    await page.setViewportSize({ width: PHONE, height: 844 });
    await page.goto(route);
    await settled(page, lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 700 });
      await expect.poll(() => overflow(page), { message: `${route} at ${width} px (${lang})` }).toBe(0);
      if (width !== 1280) expect(await smallTargets(page), `${route} at ${width} px (${lang})`).toEqual([]);
    }
  }
}

/** True when the element lies wholly inside the viewport. */
const inViewport = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return (
      box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth
    );
  });

const examTexts = (lang: string): { mock: { start: string } } =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'locales', lang, 'exam.json'), 'utf8'));

for (const lang of LANGUAGES) {
  test.describe(`layout in ${lang}`, () => {
    test.describe.configure({ timeout: 180_000 });
    test.use({ locale: lang });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((language) => localStorage.setItem('buergerfit.language', language), lang);
    });

    test('signed out: no route scrolls sideways at 320, 390 or 1280 px; phone targets ≥ 44 px', async ({
      page,
    }) => {
      await checkRoutes(page, lang, PUBLIC_ROUTES);
    });

    test('signed in: no route scrolls sideways at 320, 390 or 1280 px; phone targets ≥ 44 px', async ({
      page,
    }) => {
      await signInLearner(page, `layout-${lang}`);
      await checkRoutes(page, lang, SIGNED_IN_ROUTES);
    });

    test('the mock test at 320, 390 and 1280 px: after Start the question and the clock are in view, and the clock stays there', async ({
      page,
    }) => {
      const main = page.getByRole('main');
      for (const width of WIDTHS) {
        // A learner of their own per width: each starts a test of their own.
        await signInLearner(page, `mock-${lang}-${width}`);
        await page.setViewportSize({ width, height: width === 1280 ? 800 : 700 });
        await page.goto('/exam');
        const start = main.getByRole('button', { name: examTexts(lang).mock.start, exact: true });
        await expect(start).toBeVisible();
        // The learner read the rules down to the button.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await start.click();
        const clock = main.getByTestId('exam-timer');
        await expect(clock.getByRole('timer')).toHaveText(/^(60:00|59:[0-5]\d)$/);
        const where = `${width} px (${lang})`;
        await expect.poll(() => inViewport(clock), { message: `the clock at ${where}` }).toBe(true);
        const question = main.locator('article p[lang="de"]').first();
        await expect.poll(() => inViewport(question), { message: `the question at ${where}` }).toBe(true);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await expect
          .poll(() => inViewport(clock), { message: `the clock after scrolling, ${where}` })
          .toBe(true);
      }
    });
  });
}
