import { type Browser, expect, type Page } from '@playwright/test';
import { test } from '../support/test';

/**
 * One learning record (issue 12), as a learner sees it: a passed mock test counts on the dashboard, is in the
 * history with its review, and "Practise my mistakes" practises exactly its wrong questions; a guest's demo is
 * kept when they sign up from its result.
 */
const main = (page: Page) => page.getByRole('main');

type Attempt = { id: string; questions: { position: number; number: number; text: string }[] };

/** The answer key: question number → index of the right answer. */
async function answerKey(page: Page): Promise<Map<number, number>> {
  const questions: { number: number; correct: number }[] = await (
    await page.request.get('/api/en/learn')
  ).json();
  return new Map(questions.map((q) => [q.number, q.correct]));
}

async function signInOnboarded(page: Page, name: string) {
  await page.goto(`/auth/local?login_hint=${name}-${Date.now()}&redirect=/dashboard`);
  const res = await page.request.patch('/api/user/setting/german-federal-state', {
    data: { selected_state: 'BE' },
  });
  expect(res.ok()).toBe(true);
}

async function newPage(browser: Browser, width: number) {
  const ctx = await browser.newContext({
    viewport: { width, height: width < 800 ? 844 : 900 },
    locale: 'en-US',
  });
  return { ctx, page: await ctx.newPage() };
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The dashboard, history, review and "Practise my mistakes" after a mock of 25 right and 8 wrong answers. */
async function checkAfterMock(page: Page, width: number, attempt: Attempt, wrong: Attempt['questions']) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('streak')).toHaveText('1 Day streak');
  await expect(page.getByTestId('counts').getByRole('listitem')).toHaveText([
    '33 Answered',
    '25 Correct',
    '8 Incorrect',
    '76% Accuracy',
  ]);
  await expect(page.getByTestId('readiness-confidence')).toBeVisible();
  const chance = await page
    .getByRole('region', { name: 'Exam readiness' })
    .getByText(/Chance of reaching 17/)
    .textContent();
  expect(Number(chance?.match(/(\d+)\s*%/)?.[1])).toBeGreaterThanOrEqual(50);
  // One mock test and 33 questions answered is not yet firm: the chance stays within 5–95 %, and the learner reads
  // what would firm it up (2 mock tests and 150 questions).
  expect(Number(chance?.match(/(\d+)\s*%/)?.[1])).toBeLessThanOrEqual(95);
  await expect(page.getByTestId('readiness-firm-up')).toHaveText(
    'Answer 117 more questions and take 1 mock test to firm it up.',
  );
  await noSidewaysScroll(page, width);

  // The attempt in the history, opening its review.
  await page.goto('/exam/history');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Test history' })).toBeVisible();
  await expect(main(page).getByText('25 of 33')).toBeVisible();
  await noSidewaysScroll(page, width);
  await main(page).getByRole('link', { name: 'See result and answers' }).first().click();
  await expect(page).toHaveURL(`/exam/result/${attempt.id}`);
  await expect(main(page).getByTestId('exam-score')).toHaveText('25/33 correct');
  // The review opens on the eight wrong answers; all 33 are one tap away.
  await expect(main(page).getByTestId('review-item')).toHaveCount(8);
  await main(page)
    .getByRole('checkbox', { name: /Show only the 8 wrong or unsure answers/ })
    .uncheck();
  await expect(main(page).getByTestId('review-item')).toHaveCount(33);
  await noSidewaysScroll(page, width);

  // Practise my mistakes: exactly the eight wrong questions, in test order.
  await main(page).getByRole('link', { name: 'Practise my 8 mistakes' }).click();
  await expect(page).toHaveURL(`/learn/mistakes/${attempt.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Practise my mistakes' })).toBeVisible();
  const shown: string[] = [];
  for (let i = 0; i < wrong.length; i++) {
    const text = main(page)
      .locator('[lang="de"]')
      .filter({ hasText: wrong[i]?.text as string });
    await expect(text.first()).toBeVisible();
    shown.push(wrong[i]?.text as string);
    if (i < wrong.length - 1) await main(page).getByRole('button', { name: /^Next/ }).first().click();
  }
  expect(shown).toEqual(wrong.map((q) => q.text));
  await noSidewaysScroll(page, width);
}

test.describe('one learning record', () => {
  test('a mock test passed on a phone counts everywhere; its mistakes are practised (390 px)', async ({
    browser,
  }) => {
    const { ctx, page } = await newPage(browser, 390);
    try {
      await signInOnboarded(page, 'record-phone');
      const key = await answerKey(page);
      await page.goto('/exam');
      await main(page).getByRole('button', { name: 'Start mock test' }).click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeVisible();
      const [open] = await (await page.request.get('/api/en/exams')).json();
      const attempt: Attempt = await (await page.request.get(`/api/en/exams/${open.id}`)).json();
      // 25 right, the last 8 wrong, tapped one by one.
      for (const q of attempt.questions) {
        await expect(
          main(page).getByRole('heading', { level: 2, name: `Question ${q.position} of 33` }),
        ).toBeVisible();
        const right = key.get(q.number) as number;
        const choice = q.position <= 25 ? right : (right + 1) % 4;
        await main(page)
          .getByRole('group', { name: 'Your answer (keys 1–4)' })
          .getByRole('radio')
          .nth(choice)
          .check();
        if (q.position < 33) await main(page).getByRole('button', { name: 'Next' }).click();
      }
      await expect(main(page).getByText('Answer saved')).toBeVisible();
      await main(page).getByRole('button', { name: 'Finish test' }).click();
      await main(page).getByRole('button', { name: 'Finish now' }).click();
      await expect(page).toHaveURL(`/exam/result/${attempt.id}`);
      await expect(main(page).getByRole('heading', { level: 2, name: 'Passed' })).toBeVisible();
      await expect(main(page).getByText(/^Time taken: /)).toBeVisible();
      await expect(main(page).getByRole('region', { name: 'Correct answers by topic' })).toBeVisible();

      await checkAfterMock(page, 390, attempt, attempt.questions.slice(25));
    } finally {
      await ctx.close();
    }
  });

  test('the same on a desktop, the mock taken through the API (1280 px)', async ({ browser }) => {
    const { ctx, page } = await newPage(browser, 1280);
    try {
      await signInOnboarded(page, 'record-desk');
      const key = await answerKey(page);
      const attempt: Attempt = await (
        await page.request.post('/api/en/exams', { data: { kind: 'mock' } })
      ).json();
      for (const q of attempt.questions) {
        const right = key.get(q.number) as number;
        const res = await page.request.put(`/api/en/exams/${attempt.id}/answers/${q.position}`, {
          data: { answer: q.position <= 25 ? right : (right + 1) % 4 },
        });
        expect(res.ok()).toBe(true);
      }
      expect((await page.request.post(`/api/en/exams/${attempt.id}/finalize`)).ok()).toBe(true);
      await checkAfterMock(page, 1280, attempt, attempt.questions.slice(25));
    } finally {
      await ctx.close();
    }
  });

  test('a guest’s demo is in the account after signing up from its result, with the wrong answers', async ({
    browser,
  }) => {
    const { ctx, page } = await newPage(browser, 390);
    try {
      await page.goto('/demo');
      await main(page).getByRole('button', { name: 'Start demo' }).click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeVisible();
      // Two answers, the rest left open: at least 31 wrong.
      for (const n of [1, 2]) {
        await main(page)
          .getByRole('group', { name: 'Your answer (keys 1–4)' })
          .getByRole('radio')
          .first()
          .check();
        await expect(main(page).getByText('Answer saved')).toBeVisible();
        if (n === 1) await main(page).getByRole('button', { name: 'Next' }).click();
      }
      await main(page).getByRole('button', { name: 'Finish test' }).click();
      await main(page).getByRole('button', { name: 'Finish now' }).click();
      await expect(page).toHaveURL(/\/demo\/result\/[0-9a-f-]{36}$/);
      const attemptId = new URL(page.url()).pathname.split('/').at(-1) as string;
      const score = Number((await main(page).getByTestId('exam-score').textContent())?.split('/')[0]);
      await expect(main(page).getByTestId('review-item')).toHaveCount(0);

      await main(page).getByTestId('guest-prompt').getByRole('link', { name: 'Sign up or log in' }).click();
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/demo/result/${attemptId}`)}`);
      // The development sign-in (local provider) with a fresh test user, from this same browser.
      await page.goto(`${page.url()}&login_hint=claimer-${Date.now()}`);
      await page.getByTestId('login-local').click();
      await expect(page).toHaveURL(/\/welcome\?redirect=/);
      await main(page).getByRole('button', { name: /^Skip/ }).click();

      await expect(page).toHaveURL(`/demo/result/${attemptId}`);
      await expect(main(page).getByTestId('exam-score')).toHaveText(`${score}/33 correct`);
      await expect(main(page).getByTestId('review-item')).toHaveCount(33 - score);
      await main(page)
        .getByRole('checkbox', { name: /wrong or unsure answers/ })
        .uncheck();
      await expect(main(page).getByTestId('review-item')).toHaveCount(33);
      await expect(main(page).getByText('Correct answer', { exact: true }).first()).toBeVisible();

      await page.goto('/exam/history');
      await expect(main(page).getByText('Demo test')).toBeVisible();
      const stats = await (await page.request.get('/api/en/user/statistics')).json();
      expect(stats.answered).toBe(2);
    } finally {
      await ctx.close();
    }
  });

  test('flashcards flip and grade by keyboard (1280 px) and by touch (390 px)', async ({ browser }) => {
    type Card = { id: string; number: number; text: string; answers: string[]; correct: number };
    const graded = (page: Page) =>
      page.waitForRequest((r) => r.url().endsWith('/api/en/learn-mode') && r.method() === 'POST');
    const front = async (page: Page, cards: Card[]) => {
      const text = await page.locator('[data-side] h2').first().textContent();
      const card = cards.find((c) => c.text === text);
      expect(card, `card "${text}"`).toBeTruthy();
      return card as Card;
    };

    // Keyboard: Space turns the card over, 3 grades it "good".
    const desk = await newPage(browser, 1280);
    try {
      await signInOnboarded(desk.page, 'cards-keys');
      const cards: Card[] = await (await desk.page.request.get('/api/en/learn')).json();
      await desk.page.goto('/learn/flashcards');
      await expect(main(desk.page).getByRole('heading', { level: 1, name: 'Flashcards' })).toBeVisible();
      await main(desk.page).getByRole('button', { name: 'Start session' }).click();
      const card = await front(desk.page, cards);
      await expect(desk.page.locator('[data-side]')).toHaveAttribute('data-side', 'front');
      await expect(main(desk.page).getByRole('button', { name: 'Good' })).toHaveCount(0);
      await desk.page.keyboard.press('Space');
      await expect(desk.page.locator('[data-side]')).toHaveAttribute('data-side', 'back');
      await expect(
        main(desk.page)
          .getByRole('article')
          .getByText(card.answers[card.correct] as string, { exact: true }),
      ).toBeVisible();
      const sent = graded(desk.page);
      await desk.page.keyboard.press('3');
      const body = (await sent).postDataJSON();
      expect(body).toMatchObject({
        question_id: card.number,
        is_correct: true,
        mode: 'flashcards',
        rating: 'good',
      });
      await expect(desk.page.locator('[data-side]')).toHaveAttribute('data-side', 'front');
      expect((await front(desk.page, cards)).id).not.toBe(card.id);
    } finally {
      await desk.ctx.close();
    }

    // Touch: a swipe turns the card over, a tap grades it "easy".
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
    });
    const page = await ctx.newPage();
    try {
      await signInOnboarded(page, 'cards-touch');
      const cards: Card[] = await (await page.request.get('/api/en/learn')).json();
      await page.goto('/learn/flashcards');
      await main(page).getByRole('button', { name: 'Start session' }).tap();
      const card = await front(page, cards);
      const surface = page.locator('[data-side]');
      const box = (await surface.boundingBox()) as { x: number; y: number; width: number; height: number };
      const y = box.y + box.height / 2;
      const touch = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true };
      await surface.dispatchEvent('pointerdown', { ...touch, clientX: box.x + box.width - 40, clientY: y });
      await surface.dispatchEvent('pointermove', { ...touch, clientX: box.x + 60, clientY: y + 4 });
      await surface.dispatchEvent('pointerup', { ...touch, clientX: box.x + 40, clientY: y + 4 });
      await expect(surface).toHaveAttribute('data-side', 'back');
      await expect(
        main(page)
          .getByRole('article')
          .getByText(card.answers[card.correct] as string, { exact: true }),
      ).toBeVisible();
      const easy = main(page).getByRole('button', { name: 'Easy' });
      const height = (await easy.boundingBox())?.height ?? 0;
      expect(height).toBeGreaterThanOrEqual(44);
      const sent = graded(page);
      await easy.tap();
      expect((await sent).postDataJSON()).toMatchObject({ question_id: card.number, rating: 'easy' });
      await expect(surface).toHaveAttribute('data-side', 'front');
      await noSidewaysScroll(page, 390);
    } finally {
      await ctx.close();
    }
  });
});
