import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { contentCli } from '../support/content-cli';
import { type Q, signInLearner } from '../support/learn';
import { repoRoot } from '../support/remotes-cli';
import { test } from '../support/test';
import { sql } from './helpers';

/** This project's Croatian text of question 1, as content/ holds it (the import serves it to hr learners). */
type HrEntry = { text: string; answers: string[]; explanation: string; source: string | null };
const hr: HrEntry = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'content/hr/politics/grundrechte.json'), 'utf8'),
)['1'];

/** The language tag before a text: its visible code, and the language's name for screen readers. */
async function expectTag(text: Locator, code: string, name: string) {
  const tag = text.locator('xpath=preceding-sibling::*[1]');
  await expect(tag.locator('[aria-hidden="true"]')).toHaveText(code);
  await expect(tag.locator('[aria-hidden="true"]')).toBeVisible();
  await expect(tag).toHaveAttribute('title', name);
  await expect(tag).toContainText(name);
}

/** No serious or critical axe violations (WCAG 2.x A/AA) inside `selector`, in the light and the dark theme. */
async function expectAccessible(page: Page, selector: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include(selector)
      .analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) => `${v.id} (${v.impact}, ${colorScheme}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(bad).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** How much wider than the viewport the page is (0: nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Controls in `selector` smaller than a finger (44 × 44 px); radios count by their label, the whole target. */
const smallTargets = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      `${sel} button, ${sel} textarea, ${sel} label:has(input[type=radio])`,
    )) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.height < 43.5 || box.width < 43.5))
        small.push(
          `${el.tagName} "${el.textContent?.trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  }, selector);

test.describe('a Croatian learner on a phone', () => {
  test.use({ locale: 'hr-HR', viewport: { width: 390, height: 844 }, hasTouch: true });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('buergerfit.language', 'hr'));
  });

  test('reads question 1 in Croatian beside the official German, each labelled, and reports a problem that the team lists', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInLearner(page, 'content-hr');
    const questions: Q[] = await (await page.request.get('/api/hr/learn')).json();
    const q1 = questions[0] as Q;
    expect(q1.id).toBe('q1');
    await page.goto('/learn');
    const main = page.getByRole('main');
    await expect(main.getByText(`Pitanje 1 od ${questions.length}`)).toBeVisible();

    // The official German, labelled DE.
    const german = main.getByRole('heading', { level: 2, name: q1.text });
    await expect(german).toHaveAttribute('lang', 'de');
    await expectTag(german, 'DE', 'Njemački');

    // The toggle offers Croatian, and the Croatian text is this project's, labelled HR.
    await main.getByRole('button', { name: 'Prikaži prijevod', exact: true }).click();
    const croatian = main.getByText(hr.text, { exact: true });
    await expect(croatian).toBeVisible();
    await expect(croatian).toHaveAttribute('lang', 'hr');
    await expectTag(croatian, 'HR', 'Hrvatski');
    const answers = main.getByRole('list', { name: 'Odgovori' });
    await expect(answers.getByText(hr.answers[q1.correct] as string, { exact: true })).toHaveAttribute(
      'lang',
      'hr',
    );

    // After answering: the Croatian explanation, labelled, with its source.
    await answers.locator(`[data-answer="${q1.correct}"]`).click();
    await expect(main.getByText('Točno!')).toBeVisible();
    // After a right answer the explanation is folded, one tap away.
    const explanation = main.getByText(hr.explanation, { exact: true });
    await expect(explanation).toBeHidden();
    await main.getByText('Detaljno objašnjenje', { exact: true }).click();
    await expect(explanation).toBeVisible();
    await expect(explanation).toHaveAttribute('lang', 'hr');
    await expectTag(explanation, 'HR', 'Hrvatski');
    await expect(main.getByText(`Izvor: ${hr.source}`, { exact: true })).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page, 'main');

    // Report a problem: what is wrong, what the learner noticed, sent; then thanks.
    const text = `Prijevod pitanja 1 — provjera e2e ${Date.now()}`;
    await main.getByRole('button', { name: 'Prijavi problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prijavi problem' });
    await expect(dialog.getByText('Što nije u redu s pitanjem 1? Čitamo svaku prijavu.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Prijevod' }).check();
    await dialog.getByRole('textbox', { name: 'Što ste primijetili?' }).fill(text);
    await expect(dialog.getByText(`${text.length}/1000`)).toBeVisible();
    expect(await overflow(page)).toBe(0);
    expect(await smallTargets(page, 'dialog[open]')).toEqual([]);
    await expectAccessible(page, 'dialog[open]');
    await dialog.getByRole('button', { name: 'Pošalji prijavu' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Hvala! Vaša je prijava poslana. Provjerit ćemo pitanje.',
    );
    await dialog.getByRole('button', { name: 'Natrag na pitanje' }).click();
    await expect(dialog).toBeHidden();
    await expect(explanation).toBeVisible();

    // The team lists it: question number, language, kind, the content version the learner saw, the text.
    const [meta] = await sql<{ value: string }>(
      "select value from catalog_meta where key = 'content_hash'",
      [],
    );
    const version = (meta?.value ?? '').slice(0, 12);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const listed = await contentCli(['reports', '--question', '1', '--kind', 'translation']);
    const line = listed.split('\n').find((l) => l.endsWith(text));
    expect(line, listed).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+1\\s+hr\\s+translation\\s+${version}\\s+learner\\s+`,
      ),
    );
  });
});
