import { shell } from '@buergerfit/locales';
import {
  applyTheme,
  BrowserRouter,
  createQueryClient,
  initI18n,
  PlatformProviders,
  registerNamespace,
} from '@buergerfit/platform';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ShellApp } from './App';
import { RemoteLoaderProvider } from './remotes/context';
import { federationLoader, loadRegistry } from './remotes/federation';
import { capturePrerendered } from './remotes/prerendered';
import { registerServiceWorker } from './serviceWorker';

async function start() {
  // The learner's theme before anything renders (with no choice the page follows the system, by CSS alone).
  applyTheme();
  // Ask the BFF where the remotes live while i18n initialises; no remote URL is compiled in.
  loadRegistry().catch((error: unknown) => console.warn('[shell] remote registry not available yet', error));
  registerNamespace('shell', shell);
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  capturePrerendered();
  const app = createRoot(root);
  // A transition renders in slices of a few milliseconds that yield to the browser between them (a default update
  // renders in one long task): the page the server sent stays on screen and answers input meanwhile.
  startTransition(() =>
    app.render(
      <StrictMode>
        <BrowserRouter>
          <PlatformProviders queryClient={createQueryClient()}>
            <RemoteLoaderProvider loader={federationLoader}>
              <ShellApp />
            </RemoteLoaderProvider>
          </PlatformProviders>
        </BrowserRouter>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void start();
