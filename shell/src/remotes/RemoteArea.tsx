import {
  currentLanguage,
  matchRoutes,
  prepareLanguage,
  type RemoteExpose,
  type RemoteName,
  type RemoteProps,
  trackConversion,
  useDocumentTitle,
  useLanguage,
  useLocation,
  useNavigate,
} from '@buergerfit/platform';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../pages/Loading';
import { ROUTES } from '../route-table';
import styles from '../shell.module.css';
import { type RemoteLoader, useRemoteLoader } from './context';
import { remoteEntry } from './entry';
import {
  deferredDataReady,
  holdClick,
  holdFocus,
  holdValue,
  isAwake,
  onWake,
  prerenderedFor,
  releasePrerendered,
  wakePrerendered,
} from './prerendered';

type LazyEntry<N extends RemoteName, E extends RemoteExpose<N>> = LazyExoticComponent<
  ComponentType<RemoteProps<N, E>>
>;
/** One lazy component per loader and entry, typed by the entry's props. */
type LazyEntries = { [N in RemoteName]?: { [E in RemoteExpose<N>]?: LazyEntry<N, E> } };
const lazyCache = new WeakMap<RemoteLoader, LazyEntries>();

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
    // The first data a server render left out of the page arrives beside the remote's files (see prerendered.ts).
    component = lazy(() =>
      Promise.all([loader.load(name, expose).then(withTexts), deferredDataReady()]).then(([loaded]) =>
        remoteEntry(name, expose, loaded),
      ),
    );
    entries[expose] = component;
  }
  return component;
}

function forget<N extends RemoteName>(loader: RemoteLoader, name: N, expose: RemoteExpose<N>) {
  delete lazyCache.get(loader)?.[name]?.[expose];
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

/** Rendered next to the remote inside its Suspense boundary: its effect runs once the remote is on screen. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/** Whether a path is one of the app's pages (a client-side navigation), not a server path like `/auth/…`. */
const isAppPath = (pathname: string) =>
  matchRoutes(
    ROUTES.map((route) => ({ path: route.path })),
    pathname,
  ) !== null;

/**
 * The server's prerendered markup while the live remote loads. Its links work like the live ones: a plain click on
 * an in-app link is a client-side navigation (no second page load), and a link marked `data-conversion` records the
 * remote's A/B conversion just as the live component's click handler would.
 */
function PrerenderedMarkup({ name, html }: { name: RemoteName; html: string }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    // Native listeners: the markup is not React's, so React's synthetic change events do not see its fields.
    const onSubmit = (event: Event) => event.preventDefault();
    const onField = (event: Event) => {
      if (event.target instanceof Element) holdValue(container, name, event.target);
    };
    const onFocus = (event: Event) => {
      if (event.target instanceof Element) holdFocus(container, name, event.target);
    };
    container.addEventListener('submit', onSubmit);
    container.addEventListener('change', onField);
    container.addEventListener('input', onField);
    container.addEventListener('focusin', onFocus);
    return () => {
      container.removeEventListener('submit', onSubmit);
      container.removeEventListener('change', onField);
      container.removeEventListener('input', onField);
      container.removeEventListener('focusin', onFocus);
    };
  }, [name]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) {
      // A button of the markup: done again on the live remote once it is there.
      if (holdClick(event.currentTarget, name, event.target as Element)) event.preventDefault();
      return;
    }
    const conversion = link.dataset.conversion;
    if (conversion) trackConversion(name, conversion);
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || (link.target && link.target !== '_self')) return;
    // Only the app's own pages are client-side navigations (a sign-in link to /auth/… is a real page load).
    if (!isAppPath(url.pathname)) return;
    if (link.hasAttribute('download')) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates clicks of the links inside (keyboard activation of a link fires click too)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markup our own BFF put into this page, read before React mounted
    <div ref={ref} data-prerendered={name} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** Never settles: a Suspense boundary around it shows its fallback until the component is replaced. */
const DORMANT: Promise<never> = new Promise(() => {});

/** Keeps a static prerendered page's markup (its boundary's fallback) on screen until the page wakes. */
function Dormant(): null {
  use(DORMANT);
  return null;
}

/**
 * Whether a static prerendered page's live remote may start (see prerendered.ts): until the learner interacts with
 * the markup or picks another language, the markup is all there is — no remote is loaded, nothing runs — and the
 * A/B exposure of the variant whose markup it is is recorded at once.
 */
function useAwake(
  name: RemoteName,
  prerendered: ReturnType<typeof prerenderedFor>,
  pathname: string,
): boolean {
  const loader = useRemoteLoader();
  const { language } = useLanguage();
  const [woken, setWoken] = useState(isAwake);
  // Another path of the remote (a link followed) needs the remote, like any interaction.
  const awake = woken || prerendered?.wake !== 'interaction' || prerendered.path !== pathname;
  useEffect(() => {
    if (awake) return;
    loader.expose(name);
    return onWake(() => setWoken(true));
  }, [awake, loader, name]);
  // The markup is in the language it was served in: another language needs the live remote.
  useEffect(() => {
    if (!awake && prerendered && language !== prerendered.lang) wakePrerendered();
  }, [awake, language, prerendered]);
  return awake;
}

/** Renders `<name>/<expose>` lazily in the shell's own React tree (context flows through singletons). */
export function RemoteArea<N extends RemoteName, E extends RemoteExpose<N>>({
  name,
  expose,
  props,
  loadingFallback,
  onClose,
}: RemoteAreaProps<N, E>) {
  const loader = useRemoteLoader();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  // The page's own area (not a dialog over it): the only kind that is prerendered or names the document.
  const isPage = expose === './App' && loadingFallback === undefined;
  // The first page load of a prerendered page: its server-sent markup stays until the remote renders the same.
  const prerendered = isPage ? prerenderedFor(name, pathname) : null;
  const awake = useAwake(name, prerendered, pathname);
  const onShown = useCallback(() => releasePrerendered(name), [name]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-creates the lazy component after a retry
  const Remote = useMemo(() => lazyRemote(loader, name, expose), [loader, name, expose, attempt]);
  return (
    <RemoteErrorBoundary
      key={`${name}|${expose}|${attempt}`}
      onError={() => forget(loader, name, expose)}
      onRetry={() => setAttempt((a) => a + 1)}
      fallback={(retry) => <RemoteError onRetry={retry} onClose={onClose} isPage={isPage} />}
    >
      <Suspense
        fallback={
          prerendered !== null ? (
            <PrerenderedMarkup name={name} html={prerendered.html} />
          ) : loadingFallback === undefined ? (
            <Loading />
          ) : (
            loadingFallback
          )
        }
      >
        {awake ? (
          <>
            <Remote {...props} />
            {prerendered !== null && <Shown onShown={onShown} />}
          </>
        ) : (
          <Dormant />
        )}
      </Suspense>
    </RemoteErrorBoundary>
  );
}
