import type { BootSession, PageBoot } from '@buergerfit/contract';
import { PAGE_BOOT_ID } from '@buergerfit/contract/page';

/**
 * The page's boot data: what the BFF put into the page it served (`<script id="bf-boot" type="application/json">`,
 * contract `PageBoot`) — this visitor's registry entries and who they are — so the shell need not ask for them
 * before it can load the route's remote. A page without it (the service worker's offline copy, a page served while
 * the database was unreachable) makes the shell ask as it always did.
 */

/** The page protocol's id (contract/page.ts); the BFF's pages/boot.ts writes it. */
export { PAGE_BOOT_ID };

let read = false;
let boot: PageBoot | null = null;
let sessionTaken = false;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The shape the shell relies on (the BFF validates the contract's schema; no zod in a browser bundle). */
function plausible(v: unknown): v is PageBoot {
  if (!isObject(v) || !isObject(v.session)) return false;
  const { status } = v.session;
  const sessionOk =
    status === 'guest' || status === 'unknown' || (status === 'user' && isObject(v.session.user));
  const remotesOk =
    v.remotes === null ||
    (Array.isArray(v.remotes) &&
      v.remotes.every((r) => isObject(r) && typeof r.name === 'string' && typeof r.manifestUrl === 'string'));
  return sessionOk && remotesOk;
}

/** The boot data of this page, read once; null when the page has none or it cannot be read. */
export function pageBoot(doc: Document | undefined = globalThis.document): PageBoot | null {
  if (serverBoot) return serverBoot;
  if (read) return boot;
  read = true;
  const text = doc?.getElementById(PAGE_BOOT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    boot = plausible(parsed) ? parsed : null;
  } catch {
    boot = null;
  }
  if (!boot) console.warn('[boot] the page boot data is unreadable; the shell asks the server instead');
  return boot;
}

/**
 * The session the page was served with, once: it is true only at page load (later session changes come from the
 * learner's own actions or the server's answers).
 */
export function takeBootSession(): BootSession | null {
  if (sessionTaken) return null;
  sessionTaken = true;
  return pageBoot()?.session ?? null;
}

let serverBoot: PageBoot | null = null;

/** A server render (platform's ssr.tsx): the visitor being rendered, in place of a page's boot data. */
export function setServerBoot(value: PageBoot | null): void {
  serverBoot = value;
}

/** Tests: forget what was read. */
export function resetPageBoot(): void {
  read = false;
  boot = null;
  sessionTaken = false;
}
