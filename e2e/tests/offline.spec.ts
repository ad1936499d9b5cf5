import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium';
import { answers, progress, type Q } from '../support/learn';
import { remotesCli } from '../support/remotes-cli';
import { serviceWorkerSettled, storedPaths, underServiceWorker } from '../support/service-worker';
import { test } from '../support/test';
import { learnerAtFirstQuestion } from './helpers';

const main = (page: Page) => page.getByRole('main');
/** What the shell shows when a part of the app failed to load: never for a page opened once. */
const FAILED = 'This area could not be loaded';
/** What it shows, with no network, for a page this device never opened. */
const NOT_STORED = 'Not available offline';
/** The server's markup of a page, on screen until the live remote has rendered it. */
const serverMarkup = (page: Page) => page.locator('[data-bf-slot]:not([data-bf-live])');
/** The service worker's stores of this device's pages and API answers (shell/public/sw.js). */
const PAGES = 'bf-pages-v2';
const API = 'bf-api-v2';

test('offline: a cold start with no network runs learn mode and flashcards; the answers arrive once', async ({
  page,
  context,
}) => {
  // Online once; the service worker installs (shell + learn remote stored) and takes control.
  const questions = await learnerAtFirstQuestion(page, 'offline-e2e');
  const [q1, q2] = questions as [Q, Q];
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A page whose request was already on its way while the worker activated stays its own (the worker claims only
  // the pages that exist then): the next load is the worker's.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await expect(page.locator('[data-bf-slot]:not([data-bf-live])')).toHaveCount(0);
  }
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });

  // Cut the network and start again from nothing: the page comes from the service worker.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  // Really offline, for the worker too: an API call it never saw answered fails.
  expect(
    await page.evaluate(() =>
      fetch('/api/en/learn/progress?never-asked=1').then(
        (r) => `HTTP ${r.status}`,
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  await expect(page.getByText(`Question 1 of ${questions.length}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: q1.text })).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();

  const wrong = (q1.correct + 1) % 4;
  await answers(page).locator(`[data-answer="${wrong}"]`).click();
  await expect(answers(page).locator(`[data-answer="${wrong}"]`)).toHaveClass(/wrong/);
  await expect(answers(page).locator(`[data-answer="${q1.correct}"]`)).toHaveClass(/correct/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: q2.text })).toBeVisible();
  await answers(page).locator(`[data-answer="${q2.correct}"]`).click();
  await expect(page.getByText('Correct!')).toBeVisible();
  await expect(page.getByText(/You are offline.*\(2 answers? waiting\)/)).toBeVisible();

  // Flashcards, still offline (the mode's chunk comes from the cache too).
  await page.getByRole('link', { name: 'Flashcards' }).click();
  await page.getByRole('button', { name: 'Start session' }).click();
  const heading = page.locator('article h2');
  await expect(heading).toBeVisible();
  const front = await heading.textContent();
  const card = questions.find((q) => q.text === front) as Q;
  expect(card).toBeTruthy();
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: 'Good' }).click();
  await expect(page.getByText(/You are offline.*\(3 answers? waiting\)/)).toBeVisible();

  // The queue is on disk (IndexedDB): another offline start still has all three.
  await page.reload();
  await expect(page.getByText(/You are offline.*\(3 answers? waiting\)/)).toBeVisible();

  // Back online: everything arrives, each answer once.
  await context.setOffline(false);
  const expected = new Map<string, number>();
  for (const id of [q1.id, q2.id, card.id]) expected.set(id, (expected.get(id) ?? 0) + 1);
  await expect
    .poll(
      async () => {
        const p = await progress(page);
        return [...expected.keys()].map((id) => p[id]?.seen ?? 0);
      },
      { timeout: 20_000 },
    )
    .toEqual([...expected.values()]);
  await expect(page.getByText(/You are offline|Sending saved answers/)).toHaveCount(0);
  await page.waitForTimeout(1000);
  const after = await progress(page);
  for (const [id, n] of expected) expect(after[id]?.seen, id).toBe(n);
  expect(after[q1.id]).toMatchObject({ incorrect: 1 });
  expect(after[q2.id]?.correct).toBeGreaterThanOrEqual(1);
});

test.describe('offline: the pages a learner opened', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every page opened once opens again with no network, as it was; a page never opened says so; nothing is kept after sign-out', async ({
    page,
    context,
  }) => {
    const login = `offline-pages-${Date.now()}`;
    await page.goto(`/auth/local?login_hint=${login}&redirect=/dashboard`);
    const saved = await page.request.patch('/api/user/setting/german-federal-state', {
      data: { selected_state: 'BE' },
    });
    expect(saved.ok()).toBe(true);
    const [first] = (await (await page.request.get('/api/en/learn')).json()) as [Q];
    // Online once, under the service worker as in production (registered after the page's load).
    await page.goto('/');
    await underServiceWorker(page);
    /** Each page with what a learner reads on it. */
    const pages: [string, (page: Page) => Promise<void>][] = [
      [
        '/',
        async (p) => {
          await expect(
            main(p).getByRole('heading', { level: 1, name: 'Pass the German naturalisation test' }),
          ).toBeVisible();
          await expect(main(p).getByRole('link', { name: 'Start now' })).toBeVisible();
        },
      ],
      [
        '/demo',
        async (p) => {
          await expect(main(p).getByRole('heading', { level: 1, name: 'Demo test' })).toBeVisible();
          await expect(main(p).getByLabel('Federal state for the state questions')).toBeVisible();
        },
      ],
      [
        '/dashboard',
        async (p) => {
          await expect(main(p).getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
          await expect(main(p).getByText(`Welcome, ${login}!`)).toBeVisible();
        },
      ],
      [
        '/learn',
        async (p) => {
          await expect(main(p).getByText('Question 1 of 310')).toBeVisible();
          await expect(main(p).getByRole('heading', { name: first.text })).toBeVisible();
        },
      ],
    ];
    for (const [path, shows] of pages) {
      await page.goto(path);
      await shows(page);
      await serviceWorkerSettled(page);
    }

    await context.setOffline(true);
    // Really offline, for the worker too: an API call it never saw answered fails.
    expect(
      await page.evaluate(() =>
        fetch('/api/en/user/dashboard?never-asked=1').then(
          (r) => `HTTP ${r.status}`,
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    for (const [path, shows] of pages) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await shows(page);
      // The app hydrates the page, and its remote, in the version and variant the page names, comes from the device
      // too.
      await expect(serverMarkup(page)).toHaveCount(0);
      await shows(page);
      await expect(page.getByText(FAILED)).toHaveCount(0);
    }
    // A link to another part of the app opens that page as it was stored, with the data it showed.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByText(`Welcome, ${login}!`)).toBeVisible();
    await expect(page.getByText(FAILED)).toHaveCount(0);

    // A page never opened on this device: the app says it is not available offline, and loads it once back online.
    await page.goto('/profile-settings');
    await expect(main(page).getByRole('heading', { name: NOT_STORED })).toBeVisible();
    await expect(
      main(page).getByText('This page has not been opened on this device yet', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(FAILED)).toHaveCount(0);
    await context.setOffline(false);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: NOT_STORED })).toHaveCount(0);

    // Signing out leaves nothing of the learner's on the device: none of their pages, none of their answers.
    await serviceWorkerSettled(page);
    const theirs = [...(await storedPaths(page, PAGES)), ...(await storedPaths(page, API))];
    expect(theirs).toEqual(expect.arrayContaining(['/dashboard', '/learn', '/api/en/learn']));
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await serviceWorkerSettled(page);
    const kept = [...(await storedPaths(page, PAGES)), ...(await storedPaths(page, API))];
    expect(kept.filter((path) => theirs.includes(path))).toEqual([]);
    // Offline the dashboard is not theirs any more: it asks to sign in, as it would online.
    await context.setOffline(true);
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Log in to Bürgerfit' })).toBeVisible();
    await expect(page.getByText(login)).toHaveCount(0);
  });
});

test.describe('offline: A/B variants and deploys', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 300_000 });

  /** The folder of the build a variant of the landing's remote is served from now (`/remotes/mf_marketing/<version>/`). */
  async function buildOf(variant: string): Promise<string> {
    const variants: { remote: string; variant: string; manifestUrl: string }[] = JSON.parse(
      await remotesCli(['list', '--json']),
    );
    const url = variants.find((v) => v.remote === 'mf_marketing' && v.variant === variant)?.manifestUrl;
    if (!url) throw new Error(`no ${variant} variant of mf_marketing`);
    return url.replace('mf-manifest.json', '');
  }

  /** A new visitor on a phone who opens `pages` online, under the service worker. */
  async function visitor(browser: Browser, pages: string[]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(pages[0] ?? '/');
    await underServiceWorker(page);
    for (const address of pages) {
      await page.goto(address);
      await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
      await serviceWorkerSettled(page);
    }
    return { context, page };
  }

  /**
   * Offline: the landing opens, the app hydrates it, and the live remote is the build `build` of
   * variant `variant`, every file of it from the device.
   */
  async function landingOffline(page: Page, variant: string, build: string, buildId: string) {
    await page.context().setOffline(true);
    const fetched: string[] = [];
    const record = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/remotes/mf_marketing/')) fetched.push(pathname);
    };
    page.on('request', record);
    try {
      await page.goto('/');
      await main(page)
        .getByRole('heading', { level: 1, name: 'Pass the German naturalisation test' })
        .click();
      await expect(serverMarkup(page)).toHaveCount(0);
      await expect(
        main(page).locator(`[data-build-variant="${variant}"][data-build-id="${buildId}"]`),
      ).toHaveCount(1);
      await expect(page.getByText(FAILED)).toHaveCount(0);
      expect(fetched.length).toBeGreaterThan(0);
      expect(fetched.filter((file) => !file.startsWith(build))).toEqual([]);
    } finally {
      page.off('request', record);
      await page.context().setOffline(false);
    }
  }

  test('offline, the landing opens in the variant and build its visitor was given; a deploy seen online replaces the stored build', async ({
    browser,
  }) => {
    const run = Date.now();
    const defaultBuild = await buildOf('default');
    // Anna has the default variant (and a second page of it); then variant B takes every new visitor.
    const anna = await visitor(browser, ['/', '/about']);
    const annasBuildId = await main(anna.page)
      .locator('[data-build-variant="default"]')
      .getAttribute('data-build-id');
    expect(annasBuildId).toBeTruthy();
    await remotesCli(['deploy', 'mf_marketing', '--variant', 'b', '--weight', '100'], {
      PUBLIC_BUERGERFIT_VARIANT: 'b',
      PUBLIC_BUERGERFIT_BUILD_ID: `offline-b-${run}`,
    });
    await remotesCli(['weight', 'mf_marketing', 'default', '0']);
    try {
      const bBuild = await buildOf('b');
      const ben = await visitor(browser, ['/']);
      await expect(main(ben.page).locator(`[data-build-id="offline-b-${run}"]`)).toHaveCount(1);
      await landingOffline(ben.page, 'b', bBuild, `offline-b-${run}`);
      await landingOffline(anna.page, 'default', defaultBuild, annasBuildId ?? '');
      await ben.context.close();

      // A new build of the default variant: Anna's next page online is the new one, and her device keeps it alone.
      const deployedId = `offline-deployed-${run}`;
      await remotesCli(['deploy', 'mf_marketing'], { PUBLIC_BUERGERFIT_BUILD_ID: deployedId });
      const deployedBuild = await buildOf('default');
      expect(deployedBuild).not.toBe(defaultBuild);
      const { page } = anna;
      await page.goto('/');
      await expect(main(page).locator(`[data-build-id="${deployedId}"]`)).toHaveCount(1);
      await serviceWorkerSettled(page);
      const stored = (await storedPaths(page, 'bf-remotes-v2')).filter((file) =>
        file.startsWith('/remotes/mf_marketing/'),
      );
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.filter((file) => !file.startsWith(deployedBuild))).toEqual([]);
      // The other page she opened before the deploy was fetched again with it.
      const about = await page.evaluate(async () =>
        (await (await caches.open('bf-pages-v2')).match('/about', { ignoreVary: true }))?.text(),
      );
      expect(about).toContain(`data-build-id="${deployedId}"`);
      await landingOffline(page, 'default', deployedBuild, deployedId);
      await anna.context.close();
    } finally {
      await remotesCli(['disable', 'mf_marketing', 'b']);
      await remotesCli(['weight', 'mf_marketing', 'default', '100']);
    }
  });
});

test.describe('installable', () => {
  /** A PNG's size, from its header (IHDR: width and height at bytes 16 and 20). */
  const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

  test('every page the app sends links its web app manifest and theme colours; Chromium can install the app', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/auth/local?login_hint=installer-${Date.now()}&redirect=/dashboard`);
    await page.request.patch('/api/user/setting/german-federal-state', { data: { selected_state: 'BE' } });
    // Prerendered (/), rendered on the server for the learner (/learn, /dashboard), the plain shell page (a page the
    // app renders in the browser, the service worker's /index.html, the not-found page).
    const sent: Record<string, string | undefined> = {};
    for (const address of [
      '/',
      '/learn',
      '/dashboard',
      '/profile-settings',
      '/index.html',
      '/no-such-page',
    ]) {
      const res = await page.request.get(address);
      sent[address] = res.headers()['x-buergerfit-prerender'];
      const html = await res.text();
      expect(html, address).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html, address).toContain(
        '<meta name="theme-color" content="#14532d" media="(prefers-color-scheme: light)">',
      );
      expect(html, address).toContain(
        '<meta name="theme-color" content="#1c1917" media="(prefers-color-scheme: dark)">',
      );
    }
    expect(sent).toMatchObject({ '/': 'mf_marketing', '/learn': 'mf_learn', '/dashboard': 'mf_dashboard' });
    expect(sent['/index.html']).toBeUndefined();

    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers()['cache-control']).toBe('public, max-age=3600');
    const app = await manifest.json();
    expect(app).toMatchObject({
      name: 'Bürgerfit',
      short_name: 'Bürgerfit',
      start_url: '/start',
      scope: '/',
      display: 'standalone',
      theme_color: '#14532d',
      background_color: '#fafaf9',
    });
    expect(app.description).toContain('Einbürgerungstest');
    const icons = app.icons as { src: string; sizes: string; type: string; purpose: string }[];
    const pngs = icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const res = await page.request.get(icon.src);
      expect(res.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await res.body()), icon.src).toBe(icon.sizes);
    }

    // Chromium's own verdict, in a profile of its own (an incognito context is never offered an install).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-install-'));
    const installing = await chromium.launchPersistentContext(profile, { ...chromiumLaunch, baseURL });
    try {
      const tab = installing.pages()[0] ?? (await installing.newPage());
      await tab.goto('/');
      const cdp = await installing.newCDPSession(tab);
      const read = await cdp.send('Page.getAppManifest');
      expect(read.url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(read.errors).toEqual([]);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await installing.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
