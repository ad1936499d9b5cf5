import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Every route change scrolls to the top; a hash (e.g. `/#faq`) scrolls to its element once it exists. Not for the
 * location the app starts on when the browser has already laid that page out (a page the server sent): the browser
 * scrolled to its hash itself, and the learner may have scrolled since, before the touch that started the app.
 * Moving them then would throw away where they were reading.
 */
export function ScrollToTop({ pathname, hash }: { pathname: string; hash: string }) {
  // The location the app started on, until the first route change.
  const start = useRef<{ pathname: string; hash: string } | null>({ pathname, hash });
  const atStart = () => {
    if (start.current?.pathname === pathname && start.current.hash === hash) return true;
    start.current = null;
    return false;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design
  useLayoutEffect(() => {
    if (!hash && !atStart()) window.scrollTo(0, 0);
  }, [pathname, hash]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run for a new page with the same hash
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // At the start, an element that is already there is where the browser went by itself.
    if (atStart() && document.getElementById(id)) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const el = document.getElementById(id);
      if (el) el.scrollIntoView({ block: 'start' });
      else if (tries++ < 50) timer = setTimeout(attempt, 100); // the remote may still be loading
    };
    attempt();
    return () => clearTimeout(timer);
  }, [pathname, hash]);
  return null;
}
