// @ts-check
/// <reference lib="webworker" />
/**
 * Bürgerfit's service worker (served by the BFF at /sw.js, scope /): every page opened once on this device opens
 * again with no network, as it was last sent, and learn mode and flashcards work offline. Plain JavaScript on
 * purpose: the file is served as written (no build step), and `tsc -p tsconfig.sw.json` checks it. Strategies:
 *
 * - navigations (the app's pages) → network first. Each page the server sends (prerendered, rendered on the server
 *   or the plain shell page, with its boot data) is stored as sent, by its address, for this device's learner; the
 *   remote it shows is stored too (its manifest, entry and exposed chunks, in the variant and version the page
 *   names). Offline: the stored page, else the plain shell page (the shell then shows what it can, or says the
 *   page is not available offline).
 * - the shell's hashed assets (/static/…) and versioned remote files (/remotes/<name>/<version>/…) → cache first
 *   (their URLs never change content)
 * - GET /api/remotes and every remote's mf-manifest.json → network first, cache when offline, so a remote deployed
 *   or an A/B assignment changed is picked up on the next online page load. A page's boot data is a registry answer
 *   too: it is stored as the registry's offline answer.
 * - every other GET /api/… (the learner's own answers: dashboard, progress, question sets, …) → network first, the
 *   stored answer when offline; not the admin console's calls nor the data export (a download)
 * - /catalog-images/… → network first, cache when offline
 * - anything else (/auth/…, every non-GET, other origins) → not touched
 *
 * Whose data: the stored pages and API answers are one person's (the page's boot data says whose). When another
 * person's page arrives, on sign-out (the page posts `buergerfit:signed-out`, and `POST /auth/logout` passes
 * here) and when the page reports another session (`buergerfit:session`), both are dropped before anything of the
 * new person is kept. Bounded: the last MAX_PAGES pages and MAX_API answers; remote versions the registry no
 * longer names are dropped, and a stored page that named them (or shell files no longer built, or another language
 * than the learner's now) is fetched again while online, else dropped when the server no longer sends it.
 *
 * Only complete 200 answers to GET are stored. At install the shell (listed by the build in sw-precache.json) and
 * the learn remote (listed by its mf-manifest.json) are fetched, so the first page that registers the worker is
 * enough for learn mode.
 */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const VERSION = 2;
/** index.html and the shell's hashed assets. */
const SHELL_CACHE = `bf-shell-v${VERSION}`;
/** Versioned remote files: immutable. */
const REMOTES_CACHE = `bf-remotes-v${VERSION}`;
/** Registry, remote manifests, catalog pictures: nobody's data, fallbacks for when the network is gone. */
const DATA_CACHE = `bf-data-v${VERSION}`;
/** The API's GET answers to this device's learner (or guest). */
const API_CACHE = `bf-api-v${VERSION}`;
/** The pages as the server sent them to this device's learner (or guest), by address. */
const PAGES_CACHE = `bf-pages-v${VERSION}`;
/** Whose the API answers and pages are, and the language the pages should be in. */
const META_CACHE = `bf-meta-v${VERSION}`;
const CACHES = [SHELL_CACHE, REMOTES_CACHE, DATA_CACHE, API_CACHE, PAGES_CACHE, META_CACHE];
/** One person's: dropped together when the person changes. */
const PERSONAL_CACHES = [API_CACHE, PAGES_CACHE];

/** Pages kept (the oldest stored goes first). */
const MAX_PAGES = 30;
/** API answers kept (the oldest stored goes first). */
const MAX_API = 300;

const INDEX = '/index.html';
const PRECACHE_LIST = '/sw-precache.json';
/** Beside a remote build's mf-manifest.json. */
const OFFLINE_LIST = 'offline.json';
const REGISTRY = '/api/remotes';
/** Remotes fetched ahead of use (the rest are kept once a page that shows them has been opened). */
const WARM_REMOTES = ['mf_learn'];
/** The BFF names the remote whose markup a page carries (bff/src/remotes/prerender.ts). */
const PRERENDER_HEADER = 'X-Buergerfit-Prerender';
const OWNER_KEY = '/sw-meta/owner';
const LANGUAGE_KEY = '/sw-meta/language';
const GUEST = 'guest';

const REMOTE_FILE = /^\/remotes\/([\w.-]+)\/([\w.-]+)\/(.+)$/;
const QUESTION_SET = /^\/api\/[a-z]{2}\/learn$/;
/**
 * API calls never stored: the A/B console (other people's data, live figures), the data export (a download) and the
 * wins not celebrated yet (offline a stored answer would celebrate one again).
 */
const NOT_STORED_API = /^\/api\/(admin(\/|$)|user\/export$|[a-z]{2}\/user\/celebrations(\/|$))/;
/** Paths that are never the app page, even as a navigation (sign-in flows, API, files). */
const NOT_A_PAGE = /^\/(api|auth|remotes|catalog-images)(\/|$)|^\/sw\.js$/;
const LOGOUT = '/auth/logout';
/**
 * The manifest's start page sends a visitor on (a learner to the dashboard, or to onboarding, a guest to the demo):
 * offline it opens the first of these this device has stored.
 */
const START = '/start';
const START_TARGETS = ['/dashboard', '/welcome', '/demo', '/'];
const BOOT = /<script id="bf-boot" type="application\/json">([\s\S]*?)<\/script>/;
const HTML_LANG = /<html[^>]*\blang="([a-z]{2})"/;
/** The shell's files a page names (`/static/…` in an attribute, not the end of a remote file's address). */
const SHELL_ASSET = /["'\s](\/static\/[\w./-]+\.(?:js|css))(?=["'\s])/g;
const MATCH = { ignoreVary: true };
/**
 * Fetches of the worker's own (a remote stored ahead, a page fetched again): low priority, after what the page itself
 * is loading.
 */
const IN_THE_BACKGROUND = /** @type {const} */ ({ credentials: 'same-origin', priority: 'low' });

/** Messages from the page (shell/platform). */
const SIGNED_OUT = 'buergerfit:signed-out';
const SESSION = 'buergerfit:session';
const LANGUAGE = 'buergerfit:language';
/** Answered once everything this worker is storing is stored (tests wait for it instead of sleeping). */
const SETTLE = 'buergerfit:settle';

/** @typedef {{ name: string; variant: string; version: string; manifestUrl: string }} RemoteDescriptor */
/**
 * @typedef {{
 *   remotes?: RemoteDescriptor[] | null;
 *   session?: { status: 'user'; user: { id: string } } | { status: 'guest' } | { status: 'unknown' };
 * }} Boot
 */

/** @param {Response} response */
const storable = (response) =>
  response.status === 200 && (response.type === 'basic' || response.type === 'cors') && !response.redirected;

/** @param {Response} response */
const isHtml = (response) => (response.headers.get('content-type') ?? '').includes('text/html');

// ---- background work ----

/** Everything under way in the background (see SETTLE). */
const pending = new Set();

/**
 * Keeps the worker alive for `task` and counts it as under way.
 * @param {ExtendableEvent} event
 * @param {Promise<unknown>} task
 */
function inBackground(event, task) {
  const tracked = task.catch((error) => console.warn('[sw]', error));
  pending.add(tracked);
  tracked.finally(() => pending.delete(tracked));
  event.waitUntil(tracked);
}

let chain = Promise.resolve();
/**
 * Runs tasks that read or change whose the caches are one after another, in the order they came (a page stored,
 * a sign-out, a deploy seen).
 * @param {() => Promise<unknown>} task
 */
function serially(task) {
  const run = chain.then(task);
  chain = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Bumped whenever the personal caches are dropped: an answer asked for before then is not stored after. */
let generation = 0;

// ---- storing ----

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
 * Drops the oldest entries past `max` (a put moves an entry to the end).
 * @param {string} cacheName
 * @param {number} max
 */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(request);
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
        const response = await fetch(url, IN_THE_BACKGROUND);
        if (storable(response)) await cache.put(url, response);
      } catch (error) {
        console.warn('[sw] not cached', url, error);
      }
    }),
  );
}

/**
 * Deletes the stored entries whose URL fails `keep`; says whether any was deleted.
 * @param {string} cacheName
 * @param {(url: URL) => boolean} keep
 */
async function prune(cacheName, keep) {
  const cache = await caches.open(cacheName);
  let pruned = false;
  for (const request of await cache.keys()) {
    if (!keep(new URL(request.url))) {
      await cache.delete(request);
      pruned = true;
    }
  }
  return pruned;
}

/** @param {string} key */
async function readMeta(key) {
  const stored = await caches.match(key, { cacheName: META_CACHE });
  return stored ? stored.text() : null;
}

/**
 * @param {string} key
 * @param {string} value
 */
async function writeMeta(key, value) {
  await (await caches.open(META_CACHE)).put(key, new Response(value));
}

// ---- whose the data is ----

/**
 * Who a page was sent to; null when the server could not tell (an expired access token: the shell checks).
 * @param {Boot | null} boot
 */
function ownerOf(boot) {
  const session = boot?.session;
  if (session?.status === 'user') return `user:${session.user.id}`;
  if (session?.status === 'guest') return GUEST;
  return null;
}

/**
 * Makes `owner` the person the personal caches belong to, dropping another person's pages and answers first.
 * @param {string} owner
 */
async function becomeOwner(owner) {
  if ((await readMeta(OWNER_KEY)) === owner) return;
  generation += 1;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
  await writeMeta(OWNER_KEY, owner);
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
 * assets no longer listed; says whether any was dropped (a new shell build).
 * @param {Response} [page] the index.html just fetched, if any
 */
async function cacheShell(page) {
  const files = await shellFiles();
  await addMissing(SHELL_CACHE, files);
  const index = page ?? (await fetch(INDEX, { cache: 'no-cache' }));
  if (!storable(index)) throw new Error(`index.html: HTTP ${index.status}`);
  await (await caches.open(SHELL_CACHE)).put(INDEX, index);
  const keep = new Set(files);
  return prune(SHELL_CACHE, (url) => url.pathname === INDEX || keep.has(url.href));
}

/** Stores a newer shell when index.html changed; says whether old shell files were dropped. */
async function refreshShell() {
  const page = await fetch(INDEX, { cache: 'no-cache' });
  if (!storable(page)) return false;
  const html = await page.clone().text();
  const stored = await caches.match(INDEX, { cacheName: SHELL_CACHE });
  if (stored && (await stored.text()) === html) return false;
  return cacheShell(page);
}

// ---- remotes ----

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
 * The files a build lists in its `offline.json` (what its exposed modules load at once, from Rspack's chunk groups:
 * shell/platform/src/build.ts); none for a build from before the list.
 * @param {string} manifestUrl
 */
async function offlineList(manifestUrl) {
  try {
    const response = await fetch(new URL(OFFLINE_LIST, manifestUrl).href, IN_THE_BACKGROUND);
    if (!response.ok) return [];
    const { files } = /** @type {{ files?: unknown }} */ (await response.json());
    return Array.isArray(files) ? files.filter((f) => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Stores a remote's manifest and the files its entry and exposed modules load (the shared libraries come from
 * the shell).
 * @param {string} manifestUrl
 */
async function warmRemote(manifestUrl) {
  if (warmed.has(manifestUrl)) return;
  const response = await fetch(manifestUrl, { ...IN_THE_BACKGROUND, cache: 'no-cache' });
  if (!storable(response)) return;
  const manifest = /** @type {Manifest} */ (await response.clone().json());
  await store(DATA_CACHE, manifestUrl, response);
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set([`${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`]);
  for (const { assets } of manifest.exposes ?? []) {
    for (const kind of [assets?.js, assets?.css])
      for (const f of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(f);
  }
  // The manifest counts a chunk an exposed module shares with a shared package's fallback as the package's.
  for (const f of await offlineList(manifestUrl)) files.add(f);
  // publicPath "auto": files are relative to the manifest's folder.
  await addMissing(
    REMOTES_CACHE,
    [...files].map((f) => new URL(f, manifestUrl).href),
  );
  warmed.add(manifestUrl);
}

/** @param {RemoteDescriptor} remote a registry entry on this origin, else null */
const ownManifest = (remote) => {
  const url = new URL(remote.manifestUrl, sw.location.origin);
  return url.origin === sw.location.origin ? url.href : null;
};

/** The remote versions of the last registry answer (`name/version`), for telling stale pages. */
let currentRemotes = /** @type {Set<string> | null} */ (null);

/**
 * After a registry answer: fetch the warm remotes ahead, forget remote versions this visitor no longer gets (and
 * fetch again the stored pages that named them). Says whether any stored file was dropped.
 * @param {RemoteDescriptor[]} remotes
 */
async function followRegistry(remotes) {
  const current = new Set(remotes.map((r) => `${r.name}/${r.version}`));
  currentRemotes = current;
  const isCurrent = (/** @type {URL} */ url) => {
    const m = REMOTE_FILE.exec(url.pathname);
    return !m || current.has(`${m[1]}/${m[2]}`);
  };
  const ahead = remotes.filter((r) => WARM_REMOTES.includes(r.name)).flatMap((r) => ownManifest(r) ?? []);
  await Promise.all(ahead.map((url) => warmRemote(url)));
  const dropped = await prune(REMOTES_CACHE, isCurrent);
  await prune(DATA_CACHE, isCurrent);
  return dropped;
}

async function cacheRegistry() {
  const response = await fetch(REGISTRY, { headers: { Accept: 'application/json' } });
  if (!storable(response)) return;
  const { remotes } = /** @type {{ remotes: RemoteDescriptor[] }} */ (await response.clone().json());
  await store(DATA_CACHE, REGISTRY, response);
  await followRegistry(remotes);
}

// ---- pages ----

/** @param {string} html */
function bootIn(html) {
  const json = BOOT.exec(html)?.[1];
  if (!json) return null;
  try {
    return /** @type {Boot} */ (JSON.parse(json));
  } catch {
    return null;
  }
}

/** A page's key: its address without the fragment. */
const pageKey = (/** @type {string} */ href) => {
  const url = new URL(href);
  return `${url.origin}${url.pathname}${url.search}`;
};

/**
 * Whether a stored page still works offline as it is: its shell files are stored, the remote versions it names are
 * the current ones, and it is in the learner's language.
 * @param {string} html
 */
async function upToDate(html) {
  const shell = await caches.open(SHELL_CACHE);
  for (const [, asset] of html.matchAll(SHELL_ASSET)) {
    if (!asset || !(await shell.match(new URL(asset, sw.location.origin).href, MATCH))) return false;
  }
  const boot = bootIn(html);
  if (currentRemotes && boot?.remotes?.some((r) => !currentRemotes?.has(`${r.name}/${r.version}`)))
    return false;
  const language = await readMeta(LANGUAGE_KEY);
  const lang = HTML_LANG.exec(html)?.[1];
  return !language || !lang || lang === language;
}

/**
 * Stores a page as the server sent it, with the remote it shows, for the person it was sent to.
 * @param {string} key
 * @param {Response} response a 200 HTML answer
 * @param {number} askedIn the `generation` when the page was asked for
 * @returns {Promise<{ remotes: RemoteDescriptor[] | null; lang: string | null } | null>} the registry entries it
 *   came with and its language; null when it was not kept
 */
async function keepPage(key, response, askedIn) {
  const html = await response.clone().text();
  const boot = bootIn(html);
  const owner = ownerOf(boot);
  // Asked for before a sign-out or a change of person: not kept for whoever comes next.
  if (askedIn !== generation && owner !== (await readMeta(OWNER_KEY))) return null;
  if (owner) await becomeOwner(owner);
  const pages = await caches.open(PAGES_CACHE);
  await pages.delete(key);
  await pages.put(key, response);
  await trim(PAGES_CACHE, MAX_PAGES);
  // The remote whose markup the page carries: a page used as sent may never load it online.
  const shown = response.headers.get(PRERENDER_HEADER);
  const remote = boot?.remotes?.find((r) => r.name === shown);
  const manifest = remote ? ownManifest(remote) : null;
  if (manifest) await warmRemote(manifest);
  return { remotes: boot?.remotes ?? null, lang: HTML_LANG.exec(html)?.[1] ?? null };
}

/**
 * The registry entries a page came with are this visitor's registry answer: stored as the offline answer of
 * `GET /api/remotes` (the shell asks it when it starts from the plain page).
 * @param {RemoteDescriptor[]} remotes
 */
async function keepRegistry(remotes) {
  const body = JSON.stringify({ remotes });
  await (await caches.open(DATA_CACHE)).put(
    REGISTRY,
    new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
  );
}

/**
 * Fetches again, while online, every stored page that no longer works offline as it is (see `upToDate`); a page
 * the server no longer sends (signed out, a redirect, gone) is dropped. A page that cannot be fetched now stays.
 */
async function refreshPages() {
  const pages = await caches.open(PAGES_CACHE);
  for (const request of await pages.keys()) {
    const stored = await pages.match(request, MATCH);
    if (!stored || (await upToDate(await stored.text()))) continue;
    const askedIn = generation;
    let response;
    try {
      response = await fetch(request.url, { ...IN_THE_BACKGROUND, cache: 'no-cache' });
    } catch {
      continue;
    }
    if (storable(response) && isHtml(response)) await keepPage(request.url, response, askedIn);
    else await pages.delete(request);
    // Another person's page came back (the session ended): the pages left are gone with the rest.
    if (askedIn !== generation) return;
  }
}

/**
 * Navigations: the network's page when there is one (stored for this device's learner, and a newer shell stored
 * in the background), otherwise the stored page, else the stored shell page.
 * @param {FetchEvent} event
 */
async function navigate(event) {
  const askedIn = generation;
  const key = pageKey(event.request.url);
  try {
    const response = await fetch(event.request);
    if (storable(response) && isHtml(response)) {
      const copy = response.clone();
      inBackground(
        event,
        serially(async () => {
          const kept = await keepPage(key, copy, askedIn);
          let changed = await refreshShell().catch((error) => {
            console.warn('[sw] shell not refreshed', error);
            return false;
          });
          if (kept?.remotes) {
            await keepRegistry(kept.remotes);
            changed = (await followRegistry(kept.remotes)) || changed;
          }
          if (kept?.lang) await writeMeta(LANGUAGE_KEY, kept.lang);
          if (changed) await refreshPages();
        }),
      );
    }
    return response;
  } catch (error) {
    const pages = await caches.open(PAGES_CACHE);
    if (new URL(key).pathname === START) {
      for (const target of START_TARGETS) {
        const href = new URL(target, sw.location.origin).href;
        if (await pages.match(href, MATCH)) return Response.redirect(href, 302);
      }
    }
    const stored =
      (await pages.match(key, MATCH)) ??
      (await pages.match(key, { ...MATCH, ignoreSearch: true })) ??
      (await caches.match(INDEX, { cacheName: SHELL_CACHE }));
    if (stored) return stored;
    throw error;
  }
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
      inBackground(
        event,
        store(cacheName, event.request, copy).then(() => (after && forAfter ? after(forAfter) : undefined)),
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
 * The learner's own API answers: network first, stored for this person (not after a sign-out or a change of person
 * since it was asked for), the stored answer when offline.
 * @param {FetchEvent} event
 * @param {(response: Response) => Promise<void>} [after] background work with a copy of a fresh 200 answer
 */
async function personalNetworkFirst(event, after) {
  const askedIn = generation;
  try {
    const response = await fetch(event.request);
    const json = (response.headers.get('content-type') ?? '').includes('json');
    const download = /attachment/i.test(response.headers.get('content-disposition') ?? '');
    if (storable(response) && json && !download) {
      const copy = response.clone();
      const forAfter = after ? response.clone() : null;
      inBackground(
        event,
        (async () => {
          if (askedIn !== generation) return;
          await store(API_CACHE, event.request, copy);
          await trim(API_CACHE, MAX_API);
          if (after && forAfter) await after(forAfter);
        })(),
      );
    }
    return response;
  } catch (error) {
    const stored = await caches.match(event.request, { ...MATCH, cacheName: API_CACHE });
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
    inBackground(event, store(cacheName, event.request, copy));
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
  await serially(async () => {
    if (await followRegistry(remotes)) await refreshPages();
  });
}

/**
 * Which strategy answers a request; undefined = the worker stays out of it.
 * @param {FetchEvent} event
 * @returns {Promise<Response> | undefined}
 */
function handle(event) {
  const { request } = event;
  const url = new URL(request.url);
  // Other origins (a remote variant on a CDN) are left to the page: the worker's own Content-Security-Policy is
  // the one it was installed with and may not list an origin registered later.
  if (url.origin !== sw.location.origin) return undefined;
  if (request.method !== 'GET') {
    // Signing out: nothing of this learner is kept (the page says so too, once the call has answered).
    if (url.pathname === LOGOUT)
      inBackground(
        event,
        serially(() => becomeOwner(GUEST)),
      );
    return undefined;
  }
  const remote = REMOTE_FILE.exec(url.pathname);
  if (remote) {
    return remote[3] === 'mf-manifest.json'
      ? networkFirst(event, DATA_CACHE)
      : cacheFirst(event, REMOTES_CACHE);
  }
  if (request.mode === 'navigate') return NOT_A_PAGE.test(url.pathname) ? undefined : navigate(event);
  if (url.pathname.startsWith('/static/')) return cacheFirst(event, SHELL_CACHE);
  if (url.pathname === REGISTRY) return networkFirst(event, DATA_CACHE, afterRegistry);
  if (QUESTION_SET.test(url.pathname)) return personalNetworkFirst(event, cacheQuestionImages);
  if (url.pathname.startsWith('/api/') && !NOT_STORED_API.test(url.pathname))
    return personalNetworkFirst(event);
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
  const data = /** @type {{ type?: string; user?: string | null; lang?: string } | null} */ (event.data);
  switch (data?.type) {
    case SIGNED_OUT:
      inBackground(
        event,
        serially(() => becomeOwner(GUEST)),
      );
      break;
    case SESSION:
      inBackground(
        event,
        serially(() => becomeOwner(data.user ? `user:${data.user}` : GUEST)),
      );
      break;
    case LANGUAGE:
      inBackground(
        event,
        serially(async () => {
          if (!data.lang || (await readMeta(LANGUAGE_KEY)) === data.lang) return;
          await writeMeta(LANGUAGE_KEY, data.lang);
          await refreshPages();
        }),
      );
      break;
    case SETTLE: {
      const port = event.ports[0];
      event.waitUntil(
        (async () => {
          let last;
          do {
            last = chain;
            await Promise.allSettled([...pending]);
            await chain;
          } while (pending.size > 0 || last !== chain);
          port?.postMessage({ type: SETTLE });
        })(),
      );
      break;
    }
  }
});
