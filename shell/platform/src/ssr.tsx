/**
 * Server rendering of a remote's pages (Node only: a remote's `src/ssr.tsx` is built as its `ssr` bundle, see
 * build.ts, and run by the BFF in the build's sandboxed renderer — bff/src/remotes/ssr.ts). The page is rendered by
 * the remote's own exposed root below the same providers as in the browser (island.tsx), as the browser would render
 * it for this visitor, with its first data already there: a render collects the queries the page asks for, fetches
 * them through the BFF (answering its own API as this visitor), and renders again with the answers. The answers go
 * into the page as well (`queries`, the dehydrated query cache), so the browser hydrates the same markup at once,
 * without asking again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BootSession } from '@buergerfit/contract';
import type { DeferredQuery, RenderRequest, RenderResult } from '@buergerfit/contract/page';
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { setServerBoot } from './boot';
import { initI18n, prepareLanguage } from './language';
import { PlatformProviders } from './providers';
import { createQueryClient } from './query';
import { MemoryRouter } from './router';
import { takeServerTitle } from './title';

/** For a remote's build-time prerender: the title the page just rendered asked for. */
export { takeServerTitle };

import type { Language } from './types';

/** What the BFF asks a remote to render (the page protocol, contract/page.ts). */
export type SsrRequest = RenderRequest<Language, BootSession>;

/** A GET on the BFF's own API as this visitor (the BFF answers it in-process). */
export type SsrFetch = (path: string) => Promise<{ status: number; body: string }>;

export type { DeferredQuery };

/**
 * Answers larger than this (JSON characters) are deferred rather than inline: every byte inline comes before the
 * page's end, and a big answer (100 KB of questions) delays the shell's start by its whole transfer.
 */
export const INLINE_ANSWER_LIMIT = 16 * 1024;

/** The rendered page: its markup, and the query cache that produced it. */
export type SsrResult = RenderResult<DehydratedState>;

/** What a remote's `src/ssr.tsx` exports (`export default defineSsr({ … })`). */
export interface SsrModule {
  /** The paths rendered on the server (exact, without query), e.g. `['/demo']`. */
  pages: readonly string[];
  render(request: SsrRequest, fetchApi: SsrFetch): Promise<SsrResult>;
}

/** The API paths the query running in this async context asked for (one list per query fetch). */
const asking = new AsyncLocalStorage<string[]>();

/** At most this many render-and-fetch rounds (a query that needs another's answer takes one more). */
const MAX_ROUNDS = 3;

/** The queries a render asked for that have no answer yet and may run (not disabled). */
function unanswered(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => {
      const { enabled } = q.options as { enabled?: boolean | ((q: Query) => boolean) };
      const on = typeof enabled === 'function' ? enabled(q) : enabled !== false;
      return (
        on && q.state.status === 'pending' && q.state.fetchStatus === 'idle' && Boolean(q.options.queryFn)
      );
    });
}

async function renderOnce(
  Root: ComponentType<{ basename: string }>,
  { url, basename }: SsrRequest,
  client: QueryClient,
) {
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter initialEntries={[url]}>
      <PlatformProviders queryClient={client}>
        <Root basename={basename} />
      </PlatformProviders>
    </MemoryRouter>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * The global `fetch` of the render: the remote's API client (platform's `api`, which looks `fetch` up on every
 * call) reaches the BFF through `fetchApi`. Only GETs: a page's first data is read, never written.
 */
function serverFetch(fetchApi: SsrFetch): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    asking.getStore()?.push(path);
    if (method !== 'GET' || !path.startsWith('/api/')) {
      return new Response(
        JSON.stringify({ error: { code: 'ssr', message: 'Not while rendering on the server' } }),
        {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }
    const { status, body } = await fetchApi(path);
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

/**
 * A remote's server renderer: `Root` is its exposed `./App` (mounted at `/`), `pages` the paths worth rendering on
 * the server. Renders one page at a time (language, session and `fetch` are process-wide here); the BFF's worker
 * queues them.
 */
export function defineSsr({
  Root,
  pages,
}: {
  Root: ComponentType<{ basename: string }>;
  pages: readonly string[];
}): SsrModule {
  let queue: Promise<unknown> = Promise.resolve();
  const render = async (request: SsrRequest, fetchApi: SsrFetch): Promise<SsrResult> => {
    const { lang, session } = request;
    setServerBoot({ remotes: null, session });
    globalThis.fetch = serverFetch(fetchApi);
    await initI18n(undefined, lang);
    await prepareLanguage(lang);
    await i18next.changeLanguage(lang);
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    takeServerTitle();
    let html = await renderOnce(Root, request, client);
    /** Per query (its hash), the API paths its fetch asked for. */
    const pathsOf = new Map<string, string[]>();
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const waiting = unanswered(client);
      if (waiting.length === 0) break;
      // A failed query stays failed in the page (the live remote shows its own retry, as it would have).
      await Promise.all(
        waiting.map((q) => {
          const paths: string[] = [];
          pathsOf.set(q.queryHash, paths);
          return asking.run(paths, () => q.fetch()).catch(() => undefined);
        }),
      );
      html = await renderOnce(Root, request, client);
    }
    // A large answer that one GET gave is named by its path; the rest travels in the page.
    const deferred: DeferredQuery[] = [];
    const deferredHashes = new Set<string>();
    for (const q of client.getQueryCache().getAll()) {
      const paths = pathsOf.get(q.queryHash);
      if (q.state.status !== 'success' || paths?.length !== 1 || !paths[0]) continue;
      if ((JSON.stringify(q.state.data) ?? '').length <= INLINE_ANSWER_LIMIT) continue;
      deferred.push({ queryKey: q.queryKey, path: paths[0] });
      deferredHashes.add(q.queryHash);
    }
    // Only answers: a failed or unfinished query is asked again by the live remote.
    const queries = dehydrate(client, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && !deferredHashes.has(q.queryHash),
    });
    client.clear();
    return { html, queries, deferred, title: takeServerTitle() };
  };
  return {
    pages,
    render: (request, fetchApi) => {
      const next = queue.then(() => render(request, fetchApi));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
