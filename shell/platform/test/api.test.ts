import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../src/api';
import { LOGOUT_EVENT, STORAGE_KEYS } from '../src/constants';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A fake BFF: data paths answer 401 until a refresh succeeded; /auth/refresh waits for the test. */
function fakeBff(refreshAnswer: Promise<Response>) {
  let refreshed = false;
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method} ${url}`);
    if (url === '/auth/refresh') {
      const res = await refreshAnswer;
      refreshed = res.ok;
      return res;
    }
    return refreshed
      ? json(200, { path: url })
      : json(401, { error: { code: 'unauthorized', message: 'Expired' } });
  });
  return { fetchMock, calls };
}

describe('api client', () => {
  let logouts = 0;
  const onLogout = () => {
    logouts += 1;
  };
  beforeEach(() => {
    logouts = 0;
    window.addEventListener(LOGOUT_EVENT, onLogout);
    localStorage.clear();
  });
  afterEach(() => window.removeEventListener(LOGOUT_EVENT, onLogout));

  it('sends same-origin JSON with cookies and parses the answer', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    const api = createApiClient({ fetch: fetchMock as typeof fetch });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws ApiError parsed from the BFF error shape', async () => {
    const api = createApiClient({
      fetch: (async () =>
        json(422, { error: { code: 'validation', message: 'Bad', details: { f: 1 } } })) as typeof fetch,
    });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation', message: 'Bad', details: { f: 1 } });
  });

  it('prefixes language paths with the current language', () => {
    const api = createApiClient({ getLanguage: () => 'hr' });
    expect(api.lang('/learn')).toBe('/api/hr/learn');
    expect(api.lang('user/dashboard')).toBe('/api/hr/user/dashboard');
  });

  it('5 concurrent 401s → exactly one refresh, then 5 replays succeed', async () => {
    const refresh = deferred<Response>();
    const { fetchMock, calls } = fakeBff(refresh.promise);
    const api = createApiClient({ fetch: fetchMock as typeof fetch });
    const requests = [1, 2, 3, 4, 5].map((n) => api.get<{ path: string }>(`/api/item/${n}`));
    await vi.waitFor(() => expect(calls.filter((c) => c.startsWith('GET')).length).toBe(5));
    await new Promise((r) => setTimeout(r, 10));
    refresh.resolve(new Response(null, { status: 204 }));
    const results = await Promise.all(requests);
    expect(results.map((r) => r.path)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/item/${n}`));
    expect(calls.filter((c) => c === 'POST /auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(10);
    const refreshInit = fetchMock.mock.calls.find(([u]) => u === '/auth/refresh')?.[1];
    expect(refreshInit?.body).toBeUndefined();
    expect(logouts).toBe(0);
  });

  it('a failing refresh rejects all 5, clears the stored user and fires the logout event once', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', name: 'Ana' }));
    const refresh = deferred<Response>();
    const { fetchMock, calls } = fakeBff(refresh.promise);
    const api = createApiClient({ fetch: fetchMock as typeof fetch });
    const requests = [1, 2, 3, 4, 5].map((n) => api.get(`/api/item/${n}`).catch((e: unknown) => e));
    await vi.waitFor(() => expect(calls.filter((c) => c.startsWith('GET')).length).toBe(5));
    await new Promise((r) => setTimeout(r, 10));
    refresh.resolve(json(401, { error: { code: 'invalid_refresh', message: 'No' } }));
    const errors = await Promise.all(requests);
    for (const error of errors) expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls.filter((c) => c === 'POST /auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(5);
    expect(logouts).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('a replayed request that gets 401 again does not refresh a second time', async () => {
    const calls: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return String(input) === '/auth/refresh' ? new Response(null, { status: 204 }) : json(401, {});
    });
    const api = createApiClient({ fetch: fetchMock as typeof fetch });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['/api/x', '/auth/refresh', '/api/x']);
  });

  it('never refreshes for the refresh call itself or the credentials login', async () => {
    const fetchMock = vi.fn(async () => json(401, { error: { code: 'bad', message: 'Bad' } }));
    const api = createApiClient({ fetch: fetchMock as typeof fetch });
    await expect(api.post('/auth/refresh')).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/auth/login', { email: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('/api/user/me may refresh (expired access token, valid refresh cookie)', async () => {
    const refresh = deferred<Response>();
    refresh.resolve(new Response(null, { status: 200 }));
    const { fetchMock, calls } = fakeBff(refresh.promise);
    const api = createApiClient({ fetch: fetchMock as typeof fetch });
    await expect(api.get('/api/user/me')).resolves.toEqual({ path: '/api/user/me' });
    expect(calls).toEqual(['GET /api/user/me', 'POST /auth/refresh', 'GET /api/user/me']);
  });

  it('maps network failures to ApiError status 0', async () => {
    const api = createApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
