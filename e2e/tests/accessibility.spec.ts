import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * Every route of the app, signed out and signed in, in the light and the dark theme: axe finds no serious or
 * critical violation (colour contrast included), and nothing the page loads is refused by the Content-Security-Policy.
 */

const main = (page: Page) => page.getByRole('main');

/** Records CSP violations the page reports (the DOM event and Chromium's console line). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

/** Waits until the route's remote has rendered its page (a heading in main, no Loading left). */
async function settled(page: Page) {
  await expect(main(page).getByRole('heading').first()).toBeVisible();
  await expect(page.getByText(/^Loading…?$/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function expectAccessible(page: Page, route: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${route}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

const PUBLIC_ROUTES = [
  '/',
  '/knowledge/einburgerungstest',
  '/privacy-policy',
  '/terms-of-service',
  '/about',
  '/demo',
  '/login',
  '/no-such-page',
];

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/learn',
  '/learn/focus',
  '/learn/challenge',
  '/learn/state',
  '/learn/flashcards',
  '/learn/bookmarks',
  '/exam',
  '/exam/history',
  '/profile-settings',
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility and content security on every route (${colorScheme} theme)`, () => {
    test.describe.configure({ timeout: 120_000 });
    // The system's preference: the app follows it while the learner has chosen no theme.
    test.use({ colorScheme });
    test('signed out', async ({ page }) => {
      const csp = await watchCsp(page);
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route);
        await settled(page);
        await expectAccessible(page, route);
      }
      // The demo exam under way (question, answers, overview), not only its start screen.
      await page.goto('/demo');
      await settled(page);
      await main(page).getByRole('button', { name: /start/i }).first().click();
      await expect(main(page).getByText(/Question 1 of 33/)).toBeVisible();
      await expectAccessible(page, '/demo (running)');
      expect(csp).toEqual([]);
    });

    test('signed in', async ({ page }) => {
      const csp = await watchCsp(page);
      const name = `a11y-${Date.now().toString(36)}`;
      await page.goto(`/login?login_hint=${name}`);
      await main(page).getByRole('link', { name: 'Local test account' }).click();
      await expect(page).toHaveURL(/\/welcome$/);
      await settled(page);
      await expectAccessible(page, '/welcome');
      await main(page).getByLabel('Federal state (Bundesland)').selectOption('HH');
      await main(page).getByRole('button', { name: 'Save and continue' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      for (const route of SIGNED_IN_ROUTES) {
        await page.goto(route);
        await settled(page);
        await expectAccessible(page, route);
      }
      // The open user menu.
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await expectAccessible(page, 'user menu');
      expect(csp).toEqual([]);
    });
  });
}
