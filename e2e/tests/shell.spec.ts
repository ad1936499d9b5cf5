import { type Browser, expect, type Page } from '@playwright/test';
import { remotesCli } from '../support/remotes-cli';
import { test } from '../support/test';
import { holdScripts } from './helpers';

/** Records which remote manifests and which react-dom copies a page load fetched. */
function watch(page: Page) {
  const manifests: string[] = [];
  const reactDomCopies: string[] = [];
  page.on('response', async (res) => {
    const url = res.url();
    if (url.endsWith('/mf-manifest.json')) manifests.push(new URL(url).pathname);
    if (url.endsWith('.js') && res.ok()) {
      const body = await res.text().catch(() => '');
      // Only react-dom carries the devtools hook; a second copy in the browser would be a second chunk with it.
      if (body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__')) reactDomCopies.push(new URL(url).pathname);
    }
  });
  return { manifests, reactDomCopies };
}

async function signIn(page: Page, name: string) {
  await page.goto(`/auth/local?login_hint=${name}&redirect=/dashboard`);
  await page.request.patch('/api/user/setting/german-federal-state', { data: { selected_state: 'BE' } });
}

const main = (page: Page) => page.getByRole('main');

/** The manifest URL the registry's default variant of `remote` points at now. */
async function defaultManifestUrl(remote: string): Promise<string | undefined> {
  const variants: { remote: string; variant: string; manifestUrl: string }[] = JSON.parse(
    await remotesCli(['list', '--json']),
  );
  return variants.find((v) => v.remote === remote && v.variant === 'default')?.manifestUrl;
}
/**
 * The server's prerendered markup of a public page (shown until the live remote has rendered): waiting for it to be
 * gone means the page now shows the remote the shell loaded at runtime.
 */
const liveRemoteOnly = (page: Page) => page.locator('[data-bf-slot]:not([data-bf-live])');

test.describe('the shell composes the remotes at runtime', () => {
  test('every route renders its remote, from manifests fetched at runtime, with a single React', async ({
    page,
  }) => {
    const seen = watch(page);
    const publicRoutes: [string, string][] = [
      ['/', 'mf_marketing'],
      ['/knowledge/einburgerungstest', 'mf_marketing'],
      ['/privacy-policy', 'mf_marketing'],
      ['/terms-of-service', 'mf_marketing'],
      ['/about', 'mf_marketing'],
      ['/demo', 'mf_exam'],
      ['/login', 'mf_account'],
    ];
    /** Opens `path` with the manifests seen so far forgotten. */
    const visit = async (path: string) => {
      seen.manifests.length = 0;
      await page.goto(path);
    };
    /** No remote failed on `path`, and the page loaded `remote`'s manifest. */
    const expectLoaded = async (path: string, remote: string) => {
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
      expect(
        seen.manifests.some((m) => m.startsWith(`/remotes/${remote}/`)),
        `${path} loads ${remote}`,
      ).toBe(true);
    };
    for (const [path, remote] of publicRoutes) {
      await visit(path);
      const h1 = main(page).getByRole('heading', { level: 1 }).first();
      await expect(h1).toBeVisible();
      // A public page is complete as the server sends it; its app hydrates it after the first paint.
      await expect(liveRemoteOnly(page)).toHaveCount(0);
      await expectLoaded(path, remote);
    }
    // /start sends a guest to the demo.
    await page.goto('/start');
    await expect(page).toHaveURL(/\/demo$/);

    await signIn(page, 'routes');
    const protectedRoutes: [string, string][] = [
      ['/welcome', 'mf_account'],
      ['/dashboard', 'mf_dashboard'],
      ['/learn', 'mf_learn'],
      ['/profile-settings', 'mf_account'],
    ];
    for (const [path, remote] of protectedRoutes) {
      await visit(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const h1 = main(page).getByRole('heading', { level: 1 }).first();
      await expect(h1).toBeVisible();
      await expect(liveRemoteOnly(page)).toHaveCount(0);
      await expectLoaded(path, remote);
    }
    // An onboarded user's /start goes to the dashboard.
    await page.goto('/start');
    await expect(page).toHaveURL(/\/dashboard$/);
    await main(page).getByRole('heading', { level: 1 }).first().click();
    await expect(liveRemoteOnly(page)).toHaveCount(0);
    // One react-dom in the browser across all those page loads: always the shell's shared copy.
    expect(new Set(seen.reactDomCopies).size).toBe(1);
    const shared = await page.evaluate(() => {
      const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, unknown> } })
        .__FEDERATION__?.__SHARE__;
      const loaded: string[] = [];
      for (const scopes of Object.values(share ?? {}) as Record<
        string,
        Record<string, Record<string, { loaded?: boolean; from?: string }>>
      >[]) {
        for (const pkgs of Object.values(scopes)) {
          for (const [pkg, versions] of Object.entries(pkgs)) {
            for (const [version, info] of Object.entries(versions)) {
              if (info.loaded && ['react', 'react-dom', '@buergerfit/ui'].includes(pkg))
                loaded.push(`${pkg}@${version} from ${info.from}`);
            }
          }
        }
      }
      return [...new Set(loaded)];
    });
    expect(shared.filter((s) => s.startsWith('react-dom@'))).toHaveLength(1);
    expect(shared.filter((s) => s.startsWith('react@'))).toHaveLength(1);
    // The UI package (tokens, base classes, components, the toast list) is one module too: the shell's.
    expect(shared.filter((s) => s.startsWith('@buergerfit/ui@'))).toEqual([
      expect.stringMatching(/ from shell$/),
    ]);
  });

  test('the language choice changes shell and remote texts and persists; the browser language is the default', async ({
    browser,
  }) => {
    const german = await browser.newContext({ locale: 'de-DE' });
    const page = await german.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const banner = page.getByRole('banner');
    const germanLogin = await banner.getByRole('link', { name: /anmelden/i }).textContent();
    const germanHeading = await main(page).getByRole('heading', { level: 1 }).first().textContent();
    await banner.getByLabel(/sprache/i).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 1 }).first()).not.toHaveText(germanHeading ?? '');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
    await banner.getByLabel('Language').selectOption('hr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
    await expect(banner.getByRole('link', { name: germanLogin ?? '' })).toHaveCount(0);
    await german.close();

    const unknown = await browser.newContext({ locale: 'ja-JP' });
    const other = await unknown.newPage();
    await other.goto('/');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await unknown.close();
  });

  test('a route change starts at the top of the new page', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await footer.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    // The landing stays on screen while the about page loads (a transition); then it shows from the top.
    await expect(main(page).getByRole('heading', { level: 1, name: 'About Bürgerfit' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a protected route while signed out ends on /login and returns there after sign-in', async ({
    page,
  }) => {
    await page.goto('/learn?topic=history');
    await expect(page).toHaveURL(/\/login\?redirect=%2Flearn%3Ftopic%3Dhistory$/);
    await page.goto('/auth/local?login_hint=returner&redirect=%2Flearn%3Ftopic%3Dhistory');
    // A new account is onboarded first; a returning one goes straight back.
    await page.request.patch('/api/user/settings', { data: { onboarded: true } });
    await page.context().clearCookies();
    await page.goto('/learn?topic=history');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.goto('/auth/local?login_hint=returner&redirect=%2Flearn%3Ftopic%3Dhistory');
    await expect(page).toHaveURL(/\/learn\?topic=history$/);
  });

  test('the page brings the registry and the session: no round trips for them, no refresh for a guest', async ({
    page,
  }) => {
    /** The paths a page load requested (the app loads nothing from other origins). */
    const requests: string[] = [];
    page.on('request', (req) => requests.push(new URL(req.url()).pathname));
    const firstRound = (paths: string[]) =>
      paths.filter((p) => p === '/api/remotes' || p === '/api/user/me' || p === '/auth/refresh');

    // A guest on the demo: the page the server made is hydrated (the exam remote's too) without any of the three.
    await page.goto('/demo');
    const heading = main(page).getByRole('heading', { level: 1, name: 'Demo test' });
    await expect(heading).toBeVisible();
    await expect(liveRemoteOnly(page)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(firstRound(requests)).toEqual([]);
    const manifests = requests.filter((p) => /^\/remotes\/mf_exam\/[^/]+\/mf-manifest\.json$/.test(p));
    // Fetched once, by the federation runtime.
    expect(manifests).toHaveLength(1);

    // Signed in, on a new device: learn shows its first question, again without them.
    await signIn(page, 'boot-learner');
    await page.evaluate(() => localStorage.clear());
    requests.length = 0;
    await page.goto('/learn');
    await expect(main(page).locator('article h2[lang="de"]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(firstRound(requests)).toEqual([]);
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  });
});

test.describe('runtime registry: A/B variants, deployment, failure isolation', () => {
  test.describe.configure({ timeout: 240_000 });

  async function marketingVariantOf(browser: Browser, context?: Awaited<ReturnType<Browser['newContext']>>) {
    const ctx = context ?? (await browser.newContext());
    const page = await ctx.newPage();
    const seen = watch(page);
    await page.goto('/');
    const h1 = main(page).getByRole('heading', { level: 1 }).first();
    await expect(h1).toBeVisible();
    await expect(liveRemoteOnly(page)).toHaveCount(0);
    const variant = await page.locator('[data-build-variant]').first().getAttribute('data-build-variant');
    await page.close();
    return { ctx, variant, manifests: seen.manifests };
  }

  test('variant B at 100% reaches fresh visitors, 50/50 is sticky, existing visitors keep theirs', async ({
    browser,
  }) => {
    const existing = await marketingVariantOf(browser);
    expect(existing.variant).toBe('default');
    await remotesCli(['deploy', 'mf_marketing', '--variant', 'b', '--weight', '100'], {
      PUBLIC_BUERGERFIT_VARIANT: 'b',
    });
    await remotesCli(['weight', 'mf_marketing', 'default', '0']);
    try {
      const fresh = await marketingVariantOf(browser);
      expect(fresh.variant).toBe('b');
      expect(fresh.manifests.some((m) => m.startsWith('/remotes/mf_marketing/'))).toBe(true);
      expect((await marketingVariantOf(browser, existing.ctx)).variant).toBe('default');
      // The landing's goal (its start button) counts as variant B's conversion, also when it is tapped before any
      // script ran: the server counted the exposure when it sent the page, and the browser pings the conversion as
      // it follows the link.
      const converting = await fresh.ctx.newPage();
      await holdScripts(converting, /\.js(\?|$)/);
      await converting.goto('/');
      await expect(converting.locator('#root[data-bf-live]')).toHaveCount(0);
      const ping = converting.waitForRequest((r) => r.url().includes('/api/remotes/conversions/ping?'));
      await main(converting).getByRole('link', { name: 'Start now' }).click();
      await expect(converting).toHaveURL(/\/demo$/);
      expect(new URL((await ping).url()).search).toBe('?remote=mf_marketing&event=start_clicked');
      await expect
        .poll(
          async () => {
            const rows: { remote: string; variant: string; conversions: number }[] = JSON.parse(
              await remotesCli(['report', '--json']),
            );
            return rows.find((r) => r.remote === 'mf_marketing' && r.variant === 'b')?.conversions;
          },
          { timeout: 60_000 },
        )
        .toBe(1);
      await fresh.ctx.close();

      await remotesCli(['weight', 'mf_marketing', 'default', '100']);
      const seenVariants = new Set<string | null>();
      for (let i = 0; i < 6; i++) {
        const visitor = await marketingVariantOf(browser);
        seenVariants.add(visitor.variant);
        // Reloads: the variant of the page the server sends this visitor (the live remote was checked above).
        for (let reload = 0; reload < 2; reload++) {
          const html = await (await visitor.ctx.request.get('/')).text();
          expect(html.match(/data-build-variant="([^"]+)"/)?.[1]).toBe(visitor.variant);
        }
        await visitor.ctx.close();
      }
      expect([...seenVariants].every((v) => v === 'default' || v === 'b')).toBe(true);
      const report = await remotesCli(['report']);
      expect(report).toMatch(/mf_marketing.*'b'/);
    } finally {
      await remotesCli(['disable', 'mf_marketing', 'b']);
      await remotesCli(['weight', 'mf_marketing', 'default', '100']);
      await existing.ctx.close();
    }
  });

  test('deploying a new mf-learn while the app runs changes what the next page load gets', async ({
    page,
  }) => {
    await signIn(page, 'deployer');
    const before = watch(page);
    await page.goto('/learn');
    await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The page the server rendered shows before the remote runs: wait for the live one.
    await expect(liveRemoteOnly(page)).toHaveCount(0);
    const oldManifest = before.manifests.find((m) => m.startsWith('/remotes/mf_learn/'));
    expect(oldManifest).toBeTruthy();

    // The shell's page names its hashed scripts: the same before and after means the shell was not rebuilt.
    // (A prerendered page names them in its inline starter's data-scripts.)
    const shellScripts = async () =>
      [
        ...(await (await page.request.get('/')).text()).matchAll(
          /<script[^>]*(?:src|data-scripts)="([^"]+)"/g,
        ),
      ]
        .flatMap((m) => (m[1] ?? '').split(' '))
        .filter((src) => src.startsWith('/static/'));
    const shellBefore = await shellScripts();
    expect(shellBefore.length).toBeGreaterThan(0);
    const serverBefore = await (await page.request.get('/healthz')).json();

    const buildId = `e2e-${Date.now()}`;
    const out = await remotesCli(['deploy', 'mf_learn'], { PUBLIC_BUERGERFIT_BUILD_ID: buildId });
    expect(out).toMatch(/Deployed mf_learn\/default version/);
    expect(await shellScripts()).toEqual(shellBefore);
    expect(await (await page.request.get('/healthz')).json()).toEqual(serverBefore);

    const after = watch(page);
    await page.reload();
    await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(liveRemoteOnly(page)).toHaveCount(0);
    const newManifest = after.manifests.find((m) => m.startsWith('/remotes/mf_learn/'));
    expect(newManifest).toBeTruthy();
    expect(newManifest).not.toBe(oldManifest);
    await expect(page.locator(`[data-build-id="${buildId}"]`)).toHaveCount(1);
  });

  test("a remote's files unreachable while the app runs: only its route shows the fallback, and retry recovers once they are back", async ({
    browser,
  }) => {
    // The files fail to arrive (the BFF would copy a deleted build back from its store, so the browser loses them).
    const ctx = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const examFiles = '**/remotes/mf_exam/**';
    await ctx.route(examFiles, (route) => route.abort('connectionfailed'));
    try {
      const page = await ctx.newPage();
      await page.goto('/demo');
      // The server may still render the start screen (with its renderer loaded): the app starts at the first key.
      await page.keyboard.press('Shift');
      const fallback = page.getByTestId('remote-error');
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('banner')).toBeVisible();
      // Every other remote still works, in the same page.
      await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/demo$/);
      await expect(page.getByTestId('remote-error')).toBeVisible();
      // The files are back: "Try again" loads the exam without a reload.
      await ctx.unroute(examFiles);
      await page.getByTestId('remote-error').getByRole('button').click();
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
      await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
    } finally {
      await ctx.close();
    }
  });

  test('a remote at a dead URL shows the localized fallback on its route only; the demo link still works', async ({
    browser,
  }) => {
    const current = await defaultManifestUrl('mf_marketing');
    expect(current).toBeTruthy();
    await remotesCli(['set', 'mf_marketing', 'default', 'http://127.0.0.1:65531/mf-manifest.json']);
    const ctx = await browser.newContext({ locale: 'de-DE' });
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      const fallback = page.getByTestId('remote-error');
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      await expect(fallback).toContainText('Dieser Bereich konnte nicht geladen werden');
      await expect(fallback.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Demo' }).click();
      await expect(page).toHaveURL(/\/demo$/);
      await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
    } finally {
      await ctx.close();
      await remotesCli(['set', 'mf_marketing', 'default', current ?? '']);
      await remotesCli(['unpin', 'mf_marketing']);
    }
  });
});
