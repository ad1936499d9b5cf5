/** API throughput with autocannon (CONNECTIONS × API_SECONDS on one learner's session) next to a bare Koa route. */
import http from 'node:http';
import autocannon from 'autocannon';
import Koa from 'koa';
import { API_SECONDS, CONNECTIONS } from './common';

export type ApiRow = {
  database: string;
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function cannon(database: string, name: string, opts: autocannon.Options): Promise<ApiRow> {
  const result = await autocannon({ connections: CONNECTIONS, duration: API_SECONDS, ...opts });
  const row = {
    database,
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  console.info(
    `${database} · ${name}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`,
  );
  return row;
}

/** Signs a learner in through the development provider, following the code flow by hand; the Cookie header. */
async function sessionCookie(base: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const signIn = await fetch(`${base}/auth/local?login_hint=${login}&redirect=/`, { redirect: 'manual' });
  keep(signIn);
  let location = signIn.headers.get('location');
  for (let i = 0; i < 5 && location; i++) {
    const url = new URL(location, base);
    const ours = url.origin === base;
    const res = await fetch(url, { redirect: 'manual', headers: ours ? { cookie: header() } : {} });
    if (ours) keep(res);
    location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (ours && location && !new URL(location, base).pathname.startsWith('/auth/')) break;
  }
  const cookie = header();
  const state = await fetch(`${base}/api/user/setting/german-federal-state`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ selected_state: 'BE' }),
  });
  if (!state.ok) throw new Error(`setting the state: ${state.status}`);
  return cookie;
}

/** Compression and ETags on the measured GETs. */
export async function cachingChecks(base: string): Promise<Record<string, boolean>> {
  const cookie = await sessionCookie(base, 'bench-checks');
  const checks: Record<string, boolean> = {};
  for (const p of ['/api/en/learn', '/api/en/german-federal-states', '/api/en/user/dashboard']) {
    const first = await fetch(`${base}${p}`, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
    const tag = first.headers.get('etag');
    const again = await fetch(`${base}${p}`, {
      headers: { cookie, 'if-none-match': tag ?? '', 'cache-control': 'max-age=0' },
    });
    checks[`${p} compressed`] =
      (first.headers.get('content-encoding') ?? '') !== '' ||
      Number(first.headers.get('content-length') ?? 0) < 1024;
    checks[`${p} ETag → 304`] = Boolean(tag) && again.status === 304;
  }
  return checks;
}

/** The bare Koa route: the ceiling of this machine and Node. */
export async function ceiling(): Promise<ApiRow> {
  const hello = new Koa();
  hello.use((ctx) => {
    ctx.body = 'hello';
  });
  const server = http.createServer(hello.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  try {
    return await cannon('—', 'bare Koa "hello" (ceiling)', { url: `http://127.0.0.1:${port}/` });
  } finally {
    server.close();
  }
}

/** The app's hot calls on `database` ("embedded" or "PostgreSQL"), after a learner answered some questions. */
export async function apiRuns(base: string, database: string): Promise<ApiRow[]> {
  const cookie = await sessionCookie(base, `bench-api-${database.toLowerCase()}`);
  // Some history, so the dashboard has something to compute.
  for (let q = 1; q <= 40; q++) {
    await fetch(`${base}/api/en/learn-mode`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ question_id: q, is_correct: q % 4 !== 0 }),
    });
  }
  return [
    await cannon(database, 'GET /api/en/german-federal-states', {
      url: `${base}/api/en/german-federal-states`,
    }),
    await cannon(database, 'GET /api/en/learn', {
      url: `${base}/api/en/learn`,
      headers: { cookie, 'accept-encoding': 'br' },
    }),
    await cannon(database, 'POST /api/en/learn-mode', {
      url: `${base}/api/en/learn-mode`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ question_id: 12, is_correct: true }),
    }),
    await cannon(database, 'GET /api/en/user/dashboard', {
      url: `${base}/api/en/user/dashboard`,
      headers: { cookie },
    }),
  ];
}
