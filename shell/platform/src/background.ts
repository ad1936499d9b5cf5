import { useEffect, useState } from 'react';
import { NARROW_BREAKPOINT } from './constants';

/** Paths that open as a dialog over the current page on narrow screens (spec §2). */
const LEGAL_PATHS = ['/privacy-policy', '/terms-of-service', '/about'] as const;

/** The parts of a router location that name a page. */
interface Place {
  pathname: string;
  search: string;
  hash: string;
}

interface BackgroundState {
  backgroundLocation: Place;
}

export function isLegalPath(pathname: string): boolean {
  return (LEGAL_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
}

/** The page a legal dialog was opened over, if the navigation carried one. */
export function getBackgroundLocation(location: { state: unknown }): Place | null {
  const bg = (location.state as Partial<BackgroundState> | null)?.backgroundLocation;
  return bg && typeof bg.pathname === 'string' ? bg : null;
}

/** `state` for a link to a legal page: remembers the page it was opened over. */
export function legalLinkState(location: Place & { state: unknown }): BackgroundState {
  const bg = getBackgroundLocation(location);
  return {
    backgroundLocation: bg ?? { pathname: location.pathname, search: location.search, hash: location.hash },
  };
}

function useMediaQuery(query: string): boolean {
  const get = () =>
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(query);
    const onChange = () => setMatches(mql.matches);
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** True below the 768 px breakpoint. */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width: ${NARROW_BREAKPOINT - 0.02}px)`);
}
