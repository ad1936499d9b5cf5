/**
 * `npm run bench`: page-load figures in Chromium (cold cache, median of 7, unthrottled and throttled) next to a
 * static floor page with the same visible text, and API throughput with autocannon next to a bare Koa route.
 * Writes bench/results/<stamp>.{md,json} (and latest.*), prints whether each budget holds, exits 1 if one fails.
 * BENCH_RUNS, BENCH_API_SECONDS and BENCH_CONNECTIONS shorten a local run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium } from '@playwright/test';
import autocannon from 'autocannon';
import Koa from 'koa';
import { chromiumLaunch } from '../playwright.config';
import { repoRoot } from '../support/remotes-cli';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 8400);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { jsKbHome: 180, throttledLcpHomeMs: 2500, lcpVsFloor: 1.5 };
// About 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, 4x slower CPU ("Fast 3G"-like, Lighthouse mobile).
const THROTTLE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type PageFigures = { fcp: number; lcp: number; jsKb: number; requests: number };
type Row = { page: string; mode: 'unthrottled' | 'throttled'; app: PageFigures; floor: PageFigures };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function startServer(): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-'));
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the app did not start');
}

async function measure(context: BrowserContext, url: string, throttled: boolean): Promise<PageFigures> {
  const page = await context.newPage();
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
  await page.waitForTimeout(300);
  const { fcp, lcp } = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? fcp });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp: fcp }), 1000);
      }),
  );
  await page.close();
  return { fcp, lcp, jsKb: jsBytes / 1024, requests };
}

async function medianOf(
  browser: Browser,
  storage: string | undefined,
  url: string,
  throttled: boolean,
): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ storageState: storage, locale: 'en-US' });
    runs.push(await measure(context, url, throttled));
    await context.close();
  }
  return {
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    jsKb: median(runs.map((r) => r.jsKb)),
    requests: median(runs.map((r) => r.requests)),
  };
}

/** A static HTML page with the same visible text, served by the same server: the floor a page could reach. */
async function writeFloor(browser: Browser, storage: string | undefined, pagePath: string): Promise<string> {
  const context = await browser.newContext({ storageState: storage, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${BASE}${pagePath}`, { waitUntil: 'networkidle' });
  const text = await page.evaluate(() => document.body.innerText);
  await context.close();
  const name = `bench-floor-${pagePath.replace(/\W+/g, '') || 'home'}.html`;
  const escaped = text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);
  fs.writeFileSync(
    path.join(repoRoot, 'shell', 'dist', name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title></head><body><main>${escaped}</main></body></html>`,
  );
  return name;
}

async function pageLoads(): Promise<Row[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const login = await browser.newContext();
  const p = await login.newPage();
  await p.goto(`${BASE}/auth/local?login_hint=bench&redirect=/dashboard`);
  await p.request.patch(`${BASE}/api/user/setting/german-federal-state`, { data: { selected_state: 'BE' } });
  const storage = path.join(os.tmpdir(), `bf-bench-state-${process.pid}.json`);
  await login.storageState({ path: storage });
  await login.close();
  const rows: Row[] = [];
  const floors: string[] = [];
  try {
    for (const [pagePath, signedIn] of [
      ['/', false],
      ['/demo', false],
      ['/learn', true],
    ] as const) {
      const state = signedIn ? storage : undefined;
      const floor = await writeFloor(browser, state, pagePath);
      floors.push(floor);
      for (const throttled of [false, true]) {
        const app = await medianOf(browser, state, `${BASE}${pagePath}`, throttled);
        const floorFigures = await medianOf(browser, undefined, `${BASE}/${floor}`, throttled);
        rows.push({
          page: pagePath,
          mode: throttled ? 'throttled' : 'unthrottled',
          app,
          floor: floorFigures,
        });
        console.info(
          `${pagePath} ${throttled ? 'throttled' : 'unthrottled'}: LCP ${app.lcp.toFixed(0)} ms (floor ${floorFigures.lcp.toFixed(0)}), JS ${app.jsKb.toFixed(1)} KB`,
        );
      }
    }
  } finally {
    for (const f of floors) fs.rmSync(path.join(repoRoot, 'shell', 'dist', f), { force: true });
    await browser.close();
  }
  return rows;
}

type ApiRow = { name: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

async function cannon(name: string, opts: autocannon.Options): Promise<ApiRow> {
  const result = await autocannon({ connections: CONNECTIONS, duration: API_SECONDS, ...opts });
  const row = {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  console.info(
    `${name}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`,
  );
  return row;
}

async function api(): Promise<{ rows: ApiRow[]; checks: Record<string, boolean> }> {
  const signIn = await fetch(`${BASE}/auth/local?login_hint=bench-api&redirect=/`, { redirect: 'manual' });
  // Follow the code flow by hand to collect the session cookies.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  keep(signIn);
  let location = signIn.headers.get('location');
  for (let i = 0; i < 5 && location; i++) {
    const url = new URL(location, BASE);
    const ours = url.origin === BASE;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: ours ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
    });
    if (ours) keep(res);
    location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (ours && location && !new URL(location, BASE).pathname.startsWith('/auth/')) break;
  }
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  // Compression and ETags on GETs.
  const checks: Record<string, boolean> = {};
  for (const p of ['/api/en/learn', '/api/en/german-federal-states', '/api/en/user/dashboard']) {
    const first = await fetch(`${BASE}${p}`, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
    const tag = first.headers.get('etag');
    const again = await fetch(`${BASE}${p}`, {
      headers: { cookie, 'if-none-match': tag ?? '', 'cache-control': 'max-age=0' },
    });
    checks[`${p} compressed`] =
      (first.headers.get('content-encoding') ?? '') !== '' ||
      Number(first.headers.get('content-length') ?? 0) < 1024;
    checks[`${p} ETag → 304`] = Boolean(tag) && again.status === 304;
  }

  const hello = new Koa();
  hello.use((ctx) => {
    ctx.body = 'hello';
  });
  const server = http.createServer(hello.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const helloPort = (server.address() as { port: number }).port;
  const rows: ApiRow[] = [];
  try {
    rows.push(await cannon('bare Koa "hello" (ceiling)', { url: `http://127.0.0.1:${helloPort}/` }));
    rows.push(
      await cannon('GET /api/en/german-federal-states', { url: `${BASE}/api/en/german-federal-states` }),
    );
    rows.push(
      await cannon('GET /api/en/learn', {
        url: `${BASE}/api/en/learn`,
        headers: { cookie, 'accept-encoding': 'br' },
      }),
    );
    rows.push(
      await cannon('POST /api/en/learn-mode', {
        url: `${BASE}/api/en/learn-mode`,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ question_id: 12, is_correct: true }),
      }),
    );
    rows.push(
      await cannon('GET /api/en/user/dashboard', {
        url: `${BASE}/api/en/user/dashboard`,
        headers: { cookie },
      }),
    );
  } finally {
    server.close();
  }
  return { rows, checks };
}

const child = await startServer();
let failed = false;
try {
  const pages = await pageLoads();
  const { rows: apiRows, checks } = await api();
  const home = (mode: Row['mode']) => pages.find((r) => r.page === '/' && r.mode === mode) as Row;
  const budgets = [
    {
      name: `JS for / ≤ ${BUDGET.jsKbHome} KB compressed`,
      value: `${home('unthrottled').app.jsKb.toFixed(1)} KB`,
      ok: home('unthrottled').app.jsKb <= BUDGET.jsKbHome,
    },
    {
      name: `throttled LCP of / ≤ ${BUDGET.throttledLcpHomeMs} ms`,
      value: `${home('throttled').app.lcp.toFixed(0)} ms`,
      ok: home('throttled').app.lcp <= BUDGET.throttledLcpHomeMs,
    },
    {
      name: `unthrottled LCP of / ≤ ${BUDGET.lcpVsFloor}× the floor`,
      value: `${home('unthrottled').app.lcp.toFixed(0)} ms vs ${home('unthrottled').floor.lcp.toFixed(0)} ms (${(home('unthrottled').app.lcp / Math.max(1, home('unthrottled').floor.lcp)).toFixed(2)}×)`,
      ok: home('unthrottled').app.lcp <= BUDGET.lcpVsFloor * Math.max(1, home('unthrottled').floor.lcp),
    },
    ...Object.entries(checks).map(([name, ok]) => ({ name, value: ok ? 'yes' : 'no', ok })),
    ...apiRows.map((r) => ({
      name: `${r.name}: no errors`,
      value: `${r.errors} errors, ${r.non2xx} non-2xx`,
      ok: r.errors === 0 && r.non2xx === 0,
    })),
  ];
  failed = budgets.some((b) => !b.ok);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const md = [
    `# Bürgerfit benchmark ${new Date().toISOString()}`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${RUNS} runs per figure (median), cold cache; API ${CONNECTIONS} connections × ${API_SECONDS} s on loopback.`,
    '',
    '## Page load (app vs static floor with the same text)',
    '',
    '| page | network | FCP ms | LCP ms | JS KB (compressed) | requests | floor FCP | floor LCP | floor requests |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...pages.map(
      (r) =>
        `| ${r.page} | ${r.mode} | ${r.app.fcp.toFixed(0)} | ${r.app.lcp.toFixed(0)} | ${r.app.jsKb.toFixed(1)} | ${r.app.requests} | ${r.floor.fcp.toFixed(0)} | ${r.floor.lcp.toFixed(0)} | ${r.floor.requests} |`,
    ),
    '',
    '## API',
    '',
    '| endpoint | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...apiRows.map(
      (r) => `| ${r.name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    ),
    '',
    '## Budgets',
    '',
    ...budgets.map((b) => `- ${b.ok ? 'PASS' : 'FAIL'} ${b.name}: ${b.value}`),
    '',
  ].join('\n');
  const dir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const json = JSON.stringify(
    { at: new Date().toISOString(), runs: RUNS, pages, api: apiRows, budgets },
    null,
    2,
  );
  for (const name of [stamp, 'latest']) {
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
    fs.writeFileSync(path.join(dir, `${name}.json`), `${json}\n`);
  }
  console.info(`\n${md}`);
} finally {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}
process.exit(failed ? 1 : 0);
