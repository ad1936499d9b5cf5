import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { type ReactNode, useCallback } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ApiClient } from './api';
import { SessionProvider } from './session';

export interface PlatformProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  i18n?: I18n;
  client?: ApiClient;
  checkSession?: boolean;
}

/**
 * i18n + TanStack Query + session, in the order every app (shell, harness, tests) uses. When a signed-in learner
 * leaves, the query cache is cleared: the next person on the device is never served their data.
 */
export function PlatformProviders({
  children,
  queryClient,
  i18n = i18next,
  client,
  checkSession,
}: PlatformProvidersProps) {
  const clearQueries = useCallback(() => queryClient.clear(), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider client={client} checkOnMount={checkSession} onSignOut={clearQueries}>
          {children}
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
