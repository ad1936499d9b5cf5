import { shell } from '@buergerfit/locales';
import {
  api,
  applyTheme,
  BrowserRouter,
  createQueryClient,
  initI18n,
  isLanguage,
  PlatformProviders,
  pageBoot,
  registerNamespace,
} from '@buergerfit/platform';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ShellApp } from './App';
import { RemoteLoaderProvider } from './remotes/context';
import { federationLoader, loadRegistry } from './remotes/federation';
import { awaitDeferredData } from './remotes/first-data';
import { registerServiceWorker } from './serviceWorker';

/**
 * Lets the browser run what waits (input, a frame) before the next part of the start: on a slow phone each part is
 * then its own short task instead of one long one that blocks the page the server sent.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

async function start() {
  // The modules are evaluated: what follows is a task of its own.
  await nextTask();
  // The learner's theme before anything renders (with no choice the page follows the system, by CSS alone).
  applyTheme();
  // Ask the BFF where the remotes live while i18n initialises; no remote URL is compiled in.
  loadRegistry().catch((error: unknown) => console.warn('[shell] remote registry not available yet', error));
  // Registering the remotes with the federation runtime (at once when the registry came with the page) and
  // initialising i18n were one task of 14–21 ms on a fast machine (four times that on a slow phone): two now.
  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  // The server sent the page made (its frame, and the page's remote in its slot): the shell hydrates it, in the
  // language it was made in.
  const made = root.hasChildNodes();
  const pageLanguage = document.documentElement.lang;
  registerNamespace('shell', shell);
  await initI18n(undefined, made && isLanguage(pageLanguage) ? pageLanguage : undefined);
  await nextTask();
  // A page the server rendered came with the data it was rendered with: the live remote starts from it (the same
  // markup at once, nothing asked twice).
  const queryClient = createQueryClient();
  const queries = pageBoot()?.queries;
  if (queries && typeof queries === 'object') hydrate(queryClient, queries as DehydratedState);
  // Its larger first data came beside it (preloaded by the page): into the cache before the live remote renders.
  const deferred = pageBoot()?.deferredQueries ?? [];
  if (Array.isArray(deferred) && deferred.length > 0) {
    awaitDeferredData(
      Promise.all(
        deferred.map(({ queryKey, path }) =>
          api.get<unknown>(path).then((data) => queryClient.setQueryData(queryKey, data)),
        ),
      ),
    );
  }
  const app = (
    <StrictMode>
      <BrowserRouter>
        <PlatformProviders queryClient={queryClient}>
          <RemoteLoaderProvider loader={federationLoader}>
            <ShellApp />
          </RemoteLoaderProvider>
        </PlatformProviders>
      </BrowserRouter>
    </StrictMode>
  );
  // A transition renders (or hydrates) in slices of a few milliseconds that yield to the browser between them: the
  // page stays responsive meanwhile, and a tap on a part not hydrated yet makes React hydrate that part first.
  startTransition(() => {
    if (made) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.warn('[shell] the page did not hydrate as sent', error),
      });
    } else {
      createRoot(root).render(app);
    }
  });
  registerServiceWorker();
}

void start();
