import type { User } from '@buergerfit/contract';
import {
  type ApiClient,
  createApiClient,
  createQueryClient,
  MemoryRouter,
  PlatformProviders,
  useLocation,
} from '@buergerfit/platform';
import { testUser } from '@buergerfit/platform/testing';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { ShellApp } from '../src/App';
import { type RemoteLoader, RemoteLoaderProvider } from '../src/remotes/context';

export const user = (over: Partial<User> = {}): User =>
  testUser({ name: 'Ana Horvat', email: 'ana@example.org', federalState: 'BY', onboarded: true, ...over });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client whose `/api/user/me` answers with `me` (a user, 401 when null, or a pending promise). */
export function sessionClient(me: User | null | Promise<never>): {
  client: ApiClient;
  fetchMock: ReturnType<typeof vi.fn>;
} {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/user/me') {
      if (me instanceof Promise) return me;
      return me ? json(200, me) : json(401, { error: { code: 'unauthorized', message: 'no' } });
    }
    if (url === '/auth/refresh') return json(401, { error: { code: 'unauthorized', message: 'no' } });
    if (url === '/auth/logout') return new Response(null, { status: 204 });
    return json(404, { error: { code: 'not_found', message: url } });
  });
  return {
    client: createApiClient({ fetch: fetchMock as typeof fetch, getLanguage: () => 'en' }),
    fetchMock,
  };
}

function FakeRemote({ name, basename }: { name: string; basename: string }) {
  const location = useLocation();
  return (
    <div data-testid="remote">
      {name} at {location.pathname} (base {basename})
    </div>
  );
}

export function fakeLoader(overrides: Partial<RemoteLoader> = {}): RemoteLoader {
  return {
    load: vi.fn(async (name: string) => ({
      default: (props: { basename: string }) => <FakeRemote name={name} basename={props.basename} />,
    })),
    reset: vi.fn(),
    preload: vi.fn(),
    expose: vi.fn(),
    ...overrides,
  };
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderShell(
  path: string,
  options: { client: ApiClient; loader?: RemoteLoader; queryClient?: QueryClient },
) {
  const loader = options.loader ?? fakeLoader();
  const queryClient = options.queryClient ?? createQueryClient();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={queryClient} client={options.client}>
        <RemoteLoaderProvider loader={loader}>
          <ShellApp />
          <LocationProbe />
        </RemoteLoaderProvider>
      </PlatformProviders>
    </MemoryRouter>,
  );
  return { ...utils, loader, queryClient };
}
