/**
 * A remote's page area as a React root of its own (an island, see platform's island.tsx). The shell renders an empty
 * slot element; the remote's tree lives in a root inside it:
 *
 * - on the page load the server rendered, the slot already holds the remote's markup: the root *hydrates* it
 *   (`hydrateRoot`, in a transition so it yields to the learner's input; a tap on a part not hydrated yet makes React
 *   hydrate that part first and then handle the tap);
 * - on a page reached in the browser, the slot is empty and the root renders into it (`createRoot`).
 *
 * The island sees what the shell sees — the location and history, the learner's session, the query cache, the
 * language — through a small store the shell updates after each of its renders, so the island re-renders itself
 * rather than being rendered again from outside while it may still be hydrating.
 */

import { LIVE_ATTRIBUTE } from '@buergerfit/contract/page';
import {
  IslandProviders,
  NavigationContext,
  type RemoteExpose,
  type RemoteName,
  type RemoteProps,
  Router,
  type Session,
  useLocation,
  useNavigationType,
  useSession,
} from '@buergerfit/platform';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  type ContextType,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

type Navigation = ContextType<typeof NavigationContext>;

/** What the island takes from the shell. */
type Inputs<P> = {
  location: ReturnType<typeof useLocation>;
  navigationType: ReturnType<typeof useNavigationType>;
  navigation: Navigation;
  session: Session;
  props: P;
};

type Store<P> = { get(): Inputs<P>; set(next: Inputs<P>): void; subscribe(listener: () => void): () => void };

function createStore<P>(initial: Inputs<P>): Store<P> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const shallowEqual = (a: object, b: object) => {
  const keysA = Object.keys(a);
  return (
    keysA.length === Object.keys(b).length &&
    keysA.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
};
const sameInputs = <P extends object>(a: Inputs<P>, b: Inputs<P>) =>
  a.location === b.location &&
  a.navigationType === b.navigationType &&
  a.navigation === b.navigation &&
  a.session === b.session &&
  shallowEqual(a.props, b.props);

/** Calls `onCommit` once its children are on the page (the remote's failure, which is React's too). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

function IslandTree<P extends object>({
  store,
  Component,
  queryClient,
  wrap,
  onLive,
}: {
  store: Store<P>;
  Component: ComponentType<P>;
  queryClient: QueryClient;
  wrap: (children: ReactNode) => ReactNode;
  onLive: () => void;
}) {
  useEffect(onLive, [onLive]);
  const { location, navigationType, navigation, session, props } = useSyncExternalStore(
    store.subscribe,
    store.get,
    store.get,
  );
  return (
    <Router
      location={location}
      navigationType={navigationType}
      navigator={navigation.navigator}
      basename={navigation.basename}
    >
      <IslandProviders queryClient={queryClient} session={session}>
        {wrap(<Component {...props} />)}
      </IslandProviders>
    </Router>
  );
}

/**
 * The slot of a page the server sent made holds the remote's markup, which the shell's hydration must leave alone:
 * React hydrates an element with `dangerouslySetInnerHTML` as a leaf, and never writes this one object's (empty)
 * text again. A slot created in the browser is a plain empty element (React asks that a root's container have no
 * children of React's own).
 */
const SERVER_OWNED = { __html: '' };
/** Set once the page's first area has mounted: later areas are created in the browser. */
let firstAreaMounted = false;
const holdsServerMarkup = (name: string) =>
  typeof document === 'undefined' ||
  (!firstAreaMounted && !!document.querySelector(`[data-bf-slot="${name}"]`)?.hasChildNodes());

export interface PageIslandProps<N extends RemoteName, E extends RemoteExpose<N>> {
  name: N;
  /** The remote's module, loading (with its texts and first data). */
  loading: Promise<{ default: ComponentType<RemoteProps<N, E>> }>;
  props: RemoteProps<N, E>;
  /** Wraps the remote inside its root (the shell's error boundary: a failure stays in this area). */
  wrap: (children: ReactNode) => ReactNode;
  /** Shown in the area while a page reached in the browser loads its remote. */
  pending: ReactNode;
  /** Shown in the area when the remote cannot be loaded. */
  failed: (error: unknown) => ReactNode;
}

/**
 * The shell's part of a page's area: an empty slot and, inside it, the remote's own root. The shell never suspends
 * on the remote here: the slot is hydrated with the shell at once, whatever the shell renders later (a session, a
 * language) never reaches the remote's markup before the remote's own root holds it, and the server's markup stays
 * on screen, untouched, until the remote's code is there to hydrate it.
 */
export function PageIsland<N extends RemoteName, E extends RemoteExpose<N>>({
  name,
  loading,
  props,
  wrap,
  pending,
  failed,
}: PageIslandProps<N, E>) {
  const slot = useRef<HTMLDivElement>(null);
  const inputs: Inputs<RemoteProps<N, E>> = {
    location: useLocation(),
    navigationType: useNavigationType(),
    navigation: useContext(NavigationContext),
    session: useSession(),
    props,
  };
  const latest = useRef(inputs);
  latest.current = inputs;
  const store = useRef<Store<RemoteProps<N, E>> | null>(null);
  const queryClient = useQueryClient();
  const shown = useRef({ wrap, pending, failed });
  const [serverMarkup] = useState(() => holdsServerMarkup(name));

  // The root, once per mounted slot (the shell keys this component by remote and attempt).
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later inputs reach it through the store
  useLayoutEffect(() => {
    const el = slot.current;
    firstAreaMounted = true;
    if (!el) return;
    const islandStore = createStore(latest.current);
    store.current = islandStore;
    const options = {
      onRecoverableError: (error: unknown) =>
        console.warn(`[shell] ${name} did not hydrate as sent; rendered anew`, error),
    };
    // The server's markup for this remote is in the slot (the page load that brought it): hydrate it once the code is
    // there. Otherwise the area shows that it is loading.
    const made = el.hasChildNodes();
    let root: Root | null = made ? null : createRoot(el, options);
    root?.render(shown.current.pending);
    let ended = false;
    const markLive = () => el.setAttribute(LIVE_ATTRIBUTE, '');
    loading.then(
      ({ default: Component }) => {
        if (ended) return;
        const tree = (
          <IslandTree
            store={islandStore}
            Component={Component}
            queryClient={queryClient}
            wrap={shown.current.wrap}
            onLive={markLive}
          />
        );
        if (root) root.render(tree);
        // A transition: hydration yields to input every few milliseconds instead of one long task, and a tap on a
        // part not hydrated yet makes React hydrate that part first, then handle the tap.
        else
          startTransition(() => {
            root = hydrateRoot(el, tree, options);
          });
      },
      (error: unknown) => {
        if (ended) return;
        if (!root) {
          el.replaceChildren();
          root = createRoot(el, options);
        }
        // The area is React's from here on as well (its Retry): live, though it shows the failure.
        root.render(<Committed onCommit={markLive}>{shown.current.failed(error)}</Committed>);
      },
    );
    return () => {
      ended = true;
      store.current = null;
      // Not while the shell commits (React refuses to unmount a root synchronously inside another's commit).
      const ending = root;
      setTimeout(() => ending?.unmount(), 0);
    };
  }, []);

  useLayoutEffect(() => {
    const current = store.current;
    if (current && !sameInputs(current.get(), inputs)) current.set(inputs);
  });

  return (
    <div
      ref={slot}
      data-bf-slot={name}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so that React leaves the server's markup (the island's) alone
      dangerouslySetInnerHTML={serverMarkup ? SERVER_OWNED : undefined}
      suppressHydrationWarning
    />
  );
}
