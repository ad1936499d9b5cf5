import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { answers, type Q, signInLearner } from '../support/learn';
import { remotesCli } from '../support/remotes-cli';
import { test } from '../support/test';

// Issue 30, item 5: the rough edges of a learner's walk that learning-walk.spec.ts does not cover — each checked at
// 390 px on a touch phone (1280 px where the edge is the desktop's), where the learner notices it.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-US' };
const main = (page: Page) => page.getByRole('main');

test.describe('the landing page (390 px)', () => {
  test.use(PHONE);

  test('the picture’s German flag is black, red and gold in the dark theme as in the light one', async ({
    page,
  }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      const stripes = page.locator('[data-flag="de"] path');
      await expect(stripes).toHaveCount(3);
      await expect(stripes.nth(0)).toHaveCSS('stroke', 'rgb(0, 0, 0)');
      await expect(stripes.nth(1)).toHaveCSS('stroke', 'rgb(221, 0, 0)');
      await expect(stripes.nth(2)).toHaveCSS('stroke', 'rgb(255, 204, 0)');
      await expect(stripes.first()).toBeInViewport();
    }
  });
});

test.describe('the test says where the learner is once (390 px)', () => {
  test.use(PHONE);

  test('“Question 1 of 33” once, as the heading in the bar that stays in view; no “Question 1/33” beside it', async ({
    page,
  }) => {
    await page.goto('/demo');
    await main(page).getByRole('button', { name: 'Start demo' }).tap();
    const heading = main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(heading).toHaveCSS('text-transform', 'none');
    await expect(main(page).getByText(/Question 1\b/)).toHaveCount(1);
    await expect(main(page).getByText(/\d+\/33/)).toHaveCount(0);
    // It stays in view as the learner scrolls to the answers and on to the next question.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(heading).toBeInViewport();
    await main(page).getByRole('button', { name: 'Next', exact: true }).tap();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Question 2 of 33' })).toBeInViewport();
  });
});

test.describe('one name for the mock test (390 px, German)', () => {
  test.use({ ...PHONE, locale: 'de-DE' });

  test('the start screen, its button and the history say “Probetest”, never “Prüfungssimulation”', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('buergerfit.language', 'de'));
    await signInLearner(page, 'edges-term');
    await page.goto('/exam');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Probetest' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Probetest starten' })).toBeVisible();
    await expect(main(page)).not.toContainText('Prüfungssimulation');
    await page.goto('/exam/history');
    await expect(
      main(page).getByText(
        'Du hast noch keinen Test gemacht. Der Probetest hat 33 Fragen und 60 Minuten, wie der echte Test.',
      ),
    ).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Probetest starten' })).toBeVisible();
    await expect(main(page)).not.toContainText('Prüfungssimulation');
  });
});

test.describe('learn’s copy (390 px)', () => {
  test.use(PHONE);

  test('the position and the catalog number read differently: “Question 21 of 310 · Catalogue no. 21”', async ({
    page,
  }) => {
    const questions = await signInLearner(page, 'edges-number');
    await page.goto('/learn?question=21');
    const card = main(page).locator('article');
    await expect(card.getByText(`Question 21 of ${questions.length}`, { exact: true })).toBeVisible();
    await expect(card.getByText('Catalogue no. 21', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Question 21$/)).toHaveCount(0);
  });

  test('an answer that is a label of the picture says its number once, in the picture’s order even shuffled', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('buergerfit.learn.shuffle', '1'));
    await signInLearner(page, 'edges-labels');
    for (const number of ['130', 'BE-8']) {
      await page.goto(`/learn?question=${number}`);
      const cards = answers(page).getByRole('button');
      await expect(cards).toHaveCount(4);
      // "1", not "1 1": on screen and for a screen reader.
      expect(await cards.allInnerTexts()).toEqual(['1', '2', '3', '4']);
      for (const [i, card] of (await cards.all()).entries())
        await expect(card).toHaveAccessibleName(`${i + 1}`);
    }
    // Other answers keep their key beside their text (the key hidden from screen readers).
    await page.goto('/learn?question=21');
    await expect(answers(page).getByRole('button', { name: 'Bild 1', exact: true })).toContainText('Bild 1');
  });
});

test.describe('the desktop header (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

  test('the logo’s and the user button’s names contain what they show (axe: label-content-name-mismatch)', async ({
    page,
  }) => {
    const name = `erika-${Date.now()}`;
    await page.goto(`/auth/local?login_hint=${name}&redirect=/dashboard`);
    await page.request.patch('/api/user/setting/german-federal-state', { data: { selected_state: 'BE' } });
    for (const path of ['/knowledge/einburgerungstest', '/profile-settings', '/admin', '/dashboard']) {
      await page.goto(path);
      const logo = page.getByRole('banner').getByRole('link', { name: 'Bürgerfit home page' });
      await expect(logo).toHaveText('Bürgerfit');
      // The mark and the initial are still drawn: a "B" in a circle, an "E" for erika.
      expect(
        await logo
          .locator('span')
          .first()
          .evaluate((e) => getComputedStyle(e, '::before').content),
      ).toBe('"B"');
      const user = page
        .getByRole('banner')
        .getByRole('button', { name: `Account menu: ${name}`, exact: true });
      await expect(user).toHaveText(name);
      expect(
        await user
          .locator('span')
          .first()
          .evaluate((e) => getComputedStyle(e, '::before').content),
      ).toBe('"E"');
      const { violations } = await new AxeBuilder({ page })
        .include('header')
        .withRules(['label-content-name-mismatch'])
        .analyze();
      expect(violations, path).toEqual([]);
    }
  });
});

test.describe('the dashboard in Croatian (390 px)', () => {
  test.use({ ...PHONE, locale: 'hr-HR' });

  test('the week’s days start with a capital: P U S Č P S N on the strip, Pon … Ned under the bars', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('buergerfit.language', 'hr'));
    const [first] = await signInLearner(page, 'edges-week');
    await page.request.post('/api/hr/learn-mode', {
      data: { question_id: (first as { number: number }).number, is_correct: true },
    });
    await page.goto('/dashboard');
    const strip = main(page).getByRole('list', { name: 'Ovaj tjedan' });
    await expect(strip).toBeVisible();
    // Each day: its flame, its initial (both for the eye), its name in words for a screen reader.
    const initials = (await strip.locator('li > span[aria-hidden="true"]').allInnerTexts()).filter(Boolean);
    expect(initials).toEqual(['P', 'U', 'S', 'Č', 'P', 'S', 'N']);
    const chart = main(page).locator('figure', { hasText: 'Odgovori po danu ovog tjedna' });
    expect(await chart.locator('svg text').allTextContents()).toEqual([
      'Pon',
      'Uto',
      'Sri',
      'Čet',
      'Pet',
      'Sub',
      'Ned',
    ]);
    await expect(strip.getByText(/^Ponedjeljak: /)).toBeAttached();
  });
});

test.describe('a guest’s demo, then the sign-up (390 px)', () => {
  test.use(PHONE);

  /** The guest's demo: started on the page (the state as `pick` leaves it), finished through the API. */
  async function takeDemo(page: Page, pick?: string) {
    await page.goto('/demo');
    const state = main(page).getByRole('combobox', { name: 'Federal state for the state questions' });
    await expect(state).toHaveValue('BE');
    await expect(main(page).getByTestId('state-default')).toHaveText(
      'Berlin is preselected because you have not chosen a federal state yet. Choose yours above.',
    );
    if (pick) await state.selectOption(pick);
    await main(page).getByRole('button', { name: 'Start demo' }).tap();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeVisible();
    const open = await page.evaluate(() => localStorage.getItem('buergerfit.exam.demo'));
    const { id } = JSON.parse(open as string) as { id: string };
    expect((await page.request.post(`/api/en/exams/${id}/finalize`)).ok()).toBe(true);
  }
  /** Signs up from this browser and goes to Welcome's second step, the federal state. */
  async function signUpToStateStep(page: Page, label: string) {
    await page.goto(`/auth/local?login_hint=${label}-${Date.now()}&redirect=/dashboard`);
    await expect(page).toHaveURL(/\/welcome/);
    await main(page).getByRole('button', { name: 'Next' }).tap();
    await expect(main(page).getByRole('heading', { name: 'Where do you live?' })).toBeVisible();
    return main(page).getByRole('combobox', { name: 'Federal state (Bundesland)' });
  }

  test('Berlin, preselected and left as it was, is not stored: Welcome asks for the state', async ({
    page,
  }) => {
    await takeDemo(page);
    expect(await page.evaluate(() => localStorage.getItem('buergerfit.federalState'))).toBeNull();
    const state = await signUpToStateStep(page, 'edges-demo-left');
    await expect(state).toHaveValue('');
    await expect(state.locator('option:checked')).toHaveText('Choose your federal state');
    // Next without a state: asked to choose one, nothing assumed.
    await main(page).getByRole('button', { name: 'Next' }).tap();
    await expect(
      main(page).getByText('Please select your federal state to access region-specific questions.'),
    ).toBeVisible();
    expect((await (await page.request.get('/api/user/me')).json()).federalState ?? null).toBeNull();

    // The demo is the learner's now, and the dashboard says what is true: it is no mock test.
    await page.goto('/exam/history');
    await expect(main(page).getByText('Demo test').first()).toBeVisible();
    await page.goto('/dashboard');
    const tests = main(page).locator('section', { has: page.getByRole('heading', { name: 'Mock tests' }) });
    await expect(tests.getByRole('heading', { name: 'No mock test yet' })).toBeVisible();
    await expect(
      tests.getByText(
        'Demo tests do not count here: a mock test (33 questions in 60 minutes, like the real one) shows you where you stand.',
      ),
    ).toBeVisible();
  });

  test('a state the guest chose in the demo is the one Welcome shows', async ({ page }) => {
    await takeDemo(page, 'BY');
    expect(await page.evaluate(() => localStorage.getItem('buergerfit.federalState'))).toBe('BY');
    const state = await signUpToStateStep(page, 'edges-demo-chose');
    await expect(state).toHaveValue('BY');
  });
});

test.describe('the profile settings (390 px)', () => {
  test.use(PHONE);

  test('“Download my data” sits with the account’s details, not in the danger zone', async ({ page }) => {
    await signInLearner(page, 'edges-download');
    await page.goto('/profile-settings');
    const account = main(page).getByRole('region', { name: 'Account information' });
    const danger = main(page).getByRole('region', { name: 'Danger zone' });
    await expect(account.getByRole('button', { name: 'Download my data' })).toBeVisible();
    await expect(danger.getByRole('button', { name: 'Download my data' })).toHaveCount(0);
    // What stays in the danger zone: what cannot be undone, and signing out (spec §2).
    expect(await danger.getByRole('button').allInnerTexts()).toEqual(['Delete account', 'Log out']);
    const download = page.waitForEvent('download');
    await account.getByRole('button', { name: 'Download my data' }).tap();
    expect((await download).suggestedFilename()).toMatch(/\.json$/);
  });
});

test.describe('the A/B console (390 px)', () => {
  test.use(PHONE);

  test('offers “Roll back” only where there is a build to go back to, never beside “No deploys recorded yet”', async ({
    page,
  }) => {
    const owner = `edges-owner-${Date.now()}`;
    await page.goto(`/auth/local?login_hint=${owner}&redirect=/dashboard`);
    await remotesCli(['admin', 'grant', owner]);
    // A variant nobody is sent to (weight 0), pointed at 0.0.1 and then at 0.0.2.
    await remotesCli(['set', 'mf_admin', 'edges', '0.0.1', '--weight', '0']);
    await remotesCli(['set', 'mf_admin', 'edges', '0.0.2', '--weight', '0']);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'A/B tests' })).toBeVisible();
    // Each remote's card: a section with no section in it (the page around them is one too).
    const cards = main(page).locator('section:not(:has(section))');
    await expect(cards.first()).toBeVisible();
    const empty = cards.filter({ hasText: 'No deploys recorded yet.' });
    // The cards' deploy lists arrive with the console's figures: waited for, not counted at once.
    await expect(empty.first()).toBeVisible();
    for (const card of await empty.all())
      await expect(card.getByRole('button', { name: /^Roll back/ })).toHaveCount(0);

    const console = cards.filter({ has: page.getByRole('heading', { name: /A\/B console/ }) });
    const edges = console.getByRole('listitem', { name: 'Variant edges' });
    await edges.getByRole('button', { name: 'Roll back to 0.0.1' }).tap();
    await expect(console.getByText(/edges: rolled back to 0\.0\.1 by /)).toBeVisible();
    // On 0.0.1 now, the way back is to 0.0.2 (the rollback itself is undone).
    await expect(edges.getByRole('button', { name: 'Roll back to 0.0.2' })).toBeVisible();
    await remotesCli(['disable', 'mf_admin', 'edges']);
  });
});

test.describe('learn resumes from the nav (390 px)', () => {
  test.use(PHONE);

  test('“Learn” in the nav opens the question and the filters the learner left, the question in view', async ({
    page,
  }) => {
    const questions = await signInLearner(page, 'edges-resume');
    const q130 = questions.find((q) => q.number === 130) as Q;
    await page.goto('/learn');
    await expect(main(page).getByText(`Question 1 of ${questions.length}`)).toBeVisible();
    // A filter, then a jump to no. 130 from the box under the question.
    await main(page).getByRole('button', { name: 'Filters' }).tap();
    await page.getByLabel('Show').selectOption('unseen');
    await page.getByRole('button', { name: /^Show \d+ questions$/ }).tap();
    await main(page).getByText('Question list').tap();
    await main(page).getByLabel('Go to question number').fill('130');
    await main(page).getByRole('button', { name: 'Go', exact: true }).tap();
    const heading = main(page).getByRole('heading', { level: 2, name: q130.text });
    await expect(heading).toBeInViewport();
    const place = (await main(page)
      .locator('article')
      .getByText(/^Question \d+ of \d+$/)
      .textContent()) as string;

    // Elsewhere, then back through the nav's plain /learn link.
    await page.goto('/dashboard');
    const learn = page.getByRole('link', { name: 'Learn', exact: true }).first();
    await expect(learn).toHaveAttribute('href', '/learn');
    await learn.tap();
    await expect(main(page).getByRole('heading', { level: 2, name: q130.text })).toBeInViewport();
    await expect(main(page).locator('article').getByText(place, { exact: true })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('status')).toBe('unseen');
    expect(new URL(page.url()).searchParams.get('question')).toBe('130');
    // The same after a reload of the bare address in a new tab.
    const tab = await page.context().newPage();
    await tab.goto('/learn');
    await expect(tab.getByRole('main').getByRole('heading', { level: 2, name: q130.text })).toBeVisible();
  });
});
