import { expect, type Page } from '@playwright/test';
import { test } from '../support/test';

const main = (page: Page) => page.getByRole('main');

async function signInOnboarded(page: Page, name: string) {
  await page.goto(`/auth/local?login_hint=${name}&redirect=/dashboard`);
  const res = await page.request.patch('/api/user/setting/german-federal-state', {
    data: { selected_state: 'BE' },
  });
  expect(res.ok()).toBe(true);
}

test.describe('dashboard', () => {
  test('comes from the server with the learner’s own figures: without JavaScript it is there', async ({
    browser,
    page,
  }) => {
    const name = `dash-ssr-${Date.now()}`;
    await signInOnboarded(page, name);
    const res = await page.request.post('/api/en/learn-mode', { data: { question_id: 1, is_correct: true } });
    expect(res.ok()).toBe(true);
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      locale: 'en-US',
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/dashboard');
      await expect(plain).toHaveTitle('Dashboard · Bürgerfit');
      await expect(main(plain).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
      await expect(main(plain).getByText(`Welcome back, ${name}!`)).toBeVisible();
      await expect(plain.getByTestId('streak')).toHaveText('1 Day streak');
      await expect(main(plain).getByText(/1 of 310 questions seen/)).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('shows the learner’s own numbers; a dismissed recommendation stays dismissed', async ({ page }) => {
    await signInOnboarded(page, `dash-${Date.now()}`);

    // Two answers in learn mode: one right, one wrong.
    for (const [question_id, is_correct] of [
      [1, true],
      [2, false],
    ] as const) {
      const res = await page.request.post('/api/en/learn-mode', { data: { question_id, is_correct } });
      expect(res.ok(), `learn-mode answered ${res.status()}`).toBe(true);
    }
    // One finished mock test: every question answered with the first option.
    const started = await page.request.post('/api/en/exams', { data: { kind: 'mock' } });
    expect(started.status()).toBe(201);
    const attempt = await started.json();
    for (const q of attempt.questions as { position: number }[]) {
      await page.request.put(`/api/en/exams/${attempt.id}/answers/${q.position}`, { data: { answer: 0 } });
    }
    const done = await (await page.request.post(`/api/en/exams/${attempt.id}/finalize`)).json();
    const mockCorrect: number = done.result.correct;
    // The mock's 33 answers count like any others. Per question: its answers in order (learn, then the mock).
    const history = new Map<number, boolean[]>([
      [1, [true]],
      [2, [false]],
    ]);
    for (const item of done.result.review as { id: string; isCorrect: boolean }[]) {
      const n = Number(item.id.slice(1));
      history.set(n, [...(history.get(n) ?? []), item.isCorrect]);
    }
    const mastered = [...history.values()].filter((a) => a.length >= 2 && a.slice(-2).every(Boolean)).length;
    const answered = 2 + 33;
    const correct = 1 + mockCorrect;

    await page.setViewportSize({ width: 375, height: 800 }); // phones first
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
    await expect(page.getByTestId('streak')).toHaveText('1 Day streak');
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('dashboard-375.png'), fullPage: true });
    const counts = page.getByTestId('counts');
    await expect(counts.getByRole('listitem')).toHaveText([
      `${answered} Answered`,
      `${correct} Correct`,
      `${answered - correct} Incorrect`,
      `${Math.round((100 * correct) / answered)}% Accuracy`,
    ]);
    await expect(main(page).getByText(`${mockCorrect} of 33 correct`)).toBeVisible();
    await expect(page.locator('[data-achievement="FIRST_TEST"]')).toContainText('Earned on');
    await expect(
      main(page).getByText(`${history.size} of 310 questions seen, ${mastered} mastered`),
    ).toBeVisible();
    // The weekly chart's text equivalent counts today's answers.
    await expect(main(page).getByRole('table', { name: /Answers per day this week/ })).toContainText(
      String(answered),
    );
    // A mock test was just taken: no advice to take one.
    await expect(page.locator('[data-recommendation="test:weekly"]')).toHaveCount(0);

    const tip = page.locator('[data-recommendation="general:exam-date"]');
    await expect(tip).toBeVisible();
    await tip.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(tip).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('streak')).toBeVisible();
    await expect(page.locator('[data-recommendation="general:exam-date"]')).toHaveCount(0);
  });

  test('on a phone (390 × 844) the next step is on the first screen and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOnboarded(page, `dash-phone-${Date.now()}`);
    // A new learner: the next step is their first questions.
    await page.goto('/dashboard');
    const next = main(page).getByRole('region', { name: 'Your next step' });
    await expect(next.getByRole('heading', { name: 'Answer your first questions' })).toBeVisible();
    const start = next.getByRole('link', { name: 'Start learning' });
    await expect(start).toHaveAttribute('href', '/learn');
    await expect(start).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // After some answers: the ring, the streak and the topics within about two screens.
    for (const [question_id, is_correct] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const) {
      const res = await page.request.post('/api/en/learn-mode', { data: { question_id, is_correct } });
      expect(res.ok()).toBe(true);
    }
    await page.reload();
    // Measured on the page as the server sends it: the learner reads it before touching it (the app starts then).
    await expect(page.locator('[data-bf-slot="mf_dashboard"] [data-remote="mf_dashboard"]')).toHaveCount(1);
    const action = next.getByRole('link').first();
    await expect(action).toBeVisible();
    await expect(action).toBeInViewport({ ratio: 1 });
    const box = await action.boundingBox();
    expect((box?.height ?? 0) >= 44 && (box?.width ?? 0) > 300).toBe(true); // large, full width on a phone
    await expect(page.getByTestId('streak')).toHaveText('1 Day streak');
    await expect(
      main(page)
        .getByRole('region', { name: 'Exam readiness' })
        .getByRole('progressbar', { name: 'Predicted score' }),
    ).toBeVisible();
    const topics = await main(page).getByRole('region', { name: 'Progress' }).boundingBox();
    expect(topics && topics.y + topics.height).toBeLessThan(2 * 844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });
});

test.describe('dashboard without its data', () => {
  // The failure is made in the page's requests (page.route); a service worker would answer them itself, from the
  // network Playwright does not route, so it is kept out of this test.
  test.use({ serviceWorkers: 'block' });

  test('shows the error state when the API fails, and Retry recovers', async ({ page }) => {
    await signInOnboarded(page, `dash-err-${Date.now()}`);
    await page.route('**/api/*/user/dashboard', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable"}}',
      }),
    );
    // Opened from another page (the browser asks for the dashboard's data; a page load would come with the
    // server's answer already in it).
    await page.goto('/learn');
    await expect(page.locator('[data-bf-slot]:not([data-bf-live])')).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Server errors are retried twice (spec §7) before the error state shows.
    await expect(main(page).getByRole('heading', { name: 'Failed to Load Dashboard' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      main(page).getByText("We couldn't load your dashboard data. Please try again."),
    ).toBeVisible();
    await page.unroute('**/api/*/user/dashboard');
    await main(page).getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
    await expect(page.getByTestId('streak')).toHaveText('0 Day streak');
  });
});
