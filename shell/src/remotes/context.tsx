import type { RemoteName } from '@buergerfit/platform';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a remote entry's props are checked where it is rendered
export type RemoteModule = { default: ComponentType<any> };

export interface RemoteLoader {
  /** Loads `<name>/<expose>`; retried once inside; rejects when the remote is unavailable. */
  load(name: RemoteName, expose?: string): Promise<RemoteModule>;
  /** Forget a failed load so the next `load` starts over. */
  reset(name: RemoteName, expose?: string): void;
  /** Warm a remote; on failure dispatches PRELOAD_ERROR_EVENT instead of rejecting. */
  preload(name: RemoteName, expose?: string): void;
}

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader() must be used inside <RemoteLoaderProvider>');
  return loader;
}
