import type { RemoteExpose, RemoteModule, RemoteName, RemoteProps } from '@buergerfit/platform';
import type { ComponentType } from 'react';

/**
 * A React component as a module can export one: a function (or class), or what `memo`, `forwardRef` and `lazy`
 * return. Its props cannot be checked at run time; they are the contract's (`RemoteEntries`).
 */
function isComponent<P>(value: unknown): value is ComponentType<P> {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * What the federation runtime loaded for `<name>/<expose>`, checked: a module whose default export is a
 * component. Anything else is a load error (the remote area shows its error with Retry).
 */
export function remoteEntry<N extends RemoteName, E extends RemoteExpose<N>>(
  name: N,
  expose: E,
  loaded: unknown,
): RemoteModule<N, E> {
  const component =
    typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : null;
  if (!isComponent<RemoteProps<N, E>>(component))
    throw new Error(`Remote ${name} did not provide a component as ${expose}`);
  return { default: component };
}
