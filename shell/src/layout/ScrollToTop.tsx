import { useEffect, useLayoutEffect } from 'react';

/** Every route change scrolls to the top; a hash (e.g. `/#faq`) scrolls to its element once it exists. */
export function ScrollToTop({ pathname, hash }: { pathname: string; hash: string }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run for a new page with the same hash
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
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
