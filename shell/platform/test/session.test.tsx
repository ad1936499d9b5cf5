import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError } from '../src/api';
import { LOGOUT_EVENT, STORAGE_KEYS } from '../src/constants';
import { SessionProvider, useSession } from '../src/session';
import { testUser } from '../src/testing';
import type { User } from '../src/types';

const ana: User = testUser({
  name: 'Ana',
  email: 'ana@example.org',
  preferredLanguage: 'hr',
  federalState: 'BY',
  onboarded: true,
});

function fakeClient(
  overrides: Partial<Record<'get' | 'post', (...args: unknown[]) => Promise<unknown>>>,
): ApiClient {
  const fail = () => Promise.reject(new ApiError(500, 'unexpected', 'unexpected call'));
  return {
    request: fail,
    get: overrides.get ?? fail,
    post: overrides.post ?? fail,
    put: fail,
    patch: fail,
    delete: fail,
    lang: (p: string) => `/api/en${p}`,
  } as ApiClient;
}

const wrapper =
  (client: ApiClient, checkOnMount = true) =>
  ({ children }: { children: ReactNode }) => (
    <SessionProvider client={client} checkOnMount={checkOnMount}>
      {children}
    </SessionProvider>
  );

function Orphan() {
  useSession();
  return null;
}

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('offline (no response) keeps the cached user; with none cached the visitor is anonymous', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ana));
    const get = vi.fn(() => Promise.reject(new ApiError(0, 'network_error', 'offline')));
    const { result, unmount } = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({ get })) });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user?.name).toBe('Ana');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ id: 'u1' });
    unmount();

    localStorage.clear();
    const anon = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({ get })) });
    await waitFor(() => expect(anon.result.current.status).toBe('anonymous'));
  });

  it('starts from the cached user, then the check confirms it', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ana));
    let answer!: (u: User) => void;
    const get = vi.fn(() => new Promise<unknown>((r) => (answer = r)));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({ get })) });
    expect(result.current.user?.name).toBe('Ana');
    expect(result.current.status).toBe('loading');
    expect(get).toHaveBeenCalledWith('/api/user/me');
    act(() => answer({ ...ana, name: 'Ana B.' }));
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user?.name).toBe('Ana B.');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe('Ana B.');
  });

  it('a failed check (401) clears the cached user', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ana));
    const get = vi.fn(() => Promise.reject(new ApiError(401, 'unauthorized', 'no')));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({ get })) });
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('removes and logs corrupt stored data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.user, '{"id":');
    const { result } = renderHook(() => useSession(), {
      wrapper: wrapper(fakeClient({}), false),
    });
    expect(result.current.user).toBeNull();
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('corrupt'), expect.anything());
  });

  it('login stores the user; login failure clears it and rethrows', async () => {
    const post = vi
      .fn()
      .mockResolvedValueOnce(ana)
      .mockRejectedValueOnce(new ApiError(401, 'invalid_credentials', 'Login failed'));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({ post }), false) });
    await act(() => result.current.login('ana@example.org', 'pw'));
    expect(post).toHaveBeenCalledWith('/api/auth/login', { email: 'ana@example.org', password: 'pw' });
    expect(result.current.status).toBe('authenticated');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toContain('Ana');
    let thrown: unknown;
    await act(async () => {
      thrown = await result.current.login('ana@example.org', 'bad').catch((e: unknown) => e);
    });
    expect(thrown).toBeInstanceOf(ApiError);
    expect(result.current.user).toBeNull();
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('logout clears the local user even when the server call fails (logged only)', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ana));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const post = vi.fn(() => Promise.reject(new ApiError(0, 'network_error', 'offline')));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({ post }), false) });
    expect(result.current.status).toBe('authenticated');
    await act(() => result.current.logout());
    expect(post).toHaveBeenCalledWith('/auth/logout', undefined, { skipRefresh: true });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('the global logout event clears the session', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ana));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(fakeClient({}), false) });
    expect(result.current.user).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event(LOGOUT_EVENT));
    });
    expect(result.current.user).toBeNull();
    expect(result.current.status).toBe('anonymous');
  });

  it('useSession outside its provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/SessionProvider/);
    expect(screen.queryByText('x')).toBeNull();
  });
});
