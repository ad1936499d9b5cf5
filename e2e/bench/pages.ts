/**
 * Page loads in Chromium: cold cache, median of BENCH_RUNS, unthrottled and throttled, each next to a static floor
 * page with the same visible text served by the same server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type CDPSession, chromium } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium';
import { APP_ROOT, BASE, type BenchPage, median, RUNS, THROTTLE } from './common';

export type PageFigures = {
  fcp: number;
  lcp: number;
  /** When the page's own content (its `ready` selector) was first painted; the LCP for pages without one. */
  ready: number;
  jsKb: number;
  requests: number;
};
export type Row = {
  page: string;
  mode: 'unthrottled' | 'throttled';
  app: PageFigures;
  floor: PageFigures;
};

/**
 * Installed before the page's scripts: records when `selector` first matches a visible element — checked every
 * animation frame, so the time is that of the frame that paints it. A string, not a function: the bench runs
 * through tsx, whose name-keeping helper does not exist in the page.
 */
const watchReady = (selector: string) => `(() => {
  const frame = (now) => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (el && el.getBoundingClientRect().height > 0) window.__benchReady = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

async function measure(
  browser: Browser,
  storage: string | undefined,
  url: string,
  throttled: boolean,
  ready: string | undefined,
): Promise<PageFigures> {
  const context = await browser.newContext({ storageState: storage, locale: 'en-US' });
  const page = await context.newPage();
  if (ready) await page.addInitScript({ content: watchReady(ready) });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const types = new Map<string, string>();
  let jsBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    requests++;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) {
    await page.waitForFunction(() => ((window as { __benchReady?: number }).__benchReady ?? -1) > 0, null, {
      timeout: 30_000,
    });
  }
  await page.waitForTimeout(300);
  const figures = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number; ready: number | undefined }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const ready = (window as { __benchReady?: number }).__benchReady;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? fcp, ready });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp: fcp, ready }), 1000);
      }),
  );
  await context.close();
  return {
    fcp: figures.fcp,
    lcp: figures.lcp,
    ready: figures.ready ?? figures.lcp,
    jsKb: jsBytes / 1024,
    requests,
  };
}

async function medianOf(
  browser: Browser,
  storage: string | undefined,
  url: string,
  throttled: boolean,
  ready?: string,
): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, storage, url, throttled, ready));
  const of = (k: keyof PageFigures) => median(runs.map((r) => r[k]));
  return { fcp: of('fcp'), lcp: of('lcp'), ready: of('ready'), jsKb: of('jsKb'), requests: of('requests') };
}

/** A static HTML page with the same visible text, served by the same server: the floor a page could reach. */
async function writeFloor(browser: Browser, storage: string | undefined, page: BenchPage): Promise<string> {
  const context = await browser.newContext({ storageState: storage, locale: 'en-US' });
  const tab = await context.newPage();
  await tab.goto(`${BASE}${page.path}`, { waitUntil: 'networkidle' });
  if (page.ready) await tab.locator(page.ready).first().waitFor();
  const text = await tab.evaluate(() => document.body.innerText);
  await context.close();
  const name = `bench-floor-${page.path.replace(/\W+/g, '') || 'home'}.html`;
  const escaped = text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);
  fs.writeFileSync(
    path.join(APP_ROOT, 'shell', 'dist', name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title></head><body><main>${escaped}</main></body></html>`,
  );
  return name;
}

export async function pageLoads(pages: readonly BenchPage[], storage: string): Promise<Row[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const rows: Row[] = [];
  const floors: string[] = [];
  try {
    for (const page of pages) {
      const state = page.signedIn ? storage : undefined;
      const floor = await writeFloor(browser, state, page);
      floors.push(floor);
      for (const throttled of [false, true]) {
        const app = await medianOf(browser, state, `${BASE}${page.path}`, throttled, page.ready);
        const floorFigures = await medianOf(browser, undefined, `${BASE}/${floor}`, throttled);
        rows.push({
          page: page.path,
          mode: throttled ? 'throttled' : 'unthrottled',
          app,
          floor: floorFigures,
        });
        console.info(
          `${page.path} ${throttled ? 'throttled' : 'unthrottled'}: LCP ${app.lcp.toFixed(0)} ms, ready ${app.ready.toFixed(0)} ms (floor LCP ${floorFigures.lcp.toFixed(0)}), JS ${app.jsKb.toFixed(1)} KB, ${app.requests} requests`,
        );
      }
    }
  } finally {
    for (const f of floors) fs.rmSync(path.join(APP_ROOT, 'shell', 'dist', f), { force: true });
    await browser.close();
  }
  return rows;
}
