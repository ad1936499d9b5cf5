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
  useLocation,
} from '@buergerfit/platform';
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API client answering from a route map (path → response factory); unknown paths 404. */
export function fakeApi(routes: Record<string, () => Response | Promise<Response>>): {
  client: ApiClient;
  fetchMock: ReturnType<typeof vi.fn>;
} {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const route = routes[url];
    if (route) return route();
    if (url === '/api/user/me' || url === '/auth/refresh')
      return json(401, { error: { code: 'unauthorized', message: 'no' } });
    return json(404, { error: { code: 'not_found', message: url } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { client: createApiClient({ fetch: fetchMock as typeof fetch }), fetchMock };
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
