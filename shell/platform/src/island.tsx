/**
 * A remote's page area is a React root of its own: an island in the shell's page. The server renders it (the remote's
 * `ssr.tsx`, see ssr.tsx here) and the browser hydrates the same tree with `hydrateRoot` once the remote's code is
 * there (shell/src/remotes/PageIsland.tsx); a page reached in the browser creates it with `createRoot`.
 *
 * For hydration to take the server's markup as it is, both sides render the remote's root below the same chain of
 * providers, none of which adds markup or splits the tree: then the DOM and React's `useId` values are the same.
 * Server: `<MemoryRouter>` → `<PlatformProviders>` → `<Root>`. Browser: `<Router>` (the shell's history and
 * location) → `<IslandProviders>` (the shell's query cache and session) → `<Root>`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Session, SharedSession } from './session';

export function IslandProviders({
  queryClient,
  session,
  children,
}: {
  queryClient: QueryClient;
  session: Session;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <SharedSession value={session}>{children}</SharedSession>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
