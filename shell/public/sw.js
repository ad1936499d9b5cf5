// @ts-check
/// <reference lib="webworker" />
/**
 * Bürgerfit's service worker (served by the BFF at /sw.js, scope /): learn mode and flashcards start and work with
 * no network. Plain JavaScript on purpose: the file is served as written (no build step), and `tsc -p
 * tsconfig.sw.json` checks it. Strategies:
 *
 * - navigations (SPA paths) → network first; offline the cached shell index.html
 * - the shell's hashed assets (/static/…) and versioned remote files (/remotes/<name>/<version>/…) → cache first
 *   (their URLs never change content)
 * - GET /api/remotes and every remote's mf-manifest.json → network first, cache when offline, so a remote deployed
 *   or an A/B assignment changed is picked up on the next online page load
 * - GET /api/{lang}/learn (the question set) and /catalog-images/… → network first, cache when offline
 * - anything else (other API calls, /auth/…, every non-GET, other origins) → not touched
 *
 * Only complete 200 answers are stored. At install the shell (listed by the build in sw-precache.json) and the
 * learn remote (listed by its mf-manifest.json) are fetched, so the first page that registers the worker is enough.
 */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const VERSION = 1;
/** index.html and the shell's hashed assets. */
const SHELL_CACHE = `bf-shell-v${VERSION}`;
/** Versioned remote files: immutable. */
const REMOTES_CACHE = `bf-remotes-v${VERSION}`;
/** Registry, remote manifests, question sets, catalog pictures: fallbacks for when the network is gone. */
const DATA_CACHE = `bf-data-v${VERSION}`;
const CACHES = [SHELL_CACHE, REMOTES_CACHE, DATA_CACHE];

const INDEX = '/index.html';
const PRECACHE_LIST = '/sw-precache.json';
const REGISTRY = '/api/remotes';
/** Remotes fetched ahead of use (the rest are kept once they have been loaded online). */
const WARM_REMOTES = ['mf_learn'];

const REMOTE_FILE = /^\/remotes\/([\w.-]+)\/([\w.-]+)\/(.+)$/;
const QUESTION_SET = /^\/api\/[a-z]{2}\/learn$/;
/** Paths that are never the app page, even as a navigation (sign-in flows, API, files). */
const NOT_A_PAGE = /^\/(api|auth|remotes|catalog-images)(\/|$)|^\/sw\.js$/;
const MATCH = { ignoreVary: true };
/** The page posts this on sign-out: the learner's question sets are dropped. */
const SIGNED_OUT = 'buergerfit:signed-out';

/** @param {Response} response */
const storable = (response) =>
  response.status === 200 && (response.type === 'basic' || response.type === 'cors') && !response.redirected;

/**
 * @param {string} cacheName
 * @param {RequestInfo} request
 * @param {Response} response
 */
async function store(cacheName, request, response) {
  if (!storable(response)) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
}

/**
 * Fetches and stores every URL not stored yet; one failure does not stop the others.
 * @param {string} cacheName
 * @param {readonly string[]} urls
 */
async function addMissing(cacheName, urls) {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url, MATCH)) return;
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (storable(response)) await cache.put(url, response);
      } catch (error) {
        console.warn('[sw] not cached', url, error);
      }
    }),
  );
}

/**
 * Deletes the stored entries whose URL fails `keep`.
 * @param {string} cacheName
 * @param {(url: URL) => boolean} keep
 */
async function prune(cacheName, keep) {
  const cache = await caches.open(cacheName);
  for (const request of await cache.keys()) {
    if (!keep(new URL(request.url))) await cache.delete(request);
  }
}

// ---- shell ----

/** The shell's files as listed by its build (`output.manifest` in shell/rsbuild.config.ts). */
async function shellFiles() {
  const response = await fetch(PRECACHE_LIST, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${PRECACHE_LIST}: HTTP ${response.status}`);
  const { files } = /** @type {{ files: string[] }} */ (await response.json());
  return files.map((f) => new URL(f, sw.location.origin).href);
}

/**
 * Stores the shell's assets, then its index.html (so the cached page never points at missing files), then drops
 * assets no longer listed.
 * @param {Response} [page] the index.html just fetched, if any
 */
async function cacheShell(page) {
  const files = await shellFiles();
  await addMissing(SHELL_CACHE, files);
  const index = page ?? (await fetch(INDEX, { cache: 'no-cache' }));
  if (!storable(index)) throw new Error(`index.html: HTTP ${index.status}`);
  await (await caches.open(SHELL_CACHE)).put(INDEX, index);
  const keep = new Set(files);
  await prune(SHELL_CACHE, (url) => url.pathname === INDEX || keep.has(url.href));
}

/**
 * Navigations: the network's page when there is one (and a newer shell is stored in the background),
 * otherwise the stored one.
 * @param {FetchEvent} event
 */
async function navigate(event) {
  try {
    const response = await fetch(event.request);
    if (storable(response) && (response.headers.get('content-type') ?? '').includes('text/html')) {
      // A page that varies by cookie (the BFF's prerendered pages: the visitor's language and A/B variant for one
      // path) is one visitor's page: the offline copy is always the plain shell page, fetched on its own.
      const prerendered = /(^|,)\s*cookie\s*(,|$)/i.test(response.headers.get('Vary') ?? '');
      const copy = prerendered ? null : response.clone();
      event.waitUntil(
        (async () => {
          const page = copy ?? (await fetch(INDEX, { cache: 'no-cache' }));
          if (!storable(page)) return;
          const html = await page.clone().text();
          const stored = await caches.match(INDEX, { cacheName: SHELL_CACHE });
          if (stored && (await stored.text()) === html) return;
          await cacheShell(page);
        })().catch((error) => console.warn('[sw] shell not refreshed', error)),
      );
    }
    return response;
  } catch (error) {
    const stored = await caches.match(INDEX, { cacheName: SHELL_CACHE });
    if (stored) return stored;
    throw error;
  }
}

// ---- remotes ----

/** @typedef {{ name: string; variant: string; version: string; manifestUrl: string }} RemoteDescriptor */
/** @typedef {{ js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } }} Assets */
/**
 * @typedef {{
 *   metaData?: { remoteEntry?: { name?: string; path?: string } };
 *   exposes?: { assets?: Assets }[];
 * }} Manifest
 */

/** Manifests whose files were fetched by this worker instance (a restart just checks the cache again). */
const warmed = new Set();

/**
 * Stores a remote's manifest and the files its entry and exposed modules load (the shared libraries come from
 * the shell).
 * @param {string} manifestUrl
 */
async function warmRemote(manifestUrl) {
  if (warmed.has(manifestUrl)) return;
  const response = await fetch(manifestUrl, { cache: 'no-cache' });
  if (!storable(response)) return;
  const manifest = /** @type {Manifest} */ (await response.clone().json());
  await store(DATA_CACHE, manifestUrl, response);
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set([`${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`]);
  for (const { assets } of manifest.exposes ?? []) {
    for (const kind of [assets?.js, assets?.css])
      for (const f of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(f);
  }
  // publicPath "auto": files are relative to the manifest's folder.
  await addMissing(
    REMOTES_CACHE,
    [...files].map((f) => new URL(f, manifestUrl).href),
  );
  warmed.add(manifestUrl);
}

/**
 * After a registry answer: fetch the warm remotes ahead, forget remote versions this visitor no longer gets.
 * @param {RemoteDescriptor[]} remotes
 */
async function followRegistry(remotes) {
  const current = new Set(remotes.map((r) => `${r.name}/${r.version}`));
  const isCurrent = (/** @type {URL} */ url) => {
    const m = REMOTE_FILE.exec(url.pathname);
    return !m || current.has(`${m[1]}/${m[2]}`);
  };
  const ahead = remotes
    .filter((r) => WARM_REMOTES.includes(r.name))
    .map((r) => new URL(r.manifestUrl, sw.location.origin))
    .filter((url) => url.origin === sw.location.origin);
  await Promise.all(ahead.map((url) => warmRemote(url.href)));
  await prune(REMOTES_CACHE, isCurrent);
  await prune(DATA_CACHE, isCurrent);
}

async function cacheRegistry() {
  const response = await fetch(REGISTRY, { headers: { Accept: 'application/json' } });
  if (!storable(response)) return;
  const { remotes } = /** @type {{ remotes: RemoteDescriptor[] }} */ (await response.clone().json());
  await store(DATA_CACHE, REGISTRY, response);
  await followRegistry(remotes);
}

// ---- strategies ----

/**
 * @param {FetchEvent} event
 * @param {string} cacheName
 * @param {(response: Response) => Promise<void>} [after] background work with a copy of a fresh 200 answer
 */
async function networkFirst(event, cacheName, after) {
  try {
    const response = await fetch(event.request);
    if (storable(response)) {
      const copy = response.clone();
      const forAfter = after ? response.clone() : null;
      event.waitUntil(
        store(cacheName, event.request, copy)
          .then(() => (after && forAfter ? after(forAfter) : undefined))
          .catch((error) => console.warn('[sw] not cached', event.request.url, error)),
      );
    }
    return response;
  } catch (error) {
    const stored = await caches.match(event.request, { ...MATCH, cacheName });
    if (stored) return stored;
    throw error;
  }
}

/**
 * @param {FetchEvent} event
 * @param {string} cacheName
 */
async function cacheFirst(event, cacheName) {
  const stored = await caches.match(event.request, { ...MATCH, cacheName });
  if (stored) return stored;
  const response = await fetch(event.request);
  if (storable(response)) {
    const copy = response.clone();
    event.waitUntil(
      store(cacheName, event.request, copy).catch((error) =>
        console.warn('[sw] not cached', event.request.url, error),
      ),
    );
  }
  return response;
}

/** @param {Response} response the question set: its pictures are stored too */
async function cacheQuestionImages(response) {
  const questions = /** @type {{ image?: string | null }[]} */ (await response.json());
  const images = questions
    .map((q) => q.image)
    .filter((src) => typeof src === 'string' && src.startsWith('/catalog-images/'));
  await addMissing(
    DATA_CACHE,
    [...new Set(images)].map((src) => new URL(/** @type {string} */ (src), sw.location.origin).href),
  );
}

/** @param {Response} response */
async function afterRegistry(response) {
  const { remotes } = /** @type {{ remotes: RemoteDescriptor[] }} */ (await response.json());
  await followRegistry(remotes);
}

/**
 * Which strategy answers a request; undefined = the worker stays out of it.
 * @param {FetchEvent} event
 * @returns {Promise<Response> | undefined}
 */
function handle(event) {
  const { request } = event;
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  // Other origins (a remote variant on a CDN) are left to the page: the worker's own Content-Security-Policy is
  // the one it was installed with and may not list an origin registered later.
  if (url.origin !== sw.location.origin) return undefined;
  const remote = REMOTE_FILE.exec(url.pathname);
  if (remote) {
    return remote[3] === 'mf-manifest.json'
      ? networkFirst(event, DATA_CACHE)
      : cacheFirst(event, REMOTES_CACHE);
  }
  if (request.mode === 'navigate') return NOT_A_PAGE.test(url.pathname) ? undefined : navigate(event);
  if (url.pathname.startsWith('/static/')) return cacheFirst(event, SHELL_CACHE);
  if (url.pathname === REGISTRY) return networkFirst(event, DATA_CACHE, afterRegistry);
  if (QUESTION_SET.test(url.pathname)) return networkFirst(event, DATA_CACHE, cacheQuestionImages);
  if (url.pathname.startsWith('/catalog-images/')) return networkFirst(event, DATA_CACHE);
  return undefined;
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await cacheShell();
      // Best effort: without it the learn remote is stored the first time it loads under this worker.
      await cacheRegistry().catch((error) => console.warn('[sw] remotes not cached ahead', error));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('bf-') && !CACHES.includes(name)) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const response = handle(event);
  if (response) event.respondWith(response);
});

sw.addEventListener('message', (event) => {
  if (event.data?.type !== SIGNED_OUT) return;
  event.waitUntil(prune(DATA_CACHE, (url) => !QUESTION_SET.test(url.pathname)));
});
