// Loaded into the BFF by `npm run trace:page` (trace-page.ts) with `node --import`, never by the app itself: it
// opens the sandboxed server renderers to the tracer. Each renderer the BFF starts through bubblewrap
// (bff/src/remotes/sandbox.ts) gets Node's inspector on a loopback port of its own, which needs two holes in its
// sandbox: the host's network (`--share-net`), and no permission model (Node 20 refuses the inspector under it);
// and its address space is not limited (the profiler does not fit; the heap limit stays).
// The same code runs in it; the port and the build it renders are appended to BF_TRACE_LOG, one JSON line each.
import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const log = process.env.BF_TRACE_LOG;
let nextPort = Number(process.env.BF_TRACE_INSPECT_PORT ?? 9460);
const RUNNER = '/sandbox/runner.mjs';
const original = childProcess.spawn;

childProcess.spawn = function spawn(command, args, options) {
  if (!log || command !== 'bwrap' || !Array.isArray(args) || !args.includes(RUNNER)) {
    return original.call(this, command, args, options);
  }
  const port = nextPort++;
  const node = args.indexOf('--experimental-permission') - 1;
  const traced = args.flatMap((arg, i) => {
    if (arg === '--unshare-all') return [arg, '--share-net'];
    if (arg === '--experimental-permission' || arg.startsWith('--allow-fs-read=')) return [];
    // The profiler's and the coverage's memory do not fit the renderer's address-space limit (it aborts).
    if (arg.startsWith('--as=')) return ['--as=unlimited'];
    if (i === node) return [arg, `--inspect=127.0.0.1:${port}`];
    return [arg];
  });
  const build = args[args.indexOf('/build') - 1];
  fs.appendFileSync(log, `${JSON.stringify({ port, build, entry: args.at(-1) })}\n`);
  return original.call(this, command, traced, options);
};
syncBuiltinESMExports();
