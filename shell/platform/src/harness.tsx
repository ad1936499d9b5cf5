/**
 * Standalone harness: runs one remote on its own dev server with the whole platform around it
 * (i18n with every namespace, TanStack Query, session, router). Not used by the shell build.
 */
import '@buergerfit/ui/tokens.css';
import { resources } from '@buergerfit/locales';
import { Toaster } from '@buergerfit/ui';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './language';
import { PlatformProviders } from './providers';
import { createQueryClient } from './query';
import { BrowserRouter, Route, Routes } from './router';
import type { RemoteAppProps } from './types';

export interface StandaloneOptions {
  basename?: string;
  rootId?: string;
}

export async function renderStandalone(App: ComponentType<RemoteAppProps>, options: StandaloneOptions = {}) {
  const { basename = '/', rootId = 'root' } = options;
  await initI18n(resources);
  const el = document.getElementById(rootId);
  if (!el) throw new Error(`renderStandalone: #${rootId} not found`);
  const queryClient = createQueryClient();
  createRoot(el).render(
    <StrictMode>
      <BrowserRouter>
        <PlatformProviders queryClient={queryClient}>
          <main id="main">
            <Routes>
              <Route path="*" element={<App basename={basename} />} />
            </Routes>
          </main>
          <Toaster label="Notifications" dismissLabel="Dismiss" />
        </PlatformProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
