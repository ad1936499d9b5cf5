/**
 * A remote's exposed `./App` (its src/Root.tsx): the remote's routes inside an element that names this build of
 * it, visible in the DOM for support and for A/B checks (e2e reads `data-remote`, `data-build-variant`,
 * `data-build-id`).
 */
import type { ComponentType } from 'react';
import type { RemoteEntries, RemoteName } from './types';

/**
 * The remote's own `import.meta.env` (each build inlines its own), which names the build: PUBLIC_BUERGERFIT_VARIANT
 * and PUBLIC_BUERGERFIT_BUILD_ID, set when it is built (`PUBLIC_BUERGERFIT_VARIANT=b npm run remotes -- deploy
 * mf_exam --variant b`).
 */
export type RemoteBuildEnv = Readonly<Record<string, unknown>>;

const named = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/**
 * `export default remoteRoot('mf_exam', App, import.meta.env, styles.remoteRoot)`. `className` gives the element
 * no box of its own (`display: contents`, @buergerfit/ui's `.remoteRoot`): a class rather than a style attribute,
 * which prerendered HTML could not carry under the CSP.
 */
export function remoteRoot<N extends RemoteName>(
  name: N,
  App: ComponentType<RemoteEntries[N]['./App']>,
  env: RemoteBuildEnv,
  className: string | undefined,
): ComponentType<RemoteEntries[N]['./App']> {
  const variant = named(env.PUBLIC_BUERGERFIT_VARIANT, 'default');
  const buildId = named(env.PUBLIC_BUERGERFIT_BUILD_ID, 'local');
  function Root(props: RemoteEntries[N]['./App']) {
    return (
      <div className={className} data-remote={name} data-build-variant={variant} data-build-id={buildId}>
        <App {...props} />
      </div>
    );
  }
  Root.displayName = `Root(${name})`;
  return Root;
}
