/**
 * The test harness of every remote (vitest + testing-library, jsdom): renders a remote's `./App` with the whole
 * platform around it (i18n, TanStack Query, session, router) and an API client that answers from a route map,
 * so that a remote is tested in isolation. Importing it also cleans up after each test.
 */
import { resources } from '@buergerfit/locales';
import { Toaster } from '@buergerfit/ui';
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType, ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, type Mock, vi } from 'vitest';
import { type ApiClient, createApiClient } from './api';
import { initI18n } from './language';
import { PlatformProviders } from './providers';
import { createQueryClient } from './query';
import { MemoryRouter, Route, Routes, useLocation } from './router';
import { writeStoredUser } from './storage';
import type { RemoteAppProps, User } from './types';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The answer to one call; it gets the request's body, parsed if it is JSON (undefined without one). */
export type ApiRoute = (body: unknown) => Response | Promise<Response>;
/** `"METHOD /path"`, or `"/path"` for any method → its answer. */
export type ApiRoutes = Readonly<Record<string, ApiRoute>>;

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body ?? undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

/**
 * An API client answering from a route map; unknown paths 404, and the session check (`/api/user/me`,
 * `/auth/refresh`) answers 401 unless a route says otherwise. The global fetch is stubbed too (the platform's
 * `api`). `calls(method, path)` lists the parsed bodies of the calls made to one route.
 */
export function fakeApi(routes: ApiRoutes): {
  client: ApiClient;
  fetchMock: Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
  calls: (method: string, path: string) => unknown[];
} {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const route = routes[`${init?.method ?? 'GET'} ${url}`] ?? routes[url];
    if (route) return route(bodyOf(init));
    if (url === '/api/user/me' || url === '/auth/refresh')
      return json(401, { error: { code: 'unauthorized', message: 'no' } });
    return json(404, { error: { code: 'not_found', message: url } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => bodyOf(init));
  return { client: createApiClient({ fetch: fetchMock as typeof fetch }), fetchMock, calls };
}

/** A learner's account as `GET /api/user/me` sends it: a fresh one (nothing chosen yet), or with `overrides`. */
export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'alice',
  email: 'alice@local.test',
  nickname: null,
  avatarUrl: null,
  preferredLanguage: null,
  federalState: null,
  onboarded: false,
  notifications: { email: false, push: false, weeklyReport: false },
  examDate: null,
  desiredRetention: 0.9,
  providers: ['github'],
  ...overrides,
});

/** A signed-in learner: cached on the device (as the shell has it) and answered by `GET /api/user/me`. */
export function signedIn(user: User = testUser()): ApiRoutes {
  writeStoredUser(user);
  return { 'GET /api/user/me': () => json(200, user) };
}

/** Where the router is (`screen.getByTestId('location')`: pathname + search). */
function Probe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface RenderRemoteOptions {
  /** The URL the test starts at. */
  path: string;
  /** Where the shell would mount the remote (`/learn`); `/` by default. */
  basename?: string;
  client: ApiClient;
  /** Entries before `path` (history to go back to). */
  history?: string[];
  /** Location state of `path`. */
  state?: unknown;
}

const splitPath = (path: string) => {
  const [, pathname = path, search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(path) ?? [];
  return { pathname, search, hash };
};

/** Renders a remote's `./App` as the shell would, in English. */
export async function renderRemote(
  App: ComponentType<RemoteAppProps>,
  { path, basename = '/', client, history = [], state = null }: RenderRemoteOptions,
) {
  await initI18n(resources, 'en');
  const entries = [...history, { ...splitPath(path), state }];
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <PlatformProviders queryClient={createQueryClient()} client={client}>
        <Routes>
          <Route path="*" element={<App basename={basename} />} />
        </Routes>
        <Probe />
        <Toaster label="Notifications" dismissLabel="Dismiss" />
      </PlatformProviders>
    </MemoryRouter>,
  );
}

/** What `serverMarkup` leaves behind, undone after each test. */
const serverMarkupCleanups: (() => void)[] = [];
afterEach(() => {
  for (const undo of serverMarkupCleanups.splice(0)) undo();
});

/**
 * `ui` as the server sends it, in the document: React's static markup, with React's form replay script running as
 * the page's would (it keeps a form submitted before the scripts, for React to replay), taken out of the markup as
 * the BFF does. `hydrate` then lets React take the markup over; `errors` collects what React could not hydrate.
 */
export async function serverMarkup(ui: ReactElement) {
  await initI18n(resources, 'en');
  // React's server and client renderers in one test process share the context objects; React's development build
  // then warns about two renderers, which two separate machines never are.
  const log = console.error;
  const quiet = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Detected multiple renderers')) log(...args);
  });
  serverMarkupCleanups.push(() => quiet.mockRestore());
  const { prelude } = await prerender(ui);
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = await new Response(prelude).text();
  for (const script of [...container.querySelectorAll('script')]) {
    const listen = (type: string, listener: EventListener) => {
      window.addEventListener(type, listener);
      serverMarkupCleanups.push(() => window.removeEventListener(type, listener));
    };
    new Function('addEventListener', script.textContent ?? '')(listen);
    script.remove();
  }
  let root: Root | undefined;
  serverMarkupCleanups.push(() => {
    root?.unmount();
    container.remove();
  });
  const errors: unknown[] = [];
  const hydrate = () =>
    act(async () => {
      root = hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
    });
  return { container, hydrate, errors };
}

/** A tap as the browser delivers it, outside React's test `act`: what it shows at once is what the next tap finds. */
export function tapNow(button: HTMLElement): void {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = global.IS_REACT_ACT_ENVIRONMENT;
  global.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    button.click();
  } finally {
    global.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
