import { LOGOUT_EVENT } from './constants';
import { currentLanguage } from './language';
import { clearStoredUser } from './storage';
import type { ApiErrorBody, Language } from './types';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An error answered by the BFF (`{"error":{"code","message","details"?}}`) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  /** Set on the replay after a refresh; a retried request never refreshes again. */
  retried?: boolean;
  /** Never try a token refresh for this request. */
  skipRefresh?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** `api.lang('/learn')` → `/api/<current language>/learn`. */
  lang(path: string): string;
}

export interface ApiClientOptions {
  /** Prefix for every path; '' = same origin (default). */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up on each call. */
  fetch?: typeof fetch;
  getLanguage?: () => Language;
  refreshPath?: string;
  /** Called once per failed refresh. Default: clear the stored user and dispatch LOGOUT_EVENT. */
  onSessionExpired?: () => void;
  /** Whether a 401 is worth a token refresh. Default: unless the session knows there is no session cookie. */
  mayRefresh?: () => boolean;
}

let refreshCookieExpected = true;
/**
 * The session tells the API clients whether this browser may hold a refresh cookie: not for a guest (the page's
 * boot data said so), after signing out, or after a refresh failed — then a 401 is an answer, not a reason to try
 * `/auth/refresh`, which cannot succeed. Signing in sets it again.
 */
export function expectRefreshCookie(expected: boolean): void {
  refreshCookieExpected = expected;
}

/** Paths that never trigger a refresh: the refresh itself, logout and the credentials login. */
const NO_REFRESH_PATHS = new Set(['/auth/refresh', '/auth/logout', '/api/auth/login']);

function defaultSessionExpired(): void {
  clearStoredUser();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGOUT_EVENT));
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const err = (body as Partial<ApiErrorBody> | null)?.error;
  if (err && typeof err.code === 'string') {
    return new ApiError(res.status, err.code, err.message ?? res.statusText, err.details);
  }
  return new ApiError(res.status, `http_${res.status}`, res.statusText || `HTTP ${res.status}`);
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  return text as T;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const refreshPath = options.refreshPath ?? '/auth/refresh';
  const getLanguage = options.getLanguage ?? currentLanguage;
  const onSessionExpired = options.onSessionExpired ?? defaultSessionExpired;
  const mayRefresh = options.mayRefresh ?? (() => refreshCookieExpected);
  /** Incremented after each successful refresh: a 401 to a request sent before it just replays. */
  let generation = 0;
  let refreshing: Promise<void> | null = null;

  const doFetch = (method: HttpMethod, path: string, body: unknown, opts: RequestOptions) => {
    const f = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const init: RequestInit = { method, credentials: 'include', headers, signal: opts.signal };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return f(`${baseUrl}${path}`, init);
  };

  const refreshOnce = (sentAt: number): Promise<void> => {
    if (sentAt !== generation) return Promise.resolve();
    if (!refreshing) {
      refreshing = (async () => {
        let ok = false;
        try {
          const res = await doFetch('POST', refreshPath, undefined, {});
          ok = res.ok;
          // Nobody reads the body: release it, or the request stays open in the browser.
          await res.body?.cancel().catch(() => undefined);
        } catch (error) {
          console.warn('[api] token refresh failed', error);
        }
        if (!ok) {
          onSessionExpired();
          throw new ApiError(401, 'session_expired', 'Session expired');
        }
        generation += 1;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const request = async <T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<T> => {
    const sentAt = generation;
    let res: Response;
    try {
      res = await doFetch(method, path, body, opts);
    } catch (error) {
      if ((error as { name?: string })?.name === 'AbortError') throw error;
      throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
    }
    const bare = path.split('?')[0] ?? path;
    if (
      res.status === 401 &&
      !opts.retried &&
      !opts.skipRefresh &&
      !NO_REFRESH_PATHS.has(bare) &&
      mayRefresh()
    ) {
      const original = await toApiError(res);
      try {
        await refreshOnce(sentAt);
      } catch {
        throw original;
      }
      return request<T>(method, path, body, { ...opts, retried: true });
    }
    if (!res.ok) throw await toApiError(res);
    return parseBody<T>(res);
  };

  return {
    request,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, body, opts) => request('DELETE', path, body, opts),
    lang: (path) => `/api/${getLanguage()}${path.startsWith('/') ? path : `/${path}`}`,
  };
}

/** The app-wide client (one refresh queue for shell and every remote, via the shared singleton). */
export const api: ApiClient = createApiClient();
