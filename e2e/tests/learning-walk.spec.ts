import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { answers, progress, type Q, signInLearner } from '../support/learn';
import { test } from '../support/test';

// Issue 30, items 4 and 5 on a phone (390×844, touch): learning follows the evidence, and the rough edges of a
// learner's walk are gone — each checked where the learner notices it (what is on screen, where, how large).

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-US' };
const main = (page: Page) => page.getByRole('main');
const texts = (lang: string, ns: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../../locales', lang, `${ns}.json`),
      'utf8',
    ),
  );

/** Where an element is on the screen (top and bottom edge, in CSS pixels from the viewport's top). */
async function edges(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const r = (document.querySelector(sel) as Element).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height };
  }, selector);
}

/** Starts summing the page's layout shifts (as CLS counts them: none right after an input). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
/** Every picture on the page has arrived (and has its size). */
const picturesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete),
  );

test.describe('learning follows the evidence (390 px, touch)', () => {
  test.use(PHONE);

  test('a wrong answer opens its feedback in view above the bar; a right one keeps the explanation folded', async ({
    page,
  }) => {
    const questions = await signInLearner(page, 'walk-feedback');
    await page.goto('/learn');
    const [q1, q2] = questions as [Q, Q];
    await expect(main(page).getByRole('heading', { level: 2, name: q1.text })).toBeVisible();
    // Before: the answers run under the bar at the bottom of the screen.
    await answers(page)
      .locator(`[data-answer="${(q1.correct + 1) % 4}"]`)
      .tap();
    const feedback = main(page).getByTestId('feedback');
    await expect(feedback.getByText(/^Wrong answer · The correct answer is:/)).toBeInViewport();
    const explanation = feedback.locator('details');
    await expect(explanation).toHaveAttribute('open', '');
    // The verdict and the explanation's start are above the bar, not under it.
    await expect
      .poll(async () => {
        const verdict = await edges(page, '[data-testid="feedback"] [role="status"]');
        const bar = await page.getByRole('button', { name: 'Next' }).boundingBox();
        return verdict.top >= 0 && verdict.bottom <= (bar?.y ?? 0);
      })
      .toBe(true);
    // The explanation's toggle is a full touch target.
    expect((await edges(page, '[data-testid="feedback"] summary')).height).toBeGreaterThanOrEqual(44);

    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(main(page).getByRole('heading', { level: 2, name: q2.text })).toBeInViewport();
    await answers(page).locator(`[data-answer="${q2.correct}"]`).tap();
    await expect(main(page).getByText('Correct!')).toBeVisible();
    await expect(main(page).getByTestId('feedback').locator('details')).not.toHaveAttribute('open', '');
    await main(page).getByTestId('feedback').getByText('Detailed explanation').tap();
    await expect(main(page).getByTestId('feedback').locator('details')).toHaveAttribute('open', '');
  });

  test('the result’s review opens on the wrong and unsure answers with the explanations folded; all 33 one tap away', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const questions = await signInLearner(page, 'walk-review');
    const right = new Map(questions.map((q) => [q.number, q.correct]));
    // A mock test of 25 right and 8 wrong answers, one of the right ones marked unsure.
    const attempt = await (await page.request.post('/api/en/exams', { data: { kind: 'mock' } })).json();
    for (const q of attempt.questions as { position: number; number: number }[]) {
      const answer = right.get(q.number) ?? 0;
      const saved = await page.request.put(`/api/en/exams/${attempt.id}/answers/${q.position}`, {
        data: { answer: q.position <= 25 ? answer : (answer + 1) % 4, unsure: q.position === 3 },
      });
      expect(saved.ok(), `answer ${q.position}: ${saved.status()}`).toBe(true);
    }
    expect((await page.request.post(`/api/en/exams/${attempt.id}/finalize`)).ok()).toBe(true);
    // What the result holds to practise: the wrong and blank answers and the right one marked unsure.
    const view = await (await page.request.get(`/api/en/exams/${attempt.id}`)).json();
    const toPractise = (view.result.review as { isCorrect: boolean; unsure: boolean }[]).filter(
      (i) => !i.isCorrect || i.unsure,
    ).length;
    expect(toPractise).toBeGreaterThanOrEqual(9);
    await page.goto(`/exam/result/${attempt.id}`);
    const items = main(page).getByTestId('review-item');
    await expect(items).toHaveCount(toPractise);
    const only = main(page).getByRole('checkbox', {
      name: `Show only the ${toPractise} wrong or unsure answers`,
    });
    await expect(only).toBeChecked();
    await expect(items.filter({ hasText: 'You were unsure' })).toHaveCount(1);
    // Folded: each explanation's toggle shows, none of the texts.
    const folded = main(page)
      .getByTestId('review-item')
      .locator('details')
      .filter({ has: page.locator('summary', { hasText: /^Explanation$/ }) });
    await expect(folded).toHaveCount(toPractise);
    for (const details of await folded.all()) await expect(details).not.toHaveAttribute('open', '');
    expect((await folded.first().locator('summary').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // About nine questions with their answers: a fraction of the 35,000–39,000 px the whole review took.
    expect(height).toBeLessThan(14_000);
    await only.tap();
    await expect(items).toHaveCount(33);
  });
});

test.describe('the rough edges of the walk (390 px, touch)', () => {
  test.use(PHONE);

  test('the challenge summary comes into view after “End challenge” and after Finish', async ({ page }) => {
    test.setTimeout(90_000);
    await signInLearner(page, 'walk-challenge');
    for (const how of ['End challenge', 'Finish'] as const) {
      await page.goto('/learn/challenge');
      await main(page).getByRole('button', { name: 'Start challenge' }).tap();
      const rounds = how === 'Finish' ? 20 : 3;
      for (let i = 0; i < rounds; i++) {
        await answers(page).locator('[data-answer]').first().tap();
        // Down to the bar at the end of the question, as a learner reading the explanation.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        if (i < rounds - 1) await main(page).getByRole('button', { name: 'Next', exact: true }).tap();
      }
      await main(page).getByRole('button', { name: how, exact: true }).tap();
      const heading = main(page).getByRole('heading', { level: 2, name: 'Challenge complete!' });
      await expect(heading).toBeFocused();
      const top = (await heading.boundingBox())?.y ?? -1;
      expect(top, `the summary's heading after ${how}`).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(844 / 2);
    }
  });

  test('question pictures have their size before they load (no layout shift) and enlarge in learn and state mode', async ({
    page,
  }) => {
    await watchLayoutShifts(page);
    await signInLearner(page, 'walk-pictures');
    // State mode: Berlin's first question is a picture.
    await page.goto('/learn/state');
    const picture = main(page).getByRole('button', { name: 'Enlarge the picture for question BE-1' });
    await expect(picture).toBeVisible();
    await picturesLoaded(page);
    expect(await layoutShift(page)).toBeLessThan(0.02);
    // In its proportions (358×640), no taller than 18rem (288 px, its frame's border included).
    const box = (await picture.locator('img').boundingBox()) as { width: number; height: number };
    expect(box.height).toBeLessThanOrEqual(288);
    expect(box.height).toBeGreaterThan(280);
    expect(box.width / box.height).toBeCloseTo(358 / 640, 2);
    await picture.tap();
    const dialog = page.getByRole('dialog', { name: 'Picture for question BE-1' });
    await expect(dialog.getByRole('img', { name: 'Picture for question BE-1' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close picture' }).tap();
    await expect(dialog).toBeHidden();

    // A search for "Wappen" in learn mode: the coats of arms, one after the other.
    await page.goto('/learn');
    await main(page).getByRole('button', { name: 'Filters' }).tap();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Wappen');
    await page.getByRole('button', { name: /^Show \d+ questions$/ }).tap();
    await expect(
      main(page).getByRole('button', { name: /^Enlarge the picture for question / }),
    ).toBeVisible();
    await picturesLoaded(page);
    expect(await layoutShift(page)).toBeLessThan(0.02);
    await main(page)
      .getByRole('button', { name: /^Enlarge the picture for question / })
      .tap();
    await expect(page.getByRole('dialog', { name: /^Picture for question / })).toBeVisible();
  });

  test('learn resumes after a reload at its question with its filters; a jump brings the question into view', async ({
    page,
  }) => {
    const questions = await signInLearner(page, 'walk-resume');
    await page.goto('/learn');
    await expect(main(page).getByText(`Question 1 of ${questions.length}`)).toBeVisible();
    // Jump to no. 130 from the box under the question (the page scrolled down to it).
    await main(page).getByText('Question list').tap();
    const jump = main(page).getByLabel('Go to question number');
    await jump.fill('130');
    await main(page).getByRole('button', { name: 'Go', exact: true }).tap();
    await expect(main(page).getByText(`Question 130 of ${questions.length}`)).toBeVisible();
    const q130 = questions.find((q) => q.number === 130) as Q;
    const heading = main(page).getByRole('heading', { level: 2, name: q130.text });
    await expect(heading).toBeInViewport();
    expect((await main(page).locator('article').boundingBox())?.y).toBeGreaterThanOrEqual(0);

    // A filter and the next question, then a reload: the same place.
    await main(page).getByRole('button', { name: 'Filters' }).tap();
    await page.getByLabel('Show').selectOption('unseen');
    await page.getByRole('button', { name: /^Show \d+ questions$/ }).tap();
    await main(page).getByRole('button', { name: 'Next' }).tap();
    const place = await main(page)
      .getByText(/^Question 2 of \d+$/)
      .textContent();
    const url = page.url();
    expect(new URL(url).searchParams.get('status')).toBe('unseen');
    await page.reload();
    await expect(main(page).getByText(place as string)).toBeVisible();
    expect(page.url()).toBe(url);
    await expect(main(page).getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
  });

  test('no keyboard hints on a touch screen (the gestures instead); the explanation toggle is 44 px', async ({
    page,
  }) => {
    const questions = await signInLearner(page, 'walk-touch');
    await page.goto('/learn');
    await answers(page)
      .locator(`[data-answer="${(questions[0] as Q).correct}"]`)
      .tap();
    // The answer taken (a tap on the server's markup is replayed once the page runs), then measured.
    await expect(main(page).getByText('Correct!')).toBeVisible();
    await expect(main(page).getByText(texts('en', 'learn').keyboardHint)).toBeAttached();
    await expect(main(page).getByText(texts('en', 'learn').keyboardHint)).toBeHidden();
    expect((await edges(page, '[data-testid="feedback"] summary')).height).toBeGreaterThanOrEqual(44);

    await page.goto('/learn/flashcards');
    await main(page).getByRole('button', { name: 'Start session' }).tap();
    await expect(main(page).getByText(texts('en', 'learn').keyboardHintFlashcards)).toBeHidden();
    await expect(main(page).getByText(texts('en', 'learn').touchHintFlashcards)).toBeVisible();

    await page.goto('/exam');
    await main(page).getByRole('button', { name: 'Start mock test' }).tap();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeVisible();
    await expect(main(page).getByText('(keys 1–4)')).toBeHidden();
    await expect(main(page).getByText('(U)')).toBeHidden();
    await expect(main(page).getByText(texts('en', 'exam').run.shortcuts)).toBeHidden();
    await expect(main(page).getByRole('group', { name: 'Your answer' })).toBeVisible();
  });

  test('the flashcard’s back shows its question; a swipe there grades it', async ({ page }) => {
    await signInLearner(page, 'walk-flashcards');
    await page.goto('/learn/flashcards');
    await main(page).getByRole('button', { name: 'Start session' }).tap();
    const front = (await main(page).locator('article h2').textContent()) as string;
    const card = main(page).locator('[data-side]');
    /** A horizontal swipe across the card, as a finger's pointer events. */
    const swipe = async (dx: number) => {
      const box = (await card.boundingBox()) as { x: number; y: number; width: number; height: number };
      const at = { x: box.x + box.width / 2, y: box.y + 100 };
      const touch = { pointerId: 11, pointerType: 'touch', isPrimary: true, bubbles: true };
      await card.dispatchEvent('pointerdown', { ...touch, clientX: at.x, clientY: at.y });
      await card.dispatchEvent('pointerup', { ...touch, clientX: at.x + dx, clientY: at.y });
    };
    await swipe(-120);
    await expect(card).toHaveAttribute('data-side', 'back');
    // The question stays in sight on the back, above its answer.
    const back = card.locator(':scope > :last-child');
    await expect(back.getByText(front, { exact: true })).toBeInViewport();
    await expect(back.getByText('Answer', { exact: true })).toBeInViewport();

    const card1 = (await (await page.request.get('/api/en/learn')).json()).find(
      (q: Q) => q.text === front,
    ) as Q;
    await swipe(120);
    await expect.poll(async () => (await progress(page))[card1.id]?.seen ?? 0).toBe(1);
    expect((await progress(page))[card1.id]).toMatchObject({ correct: 1, incorrect: 0 });
    await expect(main(page).getByText('Card 2 of')).toBeVisible();
    await expect(card).toHaveAttribute('data-side', 'front');
  });
});

for (const lang of ['de', 'hr'] as const) {
  test.describe(`in ${lang} on a touch phone (390 px)`, () => {
    test.use({ ...PHONE, locale: lang });

    test('the flashcards say the gestures, not the keys; the exam hides its keys; pictures enlarge', async ({
      page,
    }) => {
      const learn = texts(lang, 'learn');
      const exam = texts(lang, 'exam');
      const question = texts(lang, 'question');
      await page.addInitScript((l) => localStorage.setItem('buergerfit.language', l), lang);
      await signInLearner(page, `walk-${lang}`);
      await page.goto('/learn/flashcards');
      await main(page).getByRole('button', { name: learn.flashcardsStart }).tap();
      await expect(main(page).getByText(learn.touchHintFlashcards)).toBeVisible();
      await expect(main(page).getByText(learn.keyboardHintFlashcards)).toBeHidden();

      await page.goto('/learn/state');
      const enlarge = question.picture.enlarge.replace('{{number}}', 'BE-1');
      await main(page).getByRole('button', { name: enlarge }).tap();
      const alt = question.picture.alt.replace('{{number}}', 'BE-1');
      await expect(page.getByRole('dialog', { name: alt })).toBeVisible();
      await page.getByRole('button', { name: question.picture.close }).tap();
      // What the picture's button says on screen is in its name (axe's label-content-name-mismatch).
      const { violations } = await new AxeBuilder({ page })
        .include('main')
        .withRules(['label-content-name-mismatch'])
        .analyze();
      expect(violations).toEqual([]);

      await page.goto('/exam');
      await main(page).getByRole('button', { name: exam.mock.start }).tap();
      await expect(main(page).getByRole('group', { name: exam.run.answersLegend })).toBeVisible();
      await expect(main(page).getByText(exam.run.answersKeys)).toBeHidden();
      await expect(main(page).getByText(exam.run.unsureKey)).toBeHidden();
    });
  });
}

test.describe('with a keyboard (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

  test('the keys are said, the gestures are not', async ({ page }) => {
    await signInLearner(page, 'walk-desk');
    await page.goto('/learn/flashcards');
    await main(page).getByRole('button', { name: 'Start session' }).click();
    await expect(main(page).getByText(texts('en', 'learn').keyboardHintFlashcards)).toBeVisible();
    await expect(main(page).getByText(texts('en', 'learn').touchHintFlashcards)).toBeHidden();
    await page.goto('/exam');
    await main(page).getByRole('button', { name: 'Start mock test' }).click();
    await expect(main(page).getByRole('group', { name: 'Your answer (keys 1–4)' })).toBeVisible();
    await expect(main(page).getByText('(U)')).toBeVisible();
  });
});
