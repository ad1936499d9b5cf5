import { resources } from '@buergerfit/locales';
import {
  type ApiClient,
  createApiClient,
  createQueryClient,
  initI18n,
  MemoryRouter,
  PlatformProviders,
  Route,
  Routes,
  type User,
  useLocation,
  writeStoredUser,
} from '@buergerfit/platform';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, vi } from 'vitest';

afterEach(async () => {
  cleanup();
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
  localStorage.clear();
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type ApiRoute = (body: unknown) => Response | Promise<Response>;

/**
 * An API client answering from a route map (`"METHOD /path"` or `"/path"` for any method → response factory,
 * which gets the parsed JSON body); unknown paths 404. The global fetch is stubbed too (the platform's `api`).
 */
export function fakeApi(routes: Record<string, ApiRoute>): {
  client: ApiClient;
  fetchMock: ReturnType<typeof vi.fn>;
  calls: (method: string, path: string) => unknown[];
} {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url}`] ?? routes[url];
    if (route) return route(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    if (url === '/api/user/me' || url === '/auth/refresh')
      return json(401, { error: { code: 'unauthorized', message: 'no' } });
    return json(404, { error: { code: 'not_found', message: url } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, i]) => String(u) === path && ((i as RequestInit | undefined)?.method ?? 'GET') === method)
      .map(([, i]) => {
        const body = (i as RequestInit | undefined)?.body;
        return typeof body === 'string' ? JSON.parse(body) : undefined;
      });
  return { client: createApiClient({ fetch: fetchMock as typeof fetch }), fetchMock, calls };
}

function Probe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export async function renderRemote(
  App: ComponentType<{ basename: string }>,
  { path, basename = '/', client }: { path: string; basename?: string; client: ApiClient },
) {
  await initI18n(resources, 'en');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={createQueryClient()} client={client}>
        <Routes>
          <Route path="*" element={<App basename={basename} />} />
        </Routes>
        <Probe />
      </PlatformProviders>
    </MemoryRouter>,
  );
}

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
  ...overrides,
});

/** A signed-in user: cached on the device (as the shell has it) and answered by `GET /api/user/me`. */
export function signedIn(user: User = testUser()): Record<string, ApiRoute> {
  writeStoredUser(user);
  return { 'GET /api/user/me': () => json(200, user) };
}
