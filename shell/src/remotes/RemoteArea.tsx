import {
  currentLanguage,
  prepareLanguage,
  type RemoteExpose,
  type RemoteName,
  type RemoteProps,
  useDocumentTitle,
} from '@buergerfit/platform';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../pages/Loading';
import styles from '../shell.module.css';
import { type RemoteLoader, useRemoteLoader } from './context';
import { remoteEntry } from './entry';
import { deferredDataReady } from './first-data';
import { PageIsland } from './PageIsland';

type LazyEntry<N extends RemoteName, E extends RemoteExpose<N>> = LazyExoticComponent<
  ComponentType<RemoteProps<N, E>>
>;
/** One lazy component per loader and entry, typed by the entry's props. */
type LazyEntries = { [N in RemoteName]?: { [E in RemoteExpose<N>]?: LazyEntry<N, E> } };
const lazyCache = new WeakMap<RemoteLoader, LazyEntries>();
/** One load per loader and entry, for a page's area (which renders the component in a root of its own). */
const moduleCache = new WeakMap<RemoteLoader, Map<string, Promise<{ default: ComponentType<never> }>>>();

/**
 * A remote's texts in the language in use, before it renders. A remote registers its namespaces per language as its
 * module is evaluated (`registerLazyNamespace`) and suspends until they are there (`useNamespace`); loaded here, they
 * arrive while its area still shows the fallback. Loaded after its first render, each bundle added to i18next made
 * every `useTranslation` of the page re-render at once (react-i18next updates through `useSyncExternalStore`, which
 * is never a transition): the shell and the whole remote in one long task instead of the first render's slices. A
 * failed download is left to the remote (its `useNamespace` asks again, and its area shows the failure).
 */
const withTexts = (loaded: unknown): Promise<unknown> =>
  prepareLanguage(currentLanguage()).then(
    () => loaded,
    () => loaded,
  );

/**
 * `<name>/<expose>` loaded, with its texts in the language in use and the first data a server render left out of the
 * page (see first-data.ts): what the remote needs to render the same markup as the server's at once.
 */
function loadEntry<N extends RemoteName, E extends RemoteExpose<N>>(
  loader: RemoteLoader,
  name: N,
  expose: E,
) {
  return Promise.all([loader.load(name, expose).then(withTexts), deferredDataReady()]).then(([loaded]) =>
    remoteEntry(name, expose, loaded),
  );
}

function lazyRemote<N extends RemoteName, E extends RemoteExpose<N>>(
  loader: RemoteLoader,
  name: N,
  expose: E,
): LazyEntry<N, E> {
  let cache = lazyCache.get(loader);
  if (!cache) {
    cache = {};
    lazyCache.set(loader, cache);
  }
  const entries: NonNullable<LazyEntries[N]> = cache[name] ?? {};
  cache[name] = entries;
  let component: LazyEntry<N, E> | undefined = entries[expose];
  if (!component) {
    component = lazy(() => loadEntry(loader, name, expose));
    entries[expose] = component;
  }
  return component;
}

function pageModule<N extends RemoteName, E extends RemoteExpose<N>>(
  loader: RemoteLoader,
  name: N,
  expose: E,
): Promise<{ default: ComponentType<RemoteProps<N, E>> }> {
  let cache = moduleCache.get(loader);
  if (!cache) {
    cache = new Map();
    moduleCache.set(loader, cache);
  }
  const key = `${name}|${expose}`;
  let loading = cache.get(key);
  if (!loading) {
    loading = loadEntry(loader, name, expose) as Promise<{ default: ComponentType<never> }>;
    cache.set(key, loading);
  }
  return loading as Promise<{ default: ComponentType<RemoteProps<N, E>> }>;
}

function forget<N extends RemoteName>(loader: RemoteLoader, name: N, expose: RemoteExpose<N>) {
  delete lazyCache.get(loader)?.[name]?.[expose];
  moduleCache.get(loader)?.delete(`${name}|${expose}`);
  loader.reset(name, expose);
}

interface BoundaryProps {
  children: ReactNode;
  onError: () => void;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
}

/** Catches a remote that fails to load or to render; only its own area shows the error. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] remote area failed', error, info.componentStack);
    this.props.onError();
  }

  retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** Names the document after a page whose remote failed (the page's own title would never be set). */
function ErrorTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

const onlineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;
function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, onlineNow, () => true);
}

export function RemoteError({
  onRetry,
  onClose,
  isPage = false,
}: {
  onRetry: () => void;
  onClose?: () => void;
  /** The failed area is the page itself (not a dialog): the document title says it failed. */
  isPage?: boolean;
}) {
  const { t } = useTranslation('shell');
  const online = useOnline();
  // With no network the area failed because this device never stored it (what was opened once is kept by the
  // service worker): say so, and load it once the network is back.
  const [failedOffline, setFailedOffline] = useState(() => !online);
  useEffect(() => {
    if (!online) setFailedOffline(true);
    else if (failedOffline) onRetry();
  }, [online, failedOffline, onRetry]);
  const title = online ? t('remoteError.title') : t('remoteError.offlineTitle');
  return (
    <section
      className={online ? styles.remoteError : `${styles.remoteError} ${styles.offline}`}
      role="alert"
      aria-labelledby="remote-error-title"
      data-testid="remote-error"
    >
      {isPage && <ErrorTitle title={title} />}
      <h2 id="remote-error-title">{title}</h2>
      <p>
        {online
          ? t('remoteError.message')
          : isPage
            ? t('remoteError.offlinePage')
            : t('remoteError.offlineArea')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} onClick={onRetry}>
          {t('remoteError.retry')}
        </button>
        {onClose && (
          <button type="button" className={styles.secondaryButton} onClick={onClose}>
            {t('notFound.home')}
          </button>
        )}
      </div>
    </section>
  );
}

export interface RemoteAreaProps<N extends RemoteName, E extends RemoteExpose<N>> {
  name: N;
  expose: E;
  /** The entry's own props (the contract's `RemoteEntries`). */
  props: RemoteProps<N, E>;
  loadingFallback?: ReactNode;
  onClose?: () => void;
}

/**
 * Renders `<name>/<expose>` lazily. A page's area (the route's `./App`) is a React root of its own (PageIsland: it
 * hydrates the server's markup on the page load that has it); a dialog's area renders in the shell's own tree.
 * Context flows through the platform singletons either way; a failure shows only in the remote's own area.
 */
export function RemoteArea<N extends RemoteName, E extends RemoteExpose<N>>({
  name,
  expose,
  props,
  loadingFallback,
  onClose,
}: RemoteAreaProps<N, E>) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  // The page's own area (not a dialog over it): the only kind rendered on the server, or naming the document.
  const isPage = expose === './App' && loadingFallback === undefined;
  const retry = () => setAttempt((a) => a + 1);
  const boundary = (children: ReactNode) => (
    <RemoteErrorBoundary
      key={`${name}|${expose}|${attempt}`}
      onError={() => forget(loader, name, expose)}
      onRetry={retry}
      fallback={(again) => <RemoteError onRetry={again} onClose={onClose} isPage={isPage} />}
    >
      {children}
    </RemoteErrorBoundary>
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-creates the lazy component after a retry
  const Remote = useMemo(
    () => (isPage ? null : lazyRemote(loader, name, expose)),
    [loader, name, expose, attempt, isPage],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads the remote again after a retry
  const loading = useMemo(
    () => (isPage ? pageModule(loader, name, expose) : null),
    [loader, name, expose, attempt, isPage],
  );
  if (loading) {
    return (
      <PageIsland<N, E>
        key={`${name}|${attempt}`}
        name={name}
        loading={loading}
        props={props}
        wrap={boundary}
        pending={<Loading />}
        failed={(error) => {
          console.error(`[shell] remote ${name} failed to load`, error);
          forget(loader, name, expose);
          return <RemoteError onRetry={retry} onClose={onClose} isPage={isPage} />;
        }}
      />
    );
  }
  return boundary(
    <Suspense fallback={loadingFallback === undefined ? <Loading /> : loadingFallback}>
      {Remote && <Remote {...props} />}
    </Suspense>,
  );
}
