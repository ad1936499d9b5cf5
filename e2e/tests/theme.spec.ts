import { expect, type Page } from '@playwright/test';
import { test } from '../support/test';

// The page background of each theme (ui/src/tokens.css: --bf-color-bg).
const LIGHT_BG = 'rgb(250, 250, 249)';
const DARK_BG = 'rgb(12, 10, 9)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Dark theme' });

test.describe('light and dark theme', () => {
  test('follows the system while the learner has chosen nothing', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await background(page)).toBe(DARK_BG);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  });

  test('the header toggle overrides the system, and the choice is remembered across pages and reloads', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/demo');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => background(page)).toBe(DARK_BG);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(DARK_BG);
    await page.goto('/about');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

    // Back to light: chosen now, so a dark system no longer changes it.
    await toggle(page).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('on a phone the toggle sits in the footer, and the header keeps the height the prerendered page leaves it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(toggle(page)).toBeHidden();
    // The server-made header is the shell's own: 61 px for a guest at every width.
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBe(61);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => background(page)).toBe(DARK_BG);
  });
});
