import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { type Q, signInLearner } from '../support/learn';
import { markHolding } from '../support/test';

/** The e2e database: DATABASE_URL, else the embedded server's socket URL (first line of $E2E_DATA_DIR/pg.url). */
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const url = fs.readFileSync(path.join(dir, 'pg.url'), 'utf8').split('\n')[0]?.trim();
  if (!url) throw new Error(`no database URL in ${dir}/pg.url`);
  return url;
}

/** The rows of one query against the e2e database (a connection of its own, closed again). */
export async function sql<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh learner (see `signInLearner`) on `/learn`, at the first of their questions, which it returns. */
export async function learnerAtFirstQuestion(page: Page, label: string): Promise<Q[]> {
  const questions = await signInLearner(page, label);
  await page.goto('/learn');
  await expect(page.getByText(`Question 1 of ${questions.length}`)).toBeVisible();
  // The question the server rendered shows before the app runs: the learner is at it once the live page is.
  await expect(page.locator('[data-bf-slot]:not([data-bf-live])')).toHaveCount(0);
  return questions;
}

/**
 * Holds back every request matching `scripts` (what is on screen is then the server's markup); the returned
 * function lets them through. (A service worker's own fetches are not seen: block it in the context for that.)
 */
export async function holdScripts(page: Page, scripts: RegExp): Promise<() => void> {
  markHolding(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
