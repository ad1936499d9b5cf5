/**
 * The page the BFF sent may carry a remote's prerendered content (`<main id="bf-prerender">` in `#root`, see
 * bff/src/remotes/prerender.ts). It is read once, before React replaces `#root`, and shown as that remote's loading
 * fallback on the same path: React then swaps identical markup for the live remote instead of flashing "Loading…".
 */
export interface Prerendered {
  remote: string;
  path: string;
  lang: string;
  html: string;
}

let captured: Prerendered | null = null;

/** Reads (and keeps) the prerendered content of `#bf-prerender`, if the page has one. */
export function capturePrerendered(doc: Document = document): Prerendered | null {
  const el = doc.getElementById('bf-prerender');
  const { remote, path, lang } = el?.dataset ?? {};
  captured = el && remote && path ? { remote, path, lang: lang ?? '', html: el.innerHTML } : null;
  return captured;
}

/** The captured markup for `remote` at `pathname`, until the remote has rendered once (then never again). */
export function prerenderedFor(remote: string, pathname: string): string | null {
  return captured && captured.remote === remote && captured.path === pathname ? captured.html : null;
}

/** The live remote is on screen: later loads show the normal fallback. */
export function releasePrerendered(): void {
  captured = null;
}
