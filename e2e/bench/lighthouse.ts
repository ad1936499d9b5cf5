/**
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU, a phone's screen) on the system Chromium, each run in a
 * fresh browser profile (a new device; a signed-in run gets the session cookies and nothing else), median of
 * BENCH_LIGHTHOUSE_RUNS per page.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../support/chromium';
import { BASE, type BenchPage, type Cookie, LIGHTHOUSE_RUNS, median } from './common';

export type LighthouseRow = {
  page: string;
  score: number;
  tbt: number;
  cls: number;
  lcp: number;
  fcp: number;
  scores: number[];
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Lighthouse's codes for a trace it could not read, not for a page that failed. */
const TRACE_ERRORS = new Set([
  'NO_NAVSTART',
  'NO_FCP',
  'NO_LCP',
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
]);
class TraceError extends Error {}

type Figures = { score: number; tbt: number; cls: number; lcp: number; fcp: number };

async function once(url: string, cookies: Cookie[] | null): Promise<Figures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-lh-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumLaunch.executablePath,
    args: [...chromiumLaunch.args, `--remote-debugging-port=${port}`],
  });
  try {
    if (cookies) await context.addCookies(cookies);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) {
      const message = `Lighthouse on ${url}: ${lhr.runtimeError.message}`;
      throw TRACE_ERRORS.has(lhr.runtimeError.code) ? new TraceError(message) : new Error(message);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: lhr.categories.performance?.score ?? 0,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then fails to record a load's trace (NO_NAVSTART, NO_FCP…: "Please run Lighthouse again"); such
 * a run is repeated, at most twice, in a new profile. A page that never loads still fails the bench.
 */
async function onceRetried(url: string, cookies: Cookie[] | null): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(url, cookies);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TraceError)) throw error;
      console.warn(`lighthouse ${url}: ${error.message}; running it again`);
    }
  }
}

export async function lighthouseRuns(
  pages: readonly BenchPage[],
  cookies: Cookie[],
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
      runs.push(await onceRetried(`${BASE}${page.path}`, page.signedIn ? cookies : null));
    const of = (k: 'score' | 'tbt' | 'cls' | 'lcp' | 'fcp') => median(runs.map((r) => r[k]));
    const row = {
      page: page.path,
      score: of('score'),
      tbt: of('tbt'),
      cls: of('cls'),
      lcp: of('lcp'),
      fcp: of('fcp'),
      scores: runs.map((r) => r.score),
    };
    console.info(
      `lighthouse ${page.path}: performance ${row.score.toFixed(2)} (${row.scores.map((s) => s.toFixed(2)).join(', ')}), TBT ${row.tbt.toFixed(0)} ms, CLS ${row.cls.toFixed(3)}, LCP ${row.lcp.toFixed(0)} ms`,
    );
    rows.push(row);
  }
  return rows;
}
