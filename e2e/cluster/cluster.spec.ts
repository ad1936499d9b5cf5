import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import pg from 'pg';
import { repoRoot } from '../support/remotes-cli';
import { test } from '../support/test';
import { clusterInfo, type InstanceName } from './setup';

const run = promisify(execFile);
const info = clusterInfo();
test.skip(!info, process.env.BF_CLUSTER_SKIP ?? 'the cluster did not start');
const cluster = info as NonNullable<typeof info>;

/** Requests of this context go to one instance (nginx of this setup routes on the header). */
const pin = (ctx: BrowserContext, to: InstanceName) => ctx.setExtraHTTPHeaders({ 'x-bf-instance': to });
const on = (to: InstanceName) => ({ headers: { 'x-bf-instance': to } });

async function sql<R extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** One of the production CLIs (`node bff/dist/<name>.mjs`) with the instances' environment, as on their host. */
async function cli(name: string, args: string[], extra: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'bff/dist', `${name}.mjs`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...cluster.env, DATA_DIR: path.join(cluster.dir, 'cli'), ...extra },
    timeout: 120_000,
  });
  return stdout;
}

/** Signs in through the stand-in GitHub, as a new learner would: the provider's page, then back to the app. */
async function signIn(page: Page, login: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: /GitHub/ }).click();
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL((url) => url.origin === cluster.baseUrl && !url.pathname.startsWith('/auth/'));
  const me = await page.request.get('/api/user/me');
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: string }).id;
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

test('signed in through one instance, the learner is signed in on the other; production cookies and HSTS over TLS', async ({
  browser,
}) => {
  const ctx = await browser.newContext();
  await pin(ctx, 'a');
  const page = await ctx.newPage();
  const login = unique('roamer');
  const id = await signIn(page, login);

  const cookies = await ctx.cookies();
  const session = cookies.filter((c) => c.name.startsWith('__Host-'));
  expect(session.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['__Host-bf_at', '__Host-bf_rt']));
  for (const c of session) expect(c).toMatchObject({ secure: true, httpOnly: true, path: '/' });

  const onB = await page.request.get('/api/user/me', on('b'));
  expect(onB.status()).toBe(200);
  expect(onB.headers()['x-upstream']).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(await onB.json()).toMatchObject({ id, name: login, email: `${login}@users.cluster.test` });
  const onA = await page.request.get('/api/user/me', on('a'));
  expect(onA.headers()['x-upstream']).not.toBe(onB.headers()['x-upstream']);

  await pin(ctx, 'b');
  const res = await page.goto('/dashboard');
  expect(res?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu: ${login}` })).toBeVisible();
  await ctx.close();
});

test('a refresh token used again on the other instance ends the whole session', async ({ browser }) => {
  const ctx = await browser.newContext();
  await pin(ctx, 'a');
  const page = await ctx.newPage();
  const id = await signIn(page, unique('stolen'));
  const stolen = (await ctx.cookies()).find((c) => c.name === '__Host-bf_rt')?.value;
  expect(stolen).toBeTruthy();

  expect((await page.request.post('/auth/refresh', on('a'))).status()).toBe(204);
  // Past the grace period for two tabs refreshing at once, so presenting the old token is a reuse.
  await sql(
    "update refresh_tokens set revoked_at = now() - interval '1 minute' where user_id = $1 and replaced_by is not null",
    [id],
  );
  const thief = await playwrightRequest.newContext({
    baseURL: cluster.baseUrl,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { 'x-bf-instance': 'b', cookie: `__Host-bf_rt=${stolen}` },
  });
  expect((await thief.post('/auth/refresh')).status()).toBe(401);
  await thief.dispose();
  // The learner's own, newer token is revoked with the family, on either instance.
  expect((await page.request.post('/auth/refresh', on('a'))).status()).toBe(401);
  expect((await page.request.get('/api/user/me', on('b'))).status()).toBe(401);
  await ctx.close();
});

test('rate limits count across both instances', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, unique('reporter'));
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post('/api/en/questions/1/reports', {
      ...on(i % 2 ? 'b' : 'a'),
      data: { kind: 'translation', text: 'A typo' },
    });
    statuses.push(res.status());
  }
  // Five reports per learner in ten minutes, not five per instance.
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  await ctx.close();
});

test.describe('a team deploys mf-learn through the API', () => {
  const buildId = unique('cluster');
  let archive: Buffer;
  let token = '';
  let otherToken = '';
  let api: APIRequestContext;

  test.beforeAll(async () => {
    // What a team's CI does: build the remote, pack its dist/.
    const out = path.join(cluster.dir, 'mf-learn-build');
    await run('npm', ['run', 'build', '--workspace', 'mf-learn'], {
      cwd: repoRoot,
      env: { ...process.env, BUERGERFIT_DIST_DIR: out, PUBLIC_BUERGERFIT_BUILD_ID: buildId },
      timeout: 180_000,
    });
    const { stdout } = await run('tar', ['-czf', '-', '-C', out, '.'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    archive = stdout;
    token =
      (await cli('remotes', ['token', 'create', 'mf_learn', '--name', 'learn-team-ci'])).match(
        /bfd_\S+/,
      )?.[0] ?? '';
    otherToken =
      (await cli('remotes', ['token', 'create', 'mf_exam', '--name', 'exam-team-ci'])).match(
        /bfd_\S+/,
      )?.[0] ?? '';
    expect(token).toMatch(/^bfd_/);
    expect(otherToken).toMatch(/^bfd_/);
    api = await playwrightRequest.newContext({ baseURL: cluster.baseUrl, ignoreHTTPSErrors: true });
  });

  test.afterAll(async () => {
    await api?.dispose();
  });

  const deploy = (body: Buffer, auth?: string, query = '') =>
    api.post(`/api/admin/remotes/mf_learn/versions${query}`, {
      headers: { 'content-type': 'application/gzip', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      data: body,
    });

  /** The build of mf-learn a page load through `to` shows, once the live remote has replaced the server's page. */
  async function buildOnNextLoad(page: Page, to: InstanceName): Promise<string | null> {
    await pin(page.context(), to);
    await page.goto('/learn');
    await expect(page.locator('[data-bf-slot]:not([data-bf-live])')).toHaveCount(0);
    const root = page.locator('[data-remote="mf_learn"]');
    await expect(root).toHaveCount(1);
    return root.getAttribute('data-build-id');
  }

  test('no token 401, another remote’s token 403, a broken build 422 with its reason; the right token 201 reaches both instances at the next page load, and rollback brings the old build back', async ({
    browser,
  }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, unique('learner'));
    const before = await buildOnNextLoad(page, 'a');
    expect(before).not.toBe(buildId);
    expect(await buildOnNextLoad(page, 'b')).toBe(before);

    const none = await deploy(archive);
    expect(none.status()).toBe(401);
    expect(none.headers()['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await deploy(archive, otherToken);
    expect(wrong.status()).toBe(403);
    expect((await wrong.json()).error).toMatchObject({ code: 'wrong_remote' });

    // The same build without its remote entry: named by the manifest, missing from the archive.
    const broken = path.join(cluster.dir, 'mf-learn-broken');
    fs.cpSync(path.join(cluster.dir, 'mf-learn-build'), broken, { recursive: true });
    fs.rmSync(path.join(broken, 'remoteEntry.js'));
    const { stdout: brokenArchive } = await run('tar', ['-czf', '-', '-C', broken, '.'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const invalid = await deploy(brokenArchive, token);
    expect(invalid.status()).toBe(422);
    expect((await invalid.json()).error.message).toContain('remoteEntry.js');
    expect(await buildOnNextLoad(page, 'b')).toBe(before);

    const ok = await deploy(archive, token);
    expect(ok.status()).toBe(201);
    const deployed = (await ok.json()) as { version: string };
    expect(deployed.version).toBeTruthy();
    expect(await buildOnNextLoad(page, 'a')).toBe(buildId);
    expect(await buildOnNextLoad(page, 'b')).toBe(buildId);

    const back = await api.post('/api/admin/remotes/mf_learn/rollback', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(back.status()).toBe(200);
    expect(await buildOnNextLoad(page, 'b')).toBe(before);
    expect(await buildOnNextLoad(page, 'a')).toBe(before);
    await ctx.close();
  });

  test('a build whose server renderer crashes costs one render: both instances keep serving, the page renders in the browser', async ({
    browser,
  }) => {
    // The team's build with a renderer that kills its own process on every page (its browser code is the real one).
    const crashy = path.join(cluster.dir, 'mf-learn-crashy');
    fs.cpSync(path.join(cluster.dir, 'mf-learn-build'), crashy, { recursive: true });
    fs.renameSync(path.join(crashy, 'ssr', 'index.mjs'), path.join(crashy, 'ssr', 'real.mjs'));
    fs.writeFileSync(
      path.join(crashy, 'ssr', 'index.mjs'),
      "import real from './real.mjs';\nexport default { ...real, render() { process.kill(process.pid, 'SIGKILL'); } };\n",
    );
    const { stdout: crashyArchive } = await run('tar', ['-czf', '-', '-C', crashy, '.'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const res = await deploy(crashyArchive, token);
    expect(res.status()).toBe(201);
    const { version } = (await res.json()) as { version: string };
    try {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await signIn(page, unique('crash-viewer'));
      await pin(ctx, 'a');
      const first = await page.goto('/learn');
      expect(first?.status()).toBe(200);
      // Sent plain (not rendered on the server), then rendered by the build in the browser.
      expect(first?.headers()['x-buergerfit-prerender']).toBeUndefined();
      await expect(page.locator('[data-remote="mf_learn"]')).toHaveAttribute('data-build-id', buildId);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const failures = await sql<{ failures: number; last_reason: string }>(
        'select failures, last_reason from ssr_build_health where remote = $1 and version = $2',
        ['mf_learn', version],
      );
      expect(failures).toEqual([{ failures: 1, last_reason: 'crash: the renderer exited (SIGKILL)' }]);
      // Both instances answer on: their health, the API, and the same page.
      for (const to of ['a', 'b'] as const) {
        expect((await api.get('/healthz', on(to))).status(), to).toBe(200);
        expect((await api.get('/api/de/german-federal-states', on(to))).status(), to).toBe(200);
        await pin(ctx, to);
        expect((await page.goto('/learn'))?.status(), to).toBe(200);
        await expect(page.locator('[data-remote="mf_learn"]')).toHaveAttribute('data-build-id', buildId);
      }
      await ctx.close();
    } finally {
      const back = await api.post('/api/admin/remotes/mf_learn/rollback', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(back.status()).toBe(200);
    }
  });

  test('with a second variant at 50 %, every visitor keeps theirs whichever instance answers', async () => {
    const res = await deploy(archive, token, '?variant=b&weight=50');
    expect(res.status()).toBe(201);
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 16; i++) {
        const visitor = await playwrightRequest.newContext({
          baseURL: cluster.baseUrl,
          ignoreHTTPSErrors: true,
        });
        const variants: string[] = [];
        for (const to of ['a', 'b', 'a', 'b'] as const) {
          const registry = (await (await visitor.get('/api/remotes', on(to))).json()) as {
            remotes: { name: string; variant: string }[];
          };
          variants.push(registry.remotes.find((r) => r.name === 'mf_learn')?.variant ?? 'none');
        }
        await visitor.dispose();
        expect(new Set(variants).size, `visitor ${i}: ${variants.join(', ')}`).toBe(1);
        seen.add(variants[0] as string);
      }
      // Both variants were drawn (16 visitors at 50/50: all alike has a chance of 1 in 32,768).
      expect([...seen].sort()).toEqual(['b', 'default']);
    } finally {
      await cli('remotes', ['disable', 'mf_learn', 'b']);
    }
  });
});

test('a catalog import is seen by both instances within a second', async ({ request }) => {
  const original = path.resolve(repoRoot, '../shared/catalog/catalog.json');
  const catalog = JSON.parse(fs.readFileSync(original, 'utf8')) as {
    states: { code: string; name: string }[];
  };
  const berlin = catalog.states.find((s) => s.code === 'BE');
  expect(berlin).toBeTruthy();
  const renamed = `Berlin ${Date.now().toString(36)}`;
  (berlin as { name: string }).name = renamed;
  // Next to the catalog's pictures, which are named relative to the file.
  const folder = path.join(cluster.dir, 'catalog');
  fs.mkdirSync(folder, { recursive: true });
  for (const entry of fs.readdirSync(path.dirname(original))) {
    if (entry !== 'catalog.json')
      fs.symlinkSync(path.join(path.dirname(original), entry), path.join(folder, entry));
  }
  const edited = path.join(folder, 'catalog.json');
  fs.writeFileSync(edited, JSON.stringify(catalog));

  const stateNames = async (to: InstanceName) =>
    JSON.stringify(await (await request.get('/api/de/german-federal-states', on(to))).json());
  expect(await stateNames('a')).not.toContain(renamed);
  expect(await stateNames('b')).not.toContain(renamed);
  try {
    await cli('catalog-import', [edited]);
    // From the import's commit (the command has returned) until both answer with the new name.
    const committed = Date.now();
    const seenAt: Partial<Record<InstanceName, number>> = {};
    while ((!seenAt.a || !seenAt.b) && Date.now() - committed < 5_000) {
      for (const to of ['a', 'b'] as const) {
        if (!seenAt[to] && (await stateNames(to)).includes(renamed)) seenAt[to] = Date.now() - committed;
      }
    }
    test.info().annotations.push({
      type: 'seen after the import',
      description: `instance a ${seenAt.a} ms, instance b ${seenAt.b} ms`,
    });
    expect(seenAt.a, 'instance a').toBeDefined();
    expect(seenAt.b, 'instance b').toBeDefined();
    // The catalog version is re-read once a second; the rest is the request itself on a busy CI machine.
    expect(Math.max(seenAt.a ?? Infinity, seenAt.b ?? Infinity)).toBeLessThan(1_500);
  } finally {
    await cli('catalog-import', [original]);
  }
});

test('one instance killed in the middle of a load loses no acknowledged write', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, unique('survivor'));
  const ids = Array.from({ length: 240 }, (_, i) => i + 1);
  const acknowledged: number[] = [];
  const failed: number[] = [];
  const upstreams = new Set<string>();
  let killed = false;
  let next = 0;
  // Eight learners' worth of concurrent writes through the balancer; instance a dies after the first 40 answers.
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as number;
      const res = await page.request.post(`/api/en/user/bookmarks/${id}`).catch(() => null);
      if (res?.ok()) {
        acknowledged.push(id);
        upstreams.add(res.headers()['x-upstream'] ?? '');
      } else {
        expect(res?.status() ?? 502, `bookmark ${id}`).toBeGreaterThanOrEqual(500);
        failed.push(id);
      }
      if (!killed && acknowledged.length >= 40) {
        killed = true;
        process.kill(cluster.pids.a, 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  expect(killed).toBe(true);
  test.info().annotations.push({
    type: 'load',
    description: `${acknowledged.length} writes acknowledged, ${failed.length} answered 502 (in flight on the killed instance)`,
  });
  // Both instances took writes before the kill; most of the load was served after it.
  expect(upstreams.size).toBe(2);
  expect(acknowledged.length).toBeGreaterThan(ids.length - 16);

  const stored = await page.request.get('/api/en/user/bookmarks', on('b'));
  expect(stored.status()).toBe(200);
  const bookmarked = new Set(((await stored.json()) as { number: number }[]).map((q) => q.number));
  expect(acknowledged.filter((id) => !bookmarked.has(id))).toEqual([]);
  await ctx.close();
});
