import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/test';
import { holdScripts, sql } from './helpers';

/** The stored answer of an attempt's question (null when none reached the server). */
async function storedAnswer(id: string, position: number): Promise<number | null> {
  const [row] = await sql<{ answer: number | null }>(
    'select answer from exam_attempt_items where attempt_id = $1 and position = $2',
    [id, position],
  );
  return row?.answer ?? null;
}

const main = (page: Page) => page.getByRole('main');
const question = (page: Page, n: number, total = 33) =>
  expect(main(page).getByRole('heading', { level: 2, name: `Question ${n} of ${total}` })).toBeVisible();
const radio = (page: Page, n: number) =>
  main(page)
    .getByRole('group', { name: 'Your answer (keys 1–4)' })
    .getByRole('radio')
    .nth(n - 1);
const unsure = (page: Page) => main(page).getByRole('checkbox', { name: /Not sure/ });
const saved = (page: Page) => expect(main(page).getByText('Answer saved')).toBeVisible();

/** No serious or critical axe violations (WCAG 2.x A/AA rules) in the exam's area. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('main')
    .analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

/** Nothing wider than the viewport (no sideways scrolling at 375 px). */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The element lies wholly inside the viewport (vertically, and not off to either side), once the page has settled:
 * after Start the app scrolls the question into view when it renders, which may come a frame after its heading.
 */
async function expectInViewport(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(async () => {
    const box = await locator.boundingBox();
    const { height, width } = await page.evaluate(() => ({
      height: window.innerHeight,
      width: window.innerWidth,
    }));
    expect(box, 'the element has a box').not.toBeNull();
    if (!box) return;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 10_000 });
}

/** The document exactly as wide as the viewport: nothing scrolls sideways. */
async function expectViewportWide(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBe(innerWidth);
}

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test.describe('exam on a phone', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    test(`at ${viewport.width}×${viewport.height}: Start brings question 1 into view, the timer stays in view, answers are large`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const ctx = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await ctx.newPage();
      try {
        // The demo, as a guest who read the rules down to the Start button first.
        await page.goto('/demo');
        const startDemo = main(page).getByRole('button', { name: 'Start demo' });
        await expect(startDemo).toBeVisible();
        await expectViewportWide(page);
        await scrollToBottom(page);
        await startDemo.click();
        await question(page, 1);
        const topBar = main(page).getByTestId('exam-top-bar');
        await expectInViewport(page, main(page).locator('article p[lang="de"]').first());
        await expectInViewport(page, topBar.getByRole('progressbar', { name: 'Progress' }));
        await expect(main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeFocused();
        const cards = main(page).getByTestId('answer-card');
        await expect(cards).toHaveCount(4);
        for (const box of await Promise.all((await cards.all()).map((c) => c.boundingBox()))) {
          expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        }
        // The whole card takes the tap.
        await cards.nth(1).click();
        await expect(radio(page, 2)).toBeChecked();
        await saved(page);
        await expectViewportWide(page);
        // The progress stays in view further down the page.
        await scrollToBottom(page);
        await expectInViewport(page, topBar.getByRole('progressbar', { name: 'Progress' }));

        // The mock test, signed in: the clock in view after Start and after scrolling to the bottom.
        await page.goto(`/auth/local?login_hint=phone-${viewport.width}`);
        await expect(page).toHaveURL(/\/welcome$/);
        await page.goto('/exam');
        const startMock = main(page).getByRole('button', { name: 'Start mock test' });
        await expect(startMock).toBeVisible();
        await expectViewportWide(page);
        await scrollToBottom(page);
        await startMock.click();
        await question(page, 1);
        const timer = main(page).getByTestId('exam-timer');
        await expect(timer.getByRole('timer')).toHaveText(/^(60:00|59:[0-5]\d)$/);
        await expectInViewport(page, timer);
        await expectInViewport(page, main(page).locator('article p[lang="de"]').first());
        await scrollToBottom(page);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await expectInViewport(page, timer);
        await expectViewportWide(page);
        for (const box of await Promise.all(
          (await main(page).getByTestId('answer-card').all()).map((c) => c.boundingBox()),
        )) {
          expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        }
      } finally {
        await ctx.close();
      }
    });
  }
});

test.describe('exam remote', () => {
  test('a guest takes the demo at 375 px with the keyboard, reloads and resumes, and sees only the score', async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
    const page = await ctx.newPage();
    try {
      await page.goto('/demo');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Demo test' })).toBeVisible();
      await expect(
        main(page).getByText(/33 questions: 30 general questions and 3 about your federal state/),
      ).toBeVisible();
      await expect(main(page).getByTestId('state-default')).toHaveText(
        'Berlin is preselected because you have not chosen a federal state yet. Choose yours above.',
      );
      await expect(main(page).getByLabel('Federal state for the state questions')).toHaveValue('BE');
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);

      await main(page).getByRole('button', { name: 'Start demo' }).click();
      await question(page, 1);
      await expect(main(page).locator('p[lang="de"]').first()).toBeVisible();
      await page.keyboard.press('1');
      await expect(radio(page, 1)).toBeChecked();
      await saved(page);
      await page.keyboard.press('ArrowRight');
      await question(page, 2);
      // The connection drops: the choice stays, the page says it is not saved yet, and sends it when back.
      await ctx.setOffline(true);
      await page.keyboard.press('3');
      await expect(radio(page, 3)).toBeChecked();
      await expect(main(page).getByText(/Not saved yet: no connection/)).toBeVisible();
      await ctx.setOffline(false);
      await saved(page);
      await page.keyboard.press('ArrowRight');
      await question(page, 3);
      await page.keyboard.press('2');
      await page.keyboard.press('u');
      await expect(unsure(page)).toBeChecked();
      await saved(page);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);

      // A reload in the middle: the same attempt, the same question, every answer kept.
      await page.reload();
      await question(page, 3);
      await expect(main(page).getByText(/Welcome back/)).toBeVisible();
      await expect(radio(page, 2)).toBeChecked();
      await expect(unsure(page)).toBeChecked();
      await page.keyboard.press('ArrowLeft');
      await question(page, 2);
      await expect(radio(page, 3)).toBeChecked();
      const overview = main(page).getByRole('navigation', { name: 'All questions' });
      await expect(overview.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
      await expect(
        overview.getByRole('button', { name: 'Question 3, answered, marked unsure' }),
      ).toBeVisible();

      await main(page).getByRole('button', { name: 'Finish test' }).click();
      await expect(main(page).getByRole('heading', { name: 'Finish the test?' })).toBeVisible();
      await expect(
        main(page).getByText('30 questions are not answered yet; they count as wrong:'),
      ).toBeVisible();
      await expectAccessible(page);
      await main(page).getByRole('button', { name: 'Finish now' }).click();

      await expect(page).toHaveURL(/\/demo\/result\/[0-9a-f-]{36}$/);
      const result = main(page).getByTestId('exam-result');
      await expect(result.getByRole('heading', { level: 2, name: 'Not passed' })).toBeVisible();
      await expect(main(page).getByTestId('exam-score')).toHaveText(/^[0-3]\/33 correct$/);
      const prompt = main(page).getByTestId('guest-prompt');
      await expect(prompt).toContainText('Sign up or log in to save your results');
      const attemptId = new URL(page.url()).pathname.split('/').at(-1) as string;
      await expect(prompt.getByRole('link', { name: 'Sign up or log in' })).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(`/demo/result/${attemptId}`)}`,
      );
      // Only the score: no review, no correct answers.
      await expect(main(page).getByRole('heading', { name: 'Your answers' })).toHaveCount(0);
      await expect(main(page).getByTestId('review-item')).toHaveCount(0);
      await expect(main(page).getByText('Correct answer', { exact: true })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    } finally {
      await ctx.close();
    }
  });

  test('a signed-in learner takes the mock test with the clock, reloads, finalizes, reviews and retakes', async ({
    page,
  }) => {
    // Many steps (an unsaved answer replayed after a reload among them): more than the default 45 s on a busy machine.
    test.setTimeout(90_000);
    await page.goto('/auth/local?login_hint=mock-taker');
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/exam');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Mock test' })).toBeVisible();
    await expect(main(page).getByText(/You have 60 minutes/)).toBeVisible();
    await main(page).getByLabel('Federal state for the state questions').selectOption('HH');
    await main(page).getByRole('button', { name: 'Start mock test' }).click();
    await question(page, 1);
    await expect(main(page).getByTestId('time-left')).toHaveText(/^(60:00|59:[0-5]\d)$/);
    await expect(main(page).getByRole('timer')).toBeVisible();
    await expect(
      main(page).getByRole('navigation', { name: 'All questions' }).getByRole('button'),
    ).toHaveCount(33);

    for (let n = 1; n <= 5; n++) {
      await page.keyboard.press(String(((n - 1) % 4) + 1));
      await saved(page);
      await page.keyboard.press('ArrowRight');
      await question(page, n + 1);
    }
    const [open] = await (await page.request.get('/api/en/exams')).json();
    const id: string = open.id;

    // The save of question 6 fails (the connection is gone): the choice is kept in this browser only.
    const answerSave = /\/api\/en\/exams\/[0-9a-f-]{36}\/answers\/\d+$/;
    let blocked = true;
    await page.route(answerSave, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.keyboard.press('3');
    await expect(radio(page, 3)).toBeChecked();
    await expect(main(page).getByText(/Not saved yet: no connection/)).toBeVisible();
    expect(await storedAnswer(id, 6)).toBeNull();
    const kept = await page.evaluate((key) => localStorage.getItem(key), `buergerfit.exam.pending.${id}`);
    expect(JSON.parse(kept ?? 'null')).toEqual({ 6: { answer: 2 } });

    // Reloading with an unsaved answer asks first; the old page's retries stay blocked until the new one loads.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.type();
      void dialog.accept();
    });
    page.once('domcontentloaded', () => {
      blocked = false;
    });
    await page.reload();
    await page.unroute(answerSave);
    expect(asked).toBe('beforeunload');
    await question(page, 6);
    await expect(main(page).getByTestId('time-left')).toHaveText(/^59:[0-5]\d$/);
    // Replayed on resume: on the page and in the database.
    await expect(radio(page, 3)).toBeChecked();
    await saved(page);
    await expect.poll(() => storedAnswer(id, 6)).toBe(2);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `buergerfit.exam.pending.${id}`),
    ).toBeNull();
    const overview = main(page).getByRole('navigation', { name: 'All questions' });
    for (let n = 1; n <= 6; n++) {
      await expect(overview.getByRole('button', { name: `Question ${n}, answered` })).toBeVisible();
    }
    await overview.getByRole('button', { name: /^Question 4,/ }).click();
    await question(page, 4);
    await expect(radio(page, 4)).toBeChecked();

    await main(page).getByRole('button', { name: 'Finish test' }).click();
    await main(page).getByRole('button', { name: 'Finish now' }).click();
    await expect(page).toHaveURL(/\/exam\/result\/[0-9a-f-]{36}$/);
    await expect(main(page).getByTestId('exam-score')).toHaveText(/^[0-6]\/33 correct$/);
    await expect(main(page).getByRole('heading', { level: 2, name: 'Not passed' })).toBeVisible();
    await expect(main(page).getByTestId('guest-prompt')).toHaveCount(0);
    await expect(main(page).getByRole('heading', { level: 2, name: 'Your answers' })).toBeVisible();
    const items = main(page).getByTestId('review-item');
    // The review opens on the wrong, blank and unsure answers; all 33 are one tap away.
    const toPractise = main(page).getByRole('checkbox', {
      name: /Show only the \d+ wrong or unsure answers/,
    });
    await expect(toPractise).toBeChecked();
    const shownFirst = Number(
      (
        await main(page)
          .getByText(/^Show only the \d+ wrong/)
          .textContent()
      )?.match(/\d+/)?.[0],
    );
    await expect(items).toHaveCount(shownFirst);
    await toPractise.uncheck();
    await expect(items).toHaveCount(33);
    // Every question shows its correct answer; the unanswered ones say so.
    await expect(main(page).getByText('Correct answer', { exact: true })).toHaveCount(33);
    await expect(items.nth(32)).toContainText('You did not answer this question.');
    // Each question of the review can be reported (issue 17).
    await expect(main(page).getByRole('button', { name: 'Report a problem' })).toHaveCount(33);
    const wrong = await main(page)
      .getByText(/^wrong$/)
      .count();
    expect(wrong).toBeGreaterThanOrEqual(27);
    expect(shownFirst).toBe(wrong);
    await expectAccessible(page);

    // A reload shows the same result, opened on the wrong answers; then a retake starts a fresh attempt at once.
    await page.reload();
    await expect(main(page).getByTestId('review-item')).toHaveCount(wrong);
    await main(page).getByRole('button', { name: 'Take the test again' }).click();
    await expect(page).toHaveURL(/\/exam$/);
    await question(page, 1);
    await expect(radio(page, 1)).not.toBeChecked();
    await expect(main(page).getByTestId('time-left')).toHaveText(/^(60:00|59:[0-5]\d)$/);

    const attempts = await (await page.request.get('/api/en/exams')).json();
    expect(attempts.filter((a: { kind: string }) => a.kind === 'mock')).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ kind: 'mock', status: 'in_progress', state: 'HH' });
    expect(attempts[1]).toMatchObject({ kind: 'mock', status: 'finalized', passed: false });
  });

  test('when the mock test runs out of time, the server finalizes it and the page shows the result', async ({
    page,
  }) => {
    await page.goto('/auth/local?login_hint=late-taker');
    await page.goto('/exam');
    await main(page).getByRole('button', { name: 'Start mock test' }).click();
    await question(page, 1);
    await page.keyboard.press('2');
    await saved(page);
    const [open] = await (await page.request.get('/api/en/exams')).json();
    const id: string = open.id;
    expect(id).toBeTruthy();
    // Move the server's deadline to a few seconds from now; a reload re-syncs the clock from the server.
    await sql(`update exam_attempts set deadline_at = now() + interval '4 seconds' where id = $1`, [id]);
    await page.reload();
    await question(page, 1);
    await expect(main(page).getByTestId('time-left')).toHaveText(/^00:0[0-4]$/);
    await expect(main(page).getByText(/^Time is up/)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/exam/result/${id}$`));
    await expect(main(page).getByTestId('exam-score')).toHaveText(/^[01]\/33 correct$/);
    const score = Number((await main(page).getByTestId('exam-score').textContent())?.split('/')[0]);
    // The review opens on the wrong and blank ones.
    await expect(main(page).getByTestId('review-item')).toHaveCount(33 - score);
    // The server takes no more answers.
    const late = await page.request.put(`/api/en/exams/${id}/answers/2`, { data: { answer: 1 } });
    expect(late.status()).toBe(409);
    expect((await late.json()).error.code).toBe('deadline_passed');
  });
});

test.describe('the demo rendered on the server', () => {
  test('without JavaScript: the start screen with every federal state, from the HTML alone', async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const page = await ctx.newPage();
    try {
      await page.goto('/demo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demotest');
      const select = page.getByRole('combobox', { name: 'Bundesland für die Länderfragen' });
      await expect(select.locator('option')).toHaveCount(16);
      await expect(select.locator('option').first()).toHaveText('Baden-Württemberg');
      await expect(select).toHaveValue('BE');
      await expect(page.getByRole('button', { name: 'Demo starten' })).toBeVisible();
    } finally {
      await ctx.close();
    }
  });

  test('in Croatian, the exam loads with its Croatian texts only, once', async ({ browser }) => {
    const ctx = await browser.newContext({ locale: 'hr-HR', serviceWorkers: 'block' });
    const page = await ctx.newPage();
    try {
      const texts: string[] = [];
      page.on('request', (r) => {
        const lang = r.url().match(/\/texts-(\w+)\.\w+\.js$/)?.[1];
        if (lang) texts.push(lang);
      });
      await page.goto('/demo');
      await page.getByRole('button', { name: 'Pokreni demo' }).click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'Pitanje 1 od 33' })).toBeVisible();
      expect(texts).toEqual(['hr']);
    } finally {
      await ctx.close();
    }
  });

  for (const [held, scripts] of [
    ["the exam remote's", /\/remotes\/mf_exam\/.*\.js(\?|$)/],
    ["the shell's", /\/static\/js\/.*\.js(\?|$)/],
  ] as const) {
    test(`a state chosen and Start pressed before ${held} scripts arrive are not lost`, async ({ page }) => {
      // Hold back the scripts: what is on screen is the server's markup.
      const release = await holdScripts(page, scripts);
      await page.goto('/demo');
      const serverMarkup = page.locator('[data-bf-slot="mf_exam"]:not([data-bf-live])');
      await expect(serverMarkup.getByRole('button', { name: 'Start demo' })).toBeVisible();
      await serverMarkup.getByRole('combobox').selectOption('BY');
      await serverMarkup.getByRole('button', { name: 'Start demo' }).click();
      // Nothing was submitted by the browser: the page is still the server's, on the same URL.
      await expect(page).toHaveURL(/\/demo$/);
      await expect(serverMarkup).toHaveCount(1);
      const started = page.waitForRequest((r) => r.url().endsWith('/api/en/exams') && r.method() === 'POST');
      release();
      expect((await started).postDataJSON()).toEqual({ kind: 'demo', state: 'BY' });
      await question(page, 1);
    });
  }
});
