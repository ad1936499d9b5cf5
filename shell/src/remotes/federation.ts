import type { ExposureBeacon, RemoteDescriptor, RemoteRegistry } from '@buergerfit/contract';
import { api, pageBoot, type RemoteName } from '@buergerfit/platform';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLoader } from './context';

const RETRY_DELAY_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registry: Promise<Map<string, RemoteDescriptor>> | null = null;

/**
 * This visitor's registry once per page load, registering every remote with the federation runtime: from the page's
 * boot data when it came with the page, else `GET /api/remotes`.
 */
export function loadRegistry(): Promise<Map<string, RemoteDescriptor>> {
  const booted = pageBoot()?.remotes;
  registry ??= (
    booted
      ? Promise.resolve({ remotes: booted })
      : api.get<RemoteRegistry>('/api/remotes', { skipRefresh: true })
  )
    .then(({ remotes }) => {
      registerRemotes(
        remotes.map((r) => ({ name: r.name, entry: r.manifestUrl })),
        { force: true },
      );
      return new Map(remotes.map((r) => [r.name, r]));
    })
    .catch((error: unknown) => {
      registry = null;
      throw error;
    });
  return registry;
}

async function loadOnce(name: string, expose: string): Promise<unknown> {
  const mod = await loadRemote<unknown>(`${name}/${expose.replace(/^\.\//, '')}`);
  if (!mod) throw new Error(`Remote ${name} did not provide ${expose}`);
  return mod;
}

const exposed = new Set<string>();

/** Tell the BFF which variant this visitor was shown (A/B exposure); fire-and-forget. */
function recordExposure(remote: RemoteDescriptor) {
  if (exposed.has(remote.name)) return;
  exposed.add(remote.name);
  api
    .post(
      '/api/remotes/exposures',
      { remote: remote.name, variant: remote.variant } satisfies ExposureBeacon,
      { skipRefresh: true },
    )
    .catch((error: unknown) => console.warn('[shell] exposure not recorded', error));
}

async function loadWithRetry(name: RemoteName, expose: string): Promise<unknown> {
  let remotes: Map<string, RemoteDescriptor>;
  try {
    remotes = await loadRegistry();
  } catch (error) {
    console.warn('[shell] remote registry failed, retrying once', error);
    await sleep(RETRY_DELAY_MS);
    remotes = await loadRegistry();
  }
  const descriptor = remotes.get(name);
  if (!descriptor) throw new Error(`Remote ${name} is not in the registry`);
  let mod: unknown;
  try {
    mod = await loadOnce(name, expose);
  } catch (error) {
    console.warn(`[shell] loading ${name}/${expose} failed, retrying once`, error);
    // Re-registering with force drops the cached (failed) remote entry so the retry fetches it again.
    registerRemotes([{ name, entry: descriptor.manifestUrl }], { force: true });
    await sleep(RETRY_DELAY_MS);
    mod = await loadOnce(name, expose);
  }
  recordExposure(descriptor);
  return mod;
}

const modules = new Map<string, Promise<unknown>>();
const keyOf = (name: string, expose: string) => `${name}|${expose}`;

export const federationLoader: RemoteLoader = {
  load(name, expose) {
    const key = keyOf(name, expose);
    let pending = modules.get(key);
    if (!pending) {
      pending = loadWithRetry(name, expose).catch((error: unknown) => {
        modules.delete(key);
        throw error;
      });
      modules.set(key, pending);
    }
    return pending;
  },
  reset(name, expose) {
    modules.delete(keyOf(name, expose));
  },
  expose(name) {
    loadRegistry()
      .then((remotes) => {
        const descriptor = remotes.get(name);
        if (descriptor) recordExposure(descriptor);
      })
      .catch((error: unknown) => console.warn(`[shell] exposure of ${name} not recorded`, error));
  },
  preload(name) {
    // Only a warm-up: the area that renders the remote shows a failure (and retries).
    federationLoader.load(name, './App').catch((error: unknown) => {
      console.warn(`[shell] preloading ${name} failed`, error);
    });
  },
};
