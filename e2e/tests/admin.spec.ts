import { expect, type Page } from '@playwright/test';
import { remotesCli } from '../support/remotes-cli';
import { test } from '../support/test';

// The A/B console (/admin, remote mf_admin) as a product owner uses it, and what a learner without the role gets.

const signIn = (page: Page, name: string) => page.goto(`/auth/local?login_hint=${name}&redirect=/dashboard`);

const ADMIN_CALLS: [string, string, unknown?][] = [
  ['GET', '/api/admin/ab'],
  ['PATCH', '/api/admin/ab/mf_marketing/default', { weight: 0 }],
  ['POST', '/api/admin/ab/mf_marketing/default/rollback'],
  ['GET', '/api/admin/audit'],
];

test('the console shows each remote’s variants with rates and intervals; a weight change lands in the audit log', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  try {
    // A visit of the landing page counts as an exposure of mf_marketing (so the report has a visitor).
    await page.goto('/');
    await signIn(page, 'ab-owner');
    await expect(page).toHaveURL(/\/(dashboard|welcome)/);
    expect(await remotesCli(['admin', 'grant', 'ab-owner'])).toContain(
      'ab-owner may now use the A/B console',
    );

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'A/B tests' })).toBeVisible();
    // The remote's card: the section around its heading.
    const landing = page
      .getByRole('heading', { name: /Landing and public pages/ })
      .locator('xpath=ancestor::section[1]');
    const variant = landing.getByRole('listitem', { name: 'Variant default' });
    await expect(variant).toBeVisible();
    // Rate with its 95 % interval, e.g. "0.0% (0.0%–79.3%)".
    await expect(variant.getByText(/^\d+\.\d% \(\d+\.\d%–\d+\.\d%\)$/)).toBeVisible();
    await expect(page.getByText(/two-sided two-proportion z-test at the 5% level/)).toBeVisible();
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const weight = variant.getByLabel('Weight');
    const before = await weight.inputValue();
    const next = before === '40' ? '41' : '40';
    await weight.fill(next);
    await variant.getByRole('button', { name: 'Save weight' }).click();
    await expect(
      page.getByText(`ab-owner changed the weight of mf_marketing/default from ${before} to ${next}`),
    ).toBeVisible();
    await expect(weight).toHaveValue(next);
    // Back as it was (through the console too: the log has both).
    await weight.fill(before);
    await variant.getByRole('button', { name: 'Save weight' }).click();
    await expect(
      page.getByText(`ab-owner changed the weight of mf_marketing/default from ${next} to ${before}`),
    ).toBeVisible();
  } finally {
    await ctx.close();
  }
});

test('a learner without the admin role gets 403 from every admin call and sees no console', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  try {
    await signIn(page, 'plain-learner');
    await expect(page).toHaveURL(/\/(dashboard|welcome)/);
    for (const [method, path, data] of ADMIN_CALLS) {
      const res = await page.request.fetch(path, { method, ...(data ? { data } : {}) });
      expect(res.status(), `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'admin_only', message: 'This is for administrators only.' },
      });
    }
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'For administrators only' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByText('Variant default')).toHaveCount(0);
    // No link to the console anywhere in a learner's app.
    await page.goto('/dashboard');
    await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
  } finally {
    await ctx.close();
  }
});
