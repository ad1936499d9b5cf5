import { type Browser, type Cookie, expect, type Page } from '@playwright/test';
import { test } from '../support/test';
import { sql } from './helpers';

/**
 * One review queue (issue 30): after a mock test of 21 of 33 and three more answers, the dashboard (next step, the
 * focus tile, the daily plan), focus mode and flashcards show the same count of questions due now and the same
 * next review time, on a phone, in German, English and Croatian.
 */

const BERLIN = 'Europe/Berlin';
const PHONE = { width: 390, height: 844 };

type Attempt = { id: string; questions: { position: number; number: number }[] };

/** The Berlin calendar day of an instant, YYYY-MM-DD. */
const berlinDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN }).format(at);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * A learner of Berlin whose test is 10 days away: a mock test with positions 1–21 right and 22–33 wrong, then in
 * learn mode two new questions wrong and one right. Then the whole record is moved two minutes into the past, so the
 * wrong answers' one-minute step has run out (they are due) and nothing falls due while the test looks.
 */
async function seed(page: Page): Promise<{ userId: string; start: Date }> {
  const start = new Date();
  await page.goto(`/auth/local?login_hint=queue-${Date.now()}&redirect=/dashboard`);
  expect(
    (
      await page.request.patch('/api/user/setting/german-federal-state', { data: { selected_state: 'BE' } })
    ).ok(),
  ).toBe(true);
  const examDate = addDays(berlinDay(start), 10);
  expect((await page.request.patch('/api/user/settings', { data: { examDate } })).ok()).toBe(true);
  const key = new Map<number, number>(
    ((await (await page.request.get('/api/en/learn')).json()) as { number: number; correct: number }[]).map(
      (q) => [q.number, q.correct],
    ),
  );

  const started = await page.request.post('/api/en/exams', { data: { kind: 'mock' } });
  expect(started.status()).toBe(201);
  const attempt = (await started.json()) as Attempt;
  for (const q of attempt.questions) {
    const right = key.get(q.number) as number;
    const answer = q.position <= 21 ? right : (right + 1) % 4;
    const res = await page.request.put(`/api/en/exams/${attempt.id}/answers/${q.position}`, {
      data: { answer },
    });
    expect(res.ok()).toBe(true);
  }
  const done = await (await page.request.post(`/api/en/exams/${attempt.id}/finalize`)).json();
  expect(done.result.correct).toBe(21);

  const inMock = new Set(attempt.questions.map((q) => q.number));
  const outside = [...key.keys()].filter((n) => n <= 300 && !inMock.has(n)).slice(0, 3);
  for (const [i, question_id] of outside.entries()) {
    const res = await page.request.post('/api/en/learn-mode', { data: { question_id, is_correct: i === 2 } });
    expect(res.status()).toBe(201);
  }

  const userId = ((await (await page.request.get('/api/user/me')).json()) as { id: string }).id;
  await sql(`update learn_answers set answered_at = answered_at - interval '2 minutes' where user_id = $1`, [
    userId,
  ]);
  await sql(
    `update question_progress set due = due - interval '2 minutes',
            last_review = last_review - interval '2 minutes',
            last_answered_at = last_answered_at - interval '2 minutes',
            first_answered_at = first_answered_at - interval '2 minutes'
      where user_id = $1`,
    [userId],
  );
  return { userId, start };
}

async function phone(browser: Browser, locale: string, cookies: Cookie[]) {
  const ctx = await browser.newContext({
    locale,
    timezoneId: BERLIN,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    storageState: { cookies, origins: [] },
  });
  return { ctx, page: await ctx.newPage() };
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

test('one review queue: the dashboard, the daily plan, focus mode and flashcards show the same numbers, in de, en and hr, on a phone', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const seedCtx = await browser.newContext({ locale: 'en-US', timezoneId: BERLIN });
  const seedPage = await seedCtx.newPage();
  const { userId, start } = await seed(seedPage);
  // The session, not the language the seeding page chose: each phone below reads its browser's language.
  const cookies = (await seedCtx.cookies()).filter((c) => c.name !== 'bf_lang');
  await seedCtx.close();

  // By hand: the 12 wrong mock answers and the 2 wrong learn answers are due (their 1-minute step ran out); the
  // 21 right mock answers and the right learn answer graduated (due in 2 days).
  const due = 12 + 2;
  // Unless the two minutes crossed Berlin midnight, all 36 answers (and 36 new questions) are today's: the day
  // began with 310 new questions over 10 days, 31 a day, so nothing new is left for today.
  const sameDay = berlinDay(new Date(start.getTime() - 2 * 60_000)) === berlinDay(new Date());
  // The next review: the earliest stored due time after now (a right answer's), on its weekday in Berlin.
  const [next] = await sql<{ at: Date }>(
    'select min(due) as at from question_progress where user_id = $1 and due > now()',
    [userId],
  );
  const nextAt = new Date(next?.at as Date);

  for (const [lang, locale] of [
    ['de', 'de-DE'],
    ['en', 'en-US'],
    ['hr', 'hr-HR'],
  ] as const) {
    const { ctx, page } = await phone(browser, locale, cookies);
    await page.goto('/dashboard');
    await expect(page.locator('[data-next-step="review"]')).toBeVisible();
    await expect(page.locator('[data-next-step="review"] h3')).toContainText(String(due));
    await expect(page.locator('a[data-mode="focus"]')).toContainText(String(due));
    const figures = page.getByTestId('plan-figures').getByRole('listitem');
    await expect(figures.nth(1)).toContainText(String(due));
    if (sameDay) {
      await expect(figures.nth(0)).toHaveText(/^\s*0\D/);
      await expect(figures.nth(2)).toContainText('36');
      await expect(page.getByTestId('plan-share')).toContainText('310');
      await expect(page.getByTestId('plan-share')).toContainText('31');
    }
    const dashboardLine = await text(page, '[data-testid="plan"] [data-testid="reviews-line"]');
    expect(dashboardLine.startsWith(lang === 'hr' ? `Sada na redu: ${due} ·` : `${due} `)).toBe(true);
    // "… next review Thursday 9:58 AM": the weekday of the next due time, in Berlin.
    const weekday = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: BERLIN }).format(nextAt);
    expect(dashboardLine).toContain(` ${weekday} `);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${lang}-390.png`), fullPage: true });

    await page.goto('/learn/focus');
    const focusLine = page.getByTestId('reviews-line');
    await expect(focusLine).toBeVisible();
    // The same line as the dashboard's, and a round of all of them.
    expect(await text(page, '[data-testid="reviews-line"]')).toBe(dashboardLine);
    await expect(page.getByText(new RegExp(`\\b1\\D+\\b${due}\\b`)).first()).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`focus-${lang}-390.png`), fullPage: true });

    await page.goto('/learn/flashcards');
    const nextDue = page.getByTestId('next-due');
    await expect(nextDue).toBeVisible();
    await expect(page.getByText(new RegExp(`^${due}\\D`)).first()).toBeVisible();
    // "Next card due: Thursday 9:58 AM": the same time as the dashboard's line ends with.
    const when = (await text(page, '[data-testid="next-due"]')).split(': ').pop() as string;
    expect(when).toContain(weekday);
    expect(dashboardLine.endsWith(` ${when}`)).toBe(true);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`flashcards-${lang}-390.png`), fullPage: true });
    await ctx.close();
  }
});
