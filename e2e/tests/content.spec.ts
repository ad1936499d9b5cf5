import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { contentCli } from '../support/content-cli';
import { type Q, signInLearner } from '../support/learn';
import { repoRoot } from '../support/remotes-cli';
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

test.describe('a Croatian learner', () => {
  test.use({ locale: 'hr-HR' });
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
    const explanation = main.getByText(hr.explanation, { exact: true });
    await expect(explanation).toBeVisible();
    await expect(explanation).toHaveAttribute('lang', 'hr');
    await expectTag(explanation, 'HR', 'Hrvatski');
    await expect(main.getByText(`Izvor: ${hr.source}`, { exact: true })).toBeVisible();

    // Report a problem: what is wrong, what the learner noticed, sent; then thanks.
    const text = `Prijevod pitanja 1 — provjera e2e ${Date.now()}`;
    await main.getByRole('button', { name: 'Prijavi problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prijavi problem' });
    await expect(dialog.getByText('Što nije u redu s pitanjem 1? Čitamo svaku prijavu.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Prijevod' }).check();
    await dialog.getByRole('textbox', { name: 'Što ste primijetili?' }).fill(text);
    await expect(dialog.getByText(`${text.length}/1000`)).toBeVisible();
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
