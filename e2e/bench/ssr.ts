/**
 * The server render's cost: `/learn` for a signed-in learner, rendered by mf-learn's build in its sandboxed process
 * (bff/src/remotes/sandbox.ts). The first page after the server started includes starting that process (bubblewrap,
 * Node, the build's module); the pages after it are warm. The figure is the server's own (`Server-Timing: ssr`):
 * the render with its API reads as the learner and the shell's header and footer around it.
 */
import { BASE, type Cookie, median } from './common';

export type SsrRow = {
  page: string;
  /** null: the first page was sent plain (its render took longer than SSR_TIMEOUT_MS). */
  coldMs: number | null;
  warmMedianMs: number;
  warmP95Ms: number;
  warmRuns: number;
  /** Warm pages sent plain. */
  plain: number;
};

const WARM_RUNS = Number(process.env.BENCH_SSR_RUNS ?? 40);

/** The server's render time of one page; null when it was sent plain (not rendered in time). */
async function renderMs(path: string, cookie: string): Promise<number | null> {
  const res = await fetch(`${BASE}${path}`, { headers: { cookie, 'accept-language': 'de' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const dur = /ssr;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
  return res.headers.get('x-buergerfit-prerender') === null || dur === undefined ? null : Number(dur);
}

/** Must run first after the server started: the first render is the cold one. */
export async function ssrRuns(cookies: Cookie[]): Promise<SsrRow[]> {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const page = '/learn';
  const coldMs = await renderMs(page, cookie);
  const warm: number[] = [];
  let plain = 0;
  for (let i = 0; i < WARM_RUNS; i++) {
    const ms = await renderMs(page, cookie);
    if (ms === null) plain++;
    else warm.push(ms);
  }
  const sorted = [...warm].sort((a, b) => a - b);
  const row = {
    page,
    coldMs,
    warmMedianMs: median(warm),
    warmP95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    warmRuns: warm.length,
    plain,
  };
  console.info(
    `server render of ${page}: first ${row.coldMs === null ? 'sent plain' : `${row.coldMs.toFixed(0)} ms`}, then median ${row.warmMedianMs.toFixed(1)} ms, p95 ${row.warmP95Ms.toFixed(1)} ms (${row.warmRuns} runs, ${plain} sent plain)`,
  );
  return [row];
}
