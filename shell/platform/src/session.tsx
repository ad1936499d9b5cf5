import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ApiClient, api as defaultApi, expectRefreshCookie, isApiError } from './api';
import { pageBoot, takeBootSession } from './boot';
import { LOGOUT_EVENT } from './constants';
import { clearUserStorage, readStoredUser, writeStoredUser } from './storage';
import type { User } from './types';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: User | null;
  status: SessionStatus;
  login(email: string, password: string): Promise<User>;
  logout(): Promise<void>;
  /** Re-runs the session check (`GET /api/user/me`). */
  refresh(): Promise<User | null>;
  setUser(user: User | null): void;
}

/** Tells the service worker (shell/public/sw.js) something about the session; it may not be there. */
function tellServiceWorker(message: { type: string; user?: string | null }): void {
  try {
    navigator.serviceWorker?.controller?.postMessage(message);
  } catch (error) {
    console.warn('[session] could not tell the service worker', error);
  }
}

/**
 * A learner left this device (signed out, the session expired, or another account took over): forget what the
 * device kept for them — their entries in browser storage, and the service worker's stored pages and API answers.
 */
function forgetLearner(): void {
  clearUserStorage();
  tellServiceWorker({ type: 'buergerfit:signed-out' });
}

const SessionContext = createContext<Session | null>(null);
SessionContext.displayName = 'BuergerfitSession';

export interface SessionProviderProps {
  children: ReactNode;
  client?: ApiClient;
  /** Run `GET /api/user/me` on mount (default true). */
  checkOnMount?: boolean;
  /**
   * Called when a signed-in learner leaves (signs out, the session expires, another account signs in), after
   * their storage entries are gone: the app drops what else it holds for them (PlatformProviders clears the
   * query cache).
   */
  onSignOut?: () => void;
}

export function SessionProvider({
  children,
  client = defaultApi,
  checkOnMount = true,
  onSignOut,
}: SessionProviderProps) {
  const [state, setState] = useState<{ user: User | null; status: SessionStatus }>(() => {
    // Who the learner is may have come with the page (its boot data): then nothing waits for a session check.
    const booted = checkOnMount ? pageBoot()?.session : undefined;
    if (booted?.status === 'user') return { user: booted.user, status: 'authenticated' };
    if (booted?.status === 'guest') return { user: null, status: 'anonymous' };
    const user = readStoredUser();
    return { user, status: checkOnMount ? 'loading' : user ? 'authenticated' : 'anonymous' };
  });
  /** Bumped on every local change so a slower, older session check cannot overwrite it. */
  const version = useRef(0);
  /** The learner this device is signed in as (the cached one until the session check answers). */
  const current = useRef(state.user);
  const signedOut = useRef(onSignOut);
  /** Set while the page's boot session is adopted (see the mount effect). */
  const adoptingBoot = useRef(false);
  useEffect(() => {
    signedOut.current = onSignOut;
  });

  const setUser = useCallback((user: User | null) => {
    version.current += 1;
    // The stored user too: a failed token refresh removes it before it tells us (LOGOUT_EVENT).
    const previous = current.current ?? readStoredUser();
    current.current = user;
    if (previous && previous.id !== user?.id) {
      forgetLearner();
      // The app's query cache holds only what this page was made with, for the visitor the server saw: kept, or
      // the page's areas would hydrate with nothing and differ from the server's markup (React renders such an
      // area anew and drops the learner's taps made before).
      if (!adoptingBoot.current) signedOut.current?.();
    }
    // Whose pages and answers the service worker keeps from now on (a guest's are dropped at a sign-in).
    if (previous?.id !== user?.id) tellServiceWorker({ type: 'buergerfit:session', user: user?.id ?? null });
    writeStoredUser(user);
    expectRefreshCookie(user !== null);
    setState({ user, status: user ? 'authenticated' : 'anonymous' });
  }, []);

  const refresh = useCallback(async () => {
    const startedAt = version.current;
    try {
      const user = await client.get<User>('/api/user/me');
      if (version.current === startedAt) setUser(user);
      return user;
    } catch (error) {
      // No network (an offline start from the service worker's cache): keep the cached user, the server still
      // decides on every request it gets.
      if (isApiError(error) && error.status === 0) {
        const cached = readStoredUser();
        if (version.current === startedAt) {
          current.current = cached;
          setState({ user: cached, status: cached ? 'authenticated' : 'anonymous' });
        }
        return cached;
      }
      if (!(isApiError(error) && error.status === 401)) console.warn('[session] session check failed', error);
      if (version.current === startedAt) setUser(null);
      return null;
    }
  }, [client, setUser]);

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const user = await client.post<User>('/api/auth/login', { email, password });
        setUser(user);
        return user;
      } catch (error) {
        setUser(null);
        throw error;
      }
    },
    [client, setUser],
  );

  const logout = useCallback(async () => {
    try {
      await client.post('/auth/logout', undefined, { skipRefresh: true });
    } catch (error) {
      console.error('[session] logout call failed; clearing the local session anyway', error);
    } finally {
      setUser(null);
    }
  }, [client, setUser]);

  useEffect(() => {
    if (!checkOnMount) return;
    // The page's boot data answers the first session check (and forgets a previous learner's storage, as a
    // check would); without it, or on a later mount, the BFF is asked.
    const booted = takeBootSession();
    if (!booted || booted.status === 'unknown') {
      void refresh();
      return;
    }
    adoptingBoot.current = true;
    try {
      setUser(booted.status === 'user' ? booted.user : null);
    } finally {
      adoptingBoot.current = false;
    }
  }, [checkOnMount, refresh, setUser]);

  useEffect(() => {
    const onLogout = () => setUser(null);
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, [setUser]);

  const value = useMemo<Session>(
    () => ({ ...state, login, logout, refresh, setUser }),
    [state, login, logout, refresh, setUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session of another React root of this page (a remote's page area, see island.tsx): the same learner, the same
 * actions, with no second session check.
 */
export function SharedSession({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>');
  return session;
}
