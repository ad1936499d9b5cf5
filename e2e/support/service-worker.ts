import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker (registered after the page's load, as in production) is active and controls
 * this page. A page whose request was already on its way while the worker activated stays its own (a worker claims
 * only the pages that exist then): it is loaded once more, and that load is the worker's.
 */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/**
 * Waits until the service worker has stored everything it is storing (the page just opened, its remote, the API
 * answers it showed): it answers `buergerfit:settle` once its background work is done (shell/public/sw.js).
 */
export async function serviceWorkerSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) {
          reject(new Error('no service worker controls this page'));
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        worker.postMessage({ type: 'buergerfit:settle' }, [channel.port2]);
      }),
  );
}

/** The paths (with their query) the service worker keeps in one of its caches, in the order they were stored. */
export async function storedPaths(page: Page, cache: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cache);
}
