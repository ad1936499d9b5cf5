import { expect, type Page } from '@playwright/test';
import { answers } from '../support/learn';
import { test } from '../support/test';

// One device, one tab, several people: what a learner leaves behind when they log out (their federal state, their
// cached data, their stored user) must never reach the guest or the next learner after them.

const uniqueName = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const main = (page: Page) => page.getByRole('main');
const userMenu = (page: Page) => page.getByRole('button', { name: /^Account menu/ });

/** Signs in with the local provider (the "Local test account" button on /login) and onboards. */
async function signInAndOnboard(page: Page, name: string, nickname: string, state: string) {
  await page.goto(`/login?${new URLSearchParams({ login_hint: name })}`);
  await main(page).getByRole('link', { name: 'Local test account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  // Onboarding in three steps: language, federal state, nickname and exam date.
  await main(page).getByRole('button', { name: 'Next' }).click();
  const select = main(page).getByLabel('Federal state (Bundesland)');
  await expect(select.locator(`option[value="${state}"]`)).toHaveCount(1);
  // A new account on a device nobody else left a state on: nothing is preselected.
  await expect(select).toHaveValue('');
  await select.selectOption(state);
  await main(page).getByRole('button', { name: 'Next' }).click();
  await main(page).getByLabel('Nickname (optional)').fill(nickname);
  await main(page).getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** This app's entries in the page's localStorage. */
const storedKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('buergerfit.')));

test('logging out leaves nothing of the learner for the guest or the next learner on the same tab', async ({
  page,
}) => {
  // Learner A: Bayern, one answer in learn mode, then her dashboard — all in this one page load (cached).
  await signInAndOnboard(page, uniqueName('anna'), 'Anna-A', 'BY');
  await expect(main(page).getByText('Welcome, Anna-A!')).toBeVisible();
  await page.goto('/learn');
  const first = answers(page).locator('[data-answer="0"]');
  await first.click();
  await expect(page.getByText(/Correct!|Wrong answer/)).toBeVisible();
  await userMenu(page).click();
  await page
    .locator(`#${await userMenu(page).getAttribute('aria-controls')}`)
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('counts').getByRole('listitem').first()).toHaveText('1 Answered');
  await expect(main(page).getByText('Welcome back, Anna-A!')).toBeVisible();
  expect(await storedKeys(page)).toEqual(
    expect.arrayContaining(['buergerfit.user', 'buergerfit.federalState']),
  );

  // She logs out from the user menu.
  await userMenu(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await storedKeys(page)).not.toEqual(expect.arrayContaining(['buergerfit.user']));
  expect(await storedKeys(page)).not.toEqual(expect.arrayContaining(['buergerfit.federalState']));

  // A guest on the same tab (no reload) opens the demo: no federal state chosen, nothing of Anna's.
  await page.getByRole('banner').getByRole('link', { name: 'Demo' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByTestId('state-default')).toHaveText(
    'Berlin is preselected because you have not chosen a federal state yet. Choose yours above.',
  );
  await expect(main(page).getByLabel('Federal state for the state questions')).toHaveValue('BE');
  await expect(page.getByText('Anna-A')).toHaveCount(0);

  // Learner B signs in on the same tab: his own account, state and numbers — never Anna's.
  await signInAndOnboard(page, uniqueName('ben'), 'Ben-B', 'HH');
  await expect(userMenu(page)).toHaveAccessibleName('Account menu: Ben-B');
  await expect(main(page).getByText('Welcome, Ben-B!')).toBeVisible();
  await expect(page.getByTestId('counts').getByRole('listitem').first()).toHaveText('0 Answered');
  await expect(page.getByText('Anna-A')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Demo' }).click();
  await expect(page.getByTestId('state-default')).toHaveText(
    'Preselected: Hamburg, the federal state in your profile.',
  );
  await expect(main(page).getByLabel('Federal state for the state questions')).toHaveValue('HH');
  expect(await page.evaluate(() => localStorage.getItem('buergerfit.federalState'))).toBe('HH');
});
