import { expect, type Page } from '@playwright/test';
import { signInLearner } from '../support/learn';
import { markHolding, test } from '../support/test';

/**
 * When a made page's scripts start (shell/public/after-paint.js, contract `START_ATTRIBUTE`): a public page loads
 * and runs nothing until the learner shows intent, so its load has no long task; a signed-in learner's page, whose
 * first tap needs the app, hydrates right after its first paint; the demo fetches its files after its content and
 * only runs them on the intent.
 */

const live = (page: Page) => page.locator('#root[data-bf-live]');

/** Every script the page requests from now on (fetched: run or only preloaded), by path. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || /\.js(\?|$)/.test(r.url())) urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

test.describe('with the service worker blocked', () => {
  // Its own fetches at install would be requests of scripts the page did not start.
  test.use({ serviceWorkers: 'block' });

  test('the landing fetches no script until the pointer moves, then hydrates, with its remote', async ({
    page,
  }) => {
    markHolding(page);
    const scripts = scriptRequests(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts).toEqual([]);
    await expect(page.locator('#root:not([data-bf-live])')).toHaveCount(1);

    // The learner scrolls down with the wheel (the intent): the app starts, and leaves the page where they were.
    await page.mouse.move(20, 20);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    await expect(live(page)).toHaveCount(1);
    await expect(page.locator('[data-bf-slot="mf_marketing"][data-bf-live]')).toHaveCount(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    expect(scripts.some((s) => s.startsWith('/static/js/index.'))).toBe(true);
    expect(scripts.some((s) => s.startsWith('/remotes/mf_marketing/') && s.endsWith('/remoteEntry.js'))).toBe(
      true,
    );
  });

  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("the first tap on the header's menu button, which starts the app, opens the menu once the app runs", async ({
      page,
    }) => {
      markHolding(page);
      // The shell's scripts held back until the tap has been made: it lands on the server's markup.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/static\/js\/.*\.js(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      await menuButton.tap();
      await expect(page.locator('#root:not([data-bf-live])')).toHaveCount(1);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      release();
      // React kept the tap (the button is a form's, with a function action) and replays it once hydrated.
      await expect(live(page)).toHaveCount(1);
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      // Once: closing it leaves it closed (a second replay would open it again).
      await menu.getByRole('button', { name: 'Close' }).tap();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    });
  });

  test('a key press is intent too: the login page hydrates on the first Tab', async ({ page }) => {
    markHolding(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.locator('#root:not([data-bf-live])')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(live(page)).toHaveCount(1);
  });

  test("the demo fetches the app's files after its content but runs them only on the intent", async ({
    page,
  }) => {
    markHolding(page);
    const scripts = scriptRequests(page);
    await page.goto('/demo', { waitUntil: 'networkidle' });
    expect(scripts.some((s) => s.startsWith('/static/js/index.'))).toBe(true);
    expect(scripts.some((s) => s.startsWith('/remotes/mf_exam/') && s.endsWith('/remoteEntry.js'))).toBe(
      true,
    );
    // Fetched, not run: nothing is hydrated and the federation runtime has not started.
    await expect(page.locator('#root:not([data-bf-live])')).toHaveCount(1);
    expect(await page.evaluate(() => 'chunk_shell' in window)).toBe(false);

    await page.mouse.move(20, 20);
    await expect(live(page)).toHaveCount(1);
    await expect(page.locator('[data-bf-slot="mf_exam"][data-bf-live]')).toHaveCount(1);
  });

  test('a guest whose browser keeps a federal state taps Start before the app runs: one demo, in the kept state', async ({
    page,
  }) => {
    markHolding(page);
    // The guest chose Bavaria here before; the server, which cannot see it, makes the page with Berlin.
    await page.goto('/demo', { waitUntil: 'networkidle' });
    await page.evaluate(() => localStorage.setItem('buergerfit.federalState', 'BY'));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/static\/js\/.*\.js(\?|$)|\/remotes\/mf_exam\/.*\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    const select = page.getByRole('main').getByLabel('Federal state for the state questions');
    await expect(select).toHaveValue('BE');
    const starts: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/[a-z]{2}\/exams$/.test(new URL(r.url()).pathname))
        starts.push(r.postDataJSON());
    });
    await page.getByRole('main').getByRole('button', { name: 'Start demo' }).click();
    release();
    // Hydrated as the server made it, the tap kept: one start, in Bavaria (the select as made was no choice).
    const q1 = page.getByRole('main').getByRole('heading', { level: 2, name: 'Question 1 of 33' });
    await expect(q1).toBeVisible();
    expect(starts).toEqual([expect.objectContaining({ kind: 'demo', state: 'BY' })]);
  });

  test('a guest back on the demo with an attempt open gets it resumed without a tap: the page was still loading', async ({
    page,
  }) => {
    await page.goto('/demo');
    await page.getByRole('main').getByRole('button', { name: 'Start demo' }).click();
    const q1 = page.getByRole('main').getByRole('heading', { level: 2, name: 'Question 1 of 33' });
    await expect(q1).toBeVisible();
    // The server cannot see the attempt kept in the browser: it sends the page loading (aria-busy), which starts
    // its scripts after the first paint, with no intent.
    markHolding(page);
    const sent = await (await page.reload())?.text();
    expect(sent).toContain('aria-busy="true"');
    expect(sent).not.toContain('data-hydrate="intent"');
    await expect(live(page)).toHaveCount(1);
    await expect(q1).toBeVisible();
  });

  test("a signed-in learner's page hydrates after its first paint, with no intent", async ({ page }) => {
    await signInLearner(page, 'page-start');
    markHolding(page);
    await page.goto('/learn');
    await expect(live(page)).toHaveCount(1);
    await expect(page.locator('[data-bf-slot="mf_learn"][data-bf-live]')).toHaveCount(1);
  });
});
