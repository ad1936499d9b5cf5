import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { repoRoot } from './remotes-cli';

/** Every "loading" text of a language (the keys named loading… in its locale files): what a page shows while it waits. */
export function loadingTexts(lang: string): string[] {
  const texts: string[] = [];
  const collect = (value: unknown, key: string) => {
    if (typeof value === 'string' && /^loading/i.test(key)) texts.push(value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
  };
  const folder = path.join(repoRoot, 'locales', lang);
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    collect(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')), '');
  }
  return texts;
}

/**
 * Waits until the page shows no loading text of its language and has loaded: its content is there. (Waiting for
 * the network to be quiet instead costs at least half a second per page, and a page that fetches at idle has
 * its content long before.)
 */
export async function contentShown(page: Page, lang: string): Promise<void> {
  const waiting = loadingTexts(lang);
  await expect
    .poll(() => page.evaluate((texts) => texts.filter((t) => document.body.innerText.includes(t)), waiting))
    .toEqual([]);
  await page.waitForLoadState('load');
}
