import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RenderRequest, RenderResult } from '@buergerfit/contract/page';
import type { Language } from '../http/lang';
import type { Logger } from '../logger';
import { DEFAULT_LIMITS, type SandboxLimits, sandboxAvailable, startSandbox } from './sandbox';

/**
 * Server rendering of remotes' pages. A remote whose build has a server renderer (`ssr/index.mjs`, from its
 * `src/ssr.tsx`, with `ssr/pages.json` listing its paths) gets its page rendered for the visitor — the version of
 * the visitor's own A/B variant, in their language, signed in or not — and the BFF puts the markup and its first data
 * into the shell's page. Each build's renderer runs in a sandboxed process of its own (sandbox.ts): it can render
 * its pages and nothing else. A page that takes longer than its deadline is sent plain (the shell renders it in the
 * browser); a renderer that crashes, hangs, runs out of memory or answers something that is not a page costs that
 * one render: its process is replaced, and the failure is reported against the build (ssr-health.ts).
 */

export const SSR_DIR = 'ssr';
const ENTRY = 'index.mjs';
const PAGE_LIST = 'pages.json';

/** What a renderer is asked (the page protocol, contract/page.ts). */
export type SsrRequest = RenderRequest<Language>;
/** A GET on the BFF's own API as the visitor: status and body. */
export type SelfGet = (path: string) => Promise<{ status: number; body: string }>;
/** A query the renderer left out of the page for its size, named by the API path that answers it. */
export type DeferredQuery = { queryKey: unknown[]; path: string };
export type SsrResult = Omit<RenderResult, 'deferred'> & { deferred: DeferredQuery[] };

/** The longest API path worth naming in a page. */
const MAX_DEFERRED_PATH = 300;

/**
 * What the renderer named as deferred, as far as it is sound: a GET path of this app's own API (no scheme, no
 * `..`, nothing that would need escaping in an attribute) and a key that is a list; at most a few.
 */
export function readDeferred(value: unknown): DeferredQuery[] {
  if (!Array.isArray(value)) return [];
  const out: DeferredQuery[] = [];
  for (const item of value.slice(0, 8)) {
    const { queryKey, path: apiPath } = (item ?? {}) as { queryKey?: unknown; path?: unknown };
    if (!Array.isArray(queryKey) || typeof apiPath !== 'string' || apiPath.length > MAX_DEFERRED_PATH)
      continue;
    if (!/^\/api\/[\w\-./?=&%]*$/.test(apiPath) || apiPath.split(/[/?]/).includes('..')) continue;
    out.push({ queryKey, path: apiPath });
  }
  return out;
}

/** What a build's renderer serves: the paths. */
export type SsrPageList = { pages: readonly string[] };
/** Per published version (whose folder never changes): its page list. */
const pageLists = new Map<string, SsrPageList>();
const MAX_CACHED = 200;

const paths = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string' && p.startsWith('/')) : [];

/** The pages the build of `remote` at `version` renders on the server; none when it has no renderer. */
export async function ssrPages(remotesDir: string, remote: string, version: string): Promise<SsrPageList> {
  const key = `${remote}/${version}`;
  const cached = pageLists.get(key);
  if (cached) return cached;
  let list: SsrPageList = { pages: [] };
  try {
    const root = path.join(remotesDir, remote, version, SSR_DIR);
    const parsed = JSON.parse(await fs.readFile(path.join(root, PAGE_LIST), 'utf8')) as { pages?: unknown };
    await fs.access(path.join(root, ENTRY));
    list = { pages: paths(parsed.pages) };
  } catch {
    // No renderer in this build (or not readable now): the page is rendered in the browser.
  }
  if (pageLists.size >= MAX_CACHED) pageLists.delete(pageLists.keys().next().value as string);
  pageLists.set(key, list);
  return list;
}

export const ssrEntry = (remotesDir: string, remote: string, version: string) =>
  path.join(remotesDir, remote, version, SSR_DIR, ENTRY);

/** Which build a render is for, when it is a published remote (the shell's own frame is not). */
export type BuildRef = { remote: string; version: string };

/** What went wrong with a renderer: each is a failure of the build, never of the server. */
export type RenderFailure = 'crash' | 'hang' | 'memory' | 'garbage' | 'error' | 'load';

/** A render to do: the renderer's file, its stamp (a file rebuilt in place: another stamp is another renderer). */
export type RenderJob = { file: string; stamp?: string | undefined; build?: BuildRef | undefined };

export type SsrRendererOptions = {
  logger: Logger;
  /** How long a page may take before the plain page is sent instead (the render goes on, for the next page). */
  timeoutMs?: number;
  /** How long one render may run before its process is killed and the build charged with a hang. */
  hangMs?: number;
  /** Processes kept at most (one per build); the least recently used idle one makes room. */
  maxProcesses?: number;
  /** An idle process ends after this long. */
  idleMs?: number;
  limits?: SandboxLimits;
  /** Told of every render's outcome that says something about its build. */
  onOutcome?: (
    build: BuildRef,
    outcome: { ok: true } | { ok: false; failure: RenderFailure; detail: string },
  ) => void;
};

export type SsrRenderer = {
  render(job: RenderJob, request: SsrRequest, get: SelfGet): Promise<SsrResult>;
  /** Starts the job's process ahead of its first page (a live build after a start), unless it runs already. */
  warm(job: RenderJob): void;
  close(): Promise<void>;
};

/** The largest answer line a renderer may send (a page with its inline data is far below). */
const MAX_LINE = 8 * 1024 * 1024;
/** The largest page markup taken from a renderer. */
const MAX_HTML = 4 * 1024 * 1024;
/** API reads one render may ask for (a page asks for two or three). */
const MAX_FETCHES = 32;
const MAX_TITLE = 500;

/** Thrown when no render was tried because the sandbox cannot run here. */
export class SandboxUnavailable extends Error {}

type Job = {
  id: number;
  get: SelfGet;
  resolve: (result: SsrResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  fetches: number;
  settled: boolean;
};

/** One build's renderer process and the renders it owes, in the order it does them. */
type Sandbox = {
  key: string;
  build: BuildRef | undefined;
  child: ChildProcess;
  jobs: Job[];
  /** Runs out when the render at the head of the queue has run too long. */
  hang: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
  lastUsed: number;
  stderr: string;
  ended: boolean;
};

export function createSsrRenderer({
  logger,
  timeoutMs = 1500,
  hangMs = Math.max(5000, timeoutMs * 4),
  maxProcesses = 8,
  idleMs = 30 * 60_000,
  limits = DEFAULT_LIMITS,
  onOutcome,
}: SsrRendererOptions): SsrRenderer {
  const sandboxes = new Map<string, Sandbox>();
  let nextId = 0;
  let warned = false;

  const report = (sb: Sandbox, outcome: Parameters<NonNullable<SsrRendererOptions['onOutcome']>>[1]) => {
    if (sb.build) onOutcome?.(sb.build, outcome);
  };

  /** Ends a process and fails what it still owed; `failure` charges its build (once, for the render it was on). */
  const end = (sb: Sandbox, failure?: { kind: RenderFailure; detail: string }) => {
    if (sb.ended) return;
    sb.ended = true;
    if (sandboxes.get(sb.key) === sb) sandboxes.delete(sb.key);
    if (sb.hang) clearTimeout(sb.hang);
    if (sb.idle) clearTimeout(sb.idle);
    sb.child.on('error', () => undefined);
    sb.child.stdin?.on('error', () => undefined);
    sb.child.kill('SIGKILL');
    const owed = sb.jobs.splice(0);
    if (failure && owed.length > 0) {
      logger.warn(
        {
          build: sb.build ?? sb.key,
          failure: failure.kind,
          detail: failure.detail,
          stderr: sb.stderr.slice(-1000),
        },
        'server renderer failed: its page is sent plain and its process replaced',
      );
      report(sb, { ok: false, failure: failure.kind, detail: failure.detail });
    }
    for (const job of owed) finish(job, new Error(`server renderer ${failure?.kind ?? 'ended'}`));
  };

  const finish = (job: Job, outcome: SsrResult | Error) => {
    clearTimeout(job.timer);
    if (job.settled) return;
    job.settled = true;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  };

  /** The render at the head of the queue is the one running: it gets `hangMs`, from when it started. */
  const armHang = (sb: Sandbox) => {
    if (sb.hang) clearTimeout(sb.hang);
    sb.hang = null;
    if (sb.jobs.length === 0) return;
    sb.hang = setTimeout(
      () => end(sb, { kind: 'hang', detail: `a render ran longer than ${hangMs} ms` }),
      hangMs,
    );
    sb.hang.unref();
  };

  const armIdle = (sb: Sandbox) => {
    if (sb.idle) clearTimeout(sb.idle);
    sb.idle = setTimeout(() => {
      if (sb.jobs.length === 0) end(sb);
    }, idleMs);
    sb.idle.unref();
  };

  const onMessage = (sb: Sandbox, line: string) => {
    let message: { type?: unknown; id?: unknown; [key: string]: unknown };
    try {
      message = JSON.parse(line);
    } catch {
      return end(sb, { kind: 'garbage', detail: 'a line that is not JSON' });
    }
    if (typeof message !== 'object' || message === null)
      return end(sb, { kind: 'garbage', detail: 'not a message' });
    if (message.type === 'ready') return;
    const head = sb.jobs[0];
    if (message.type === 'failed' && message.id === -1) {
      return end(sb, { kind: 'load', detail: String(message.message).slice(0, 300) });
    }
    // A renderer answers in order: anything but the render at the head is not a page of ours.
    if (!head || message.id !== head.id)
      return end(sb, { kind: 'garbage', detail: 'an answer to no render' });
    if (message.type === 'fetch') {
      const { fetchId, path: apiPath } = message;
      if (typeof fetchId !== 'number' || typeof apiPath !== 'string' || ++head.fetches > MAX_FETCHES) {
        return end(sb, { kind: 'garbage', detail: 'a read of the API the renderer may not make' });
      }
      const reply = (status: number, body: string) => {
        if (!sb.ended)
          sb.child.stdin?.write(`${JSON.stringify({ type: 'fetched', fetchId, status, body })}\n`);
      };
      head.get(apiPath.slice(0, 2000)).then(
        ({ status, body }) => reply(status, body),
        () => reply(503, ''),
      );
      return;
    }
    if (message.type === 'failed') {
      sb.jobs.shift();
      armHang(sb);
      logger.warn(
        { build: sb.build ?? sb.key, detail: String(message.message).slice(0, 300) },
        'server render threw',
      );
      report(sb, { ok: false, failure: 'error', detail: String(message.message).slice(0, 300) });
      return finish(head, new Error(`server render failed: ${String(message.message).slice(0, 300)}`));
    }
    const { html, title, queries, deferred } = message;
    if (
      message.type !== 'done' ||
      typeof html !== 'string' ||
      html.length > MAX_HTML ||
      (title !== null && (typeof title !== 'string' || title.length > MAX_TITLE)) ||
      (queries !== null && typeof queries !== 'object')
    ) {
      return end(sb, { kind: 'garbage', detail: 'an answer that is not a page' });
    }
    sb.jobs.shift();
    armHang(sb);
    report(sb, { ok: true });
    finish(head, { html, title, queries, deferred: readDeferred(deferred) });
  };

  const spawnFor = (key: string, job: RenderJob): Sandbox => {
    const child = startSandbox(path.dirname(job.file), path.basename(job.file), limits);
    const sb: Sandbox = {
      key,
      build: job.build,
      child,
      jobs: [],
      hang: null,
      idle: null,
      lastUsed: Date.now(),
      stderr: '',
      ended: false,
    };
    // Answers come one JSON line each on fd 3; a line longer than any page would be is not read to its end.
    let buffered = '';
    const out = child.stdio[3] as NodeJS.ReadableStream | null;
    out?.setEncoding('utf8');
    out?.on('data', (chunk: string) => {
      buffered += chunk;
      let at = buffered.indexOf('\n');
      while (at >= 0 && !sb.ended) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        onMessage(sb, line);
        at = buffered.indexOf('\n');
      }
      if (buffered.length > MAX_LINE) end(sb, { kind: 'garbage', detail: 'an answer larger than 8 MB' });
    });
    out?.on('error', () => undefined);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      sb.stderr = (sb.stderr + chunk).slice(-4000);
    });
    child.stdin?.on('error', () => undefined);
    child.on('error', (err) => end(sb, { kind: 'crash', detail: err.message }));
    child.on('exit', (code, exitSignal) => {
      // Bubblewrap passes on the renderer's end as 128 + the signal's number.
      const signal =
        exitSignal ??
        (code !== null && code > 128
          ? Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0]
          : undefined);
      const memory = /out of memory|Cannot allocate|Failed to reserve|allocation failed/i.test(sb.stderr);
      end(sb, {
        kind: memory ? 'memory' : 'crash',
        detail: memory
          ? 'the renderer ran out of memory'
          : `the renderer exited (${signal ?? `code ${code}`})`,
      });
    });
    sandboxes.set(key, sb);
    return sb;
  };

  /** Makes room for one more process: the least recently used idle one ends. */
  const makeRoom = () => {
    if (sandboxes.size < maxProcesses) return;
    const idle = [...sandboxes.values()]
      .filter((s) => s.jobs.length === 0)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    if (idle[0]) end(idle[0]);
  };

  /** The sandbox can run here; logged once when it cannot. */
  const usable = () => {
    const can = sandboxAvailable();
    if (!can.ok && !warned)
      logger.warn({ reason: can.reason }, 'pages are not rendered on the server: no sandbox');
    warned ||= !can.ok;
    return can;
  };
  const keyOf = (job: RenderJob) => (job.stamp ? `${job.file}?${job.stamp}` : job.file);
  const sandboxFor = (job: RenderJob): Sandbox => {
    const key = keyOf(job);
    const running = sandboxes.get(key);
    if (running) return running;
    makeRoom();
    const started = spawnFor(key, job);
    armIdle(started);
    return started;
  };

  return {
    warm(job) {
      if (usable().ok) sandboxFor(job);
    },
    render(job, request, get) {
      const can = usable();
      if (!can.ok) return Promise.reject(new SandboxUnavailable(can.reason));
      const box = sandboxFor(job);
      box.lastUsed = Date.now();
      armIdle(box);
      return new Promise<SsrResult>((resolve, reject) => {
        const id = nextId++;
        // The caller stops waiting; the render stays in the queue, so a renderer that never answers is seen.
        const job: Job = {
          id,
          get,
          resolve,
          reject,
          timer: setTimeout(() => undefined, 0),
          fetches: 0,
          settled: false,
        };
        job.timer = setTimeout(
          () => finish(job, new Error(`server render took longer than ${timeoutMs} ms`)),
          timeoutMs,
        );
        box.jobs.push(job);
        if (box.jobs.length === 1) armHang(box);
        box.child.stdin?.write(`${JSON.stringify({ type: 'render', id, request })}\n`);
      });
    },
    async close() {
      const all = [...sandboxes.values()];
      await Promise.all(
        all.map(
          (sb) =>
            new Promise<void>((resolve) => {
              if (sb.child.exitCode !== null || sb.child.signalCode !== null) return resolve();
              sb.child.once('exit', () => resolve());
              end(sb);
            }),
        ),
      );
    },
  };
}
