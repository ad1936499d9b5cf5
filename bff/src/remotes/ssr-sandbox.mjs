// The process that runs one build's server renderer, inside the sandbox that ssr.ts starts it in (bubblewrap: no
// network, no file but its own build and the system's programs, no other process to see; Node's permission model: no
// file read outside the build, no write, no child process, no worker, no native addon; no environment; memory and
// time limits). Plain JavaScript, so it starts the same under tsx and from the compiled BFF.
//
// It speaks newline-delimited JSON: requests come on standard input, answers go out on file descriptor 3 (standard
// output and error are the renderer's own, for its logging). Its data comes only through the BFF: a `fetch` line asks
// for a GET of the app's API as the visitor being rendered, and a `fetched` line answers it.
//
//   in:  {type:'render', id, request}               out: {type:'ready'} once the build is loaded
//        {type:'fetched', fetchId, status, body}          {type:'fetch', id, fetchId, path}
//                                                         {type:'done', id, html, queries, deferred, title}
//                                                         {type:'failed', id, message}

import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const entry = process.argv[2];
const out = new net.Socket({ fd: 3, readable: false, writable: true });
const send = (message) => out.write(`${JSON.stringify(message)}\n`);

/** Answers the BFF owes this renderer, by fetch id. */
const fetches = new Map();
let nextFetch = 0;
/** Settles when the render before the next one has finished: a renderer sets process-wide state while it runs. */
let queue = Promise.resolve();

const renderer = import(pathToFileURL(path.resolve(entry)).href).then((m) => {
  const ssr = m.default;
  if (!ssr || typeof ssr.render !== 'function') throw new Error(`${entry} exports no server renderer`);
  return ssr;
});
/** Settles once the build is loaded and the BFF has been told so (written out before any render runs). */
const ready = renderer.then(
  (ssr) => new Promise((resolve) => out.write(`${JSON.stringify({ type: 'ready' })}\n`, () => resolve(ssr))),
  (error) => {
    send({ type: 'failed', id: -1, message: error instanceof Error ? error.message : String(error) });
    out.end(() => process.exit(1));
    return new Promise(() => {});
  },
);

async function render(id, request) {
  const fetchApi = (apiPath) =>
    new Promise((resolve) => {
      const fetchId = nextFetch++;
      fetches.set(fetchId, resolve);
      send({ type: 'fetch', id, fetchId, path: String(apiPath) });
    });
  try {
    const ssr = await ready;
    const { html, queries, deferred, title } = await ssr.render(request, fetchApi);
    send({
      type: 'done',
      id,
      html: String(html),
      queries: queries ?? null,
      deferred: Array.isArray(deferred) ? deferred : [],
      title: typeof title === 'string' ? title : null,
    });
  } catch (error) {
    send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.type === 'fetched') {
    const pending = fetches.get(message.fetchId);
    fetches.delete(message.fetchId);
    pending?.({ status: message.status, body: message.body });
    return;
  }
  if (message.type !== 'render') return;
  // One render at a time, whichever visitor it is for: language, session and `fetch` are process-wide here.
  const turn = queue.then(() => render(message.id, message.request));
  queue = turn;
});
// The BFF closed our input: it is done with this renderer.
lines.on('close', () => process.exit(0));
