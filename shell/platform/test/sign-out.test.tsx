import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createApiClient } from '../src/api';
import { LOGOUT_EVENT, STORAGE_KEYS } from '../src/constants';
import { PlatformProviders } from '../src/providers';
import { useSession } from '../src/session';
import { testUser } from '../src/testing';
import type { User } from '../src/types';

// A shared device: what one learner leaves behind must not reach the next person on it.

const learner = (id: string, over: Partial<User> = {}): User =>
  testUser({ id, name: id, email: null, federalState: 'BY', onboarded: true, ...over });
const ana = learner('ana');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A BFF where `me` is the signed-in user (401 when null); logout and refresh as the real one answers them. */
function server(me: () => User | null, refreshOk = true): ApiClient {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/user/me') {
      const user = me();
      return user ? json(200, user) : json(401, { error: { code: 'unauthorized', message: 'no' } });
    }
    if (url === '/auth/logout') return new Response(null, { status: 204 });
    if (url === '/auth/refresh') return refreshOk ? new Response(null, { status: 204 }) : json(401, {});
    if (url === '/api/en/user/dashboard')
      return json(401, { error: { code: 'unauthorized', message: 'no' } });
    return json(404, { error: { code: 'not_found', message: url } });
  });
  return createApiClient({ fetch: fetch as typeof globalThis.fetch, getLanguage: () => 'en' });
}

/** Ana's device: signed in, her state chosen, an exam under way, her data in the query cache. */
function anasDevice(): QueryClient {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ana));
  localStorage.setItem(STORAGE_KEYS.federalState, 'BY');
  localStorage.setItem(STORAGE_KEYS.language, 'hr');
  localStorage.setItem('buergerfit.exam.mock', JSON.stringify({ id: 'a1', position: 3 }));
  localStorage.setItem('buergerfit.exam.pending.a1', JSON.stringify({ 3: { answer: 1 } }));
  localStorage.setItem('buergerfit.learn.questions', JSON.stringify({ 'ana:en:BY': [] }));
  localStorage.setItem('buergerfit.learn.outbox', '[]');
  sessionStorage.setItem('buergerfit.scratch', 'ana');
  localStorage.setItem('another-app', 'kept');
  const queryClient = new QueryClient();
  queryClient.setQueryData(['dashboard', ana.id, 'en'], { nickname: 'Ana' });
  return queryClient;
}

function signedInAs(client: ApiClient, queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PlatformProviders queryClient={queryClient} client={client}>
      {children}
    </PlatformProviders>
  );
  return renderHook(() => useSession(), { wrapper });
}

function expectNothingOfAna(queryClient: QueryClient) {
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
  expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBeNull();
  expect(localStorage.getItem('buergerfit.exam.mock')).toBeNull();
  expect(localStorage.getItem('buergerfit.exam.pending.a1')).toBeNull();
  expect(localStorage.getItem('buergerfit.learn.questions')).toBeNull();
  expect(sessionStorage.getItem('buergerfit.scratch')).toBeNull();
  // The device's language, the answer outbox (sent only for its own learner) and other apps' entries stay.
  expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('hr');
  expect(localStorage.getItem('buergerfit.learn.outbox')).toBe('[]');
  expect(localStorage.getItem('another-app')).toBe('kept');
}

describe('sign-out on a shared device', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('logout clears the query cache, the stored user and state, and the learner’s other entries', async () => {
    let me: User | null = ana;
    const queryClient = anasDevice();
    const { result } = signedInAs(
      server(() => me),
      queryClient,
    );
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(queryClient.getQueryData(['dashboard', ana.id, 'en'])).toEqual({ nickname: 'Ana' });

    me = null;
    await act(() => result.current.logout());
    expect(result.current.user).toBeNull();
    expectNothingOfAna(queryClient);
  });

  it('a failed token refresh (LOGOUT_EVENT) clears them too', async () => {
    const queryClient = anasDevice();
    const client = server(() => ana, false);
    const { result } = signedInAs(client, queryClient);
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    const seen = vi.fn();
    window.addEventListener(LOGOUT_EVENT, seen);
    // Her access token has expired and cannot be refreshed: the client signs out everywhere.
    await act(() => expect(client.get('/api/en/user/dashboard')).rejects.toMatchObject({ status: 401 }));
    window.removeEventListener(LOGOUT_EVENT, seen);
    expect(seen).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expectNothingOfAna(queryClient);
  });

  it('another learner signing in on the same tab replaces the first one’s data; the same learner keeps hers', async () => {
    const queryClient = anasDevice();
    const { result } = signedInAs(
      server(() => ana),
      queryClient,
    );
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    act(() => result.current.setUser({ ...ana, nickname: 'Ana H.' }));
    expect(queryClient.getQueryData(['dashboard', ana.id, 'en'])).toEqual({ nickname: 'Ana' });
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBe('BY');

    act(() => result.current.setUser(learner('ben', { federalState: null })));
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ id: 'ben' });
  });

  it('tells the service worker whose pages and answers it keeps: a sign-in, another learner, a sign-out', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: { postMessage } } });
    try {
      const { result } = signedInAs(
        server(() => null),
        new QueryClient(),
      );
      await waitFor(() => expect(result.current.status).toBe('anonymous'));
      postMessage.mockClear();
      act(() => result.current.setUser(ana));
      expect(postMessage.mock.calls).toEqual([[{ type: 'buergerfit:session', user: 'ana' }]]);
      postMessage.mockClear();
      act(() => result.current.setUser({ ...ana, nickname: 'Ana H.' }));
      expect(postMessage).not.toHaveBeenCalled();
      act(() => result.current.setUser(learner('ben')));
      expect(postMessage.mock.calls).toEqual([
        [{ type: 'buergerfit:signed-out' }],
        [{ type: 'buergerfit:session', user: 'ben' }],
      ]);
      postMessage.mockClear();
      await act(() => result.current.logout());
      expect(postMessage.mock.calls).toEqual([
        [{ type: 'buergerfit:signed-out' }],
        [{ type: 'buergerfit:session', user: null }],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a guest signing in keeps what the guest did on the device', async () => {
    localStorage.setItem(STORAGE_KEYS.federalState, 'HH');
    localStorage.setItem('buergerfit.exam.demo', JSON.stringify({ id: 'd1', position: 2 }));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['federal-states', 'en'], [{ code: 'HH' }]);
    const { result } = signedInAs(
      server(() => null),
      queryClient,
    );
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    act(() => result.current.setUser(ana));
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBe('HH');
    expect(localStorage.getItem('buergerfit.exam.demo')).not.toBeNull();
    expect(queryClient.getQueryData(['federal-states', 'en'])).toEqual([{ code: 'HH' }]);
  });
});
