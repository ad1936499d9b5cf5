/**
 * The server render's cost: `/learn` for a signed-in learner, rendered by mf-learn's build in its sandboxed process
 * (bff/src/remotes/sandbox.ts). The first page after the server started includes starting that process (bubblewrap,
 * Node, the build's module); the pages after it are warm. The figure is the server's own (`Server-Timing: ssr`):
 * the render with its API reads as the learner and the shell's header and footer around it.
 */
import { BASE, type Cookie, median } from './common';

export type SsrRow = {
  page: string;
  coldMs: number;
  warmMedianMs: number;
  warmP95Ms: number;
  warmRuns: number;
};

const WARM_RUNS = Number(process.env.BENCH_SSR_RUNS ?? 40);

async function renderMs(path: string, cookie: string): Promise<number> {
  const res = await fetch(`${BASE}${path}`, { headers: { cookie, 'accept-language': 'de' } });
  await res.arrayBuffer();
  const dur = /ssr;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
  if (res.status !== 200 || res.headers.get('x-buergerfit-prerender') === null || dur === undefined) {
    throw new Error(`${path} was not rendered on the server (status ${res.status})`);
  }
  return Number(dur);
}

/** Must run first after the server started: the first render is the cold one. */
export async function ssrRuns(cookies: Cookie[]): Promise<SsrRow[]> {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const page = '/learn';
  const coldMs = await renderMs(page, cookie);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await renderMs(page, cookie));
  const sorted = [...warm].sort((a, b) => a - b);
  const row = {
    page,
    coldMs,
    warmMedianMs: median(warm),
    warmP95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    warmRuns: warm.length,
  };
  console.info(
    `server render of ${page}: first ${row.coldMs.toFixed(0)} ms, then median ${row.warmMedianMs.toFixed(1)} ms, p95 ${row.warmP95Ms.toFixed(1)} ms (${row.warmRuns} runs)`,
  );
  return [row];
}
