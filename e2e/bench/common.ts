import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium';
import { repoRoot } from '../support/remotes-cli';

export const RUNS = Number(process.env.BENCH_RUNS ?? 7);
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 20);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const PORT = Number(process.env.BENCH_PORT ?? 8400);
export const BASE = `http://127.0.0.1:${PORT}`;
/**
 * The checkout whose app is measured (BENCH_APP_ROOT, default this one): point it at another clone, built, to
 * measure a before and an after with the same bench.
 */
export const APP_ROOT = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : repoRoot;

// About 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, 4x slower CPU ("Fast 3G"-like, Lighthouse mobile).
export const THROTTLE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** A measured page: signed in or as a guest; `ready` names the element that is the page's content. */
export type BenchPage = { path: string; signedIn: boolean; ready?: string };

/** A budget of `npm run bench`: what it asks, the figure measured, whether it holds. */
export type Budget = { name: string; value: string; ok: boolean };

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export type Cookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
};

/**
 * Signs a bench learner in through the development provider (Berlin as the state) and returns the session's
 * cookies: a storage state with cookies only, so every measured load is a new device (no local storage).
 */
export async function signIn(login: string): Promise<{ storage: string; cookies: Cookie[] }> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE}/auth/local?login_hint=${login}&redirect=/dashboard`);
    const saved = await page.request.patch(`${BASE}/api/user/setting/german-federal-state`, {
      data: { selected_state: 'BE' },
    });
    if (!saved.ok()) throw new Error(`setting the state: ${saved.status()}`);
    const cookies = (await context.cookies()) as Cookie[];
    const storage = path.join(os.tmpdir(), `bf-bench-state-${process.pid}-${login}.json`);
    fs.writeFileSync(storage, JSON.stringify({ cookies, origins: [] }));
    return { storage, cookies };
  } finally {
    await browser.close();
  }
}
