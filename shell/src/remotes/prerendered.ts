/**
 * The page the BFF sent may carry a remote's prerendered or server-rendered content (`<main id="bf-prerender">` in
 * `#root`, see bff/src/remotes/prerender.ts). It is read once, before React replaces `#root`, and shown as that
 * remote's loading fallback on the same path: React then swaps identical markup for the live remote instead of
 * flashing "Loading…".
 *
 * What a learner does to that markup before the live remote is there is not lost: a tap on a button (or a summary,
 * a checkbox…) is remembered and done again on the same element of the live remote, and a choice made in a form
 * field is carried over — the markup is the same, so an element is found again by its position.
 */
export interface Prerendered {
  remote: string;
  path: string;
  lang: string;
  html: string;
  /**
   * When the live remote starts: `load` at once (a page rendered on the server with the visitor's data, soon
   * used), `interaction` only once the learner interacts with the markup or changes the language (a static public
   * page: reading it needs no script; links work as they are).
   */
  wake: 'load' | 'interaction';
}

let captured: Prerendered | null = null;

/** Reads (and keeps) the prerendered content of `#bf-prerender`, if the page has one (once per page load). */
export function capturePrerendered(doc: Document = document): Prerendered | null {
  awake = false;
  wakeListeners.clear();
  stopWatching?.();
  const el = doc.getElementById('bf-prerender');
  const { remote, path, lang, wake } = el?.dataset ?? {};
  captured =
    el && remote && path
      ? {
          remote,
          path,
          lang: lang ?? '',
          html: el.innerHTML,
          wake: wake === 'interaction' ? 'interaction' : 'load',
        }
      : null;
  if (captured?.wake === 'interaction') watchForInteraction(doc);
  return captured;
}

/**
 * The captured markup for `remote` at `pathname`, until the remote has rendered once (then never again). A static
 * page's markup stays the fallback on the remote's other paths too: a link of it followed before the remote ran
 * keeps the page on screen while the remote loads (as the live remote's own transition would), not "Loading…".
 */
export function prerenderedFor(remote: string, pathname: string): Prerendered | null {
  if (!captured || captured.remote !== remote) return null;
  return captured.path === pathname || captured.wake === 'interaction' ? captured : null;
}

/**
 * A server-rendered page's first data that did not travel inside it (`deferredQueries` of the boot data: a learner's
 * question set), fetched beside the scripts: the live remote waits for it, so it starts from the same data as the
 * markup on screen instead of replacing that markup with its loading state. Never rejects.
 */
let deferredData: Promise<void> = Promise.resolve();

export function awaitDeferredData(ready: Promise<unknown>): void {
  deferredData = ready.then(
    () => undefined,
    () => undefined,
  );
}

/** Settles once the deferred first data is in the query cache (or could not be had: the remote then asks itself). */
export const deferredDataReady = (): Promise<void> => deferredData;

/** Whether the learner has interacted with a static prerendered page (its live remote may start). */
let awake = false;
let stopWatching: (() => void) | null = null;
const wakeListeners = new Set<() => void>();
/** What counts as the learner starting to use the markup (a link is not: it works without the remote). */
const WAKING_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const MARKUP = '[data-prerendered], #bf-prerender';

export const isAwake = () => awake;

/** Calls `listener` once the page wakes (at once if it has); returns the unsubscribe. */
export function onWake(listener: () => void): () => void {
  if (awake) {
    listener();
    return () => {};
  }
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** Starts the live remote of a static prerendered page (an interaction, a language change). */
export function wakePrerendered(): void {
  if (awake) return;
  awake = true;
  for (const listener of [...wakeListeners]) listener();
  wakeListeners.clear();
}

function watchForInteraction(doc: Document) {
  // What after-paint.js saw before the shell ran: a tap, a value or the first touch of the markup.
  const early = (globalThis as { __bfHeld?: EarlyHeld }).__bfHeld;
  if (early?.woken || (early?.clicks.length ?? 0) > 0 || Object.keys(early?.values ?? {}).length > 0) {
    wakePrerendered();
    return;
  }
  const onEvent = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest(MARKUP) || target.closest('a[href]')) return;
    stopWatching?.();
    wakePrerendered();
  };
  for (const type of WAKING_EVENTS) doc.addEventListener(type, onEvent, { capture: true, passive: true });
  stopWatching = () => {
    for (const type of WAKING_EVENTS) doc.removeEventListener(type, onEvent, true);
    stopWatching = null;
  };
}

/** An element's place below the remote's root: the child index at each level. */
type ElementPath = number[];
type Remembered = { path: ElementPath; tag: string; text: string };

/** Taps on the markup, in order (the live remote gets each, as the learner made them). */
let pendingClicks: { remote: string; target: Remembered }[] = [];
/** More taps than this before the live remote is there are not all worth doing again. */
const MAX_HELD_CLICKS = 10;
/** The element of the markup that had the keyboard focus last: it has it again on the live remote. */
let pendingFocus: { remote: string; target: Remembered } | null = null;
const pendingValues = new Map<
  string,
  { remote: string; target: Remembered; value: string; checked: boolean }
>();

/** Elements whose click does something without script help from a link: the ones worth doing again. */
// (A checkbox, a radio button or a label toggles the field natively: that change is carried over as a value.)
const ACTIVATABLE =
  'button, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], input[type="submit"]';
const FIELD = 'input, select, textarea';

function pathOf(root: Element, el: Element): ElementPath | null {
  const path: number[] = [];
  let node: Element | null = el;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === root ? path : null;
}

function remember(root: Element, el: Element): Remembered | null {
  const path = pathOf(root, el);
  return path ? { path, tag: el.tagName, text: (el.textContent ?? '').trim() } : null;
}

/** The live element at the same place, if it is the same kind with the same text (else nothing is done). */
function find(root: Element, { path, tag, text }: Remembered): HTMLElement | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement && node.tagName === tag && (node.textContent ?? '').trim() === text
    ? node
    : null;
}

/** The remote's root element (`data-remote`) inside the prerendered markup's container. */
const rootIn = (container: Element, remote: string) => container.querySelector(`[data-remote="${remote}"]`);

/**
 * A click on the prerendered markup (not on a link: those are navigations). A click on a button-like element is
 * remembered for the live remote; it does nothing now (a form in the markup is never submitted by the browser).
 * True when it was taken.
 */
export function holdClick(container: Element, remote: string, target: Element): boolean {
  const el = target.closest(ACTIVATABLE);
  const root = rootIn(container, remote);
  if (!el || !root?.contains(el)) return false;
  const remembered = remember(root, el);
  if (remembered && pendingClicks.length < MAX_HELD_CLICKS)
    pendingClicks.push({ remote, target: remembered });
  return true;
}

/** A value chosen in a form field of the prerendered markup, carried over to the live remote's field. */
export function holdValue(container: Element, remote: string, target: Element): void {
  const root = rootIn(container, remote);
  if (!root || !target.matches(FIELD) || !root.contains(target)) return;
  const field = target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const remembered = remember(root, field);
  if (!remembered) return;
  const checked = field instanceof HTMLInputElement ? field.checked : false;
  pendingValues.set(remembered.path.join('/'), { remote, target: remembered, value: field.value, checked });
}

/** Focus moved to an element of the prerendered markup: the same element of the live remote gets it. */
export function holdFocus(container: Element, remote: string, target: Element): void {
  const root = rootIn(container, remote);
  if (!root?.contains(target)) return;
  const remembered = remember(root, target);
  pendingFocus = remembered ? { remote, target: remembered } : null;
}

/** Sets a field the way typing would, so the live remote's own state (React) sees the change. */
function setField(el: HTMLElement, value: string, checked: boolean) {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    if (el.checked !== checked) el.click();
    return;
  }
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setter) return;
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

type HeldValues = Record<string, { target: Remembered; value: string; checked: boolean }>;

/** What after-paint.js held before the shell ran (the same shape as here). */
type EarlyHeld = {
  remote: string | null;
  /** The learner touched, focused or typed in the markup. */
  woken?: boolean;
  clicks: Remembered[];
  values: HeldValues;
  /** The element of the markup the keyboard was in last. */
  focus?: Remembered | null;
  /** What was done to the shell's server-rendered frame (header, footer), by place below `#root`. */
  frame?: { clicks: Remembered[]; values: HeldValues; focus: Remembered | null };
};

/**
 * The shell has rendered its frame in place of the server's (the same header and footer): what the learner did to
 * the server's before the shell ran is done to the live one — the values chosen, then the taps in order, and the
 * keyboard focus where it was. Once per page load.
 */
export function replayFrameHeld(doc: Document = document): void {
  const early = (globalThis as { __bfHeld?: EarlyHeld }).__bfHeld;
  const frame = early?.frame;
  const root = doc.getElementById('root');
  if (!frame || !root) return;
  early.frame = { clicks: [], values: {}, focus: null };
  for (const { target, value, checked } of Object.values(frame.values)) {
    const el = find(root, target);
    if (el) setField(el, value, checked);
  }
  const active = doc.activeElement;
  if (frame.focus && (!active || active === doc.body)) find(root, frame.focus)?.focus();
  replayTaps(root, frame.clicks);
}

/**
 * Each tap after the live page has taken the carried-over values and rendered the tap before (its state updates
 * render first); a tap whose element is no longer the same (its text changed) is not done.
 */
function replayTaps(root: Element, taps: readonly Remembered[], index = 0): void {
  const tap = taps[index];
  if (!tap) return;
  setTimeout(() => {
    const el = find(root, tap);
    el?.focus();
    el?.click();
    replayTaps(root, taps, index + 1);
  }, 0);
}

/** Takes over what the learner did to the server's markup before the shell's scripts ran (after-paint.js). */
function takeEarlyHeld(): void {
  const early = (globalThis as { __bfHeld?: EarlyHeld }).__bfHeld;
  if (!early?.remote) return;
  (globalThis as { __bfHeld?: EarlyHeld }).__bfHeld = undefined;
  const remote = early.remote;
  for (const [key, { target, value, checked }] of Object.entries(early.values)) {
    if (!pendingValues.has(key)) pendingValues.set(key, { remote, target, value, checked });
  }
  if (early.focus && !pendingFocus) pendingFocus = { remote, target: early.focus };
  // They came first.
  pendingClicks = [...early.clicks.map((target) => ({ remote, target })), ...pendingClicks].slice(
    0,
    MAX_HELD_CLICKS,
  );
}

/** The live remote is on screen: later loads show the normal fallback; what the learner did is done again. */
export function releasePrerendered(remote?: string, doc: Document = document): void {
  captured = null;
  takeEarlyHeld();
  const root = remote ? doc.querySelector(`[data-remote="${remote}"]:not([data-prerendered] *)`) : null;
  if (root) {
    for (const { target, value, checked } of [...pendingValues.values()].filter((v) => v.remote === remote)) {
      const el = find(root, target);
      if (el) setField(el, value, checked);
    }
    const clicks = pendingClicks.filter((c) => c.remote === remote);
    const focus = pendingFocus;
    // The markup the keyboard was in is gone: the focus goes to the same element of the live remote.
    if (focus && focus.remote === remote && clicks.length === 0) {
      const active = doc.activeElement;
      if (!active || active === doc.body) find(root, focus.target)?.focus();
    }
    replayTaps(
      root,
      clicks.map((c) => c.target),
    );
  }
  pendingValues.clear();
  pendingClicks = [];
  pendingFocus = null;
}
