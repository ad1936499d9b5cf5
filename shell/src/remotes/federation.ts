import {
  api,
  PRELOAD_ERROR_EVENT,
  type RemoteDescriptor,
  type RemoteName,
  type RemoteRegistryResponse,
} from '@buergerfit/platform';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLoader, RemoteModule } from './context';

const RETRY_DELAY_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registry: Promise<Map<string, RemoteDescriptor>> | null = null;

/** `GET /api/remotes` once per page load, registering every remote with the federation runtime. */
export function loadRegistry(): Promise<Map<string, RemoteDescriptor>> {
  registry ??= api
    .get<RemoteRegistryResponse>('/api/remotes', { skipRefresh: true })
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

async function loadOnce(name: string, expose: string): Promise<RemoteModule> {
  const mod = await loadRemote<RemoteModule>(`${name}/${expose.replace(/^\.\//, '')}`);
  if (!mod?.default) throw new Error(`Remote ${name} did not provide ${expose}`);
  return mod;
}

const exposed = new Set<string>();

/** Tell the BFF which variant this visitor was shown (A/B exposure); fire-and-forget. */
function recordExposure(remote: RemoteDescriptor) {
  if (exposed.has(remote.name)) return;
  exposed.add(remote.name);
  api
    .post('/api/remotes/exposures', { remote: remote.name, variant: remote.variant }, { skipRefresh: true })
    .catch((error: unknown) => console.warn('[shell] exposure not recorded', error));
}

async function loadWithRetry(name: RemoteName, expose: string): Promise<RemoteModule> {
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
  let mod: RemoteModule;
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

const modules = new Map<string, Promise<RemoteModule>>();
const keyOf = (name: string, expose: string) => `${name}|${expose}`;

export const federationLoader: RemoteLoader = {
  load(name, expose = './App') {
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
  reset(name, expose = './App') {
    modules.delete(keyOf(name, expose));
  },
  preload(name, expose = './App') {
    federationLoader.load(name, expose).catch((error: unknown) => {
      console.warn(`[shell] preloading ${name} failed`, error);
      window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: { remote: name, error } }));
    });
  },
};
