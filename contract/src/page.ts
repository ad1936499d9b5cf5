/**
 * The page protocol: what the BFF's page pipeline (bff/src/pages/) and the browser (the shell, the remotes'
 * server renderers, the service worker) agree on about a page — the ids and data attributes that name its parts, and
 * what a server render is asked and answers. Constants and types only (no zod): it is imported by browser code.
 */

/** The element whose children are the app: the shell's React root (hydrated when the page came made). */
export const ROOT_ID = 'root';

/** The `<script type="application/json">` with the page's boot data (schema `PageBoot` in boot.ts). */
export const PAGE_BOOT_ID = 'bf-boot';

/**
 * The page's area, as the shell renders it on the server and in the browser: an element that holds the page's
 * remote in a React root of its own. The BFF puts the remote's server-made markup into it.
 */
export const SLOT_ATTRIBUTE = 'data-bf-slot';
/** The slot exactly as the shell's server render writes it (empty): where the BFF puts the remote's markup. */
export const emptySlot = (remote: string) => `<div ${SLOT_ATTRIBUTE}="${remote}"></div>`;

/**
 * Set on a slot once its remote's React root has committed (hydrated the server's markup, rendered, or shows that
 * the remote failed, with its Retry), and on the root element once the shell's has: from then on the page's controls
 * are React's. For support, the bench and tests.
 */
export const LIVE_ATTRIBUTE = 'data-bf-live';

/**
 * A `style="…"` attribute of server-made markup, turned into a rule of the page's one inline stylesheet (the page's
 * policy allows no inline style attribute): the element gets `data-bf-style="<n>"`.
 */
export const STYLE_ATTRIBUTE = 'data-bf-style';

/** On the shell's after-paint.js: its entry scripts, space-separated, to add once the page has painted. */
export const SCRIPTS_ATTRIBUTE = 'data-scripts';

/**
 * On the shell's after-paint.js: when a made page's scripts start (and with them its hydration).
 * - `paint`: just after the first paint. A page whose first tap needs the app (a signed-in learner's pages), or
 *   whose content is still loading what only the app can finish (an element `aria-busy="true"`): the scripts are
 *   there as early as the network allows.
 * - `intent`: on the learner's first touch, key, pointer move or focus. A page that works without its scripts (the
 *   landing's links and native FAQ, a form React keeps until it is hydrated): loading nothing until then keeps the
 *   load free of long tasks. What the page would preload waits in the `LATER_ID` template until then, unless its
 *   content has a control that needs the app (the demo's Start): there `FETCH_ATTRIBUTE` is `paint`, the files are
 *   fetched just after the first paint, and only their evaluation waits.
 */
export const START_ATTRIBUTE = 'data-hydrate';
export type PageStart = 'paint' | 'intent';
/** On an `intent` page's after-paint.js: `paint` to fetch its files just after the first paint all the same. */
export const FETCH_ATTRIBUTE = 'data-fetch';

/** A `<template>` with the `<link rel=preload>`s an `intent` page adds to its head when its scripts start. */
export const LATER_ID = 'bf-later';

/** Response header naming the remote whose markup a page was sent with (the service worker never stores it). */
export const MADE_HEADER = 'X-Buergerfit-Prerender';

/** What a server renderer is asked: one page, for one visitor. */
export interface RenderRequest<Lang extends string = string, Session = unknown> {
  /** The page's path and query (`/demo`, `/learn?focus=12`). */
  url: string;
  /** Where the shell mounts the remote (`/`, `/learn`): the remote's `basename`. */
  basename: string;
  lang: Lang;
  session: Session;
}

/**
 * A query whose answer is too large to travel inside the page (a learner's whole question set): the page names the
 * API path that answered it instead; the browser fetches it beside the scripts (a preload) and the remote hydrates
 * once it is in the query cache.
 */
export interface DeferredQuery {
  queryKey: readonly unknown[];
  path: string;
}

/** What a server renderer answers. */
export interface RenderResult<Queries = unknown> {
  /** The markup of the remote's root (what the browser hydrates). */
  html: string;
  /** The answers small enough to travel in the page (a dehydrated query cache). */
  queries: Queries;
  deferred: DeferredQuery[];
  /** The document title the page asked for; null when it set none. */
  title: string | null;
}

/** A `<meta>` of every page's head. */
export type HeadMeta = { name: string; content: string; media?: string };
/** A `<link>` of every page's head (icons, the web app manifest). */
export type HeadLink = { rel: string; href: string; type?: string };

/**
 * The shell build's `dist/page.json`: every page's head as data, and the shell's entry scripts and stylesheets in the
 * order the page loads them. The BFF makes its pages from it (one typed template), never from HTML it parses.
 */
export type PageParts = {
  title: string;
  meta: readonly HeadMeta[];
  links: readonly HeadLink[];
  scripts: string[];
  styles: string[];
  /**
   * React's own inline script that keeps a form submitted before hydration (a form whose action is a function) for
   * React to replay once the form is hydrated, as React's server renderer writes it. A server render's copy of exactly
   * this script is the only script the BFF lets into a page, once (bff/src/pages/make.ts).
   */
  formReplay: string | null;
};
