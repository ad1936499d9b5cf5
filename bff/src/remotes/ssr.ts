import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Language } from '../http/lang';
import type { Logger } from '../logger';

/**
 * Server rendering of remotes' pages. A remote whose build has a server renderer (`ssr/index.mjs`, from its
 * `src/ssr.tsx`, with `ssr/pages.json` listing its paths) gets its page rendered for the visitor — the version of
 * the visitor's own A/B variant, in their language, signed in or not — and the BFF puts the markup and its first data
 * into the shell's page. The renderers run in one worker thread, never on the thread that answers requests: with an
 * empty environment (no secret), a memory limit, and a deadline per page, after which the plain page is sent and
 * the shell renders as it always did. A worker that stops answering is replaced.
 */

export const SSR_DIR = 'ssr';
const ENTRY = 'index.mjs';
const PAGE_LIST = 'pages.json';

/** What a renderer is asked (platform's ssr.tsx `SsrRequest`). */
export type SsrRequest = {
  url: string;
  basename: string;
  lang: Language;
  session: unknown;
};
/** A GET on the BFF's own API as the visitor: status and body. */
export type SelfGet = (path: string) => Promise<{ status: number; body: string }>;
/**
 * A query the renderer left out of the page for its size, named by the API path that answers it (platform's
 * `DeferredQuery`): the page preloads the path and the shell hydrates the query from it.
 */
export type DeferredQuery = { queryKey: unknown[]; path: string };
export type SsrResult = {
  html: string;
  queries: unknown;
  deferred: DeferredQuery[];
  title: string | null;
};

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

/**
 * What a build's renderer serves: the paths, and those a learner uses at once (their app starts just after the first
 * paint; on the others, at the learner's first touch).
 */
export type SsrPageList = { pages: readonly string[]; usedAtOnce: readonly string[] };
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
  let list: SsrPageList = { pages: [], usedAtOnce: [] };
  try {
    const root = path.join(remotesDir, remote, version, SSR_DIR);
    const parsed = JSON.parse(await fs.readFile(path.join(root, PAGE_LIST), 'utf8')) as {
      pages?: unknown;
      usedAtOnce?: unknown;
    };
    await fs.access(path.join(root, ENTRY));
    const pages = paths(parsed.pages);
    // A build from before the list existed expects its app to start at once on every page.
    list = { pages, usedAtOnce: 'usedAtOnce' in parsed ? paths(parsed.usedAtOnce) : pages };
  } catch {
    // No renderer in this build (or not readable now): the page is rendered in the browser.
  }
  if (pageLists.size >= MAX_CACHED) pageLists.delete(pageLists.keys().next().value as string);
  pageLists.set(key, list);
  return list;
}

export const ssrEntry = (remotesDir: string, remote: string, version: string) =>
  path.join(remotesDir, remote, version, SSR_DIR, ENTRY);

/** A page the worker still owes an answer for (its caller may have given up waiting already). */
type Pending = {
  resolve: (result: SsrResult) => void;
  reject: (error: Error) => void;
  get: SelfGet;
  timer: NodeJS.Timeout;
};

export type SsrRendererOptions = {
  logger: Logger;
  /** How long a page may take before the plain page is sent instead. */
  timeoutMs?: number;
  /** After this many builds loaded, the worker is replaced (a loaded module cannot be unloaded). */
  maxBuilds?: number;
  /** A worker that has not answered anything for this long while pages wait is replaced. */
  stuckMs?: number;
};

export type SsrRenderer = {
  /** `stamp` names the build of a file rebuilt in place (the shell's frame): another stamp loads it anew. */
  render(file: string, request: SsrRequest, get: SelfGet, stamp?: string): Promise<SsrResult>;
  close(): Promise<void>;
};

const WORKER_FILE = new URL('./ssr-worker.mjs', import.meta.url);

export function createSsrRenderer({
  logger,
  timeoutMs = 1500,
  maxBuilds = 24,
  stuckMs = Math.max(5000, timeoutMs * 4),
}: SsrRendererOptions): SsrRenderer {
  let worker: Worker | null = null;
  let loaded = new Set<string>();
  let lastAnswer = Date.now();
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const settle = (id: number) => {
    const job = pending.get(id);
    if (job) {
      clearTimeout(job.timer);
      pending.delete(id);
    }
    return job;
  };

  const retire = (reason: string) => {
    const old = worker;
    worker = null;
    loaded = new Set();
    for (const id of [...pending.keys()]) settle(id)?.reject(new Error(reason));
    if (old) {
      old.removeAllListeners();
      old.on('error', () => undefined);
      void old.terminate();
    }
  };

  const spawn = () => {
    const w = new Worker(WORKER_FILE, {
      env: { NODE_ENV: 'production' },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    w.unref();
    w.on('message', (message: { type: string; id: number; [key: string]: unknown }) => {
      lastAnswer = Date.now();
      if (message.type === 'fetch') {
        const job = pending.get(message.id);
        const reply = (status: number, body: string) =>
          w.postMessage({ type: 'fetched', fetchId: message.fetchId, status, body });
        if (!job) return reply(503, '');
        job.get(String(message.path)).then(
          ({ status, body }) => reply(status, body),
          () => reply(503, ''),
        );
        return;
      }
      const job = settle(message.id);
      if (!job) return;
      if (message.type === 'done') {
        job.resolve({
          html: String(message.html),
          queries: JSON.parse(String(message.queries)),
          deferred: readDeferred(JSON.parse(String(message.deferred ?? '[]'))),
          title: typeof message.title === 'string' ? message.title : null,
        });
      } else {
        job.reject(new Error(String(message.message)));
      }
    });
    w.on('error', (err) => {
      logger.warn({ err }, 'server renderer worker failed; a new one starts with the next page');
      if (worker === w) retire('the server renderer failed');
    });
    w.on('exit', () => {
      if (worker === w) retire('the server renderer exited');
    });
    return w;
  };

  return {
    render(file, request, get, stamp) {
      if (worker && pending.size > 0 && Date.now() - lastAnswer > stuckMs)
        retire('the server renderer is stuck');
      const build = stamp ? `${file}?${stamp}` : file;
      if (worker && !loaded.has(build) && loaded.size >= maxBuilds && pending.size === 0) retire('recycled');
      worker ??= spawn();
      loaded.add(build);
      const id = nextId++;
      const w = worker;
      return new Promise<SsrResult>((resolve, reject) => {
        // The caller stops waiting; the entry stays until the worker answers, so a worker that never does is seen.
        const timer = setTimeout(
          () => reject(new Error(`server render took longer than ${timeoutMs} ms`)),
          timeoutMs,
        );
        pending.set(id, { resolve, reject, get, timer });
        if (pending.size === 1) lastAnswer = Date.now();
        w.postMessage({ type: 'render', id, file, stamp, request });
      });
    },
    async close() {
      const w = worker;
      retire('closing');
      if (w) await w.terminate();
    },
  };
}
