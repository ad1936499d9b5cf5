import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '../support/routes';
import { contentShown } from '../support/settled';
import { test } from '../support/test';

/**
 * Every route of the app, signed out and signed in, in the light and the dark theme: axe finds no serious or
 * critical violation (colour contrast included), and nothing the page loads is refused by the Content-Security-Policy.
 */

const main = (page: Page) => page.getByRole('main');

/** The page background of each theme (--bf-color-bg): the sign that the theme switch has been painted. */
const lightBackground = 'rgb(250, 250, 249)';
const darkBackground = 'rgb(12, 10, 9)';

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
  await contentShown(page, 'en');
}

/** The rules whose outcome depends on the theme's colours (the structure is the same in both themes). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The header and footer are the same on every route of one pass (signed out, or signed in): axe reads the whole
 * page on the first route of a pass and then only what changes, the page's `main` (and an open dialog or menu).
 */
const checkedFrames = new WeakSet<Page>();

async function axeFinds(page: Page, route: string, only?: string[]) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (checkedFrames.has(page)) axe = axe.include('main').include('dialog[open]').include('[role="menu"]');
  const { violations } = await (only ? axe.withRules(only) : axe).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${route}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

/**
 * axe in the system's light theme (every rule), then in its dark theme on the same page (the rules that depend on
 * colours; the app follows `prefers-color-scheme` while the learner has chosen no theme), then light again.
 */
async function expectAccessible(page: Page, route: string, { whole = false } = {}) {
  if (whole) checkedFrames.delete(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(colorScheme === 'light' ? lightBackground : darkBackground);
    // Colours that change with a transition (an answer's background) are checked once they arrived, not halfway
    // (transitions only: a loading shimmer's animation never finishes).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await axeFinds(
      page,
      `${route} (${colorScheme} theme)`,
      colorScheme === 'dark' ? COLOUR_RULES : undefined,
    );
  }
  checkedFrames.add(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('accessibility and content security on every route, light and dark theme', () => {
  test.describe.configure({ timeout: 150_000 });
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
    await main(page).getByRole('button', { name: 'Next' }).click();
    await main(page).getByLabel('Federal state (Bundesland)').selectOption('HH');
    await main(page).getByRole('button', { name: 'Next' }).click();
    await main(page).getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const route of SIGNED_IN_ROUTES) {
      await page.goto(route);
      await settled(page);
      // The first page after onboarding: the header with the learner's own navigation, read whole once.
      await expectAccessible(page, route, { whole: route === SIGNED_IN_ROUTES[0] });
    }
    // The open user menu (in the header).
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expectAccessible(page, 'user menu', { whole: true });
    expect(csp).toEqual([]);
  });
});
