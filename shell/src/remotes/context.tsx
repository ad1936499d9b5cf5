import type { RemoteExpose, RemoteName } from '@buergerfit/platform';
import { createContext, type ReactNode, useContext } from 'react';

export interface RemoteLoader {
  /**
   * Loads `<name>/<expose>` as the federation runtime gives it (checked where it is rendered, see `entry.ts`);
   * retried once inside; rejects when the remote is unavailable.
   */
  load<N extends RemoteName>(name: N, expose: RemoteExpose<N>): Promise<unknown>;
  /** Forget a failed load so the next `load` starts over. */
  reset<N extends RemoteName>(name: N, expose: RemoteExpose<N>): void;
  /** Warm a remote's `./App`; a failure is logged, never thrown. */
  preload(name: RemoteName): void;
  /**
   * Record that this visitor was shown their variant of `name` without loading it (its server-made markup): the
   * A/B exposure, once per page load; a failure is logged, never thrown.
   */
  expose(name: RemoteName): void;
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
