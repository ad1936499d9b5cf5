import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, expectRefreshCookie } from '../src/api';
import { PAGE_BOOT_ID, pageBoot, resetPageBoot } from '../src/boot';
import { STORAGE_KEYS } from '../src/constants';
import { SessionProvider, useSession } from '../src/session';
import { testUser } from '../src/testing';

const ana = testUser({ name: 'Ana', onboarded: true });
const ben = testUser({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Ben' });

/** The page as the BFF serves it: the boot data in `<script id="bf-boot" type="application/json">`. */
function servePage(boot: unknown) {
  const el = document.createElement('script');
  el.id = PAGE_BOOT_ID;
  el.type = 'application/json';
  el.textContent = typeof boot === 'string' ? boot : JSON.stringify(boot);
  document.head.append(el);
}

const withSession =
  (get: () => Promise<unknown>) =>
  ({ children }: { children: ReactNode }) => (
    <SessionProvider client={{ ...createApiClient(), get } as never}>{children}</SessionProvider>
  );

beforeEach(() => {
  resetPageBoot();
  localStorage.clear();
  document.getElementById(PAGE_BOOT_ID)?.remove();
  expectRefreshCookie(true);
});
afterEach(() => document.getElementById(PAGE_BOOT_ID)?.remove());

describe('the page boot data', () => {
  it('is read once from the page; a page without it (the offline copy) has none', () => {
    expect(pageBoot()).toBeNull();
    resetPageBoot();
    servePage({
      remotes: [{ name: 'mf_learn', variant: 'b', version: '2', manifestUrl: '/m.json' }],
      session: { status: 'guest' },
    });
    expect(pageBoot()?.remotes?.[0]?.variant).toBe('b');
    document.getElementById(PAGE_BOOT_ID)?.remove();
    expect(pageBoot()?.session).toEqual({ status: 'guest' });
  });

  it('ignores unreadable boot data (the shell then asks the server), with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    servePage('{"remotes": [');
    expect(pageBoot()).toBeNull();
    resetPageBoot();
    servePage({ remotes: 'all', session: { status: 'user' } });
    expect(pageBoot()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a signed-in learner is there at the first render, with no session check', async () => {
    servePage({ remotes: null, session: { status: 'user', user: ana } });
    const get = vi.fn(() => Promise.reject(new Error('no check expected')));
    const { result } = renderHook(() => useSession(), { wrapper: withSession(get) });
    expect(result.current).toMatchObject({ status: 'authenticated', user: { name: 'Ana' } });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')?.name).toBe('Ana'),
    );
    expect(get).not.toHaveBeenCalled();
  });

  it("a guest page forgets the previous learner's device data, with no session check", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ben));
    servePage({ remotes: null, session: { status: 'guest' } });
    const get = vi.fn(() => Promise.reject(new Error('no check expected')));
    const { result } = renderHook(() => useSession(), { wrapper: withSession(get) });
    expect(result.current).toMatchObject({ status: 'anonymous', user: null });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull());
    expect(get).not.toHaveBeenCalled();
  });

  it("forgetting the previous learner does not empty the page's query cache: it holds only this visitor's boot data", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ben));
    servePage({ remotes: null, session: { status: 'guest' } });
    const onSignOut = vi.fn();
    const get = vi.fn(() => Promise.reject(new Error('no check expected')));
    const { result } = renderHook(() => useSession(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <SessionProvider client={{ ...createApiClient(), get } as never} onSignOut={onSignOut}>
          {children}
        </SessionProvider>
      ),
    });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull());
    // What the server rendered the page with (for this guest) stays: the page's area hydrates from it as sent.
    expect(onSignOut).not.toHaveBeenCalled();
    // A later sign-out still empties it.
    result.current.setUser(ana);
    result.current.setUser(null);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("'unknown' (an expired access token) checks the session as before", async () => {
    servePage({ remotes: null, session: { status: 'unknown' } });
    const get = vi.fn(() => Promise.resolve(ana));
    const { result } = renderHook(() => useSession(), { wrapper: withSession(get) });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(get).toHaveBeenCalledWith('/api/user/me');
  });
});

describe('token refresh for a guest', () => {
  it('a guest’s 401 is the answer: no /auth/refresh that cannot succeed; a signed-in learner’s 401 still refreshes', async () => {
    const calls: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method} ${String(input)}`);
      return new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Sign in' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    });
    const api = createApiClient({ fetch: fetchMock as typeof fetch, onSessionExpired: () => {} });
    servePage({ remotes: null, session: { status: 'guest' } });
    renderHook(() => useSession(), { wrapper: withSession(() => Promise.reject(new Error('unused'))) });
    const error = await api.get('/api/en/user/bookmarks').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls).toEqual(['GET /api/en/user/bookmarks']);

    // Signed in (the credentials login): a 401 means an expired token again, worth one refresh.
    expectRefreshCookie(true);
    await api.get('/api/en/user/bookmarks').catch(() => undefined);
    expect(calls.slice(1)).toEqual(['GET /api/en/user/bookmarks', 'POST /auth/refresh']);
  });
});
