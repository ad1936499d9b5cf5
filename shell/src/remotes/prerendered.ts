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

/** An element's place below the remote's root: the child index at each level. */
type ElementPath = number[];
type Remembered = { path: ElementPath; tag: string; text: string };

let pendingClick: { remote: string; target: Remembered } | null = null;
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
  if (remembered) pendingClick = { remote, target: remembered };
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

/** What after-paint.js held before the shell ran (the same shape as here). */
type EarlyHeld = {
  remote: string | null;
  click: Remembered | null;
  values: Record<string, { target: Remembered; value: string; checked: boolean }>;
};

/** Takes over what the learner did to the server's markup before the shell's scripts ran (after-paint.js). */
function takeEarlyHeld(): void {
  const early = (globalThis as { __bfHeld?: EarlyHeld }).__bfHeld;
  if (!early?.remote) return;
  (globalThis as { __bfHeld?: EarlyHeld }).__bfHeld = undefined;
  const remote = early.remote;
  for (const [key, { target, value, checked }] of Object.entries(early.values)) {
    if (!pendingValues.has(key)) pendingValues.set(key, { remote, target, value, checked });
  }
  if (early.click && !pendingClick) pendingClick = { remote, target: early.click };
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
    const click = pendingClick;
    if (click && click.remote === remote) {
      // After the live remote has taken the carried-over values (its state updates render first).
      setTimeout(() => {
        const el = find(root, click.target);
        el?.focus();
        el?.click();
      }, 0);
    }
  }
  pendingValues.clear();
  pendingClick = null;
}
