// The worker thread that runs remotes' server renderers (see ssr.ts). Plain JavaScript: it starts the same way
// under tsx and in a compiled build. It holds no secret (it starts with an empty environment) and reaches the BFF
// only by asking the main thread, which answers GETs on /api/ as the visitor being rendered.

import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

/** A build's renderer, loaded once per file (a published version's folder never changes). */
const modules = new Map();
/** Answers the main thread owes this worker, by fetch id. */
const fetches = new Map();
let nextFetch = 0;
/** Settles when the render before the next one has finished. */
let queue = Promise.resolve();

function load(file, stamp) {
  // A file that is rebuilt in place (the shell's frame) comes with a stamp of its build: a new one is loaded anew.
  const href = pathToFileURL(file).href + (stamp ? `?v=${encodeURIComponent(stamp)}` : '');
  let mod = modules.get(href);
  if (!mod) {
    mod = import(href).then((m) => {
      const ssr = m.default;
      if (!ssr || typeof ssr.render !== 'function') throw new Error(`${file} exports no server renderer`);
      return ssr;
    });
    mod.catch(() => modules.delete(href));
    modules.set(href, mod);
  }
  return mod;
}

parentPort.on('message', async (message) => {
  if (message.type === 'fetched') {
    const pending = fetches.get(message.fetchId);
    fetches.delete(message.fetchId);
    pending?.({ status: message.status, body: message.body });
    return;
  }
  if (message.type !== 'render') return;
  const { id, file, stamp, request } = message;
  const fetchApi = (path) =>
    new Promise((resolve) => {
      const fetchId = nextFetch++;
      fetches.set(fetchId, resolve);
      parentPort.postMessage({ type: 'fetch', id, fetchId, path });
    });
  // One render at a time in this worker, whichever build it is from: a renderer sets process-wide state while it
  // runs (the global `fetch` its API client uses, its language), and two renders at once would see each other's.
  const turn = queue;
  let done = () => {};
  queue = new Promise((resolve) => {
    done = resolve;
  });
  await turn;
  try {
    const ssr = await load(file, stamp);
    const { html, queries, deferred, title } = await ssr.render(request, fetchApi);
    parentPort.postMessage({
      type: 'done',
      id,
      html: String(html),
      queries: JSON.stringify(queries ?? null),
      deferred: JSON.stringify(Array.isArray(deferred) ? deferred : []),
      title: typeof title === 'string' ? title : null,
    });
  } catch (error) {
    parentPort.postMessage({
      type: 'failed',
      id,
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    done();
  }
});
