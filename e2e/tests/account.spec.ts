import { expect, type Page } from '@playwright/test';
import { test } from '../support/test';

/** A fresh test user per test: the local provider signs in whoever `login_hint` names. */
const uniqueName = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const main = (page: Page) => page.getByRole('main');
const userMenu = (page: Page) => page.getByRole('button', { name: /^Account menu/ });

/** Signs in exactly as a newcomer does: the "Local test account" button on /login. */
async function signInOnLoginPage(page: Page, name: string, redirect?: string) {
  const query = new URLSearchParams({ login_hint: name, ...(redirect ? { redirect } : {}) });
  await page.goto(`/login?${query}`);
  await main(page).getByRole('link', { name: 'Local test account' }).click();
}

/** The three onboarding steps: language (kept), federal state, then the optional nickname; saved at the end. */
async function onboard(page: Page, state = 'BY', nickname?: string) {
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(main(page).getByText('Step 1 of 3', { exact: true })).toBeVisible();
  await main(page).getByRole('button', { name: 'Next' }).click();
  const select = main(page).getByLabel('Federal state (Bundesland)');
  await expect(select.locator(`option[value="${state}"]`)).toHaveCount(1);
  await select.selectOption(state);
  await main(page).getByRole('button', { name: 'Next' }).click();
  await expect(main(page).getByText('Step 3 of 3', { exact: true })).toBeVisible();
  if (nickname) await main(page).getByLabel('Nickname (optional)').fill(nickname);
  await main(page).getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function logOutViaMenu(page: Page) {
  await userMenu(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

test.describe('sign-in and accounts', () => {
  test('signs in with the local provider, onboards, stays signed in across a reload, logs out to /', async ({
    page,
  }) => {
    const name = uniqueName('newbie');
    await signInOnLoginPage(page, name);
    await expect(main(page).getByRole('heading', { name: 'Welcome to Bürgerfit!' })).toBeVisible();
    await onboard(page, 'BY', 'Newbie');
    const me = await (await page.request.get('/api/user/me')).json();
    expect(me).toMatchObject({
      federalState: 'BY',
      onboarded: true,
      nickname: 'Newbie',
      preferredLanguage: 'en',
    });

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(userMenu(page)).toHaveAccessibleName('Account menu: Newbie');

    await logOutViaMenu(page);
    expect((await page.request.get('/api/user/me')).status()).toBe(401);
    // A failed provider round trip lands on /login?error=oauth with the spec message.
    await page.goto('/login?error=oauth');
    await expect(main(page).getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  });

  test('a protected route while signed out ends on /login and returns there after sign-in', async ({
    page,
  }) => {
    const name = uniqueName('returner');
    await signInOnLoginPage(page, name);
    await expect(page).toHaveURL(/\/welcome$/);
    await main(page).getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOutViaMenu(page);

    await page.goto('/learn');
    await expect(page).toHaveURL(/\/login\?redirect=%2Flearn$/);
    // The local account is a development aid, in a box of its own that says so.
    const dev = main(page).getByRole('region', { name: 'Development only' });
    await expect(dev.getByRole('link', { name: 'Local test account' })).toHaveAttribute(
      'href',
      '/auth/local?redirect=%2Flearn',
    );
    await signInOnLoginPage(page, name, '/learn');
    await expect(page).toHaveURL(/\/learn$/);
    // Signed in, /login passes straight on to the target.
    await page.goto('/login?redirect=%2Fprofile-settings');
    await expect(page).toHaveURL(/\/profile-settings$/);
  });

  test('settings changes are saved on the server and survive a reload', async ({ page }) => {
    await signInOnLoginPage(page, uniqueName('settler'));
    await onboard(page, 'BE');
    await page.goto('/profile-settings');
    const state = main(page).getByLabel('Federal state', { exact: true });
    await expect(state).toHaveValue('BE');
    await state.selectOption('HH');
    await main(page).getByLabel('Nickname', { exact: true }).fill('Hanseat');
    await main(page).getByLabel('Exam date (optional)').fill('2027-03-15');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    // Next to the Save button, and as a toast wherever the page is scrolled.
    await expect(main(page).getByRole('status')).toHaveText('Your settings have been saved.');
    await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText(
      'Your settings have been saved.',
    );
    await expect(main(page).getByTestId('settings-provider')).toHaveText('Local test account');

    await page.reload();
    await expect(main(page).getByLabel('Federal state', { exact: true })).toHaveValue('HH');
    await expect(main(page).getByLabel('Nickname', { exact: true })).toHaveValue('Hanseat');
    await expect(main(page).getByLabel('Exam date (optional)')).toHaveValue('2027-03-15');
    expect(await (await page.request.get('/api/user/me')).json()).toMatchObject({
      federalState: 'HH',
      nickname: 'Hanseat',
      examDate: '2027-03-15',
    });
  });

  test('delete account removes the user; signing in again starts as a new user', async ({ page }) => {
    const name = uniqueName('leaver');
    await signInOnLoginPage(page, name);
    await onboard(page, 'HB');
    const before = await (await page.request.get('/api/user/me')).json();
    await page.goto('/profile-settings');

    const download = page.waitForEvent('download');
    await main(page).getByRole('button', { name: 'Download my data' }).click();
    expect((await download).suggestedFilename()).toMatch(/^buergerfit-data-\d{4}-\d{2}-\d{2}\.json$/);

    await main(page).getByRole('button', { name: 'Delete account' }).click();
    const dialog = main(page).getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('This cannot be undone.');
    const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get('/api/user/me')).status()).toBe(401);

    await signInOnLoginPage(page, name);
    await expect(page).toHaveURL(/\/welcome$/);
    const after = await (await page.request.get('/api/user/me')).json();
    expect(after.id).not.toBe(before.id);
    expect(after).toMatchObject({ onboarded: false, federalState: null });
  });

  test('two tabs of one session refreshing at the same moment both stay signed in', async ({
    context,
    page,
  }) => {
    await signInOnLoginPage(page, uniqueName('tabs'));
    await onboard(page);
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(main(other).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
    // The access token has run out in both tabs: each refreshes with the same refresh cookie, at once.
    await context.clearCookies({ name: 'bf_at' });
    const refresh = (p: Page) =>
      p.evaluate(
        async () => (await fetch('/auth/refresh', { method: 'POST', credentials: 'same-origin' })).status,
      );
    expect(await Promise.all([refresh(page), refresh(other)])).toEqual([204, 204]);
    // Both tabs go on signed in, and so does the next refresh.
    for (const p of [page, other]) {
      await p.reload();
      await expect(main(p).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
      await expect(p.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    }
    await context.clearCookies({ name: 'bf_at' });
    expect(await refresh(other)).toBe(204);
    expect((await page.request.get('/api/user/me')).status()).toBe(200);
  });
});
