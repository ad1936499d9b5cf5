/**
 * `npm run trace:page -- /demo [--out trace.md] [--json trace.json]`: the modules of the project a page load passes
 * through, on the server and in the browser, how often control enters each, the lines they hold and the concepts
 * named in them (issue 31). Markdown to stdout and to `--out`; every function run and every entry to `--json`.
 * Other options: `--port` (8450) and `--inspect-port` (9450 and up) if those are taken; `--tap <selector> --effect
 * <selector>` for a page other than `/demo` and `/`; `--verbose`. About half a minute; deterministic.
 *
 * - Server: the BFF from its sources (as `npm start` runs it, after building any frontend older than its sources, as
 *   `npm start` does), on its own port and a fresh data folder (embedded database), with Node's inspector in it and
 *   in each sandboxed server renderer it starts (trace-preload.mjs). Two warm-up requests of the page, then one
 *   traced request as a new guest, from the request to 300 ms after its answer.
 * - Browser: Chromium at 390 px (a touch phone), the page from its response to the first interaction's effect
 *   (Start on /demo: the first question), tapped once the page is loaded and the network quiet. One visit to find the
 *   scripts, then the traced visit, each a new visitor.
 * - In every process: V8's precise coverage (functions run, calls), and a breakpoint at the start of each function of
 *   the project's modules that never pauses: its condition keeps the call stack. From each stack, the entry into the
 *   module it is in: the call site in the nearest other module of the project below, or "(outside)" (the event loop,
 *   Koa, React); libraries between are passed through. A module's entries are its distinct ones (call site →
 *   function), each counted once however often taken; returns are the entries beyond a module's first; "calls in"
 *   counts every call into a module from another one or from outside, repeats included.
 * - Bundles are mapped back to source files through source maps. The production builds have none, so each frontend
 *   whose code ran is built once more with source maps into a temporary folder (cached while its dist/ is the
 *   same), and each script that ran is paired with its twin there (the same code, only file hashes differ).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium';
import {
  addCoverage,
  conceptsIn,
  countEntries,
  crossesIn,
  customElementDefinitions,
  decodeMappings,
  type Edge,
  entryEdge,
  entryOffsets,
  lineColumn,
  lineStarts,
  type ModuleCalls,
  type Place,
  parseStack,
  type ScriptCoverage,
  type StackFrame,
  segmentAt,
} from './trace';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');

// Node 20 has WebSocket (for the inspectors) behind a flag: run again with it.
if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined') {
  const run = spawnSync(
    process.execPath,
    ['--experimental-websocket', '--no-warnings', ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const PAGE = args.find((a, i) => a.startsWith('/') && !args[i - 1]?.startsWith('--')) ?? '/demo';
const OUT = option('--out');
const JSON_OUT = option('--json');
const VERBOSE = args.includes('--verbose');
const PORT = Number(option('--port') ?? 8450);
const INSPECT_PORT = Number(option('--inspect-port') ?? 9450);
const BASE = `http://127.0.0.1:${PORT}`;
/** After the answer, how long trailing work of the request (logging, outcome writes) may still run in the window. */
const SETTLE_MS = 300;
/** Where the breakpoints' conditions keep the stacks, in each process and page. */
const TRACE_KEY = "Symbol.for('bf-trace')";
/** A breakpoint's condition: keep the stack (as an error: written out only when taken, after the window), go on. */
const CONDITION = `(() => { const limit = Error.stackTraceLimit; Error.stackTraceLimit = 200; (globalThis[${TRACE_KEY}] ??= []).push(new Error()); Error.stackTraceLimit = limit; return false; })()`;

/** The first interaction per page: what is tapped and what shows its effect (as bench/interaction.ts taps). */
const TAPS: Record<string, { what: string; target: string; effect: string }> = {
  '/demo': { what: 'Start', target: 'main form button[type="submit"]', effect: 'main article p[lang="de"]' },
  '/': {
    what: 'the first FAQ item',
    target: '#faq button[aria-controls]',
    effect: '#faq section[aria-labelledby]',
  },
};
const tapOption = option('--tap');
const tap = tapOption
  ? { what: tapOption, target: tapOption, effect: option('--effect') ?? 'body' }
  : TAPS[PAGE];

const progress = (line: string) => process.stderr.write(`trace: ${line}\n`);

// ---------------------------------------------------------------------------------------------------------------
// The inspector protocol: over a WebSocket for a Node process (the BFF, a renderer), Playwright's for the page.

type Cdp = {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  on(event: string, listener: (params: never) => void): void;
  close(): void;
};
type WebSocketLike = {
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  onclose: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
};

async function connect(port: number): Promise<Cdp> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const Socket = (globalThis as unknown as { WebSocket: new (url: string) => WebSocketLike }).WebSocket;
  const ws = new Socket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`inspector on port ${port} refused`));
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, ((params: never) => void)[]>();
  let nextId = 1;
  let closed = false;
  ws.onclose = () => {
    closed = true;
    for (const p of pending.values()) p.reject(new Error(`the process on inspector port ${port} ended`));
    pending.clear();
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: never;
      result?: unknown;
      error?: { message: string };
    };
    if (message.method) for (const l of listeners.get(message.method) ?? []) l(message.params as never);
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${message.error.message}`));
    else waiting.resolve(message.result);
  };
  return {
    send<T>(method: string, params: object = {}) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        if (closed) return reject(new Error(`the process on inspector port ${port} ended`));
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        ws.send(JSON.stringify({ id, method, params }));
      });
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    close: () => ws.close(),
  };
}

async function pageCdp(context: BrowserContext, page: Page): Promise<Cdp> {
  const session = await context.newCDPSession(page);
  return {
    send: <T>(method: string, params?: object) =>
      session.send(method as never, params as never) as Promise<T>,
    on: (event, listener) => session.on(event as never, listener as never),
    close: () => void session.detach().catch(() => undefined),
  };
}

/** A script V8 parsed, as the debugger told (lines and columns of an inline script are the page's). */
type Parsed = { scriptId: string; url: string; startLine: number; startColumn: number; endLine: number };

/** Scripts as they are parsed (the debugger also reports those parsed before it was enabled). */
function collectScripts(cdp: Cdp): Map<string, Parsed> {
  const scripts = new Map<string, Parsed>();
  cdp.on('Debugger.scriptParsed', (p: Parsed) => scripts.set(p.scriptId, p));
  return scripts;
}

const sourceOf = async (cdp: Cdp, scriptId: string) =>
  (await cdp.send<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId })).scriptSource;

/** Offsets in a script's source ↔ the debugger's locations (the page's lines and columns for an inline script). */
function positions(script: Parsed, source: string) {
  const starts = lineStarts(source);
  return {
    toLocation(offset: number) {
      const { line, column } = lineColumn(starts, offset);
      return {
        lineNumber: script.startLine + line,
        columnNumber: line === 0 ? script.startColumn + column : column,
      };
    },
    toOffset(lineNumber: number, columnNumber: number) {
      const line = lineNumber - script.startLine;
      return (starts[line] ?? 0) + (line === 0 ? columnNumber - script.startColumn : columnNumber);
    },
    lastLocation() {
      return this.toLocation(source.length);
    },
  };
}

/**
 * Where to break at the start of each of the project's functions in a script: the function's first breakable
 * location of its own (as the debugger lists them), as page coordinates. Only functions of the project's modules.
 */
async function entryLocations(
  cdp: Cdp,
  script: Parsed,
  source: string,
  coverage: ScriptCoverage,
  locate: Locator,
) {
  const pos = positions(script, source);
  const functions = coverage.functions.map((f) => f.ranges[0] ?? { startOffset: 0, endOffset: 0 });
  const ours = functions.map((r) => locate.atOffset(r.startOffset) !== null);
  if (!ours.some(Boolean)) return [];
  // The debugger lists at most 1000 locations at a time.
  const locations: { lineNumber: number; columnNumber: number }[] = [];
  for (let from = pos.toLocation(0); ; ) {
    const page = await cdp.send<{ locations: { lineNumber: number; columnNumber: number }[] }>(
      'Debugger.getPossibleBreakpoints',
      {
        start: { scriptId: script.scriptId, ...from },
        end: { scriptId: script.scriptId, ...pos.lastLocation() },
      },
    );
    locations.push(...page.locations);
    const last = page.locations.at(-1);
    if (page.locations.length < 1000 || !last) break;
    from = { lineNumber: last.lineNumber, columnNumber: last.columnNumber + 1 };
  }
  const offsets = entryOffsets(
    functions.map((r) => ({ start: r.startOffset, end: r.endOffset })),
    locations.map((l) => pos.toOffset(l.lineNumber, l.columnNumber)),
  );
  return offsets
    .filter((o, i): o is number => o !== undefined && (ours[i] as boolean))
    .map((o) => pos.toLocation(o));
}

/** The stacks the breakpoints kept in a process or page (and a fresh list for the next ones). */
async function takeStacks(cdp: Cdp): Promise<string[]> {
  const { result } = await cdp.send<{ result: { value?: string } }>('Runtime.evaluate', {
    expression: `(() => { const s = globalThis[${TRACE_KEY}] ?? []; globalThis[${TRACE_KEY}] = []; return JSON.stringify(s.map((e) => e.stack)); })()`,
    returnByValue: true,
  });
  return JSON.parse(result.value ?? '[]') as string[];
}

// ---------------------------------------------------------------------------------------------------------------
// One traced JavaScript context (the BFF, a renderer, the page): what ran, and the stacks its breakpoints kept.

type Traced = {
  label: string;
  coverage: ScriptCoverage[];
  stacks: string[];
  breakpoints: number;
  locatorOf(scriptId: string): Locator;
  placeOfFrame(frame: StackFrame): Place;
};

/** Precise coverage with call counts (per function: a block-level one and sampling crash Chromium together). */
async function startCoverage(cdp: Cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
}
const takeCoverage = async (cdp: Cdp) =>
  (await cdp.send<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage')).result;

// ---------------------------------------------------------------------------------------------------------------
// The server.

type Renderer = { port: number; build: string; entry: string };

async function startBff(dataDir: string, log: string): Promise<ChildProcess> {
  const output = fs.openSync(path.join(dataDir, 'bff.log'), 'a');
  const child = spawn(
    process.execPath,
    [
      `--inspect=127.0.0.1:${INSPECT_PORT}`,
      '--import',
      'tsx',
      '--import',
      path.join(here, 'trace-preload.mjs'),
      'src/server.ts',
    ],
    {
      cwd: path.join(ROOT, 'bff'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE,
        LOG_LEVEL: 'warn',
        // The deadline after which a page is sent without its server render: the breakpoints slow the render down,
        // which must not change the path the page takes.
        SSR_TIMEOUT_MS: '10000',
        BF_TRACE_LOG: log,
        BF_TRACE_INSPECT_PORT: String(INSPECT_PORT + 1),
      },
      stdio: ['ignore', output, output],
      detached: true,
    },
  );
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null)
      throw new Error(`the BFF exited (${child.exitCode}): see ${dataDir}/bff.log`);
    const ok = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the BFF did not start');
}

async function stopBff(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    setTimeout(resolve, 15_000).unref();
  });
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
}

/** Whether a page came with its content rendered on the server: markup in its `<main>`. */
const serverRendered = (html: string) => /<main\b[^>]*>\s*<(?!\/main)/.test(html);

/** A document request as a new visitor (no cookie) in English. */
const requestPage = () =>
  fetch(`${BASE}${PAGE}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9', 'user-agent': 'bf-trace' },
  }).then(async (r) => ({ status: r.status, html: await r.text() }));

/** `shell` for the shell's frame renderer (shell/dist/ssr), the remote's name for a published build. */
const buildName = (build: string) =>
  (build.startsWith(ROOT) ? path.relative(ROOT, build) : (build.split('/remotes/')[1] ?? build)).split(
    '/',
  )[0] ?? build;

/** A Node process of the server, inspected: the BFF or a renderer. */
async function nodeContext(label: string, cdp: Cdp, loc: Locators, build?: string) {
  const scripts = collectScripts(cdp);
  await cdp.send('Debugger.enable');
  await startCoverage(cdp);
  const locators = new Map<string, Locator>();
  const byUrl = new Map<string, Locator>();
  const locate = async (script: Parsed): Promise<Locator> => {
    const known = locators.get(script.scriptId);
    if (known) return known;
    const { url } = script;
    let found: Locator;
    if (url === 'file:///sandbox/runner.mjs') found = constant('bff/src/remotes/ssr-sandbox.mjs');
    else if (url.startsWith('file:///build/') && build) {
      found = loc.forCode(
        await sourceOf(cdp, script.scriptId),
        `${buildName(build)} ssr/${path.basename(url)}`,
      );
    } else found = byFileUrl(url);
    locators.set(script.scriptId, found);
    byUrl.set(url, found);
    return found;
  };
  let breakpoints = 0;
  return {
    /** Breakpoints at the start of every function of the project's modules loaded so far. */
    async arm() {
      for (const script of await takeCoverage(cdp)) {
        const parsed = scripts.get(script.scriptId);
        if (!parsed) continue;
        const locator = await locate(parsed);
        if (locator === NOWHERE) continue;
        const source = await sourceOf(cdp, script.scriptId);
        const locations = await entryLocations(cdp, parsed, source, script, locator);
        let failed = '';
        for (const location of locations) {
          await cdp
            .send('Debugger.setBreakpoint', {
              location: { scriptId: script.scriptId, ...location },
              condition: CONDITION,
            })
            .then(
              () => breakpoints++,
              (e: Error) => {
                failed = e.message;
              },
            );
        }
        if (VERBOSE) {
          progress(
            `${label} ${parsed.url}: ${script.functions.length} functions, ${locations.length} breakpoints ${failed}`,
          );
        }
      }
    },
    /** Counters and kept stacks from zero: the window starts. */
    async reset() {
      await takeCoverage(cdp);
      await takeStacks(cdp);
    },
    async take(): Promise<Traced> {
      const coverage = await takeCoverage(cdp);
      const stacks = await takeStacks(cdp);
      for (const script of coverage) {
        const parsed = scripts.get(script.scriptId);
        if (parsed) await locate(parsed);
      }
      await cdp.send('Debugger.disable');
      cdp.close();
      return {
        label,
        coverage,
        stacks,
        breakpoints,
        locatorOf: (id) => locators.get(id) ?? NOWHERE,
        placeOfFrame: (f) => (byUrl.get(f.url) ?? byFileUrl(f.url)).place(f.line, f.column),
      };
    },
  };
}

const byFileUrl = (url: string): Locator =>
  url.startsWith('file://') ? constant(projectPath(fileURLToPath(url.split('?')[0] as string))) : NOWHERE;

async function traceServer(log: string, loc: Locators) {
  const contexts = [await nodeContext('BFF', await connect(INSPECT_PORT), loc)];
  const warm = await requestPage();
  progress(`warm-up ${PAGE}: ${warm.status}`);
  const renderers = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Renderer);
  for (const r of renderers) {
    contexts.push(
      await nodeContext(`renderer of ${buildName(r.build)}`, await connect(r.port), loc, r.build),
    );
  }
  // The renderers were started before the inspector came (at the BFF's start): their code is loaded, but ran before
  // their coverage began; one more warm-up request lets `arm` see their functions too.
  await requestPage();
  for (const c of contexts) await c.arm();
  for (const c of contexts) await c.reset();
  const traced = await requestPage();
  if (serverRendered(warm.html) && !serverRendered(traced.html)) {
    throw new Error('the traced answer was not server-rendered, the warm-up was: see the BFF log');
  }
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const traces: Traced[] = [];
  for (const c of contexts) traces.push(await c.take());
  return { traces, ...traced };
}

// ---------------------------------------------------------------------------------------------------------------
// The browser.

type Breakpoint = { url: string; lineNumber: number; columnNumber: number };

/**
 * One visit of the page as a new visitor, to the first interaction's effect. With `breakpoints` (the first visit's
 * `found`), traced.
 */
async function visit(loc: Locators, breakpoints: Breakpoint[] | null) {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const cdp = await pageCdp(context, page);
    const scripts = collectScripts(cdp);
    await cdp.send('Debugger.enable');
    for (const bp of breakpoints ?? []) {
      await cdp.send('Debugger.setBreakpointByUrl', { ...bp, condition: CONDITION }).catch(() => undefined);
    }
    await startCoverage(cdp);
    await page.goto(`${BASE}${PAGE}`, { waitUntil: 'load' });
    await quiet(page);
    if (tap) {
      await page.locator(tap.target).first().tap();
      await page.locator(tap.effect).first().waitFor({ state: 'visible' });
      await quiet(page);
    }
    const coverage = await takeCoverage(cdp);
    const stacks = breakpoints ? await takeStacks(cdp) : [];
    const locators = new Map<string, Locator>();
    const found: Breakpoint[] = [];
    for (const script of coverage) {
      const parsed = scripts.get(script.scriptId);
      if (!parsed) continue;
      const source = await sourceOf(cdp, script.scriptId);
      const locator = browserLocator(parsed, source, loc);
      locators.set(script.scriptId, locator);
      if (breakpoints || locator === NOWHERE) continue;
      const locations = await entryLocations(cdp, parsed, source, script, locator);
      if (VERBOSE)
        progress(`page ${parsed.url}: ${script.functions.length} functions, ${locations.length} breakpoints`);
      for (const l of locations) found.push({ url: parsed.url, ...l });
    }
    const placeOfFrame = (f: StackFrame) => {
      const script = [...scripts.values()].find(
        (s) => s.url === f.url && s.startLine <= f.line && f.line <= s.endLine,
      );
      if (!script) return null;
      const line = f.line - script.startLine;
      const column = line === 0 ? f.column - script.startColumn : f.column;
      return (locators.get(script.scriptId) ?? NOWHERE).place(line, column);
    };
    const traced: Traced = {
      label: 'page',
      coverage,
      stacks,
      breakpoints: breakpoints?.length ?? 0,
      locatorOf: (id) => locators.get(id) ?? NOWHERE,
      placeOfFrame,
    };
    return { traced, found, version: browser.version() };
  } finally {
    await browser.close();
  }
}

/** Where a script of the page is from: the shell's public scripts put inline, a build's file, or not the project. */
function browserLocator(script: Parsed, source: string, loc: Locators): Locator {
  const pageUrl = `${BASE}${PAGE}`;
  if (script.url === pageUrl)
    return constant(inlineScripts().get(source.trim()) ?? 'inline script of the page');
  if (script.url.startsWith(`${BASE}/`)) return loc.forCode(source, new URL(script.url).pathname);
  return NOWHERE;
}

/** Waits until the page has had no request under way for half a second. */
async function quiet(page: Page, ms = 500) {
  let open = 0;
  let last = Date.now();
  const up = () => {
    open++;
    last = Date.now();
  };
  const down = () => {
    open = Math.max(0, open - 1);
    last = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    await page.waitForLoadState('networkidle');
    while (open > 0 || Date.now() - last < ms) await page.waitForTimeout(50);
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// From scripts to source files: the frontends' builds again, with source maps.

const FRONTENDS = ['shell', ...fs.readdirSync(ROOT).filter((d) => d.startsWith('mf-'))].filter((ws) =>
  fs.existsSync(path.join(ROOT, ws, 'rsbuild.config.ts')),
);

/**
 * The frontends whose build is older than their sources, by the rule `npm start` (scripts/start.mjs) builds them by:
 * the trace measures the code of the checkout, so they are built first, as `npm start` would.
 */
function staleFrontends(): string[] {
  const shared = ['shell/platform/src', 'ui/src', 'contract/src', 'locales', 'package-lock.json'];
  const newest = (p: string): number => {
    if (!fs.existsSync(p)) return 0;
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    let max = 0;
    for (const e of fs.readdirSync(p, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      max = Math.max(max, newest(path.join(p, e.name)));
    }
    return max;
  };
  return FRONTENDS.filter((ws) => {
    const marker = path.join(ROOT, ws, 'dist', ws === 'shell' ? 'index.html' : 'mf-manifest.json');
    if (!fs.existsSync(marker)) return true;
    const sources = Math.max(
      ...['src', 'public', 'rsbuild.config.ts'].map((p) => newest(path.join(ROOT, ws, p))),
      ...shared.map((p) => newest(path.join(ROOT, p))),
    );
    return sources > fs.statSync(marker).mtimeMs;
  });
}

/** A build's script, keyed so that its twin built with source maps has the same key (file hashes masked). */
const keyOf = (code: string) =>
  crypto
    .createHash('sha1')
    .update(code.replace(/\n?\/\/# sourceMappingURL=[^\n]*\n?$/, '').replace(/[0-9a-f]{10}/g, '~'))
    .digest('hex');

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.m?js$/.test(f))
    .map((f) => path.join(dir, f));
}

/** The production builds' scripts: key → frontend. */
function productionIndex(): Map<string, { ws: string; file: string }> {
  const index = new Map<string, { ws: string; file: string }>();
  for (const ws of FRONTENDS) {
    for (const file of jsFiles(path.join(ROOT, ws, 'dist')))
      index.set(keyOf(fs.readFileSync(file, 'utf8')), { ws, file });
  }
  return index;
}

/**
 * `ws` built again with source maps (JavaScript only) into a temporary folder: its browser build in `web/`, its server
 * renderer in `ssr/`. Cached while the production build's file list is the same.
 */
function buildWithMaps(ws: string): string {
  const dist = path.join(ROOT, ws, 'dist');
  const stamp = crypto
    .createHash('sha1')
    .update(
      jsFiles(dist)
        .map((f) => `${path.relative(dist, f)}:${fs.statSync(f).size}`)
        .sort()
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 12);
  const cache = path.join(os.tmpdir(), 'bf-trace-maps');
  const out = path.join(cache, `${ws}-${stamp}`);
  if (fs.existsSync(path.join(out, 'done'))) return out;
  // Older builds of the same frontend are of no use any more.
  for (const old of fs.existsSync(cache) ? fs.readdirSync(cache) : []) {
    if (old.startsWith(`${ws}-`)) fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  }
  fs.mkdirSync(out, { recursive: true });
  const config = path.join(out, 'rsbuild.trace.config.ts');
  fs.writeFileSync(
    config,
    `// Written by e2e/bench/trace-page.ts: ${ws}'s build, with source maps, into this folder.
import base from ${JSON.stringify(path.join(ROOT, ws, 'rsbuild.config.ts'))};
type Config = { output?: { distPath?: object }; environments?: Record<string, { output?: { distPath?: object } }> };
export default async (params: unknown) => {
  const cfg = (typeof base === 'function' ? await (base as (p: unknown) => unknown)(params) : base) as Config;
  cfg.output = { ...cfg.output, sourceMap: { js: 'source-map', css: false }, distPath: { ...cfg.output?.distPath, root: ${JSON.stringify(path.join(out, 'web'))} } } as Config['output'];
  const ssr = cfg.environments?.ssr;
  if (ssr) ssr.output = { ...ssr.output, distPath: { ...ssr.output?.distPath, root: ${JSON.stringify(path.join(out, 'ssr'))} } };
  return cfg;
};
`,
  );
  progress(`building ${ws} with source maps into ${out}`);
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/rsbuild'), ['build', '-c', config], {
    cwd: path.join(ROOT, ws),
    env: { ...process.env, BUERGERFIT_DIST_DIR: path.join(out, 'web') },
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`building ${ws} with source maps failed:\n${run.stdout}\n${run.stderr}`);
  fs.writeFileSync(path.join(out, 'done'), '');
  return out;
}

type Mapped = { sources: (string | null)[]; lines: ReturnType<typeof decodeMappings> };

/** The scripts of `ws` built with maps: key → their decoded map, sources as project paths (null: not ours). */
function mappedIndex(ws: string): Map<string, () => Mapped> {
  const out = buildWithMaps(ws);
  const index = new Map<string, () => Mapped>();
  for (const file of [...jsFiles(path.join(out, 'web')), ...jsFiles(path.join(out, 'ssr'))]) {
    if (!fs.existsSync(`${file}.map`)) continue;
    let decoded: Mapped | null = null;
    index.set(keyOf(fs.readFileSync(file, 'utf8')), () => {
      if (decoded) return decoded;
      const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as {
        sources: string[];
        sourceRoot?: string;
        mappings: string;
      };
      const sources = map.sources.map((s) => {
        if (s.startsWith('webpack://')) {
          const rest = s.replace(/^webpack:\/\/[^/]*\//, '');
          return rest.startsWith('.') ? projectPath(path.resolve(ROOT, ws, rest)) : null;
        }
        return projectPath(path.resolve(path.dirname(file), map.sourceRoot ?? '', s));
      });
      decoded = { sources, lines: decodeMappings(map.mappings) };
      return decoded;
    });
  }
  return index;
}

/** A file of the project (repository-relative), or null for one outside it or in node_modules. */
function projectPath(file: string): string | null {
  const clean = file.split('?')[0] as string;
  const rel = path.relative(ROOT, clean);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep).includes('node_modules'))
    return null;
  // A bundler's generated module (the federation runtime's inline code) is named like a file that is not there.
  return fs.existsSync(clean) ? rel : null;
}

/** Where each position of one script is: a module of the project, or null. */
/**
 * Where each position of one script is in the project: a module and its line (from a frame's 0-based line and
 * column in the script), or the module at an offset; null outside the project.
 */
type Locator = { place(line: number, column: number): Place; atOffset(offset: number): string | null };

function locators(productions: ReturnType<typeof productionIndex>) {
  const mapped = new Map<string, Map<string, () => Mapped>>();
  const unpaired = new Set<string>();
  const forCode = (code: string, label: string): Locator => {
    const key = keyOf(code);
    const built = productions.get(key);
    const ws = built?.ws;
    if (ws) {
      if (!mapped.has(ws)) mapped.set(ws, mappedIndex(ws));
      const twin = mapped.get(ws)?.get(key);
      if (twin) {
        const starts = lineStarts(code);
        const place = (line: number, column: number): Place => {
          const m = twin();
          const seg = segmentAt(m.lines, line, column);
          const module = seg && seg.source >= 0 ? m.sources[seg.source] : null;
          return module && seg ? { module, line: seg.line + 1 } : null;
        };
        return {
          place,
          atOffset: (o) => {
            const { line, column } = lineColumn(starts, o);
            return place(line, column)?.module ?? null;
          },
        };
      }
    }
    // A build's file without a map (a chunk of texts only) is named as the build's file, a stranger by `label`.
    const name = built
      ? `${path.relative(ROOT, built.file)} (no source map)`
      : `${label} (not from a build here)`;
    unpaired.add(name);
    return constant(name);
  };
  return { forCode, unpaired };
}
type Locators = ReturnType<typeof locators>;
/** A script that is one module (a source file run as it is, or a build's file without a map). */
const constant = (module: string | null): Locator => ({
  place: (line) => (module ? { module, line: line + 1 } : null),
  atOffset: () => module,
});
/** Not the project's: a library, Node, the browser. */
const NOWHERE = constant(null);

/** The project's public scripts the page puts inline (theme.js, after-paint.js), by their text. */
let inline: Map<string, string> | null = null;
function inlineScripts(): Map<string, string> {
  const dir = path.join(ROOT, 'shell', 'public');
  inline ??= new Map(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [fs.readFileSync(path.join(dir, f), 'utf8').trim(), `shell/public/${f}`] as const),
  );
  return inline;
}

// ---------------------------------------------------------------------------------------------------------------
// Putting it together.

type SideResult = {
  calls: Map<string | null, ModuleCalls>;
  entries: Map<string, number>;
  /** Every call into a module from another one or from outside, repeats included. */
  callsIn: Map<string, number>;
  edges: Edge[];
  where: Map<string, Set<string>>;
  breakpoints: number;
  stacks: number;
  notes: string[];
};

/** Coverage and entries of one side (the server's processes, or the page), per module of the project. */
function side(traces: Traced[], unpaired: Set<string>): SideResult {
  const calls = new Map<string | null, ModuleCalls>();
  const where = new Map<string, Set<string>>();
  const edges: Edge[] = [];
  const callsIn = new Map<string, number>();
  for (const t of traces) {
    const own = new Map<string | null, ModuleCalls>();
    for (const script of t.coverage)
      addCoverage(own, script, (o) => t.locatorOf(script.scriptId).atOffset(o));
    for (const [m, c] of own) {
      const sum = calls.get(m) ?? { functions: 0, calls: 0, byName: {} };
      const byName = { ...sum.byName };
      for (const [name, n] of Object.entries(c.byName)) byName[name] = (byName[name] ?? 0) + n;
      calls.set(m, { functions: sum.functions + c.functions, calls: sum.calls + c.calls, byName });
      if (m) where.set(m, (where.get(m) ?? new Set<string>()).add(t.label));
    }
    for (const stack of t.stacks) {
      const frames = parseStack(stack);
      const edge = entryEdge(frames, t.placeOfFrame);
      if (edge) edges.push(edge);
      if (edge && crossesIn(frames, t.placeOfFrame))
        callsIn.set(edge.module, (callsIn.get(edge.module) ?? 0) + 1);
    }
  }
  const entries = countEntries(edges);
  const ran = [...calls.keys()].filter((m): m is string => m !== null);
  const unseen = ran.filter((m) => !entries.has(m));
  return {
    calls,
    entries,
    callsIn,
    edges,
    where,
    breakpoints: traces.reduce((s, t) => s + t.breakpoints, 0),
    stacks: traces.reduce((s, t) => s + t.stacks.length, 0),
    notes: [
      ...[...unpaired].map((u) => `${u}: counted as one module.`),
      ...(unseen.length > 0
        ? [`Ran but no breakpoint hit (counted as one entry): ${unseen.join(', ')}.`]
        : []),
    ],
  };
}

/** A source file's lines (0 for a build's file, counted as a module when it has no source map). */
const linesOf = (module: string) => {
  const file = path.join(ROOT, module);
  if (!fs.existsSync(file) || module.includes('/dist/')) return 0;
  const text = fs.readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

type Totals = {
  modules: number;
  entries: number;
  returns: number;
  lines: number;
  functions: number;
  calls: number;
  callsIn: number;
};

function table(result: SideResult, withProcess: boolean): { md: string; totals: Totals; modules: string[] } {
  const modules = [...result.calls.keys()].filter((m): m is string => m !== null).sort();
  const rows = modules.map((m) => {
    const c = result.calls.get(m) as ModuleCalls;
    const entries = Math.max(result.entries.get(m) ?? 0, 1);
    return { m, ...c, entries, callsIn: Math.max(result.callsIn.get(m) ?? 0, 1), lines: linesOf(m) };
  });
  rows.sort((a, b) => b.entries - a.entries || b.calls - a.calls || a.m.localeCompare(b.m));
  const head = withProcess
    ? '| Module | Process | Lines | Functions run | Calls | Calls in | Entries |\n|---|---|--:|--:|--:|--:|--:|'
    : '| Module | Lines | Functions run | Calls | Calls in | Entries |\n|---|--:|--:|--:|--:|--:|';
  const body = rows.map((r) =>
    withProcess
      ? `| ${r.m} | ${[...(result.where.get(r.m) ?? [])].join(', ')} | ${r.lines} | ${r.functions} | ${r.calls} | ${r.callsIn} | ${r.entries} |`
      : `| ${r.m} | ${r.lines} | ${r.functions} | ${r.calls} | ${r.callsIn} | ${r.entries} |`,
  );
  const entries = rows.reduce((s, r) => s + r.entries, 0);
  const other = result.calls.get(null) ?? { functions: 0, calls: 0, byName: {} };
  const totals: Totals = {
    modules: rows.length,
    entries,
    returns: entries - rows.length,
    lines: rows.reduce((s, r) => s + r.lines, 0),
    functions: rows.reduce((s, r) => s + r.functions, 0),
    calls: rows.reduce((s, r) => s + r.calls, 0),
    callsIn: rows.reduce((s, r) => s + r.callsIn, 0),
  };
  const byModule = new Map<string, Set<string>>();
  for (const e of result.edges)
    byModule.set(e.module, (byModule.get(e.module) ?? new Set()).add(`${e.from} → ${e.to}`));
  const md = [
    head,
    ...body,
    '',
    `**${totals.modules} modules, ${totals.lines} lines; ${totals.entries} entries, so ${totals.returns} returns**; ` +
      `${totals.functions} functions run, ${totals.calls} calls, ${totals.callsIn} of them into a module from another or from outside. ` +
      `Outside the project (libraries, runtime): ${other.functions} functions, ${other.calls} calls. ` +
      `${result.breakpoints} breakpoints, ${result.stacks} stacks kept.`,
    ...result.notes.map((n) => `\n${n}`),
    '',
    '<details><summary>Every entry (call site → function)</summary>',
    '',
    ...rows.map((r) => `- ${r.m}: ${[...(byModule.get(r.m) ?? [])].join('; ') || '(none seen)'}`),
    '',
    '</details>',
  ].join('\n');
  return { md, totals, modules };
}

/** A module's folder, at most three levels deep (bff/src/web, shell/src/remotes, shell/platform/src, ui/src). */
const folderOf = (module: string) => path.posix.dirname(module).split('/').slice(0, 3).join('/');

/** Modules, entries and lines per folder, both sides (a module on both sides is one module, its lines once). */
function foldersSection(server: SideResult, browser: SideResult): string {
  type Row = {
    server: number;
    browser: number;
    serverEntries: number;
    browserEntries: number;
    modules: Set<string>;
  };
  const rows = new Map<string, Row>();
  for (const [label, result] of [['server', server] as const, ['browser', browser] as const]) {
    for (const m of result.calls.keys()) {
      if (m === null) continue;
      const row = rows.get(folderOf(m)) ?? {
        server: 0,
        browser: 0,
        serverEntries: 0,
        browserEntries: 0,
        modules: new Set(),
      };
      row[label] += 1;
      row[`${label}Entries`] += Math.max(result.entries.get(m) ?? 0, 1);
      row.modules.add(m);
      rows.set(folderOf(m), row);
    }
  }
  return [
    '| Folder | Modules: server | browser | Entries: server | browser | Lines |',
    '|---|--:|--:|--:|--:|--:|',
    ...[...rows.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(
        ([folder, r]) =>
          `| ${folder} | ${r.server} | ${r.browser} | ${r.serverEntries} | ${r.browserEntries} | ${[...r.modules].reduce((sum, m) => sum + linesOf(m), 0)} |`,
      ),
  ].join('\n');
}

function conceptsSection(modules: string[]): string {
  const byConcept = new Map<string, { kind: string; files: Set<string> }>();
  const defined = new Map<string, string[]>();
  const sources = modules.map(
    (m) => [m, fs.existsSync(path.join(ROOT, m)) ? fs.readFileSync(path.join(ROOT, m), 'utf8') : ''] as const,
  );
  for (const [m, text] of sources) {
    for (const c of conceptsIn(text)) {
      const entry = byConcept.get(c.name) ?? { kind: c.kind, files: new Set() };
      entry.files.add(m);
      byConcept.set(c.name, entry);
    }
    for (const el of customElementDefinitions(text)) defined.set(el, [...(defined.get(el) ?? []), m]);
  }
  const rows = [...byConcept.entries()].sort(
    (a, b) => a[1].kind.localeCompare(b[1].kind) || a[0].localeCompare(b[0]),
  );
  const list = (files: Iterable<string>) => [...files].join(', ');
  const named = [
    'bf-slot',
    'data-bf-slot',
    'data-bf-live',
    'bf-boot',
    'data-bf-style',
    'Dormant',
    'useAwake',
    'data-start',
    'data-wake',
    '__bfHeld',
    'createRoot',
    'hydrateRoot',
  ];
  const namedRows = named.map((word) => {
    const re = new RegExp(`(?<![\\w-])${word}(?![\\w-])`);
    const files = sources.filter(([, text]) => re.test(text)).map(([m]) => m);
    return `| \`${word}\` | ${files.length > 0 ? list(files) : '—'} |`;
  });
  return [
    `**${rows.length} concepts** (data attributes, \`bf-*\` elements and ids, \`__bf*\` globals) in the modules that ran, found by pattern:`,
    '',
    '| Concept | Kind | Modules |',
    '|---|---|---|',
    ...rows.map(([name, { kind, files }]) => `| \`${name}\` | ${kind} | ${files.size}: ${list(files)} |`),
    '',
    `Custom elements defined (\`customElements.define\`): ${
      [...defined.entries()].map(([el, files]) => `\`${el}\` ${files.length}× (${list(files)})`).join('; ') ||
      'none'
    }.`,
    '',
    'Names from issue 31, in the modules that ran:',
    '',
    '| Name | Modules |',
    '|---|---|',
    ...namedRows,
  ].join('\n');
}

async function main() {
  const stale = staleFrontends();
  if (stale.length > 0 && process.env.BUERGERFIT_SKIP_BUILD !== '1') {
    progress(`building ${stale.join(', ')} (older than their sources), as npm start would`);
    const run = spawnSync('npm', ['run', 'build', ...stale.flatMap((ws) => ['--workspace', ws])], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`building ${stale.join(', ')} failed`);
  }
  const productions = productionIndex();
  const serverLoc = locators(productions);
  const browserLoc = locators(productions);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-trace-'));
  const log = path.join(dataDir, 'renderers.jsonl');
  fs.writeFileSync(log, '');
  progress(`starting the BFF on ${BASE} (data in ${dataDir})`);
  const bff = await startBff(dataDir, log);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (bff.pid) process.kill(-bff.pid, 'SIGKILL');
      process.exit(1);
    });
  }
  let server: Awaited<ReturnType<typeof traceServer>>;
  let page: Awaited<ReturnType<typeof visit>>;
  let done = false;
  try {
    server = await traceServer(log, serverLoc);
    progress(`traced ${PAGE} on the server: ${server.status}, ${server.html.length} bytes`);
    const first = await visit(browserLoc, null);
    progress(`first visit: ${first.found.length} functions to break at`);
    page = await visit(browserLoc, first.found);
    progress('traced the visit');
    done = true;
  } finally {
    await stopBff(bff);
    if (done) fs.rmSync(dataDir, { recursive: true, force: true });
    else progress(`the BFF's log is kept in ${dataDir}/bff.log`);
  }
  const serverResult = side(server.traces, serverLoc.unpaired);
  const browserResult = side([page.traced], browserLoc.unpaired);
  browserResult.notes.push('shell/public/sw.js runs in its own service worker, not in the page: not traced.');
  const s = table(serverResult, true);
  const b = table(browserResult, false);
  const all = new Set([...s.modules, ...b.modules]);
  const both = s.modules.filter((m) => b.modules.includes(m));
  const lines = [...all].reduce((sum, m) => sum + linesOf(m), 0);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  const ssr = serverRendered(server.html);
  const ran = new Set([...serverResult.where.values()].flatMap((labels) => [...labels]));
  const active = server.traces.map((t) => t.label).filter((l) => ran.has(l));
  const idle = server.traces.map((t) => t.label).filter((l) => !ran.has(l));
  const md = [
    `# Trace of a ${PAGE} load`,
    '',
    `Commit ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; Node ${process.version}, Chromium ${page.version}. ` +
      'Made by `npm run trace:page` (e2e/bench/trace-page.ts): V8 precise coverage (functions run, calls) and a ' +
      "breakpoint that never pauses at the start of every function of the project's modules, keeping the stack. " +
      'An entry is a distinct way into a module: a call site in another module of the project (or the event loop, ' +
      'Koa, React when none is below) and the function it calls; returns are the entries beyond a module’s first.',
    '',
    `## Server: one GET ${PAGE} as a new guest (after warm-up requests)`,
    '',
    `Answer ${server.status}, ${server.html.length} bytes, ${ssr ? 'server-rendered' : 'not server-rendered'}. ` +
      `The project's code ran in: ${active.join(', ')}` +
      (idle.length > 0 ? ` (traced too, nothing of the project ran: ${idle.join(', ')}).` : '.'),
    '',
    s.md,
    '',
    `## Browser: ${PAGE} at 390 px from its response${tap ? ` to the first interaction (${tap.what}) and its effect` : ''}`,
    '',
    b.md,
    '',
    '## Both',
    '',
    '| | Server | Browser | Both |',
    '|---|--:|--:|--:|',
    `| Modules | ${s.totals.modules} | ${b.totals.modules} | ${all.size} (${both.length} on both sides) |`,
    `| Entries | ${s.totals.entries} | ${b.totals.entries} | ${s.totals.entries + b.totals.entries} |`,
    `| Returns | ${s.totals.returns} | ${b.totals.returns} | ${s.totals.returns + b.totals.returns} |`,
    `| Lines of those modules | ${s.totals.lines} | ${b.totals.lines} | ${lines} |`,
    `| Calls into a module from another or from outside | ${s.totals.callsIn} | ${b.totals.callsIn} | ${s.totals.callsIn + b.totals.callsIn} |`,
    `| Functions run / calls | ${s.totals.functions} / ${s.totals.calls} | ${b.totals.functions} / ${b.totals.calls} | |`,
    '',
    'By folder:',
    '',
    foldersSection(serverResult, browserResult),
    '',
    '## Concepts',
    '',
    conceptsSection([...all].sort()),
    '',
  ].join('\n');
  process.stdout.write(md);
  const at = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (JSON_OUT) {
    const dump = (r: SideResult) =>
      Object.fromEntries(
        [...r.calls].map(([m, c]) => [
          m ?? '(outside the project)',
          {
            ...c,
            entries: m
              ? [...new Set(r.edges.filter((e) => e.module === m).map((e) => `${e.from} → ${e.to}`))]
              : [],
          },
        ]),
      );
    fs.writeFileSync(
      at(JSON_OUT),
      JSON.stringify({ server: dump(serverResult), browser: dump(browserResult) }, null, 1),
    );
  }
  if (OUT) {
    fs.writeFileSync(at(OUT), md);
    progress(`written to ${OUT}`);
  }
}

await main();
