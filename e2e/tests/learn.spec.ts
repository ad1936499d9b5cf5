import { expect } from '@playwright/test';
import { answers, progress, type Q, signInLearner } from '../support/learn';
import { markHolding, test } from '../support/test';
import { holdScripts, learnerAtFirstQuestion, sql } from './helpers';

test('learn mode: answer, highlight, stored; bookmark; focus; offline answers arrive once; flashcards', async ({
  page,
  context,
}) => {
  const questions = await learnerAtFirstQuestion(page, 'learn-e2e');
  const [q1, q2] = questions as [Q, Q];
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();

  // A wrong answer: marked wrong, the correct one green; stored once.
  const wrong = (q1.correct + 1) % 4;
  await answers(page).locator(`[data-answer="${wrong}"]`).click();
  await expect(answers(page).locator(`[data-answer="${wrong}"]`)).toHaveClass(/wrong/);
  await expect(answers(page).locator(`[data-answer="${q1.correct}"]`)).toHaveClass(/correct/);
  await expect(page.getByText(/Wrong answer/)).toBeVisible();
  await expect.poll(async () => (await progress(page)).q1?.incorrect).toBe(1);

  // Bookmark it and find it in the bookmarks mode.
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  // The learning modes (the header has its own "Learn" link).
  const modes = page.getByRole('navigation', { name: 'Learning modes' });
  await modes.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/learn\/bookmarks$/);
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();

  // Focus mode brings back the wrong answer once it is due (a minute later: the record is moved that far back).
  const { id } = await (await page.request.get('/api/user/me')).json();
  await sql(`update question_progress set due = due - interval '2 minutes' where user_id = $1`, [id]);
  await modes.getByRole('link', { name: 'Focus' }).click();
  await expect(page.getByText('1 due now')).toBeVisible();
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();

  // Offline: learn mode keeps working, the answer is queued and arrives exactly once after reconnecting.
  await modes.getByRole('link', { name: 'Learn', exact: true }).click();
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: q2.text })).toBeVisible();
  await answers(page).locator(`[data-answer="${q2.correct}"]`).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await context.setOffline(false);
  await expect.poll(async () => (await progress(page)).q2?.seen, { timeout: 15_000 }).toBe(1);
  await expect(page.getByText(/You are offline|Sending saved answers/)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect((await progress(page)).q2).toMatchObject({ seen: 1, correct: 1 });

  // Flashcards: a self-grade moves the card's due date.
  await modes.getByRole('link', { name: 'Flashcards' }).click();
  await page.getByRole('button', { name: 'Start session' }).click();
  const heading = page.locator('article h2');
  await expect(heading).toBeVisible();
  // Every question view offers "Report a problem" (issue 17).
  await expect(page.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  const front = await heading.textContent();
  const card = questions.find((q) => q.text === front) as Q;
  const before = (await progress(page))[card.id]?.due ?? null;
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: 'Easy' }).click();
  await expect.poll(async () => (await progress(page))[card.id]?.due ?? null).not.toBe(before);
  const due = new Date((await progress(page))[card.id]?.due as string).getTime();
  expect(due).toBeGreaterThan(Date.now() + 20 * 3600_000);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test(`on a phone (${viewport.width}×${viewport.height}) the question comes first, nothing scrolls sideways, previous/next stay at hand`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport, hasTouch: true, isMobile: true, locale: 'en-US' });
    const page = await ctx.newPage();
    try {
      const questions = await learnerAtFirstQuestion(page, `learn-phone-${viewport.width}`);
      const q1 = questions[0] as Q;
      const main = page.getByRole('main');

      // The question text starts in the top half of the first screen (no pills, filters or options above it).
      const text = main.getByRole('heading', { level: 2, name: q1.text });
      await expect(text).toBeVisible();
      const top = (await text.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect(top).toBeLessThan(viewport.height / 2);

      // Never wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);

      // Previous / next in the bar at the bottom of the screen: Next visible and at least 44 px high.
      const next = main.getByRole('button', { name: 'Next' });
      await expect(next).toBeInViewport();
      const box = await next.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      await next.tap();
      await expect(main.getByText(`Question 2 of ${questions.length}`)).toBeVisible();

      // Filters in a sheet: choose a topic, fewer questions, the button counts the filter.
      await main.getByRole('button', { name: 'Filters' }).tap();
      const sheet = page.getByRole('dialog', { name: 'Filters and options' });
      await expect(sheet).toBeVisible();
      const topic = sheet.getByLabel('Topic');
      const option = topic.locator('option').nth(1);
      const value = (await option.getAttribute('value')) as string;
      await topic.selectOption(value);
      await expect(page).toHaveURL(new RegExp(`/learn\\?topic=${value}$`));
      const show = sheet.getByRole('button', { name: /^Show \d+ questions?$/ });
      await expect(show).not.toHaveText(`Show ${questions.length} questions`);
      const shown = Number((await show.textContent())?.match(/\d+/)?.[0]);
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(questions.length);
      await show.tap();
      await expect(sheet).toBeHidden();
      await expect(main.getByText(`Question 1 of ${shown}`)).toBeVisible();
      await expect(main.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    } finally {
      await ctx.close();
    }
  });
}

test('the first question comes from the server: without JavaScript it is there, and an answer tapped before the app runs counts once it does', async ({
  browser,
  page: signingIn,
}) => {
  const questions = await signInLearner(signingIn, 'learn-ssr');
  const [q1] = questions as [Q];
  const storageState = await signingIn.context().storageState();

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState, locale: 'en-US' });
  try {
    const plain = await noScript.newPage();
    await plain.goto('/learn');
    await expect(plain).toHaveTitle('Learn · Bürgerfit');
    await expect(plain.getByText(`Question 1 of ${questions.length}`)).toBeVisible();
    await expect(plain.getByRole('heading', { level: 2, name: q1.text })).toBeVisible();
    await expect(answers(plain).locator('[data-answer]')).toHaveCount(4);
  } finally {
    await noScript.close();
  }

  // The page itself stays small: the learner's question set is not inside it; the page preloads it beside the
  // scripts (with the learner's cookies, as the app asks for it).
  const html = await (await signingIn.request.get('/learn')).text();
  expect(html).toContain(
    '<link rel="preload" href="/api/en/learn" as="fetch" crossorigin="use-credentials">',
  );
  const boot = JSON.parse(
    /<script id="bf-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
  );
  expect(boot.deferredQueries).toEqual([
    { queryKey: ['learn', 'questions', expect.any(String), 'en', null], path: '/api/en/learn' },
  ]);
  expect(JSON.stringify(boot.queries)).not.toContain(q1.text);

  // The learn remote's scripts held back (and not served by a service worker, which page.route does not see): the
  // learner answers on the server's page; the answer is taken once the app is there (marked and stored).
  const withHeldScripts = await browser.newContext({
    serviceWorkers: 'block',
    storageState,
    locale: 'en-US',
  });
  const page = await withHeldScripts.newPage();
  const release = await holdScripts(page, /\/remotes\/mf_learn\/.*\.js(\?|$)/);
  await page.goto('/learn');
  const serverMarkup = page.locator('[data-bf-slot="mf_learn"]:not([data-bf-live])');
  await expect(serverMarkup.getByRole('heading', { level: 2, name: q1.text })).toBeVisible();
  await serverMarkup.locator(`[data-answer="${q1.correct}"]`).click();
  const stored = page.waitForResponse(
    (r) => r.url().endsWith('/api/en/learn-mode') && r.request().method() === 'POST',
  );
  release();
  await expect(serverMarkup).toHaveCount(0);
  expect((await stored).status()).toBe(201);
  await expect(answers(page).locator(`[data-answer="${q1.correct}"]`)).toHaveClass(/correct/);
  await expect.poll(async () => (await progress(page))[q1.id]?.seen ?? 0).toBe(1);
  await withHeldScripts.close();

  // The question set held back instead, while the remote's scripts arrive: the live remote waits for it, so the
  // server's question stays on screen, never a loading text, until the live page can show the same.
  const withHeldSet = await browser.newContext({ serviceWorkers: 'block', storageState, locale: 'en-US' });
  const slow = await withHeldSet.newPage();
  await slow.addInitScript((loading) => {
    new MutationObserver(() => {
      if (document.body?.innerText.includes(loading)) document.documentElement.dataset.sawLoading = 'yes';
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, 'Loading questions…');
  let releaseSet = () => {};
  const setHeld = new Promise<void>((resolve) => {
    releaseSet = resolve;
  });
  await slow.route(/\/api\/en\/learn$/, async (route) => {
    await setHeld;
    await route.continue();
  });
  const remoteApp = slow.waitForResponse((r) =>
    /\/remotes\/mf_learn\/.*__federation_expose_App.*\.js$/.test(r.url()),
  );
  // The set is held: the page is not hydrated until it is released (no wait for hydration on this navigation).
  markHolding(slow);
  await slow.goto('/learn');
  await remoteApp;
  // Two frames after the remote's module arrived: a remote that did not wait would show its loading text by now.
  await slow.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const held = slow.locator('[data-bf-slot="mf_learn"]:not([data-bf-live])');
  await expect(held.getByRole('heading', { level: 2, name: q1.text })).toBeVisible();
  releaseSet();
  await expect(held).toHaveCount(0);
  await expect(slow.getByRole('main').getByRole('heading', { level: 2, name: q1.text })).toBeVisible();
  expect(await slow.locator('html').getAttribute('data-saw-loading')).toBeNull();
  await withHeldSet.close();
});

test('in German, learn’s page preloads its German texts after its content, and the app that starts after the paint uses them', async ({
  page,
  context,
}) => {
  await signInLearner(page, 'learn-texts');
  // The language the learner chose (its cookie, as the language menu sets it) decides, not the browser's.
  await context.addCookies([{ name: 'bf_lang', value: 'de', url: new URL(page.url()).origin }]);
  const texts: string[] = [];
  page.on('request', (r) => {
    const lang = r.url().match(/\/texts-(\w+)\.\w+\.js$/)?.[1];
    if (lang) texts.push(lang);
  });
  const res = await page.goto('/learn');
  const html = (await res?.text()) ?? '';
  const preloaded = [
    ...html.matchAll(/<link rel="preload" href="[^"]*\/texts-(\w+)\.\w+\.js" as="script">/g),
  ];
  expect(preloaded.map((m) => m[1])).toEqual(['de']);
  expect(html.indexOf('/texts-de.')).toBeGreaterThan(html.indexOf('<article'));
  await expect(page.locator('[data-bf-slot]:not([data-bf-live])')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Lernen' })).toBeVisible();
  expect(texts).toEqual(['de']);
});
