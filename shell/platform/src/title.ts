import { useEffect } from 'react';

/** The product name every document title ends with. */
const TITLE_SUFFIX = 'Bürgerfit';

/** `Page · Bürgerfit`; the product name alone without a page. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${TITLE_SUFFIX}` : TITLE_SUFFIX);

let serverTitle: string | null = null;

/** The title the last server render asked for (platform's ssr.tsx), once; null when none did. */
export function takeServerTitle(): string | null {
  const title = serverTitle;
  serverTitle = null;
  return title;
}

/**
 * Names the page in the browser tab and for screen readers' page announcements while the calling component is
 * mounted (pass the already translated page name). Remotes call it on each page they render; the shell names its
 * own pages. Nothing is restored on unmount: the next page sets its own title.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  // Rendered on the server (no document, no effects): the title the page would get, for the server's page.
  if (typeof document === 'undefined') serverTitle = documentTitle(page);
  useEffect(() => {
    if (typeof document !== 'undefined') document.title = documentTitle(page);
  }, [page]);
}
