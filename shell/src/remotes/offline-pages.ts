import { useLocation } from '@buergerfit/platform';
import { useEffect, useRef } from 'react';
import { remoteFor } from '../routes';

/** The service worker's store of the pages this device was sent (PAGES_CACHE in public/sw.js). */
const PAGES_CACHE = 'bf-pages-v2';

/**
 * With no network, a link to a page of another remote loads that page as this device stored it, with the data it
 * showed, instead of rendering it afresh: a page rendered on the server came with its data inside, which the remote
 * never fetched here, so afresh it would wait for the network. Online, and within one remote (whose own calls the
 * service worker keeps), nothing changes.
 */
export function useStoredPagesOffline(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    const from = shown.current;
    shown.current = pathname;
    if (from === pathname || navigator.onLine !== false || typeof caches === 'undefined') return;
    if (remoteFor(from) === remoteFor(pathname)) return;
    let current = true;
    caches
      .open(PAGES_CACHE)
      .then((pages) => pages.match(window.location.href, { ignoreVary: true }))
      .then((stored) => {
        if (stored && current) window.location.reload();
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname]);
}
