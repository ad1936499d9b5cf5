import { LANGUAGES } from '@buergerfit/locales';
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { use, useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, STORAGE_KEYS } from './constants';
import { readStorage, writeStorage } from './storage';
import type { Language } from './types';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language cookie (`bf_lang`), which the BFF renders a page in; null without one. */
function cookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]+)`).exec(document.cookie);
  return isLanguage(match?.[1]) ? match[1] : null;
}

/**
 * Stored choice first, then the language cookie (the language the server rendered this page in), then the
 * browser's languages (primary subtag), then English.
 */
export function detectLanguage(
  languages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const cookie = cookieLanguage();
  if (cookie) return cookie;
  for (const tag of languages) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}

/** The language in use (used as `{lang}` in API paths). */
export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

/**
 * Cookie with the language in use, so the server can send a prerendered page in it (the BFF reads it; it is not
 * needed by any API). Not HttpOnly: the app writes it whenever the language is set.
 */
const LANGUAGE_COOKIE = 'bf_lang';

function setHtmlLang(lng: string): void {
  if (typeof document === 'undefined' || !isLanguage(lng)) return;
  document.documentElement.lang = lng;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain first-party cookie, no Cookie Store API needed
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax${secure}`;
  // The pages the service worker keeps for offline use are fetched again in this language (shell/public/sw.js).
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'buergerfit:language', lang: lng });
  } catch {
    // No service worker here (development, tests): nothing kept to refresh.
  }
}

type Bundles = Partial<Record<Language, ResourceLanguage>>;
const pending: Array<{ ns: string; bundles: Bundles }> = [];

function addBundles(ns: string, bundles: Bundles): void {
  for (const lng of LANGUAGES) {
    const bundle = bundles[lng];
    if (bundle) i18next.addResourceBundle(lng, ns, bundle, true, true);
  }
}

/** A remote registers its own namespace (works before or after the shell initialises i18next). */
export function registerNamespace(ns: string, bundles: Bundles): void {
  if (i18next.isInitialized) addBundles(ns, bundles);
  else pending.push({ ns, bundles });
}

/** A namespace bundle loaded on demand (a dynamic `import()` of one language's JSON). */
export type BundleLoader = () => Promise<ResourceLanguage | { default: ResourceLanguage }>;
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: undefined };

const lazyNamespaces = new Map<string, Partial<Record<Language, BundleLoader>>>();
const loadingBundles = new Map<string, Tracked>();
const DONE: Tracked = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/**
 * A remote registers its namespace as one loader per language: only the language in use is downloaded (the
 * long marketing texts in three languages would otherwise be in every page load's JavaScript).
 */
export function registerLazyNamespace(ns: string, loaders: Partial<Record<Language, BundleLoader>>): void {
  lazyNamespaces.set(ns, loaders);
}

/**
 * Loads `ns` in `lng` once and adds it to i18next. The promise carries React's `status` fields, so `use()` does
 * not suspend for a bundle that is already there; a failed load is forgotten (the next call tries again).
 */
export function loadNamespace(ns: string, lng: Language): Tracked {
  if (i18next.hasResourceBundle?.(lng, ns)) return DONE;
  const key = `${ns}|${lng}`;
  const known = loadingBundles.get(key);
  if (known && known.status !== 'rejected') return known;
  const loader = lazyNamespaces.get(ns)?.[lng];
  if (!loader) return DONE;
  const promise: Tracked = loader().then((mod) => {
    const bundle = 'default' in mod && mod.default && typeof mod.default === 'object' ? mod.default : mod;
    i18next.addResourceBundle(lng, ns, bundle as ResourceLanguage, true, true);
    promise.status = 'fulfilled';
  });
  promise.status = 'pending';
  promise.catch(() => {
    promise.status = 'rejected';
  });
  loadingBundles.set(key, promise);
  return promise;
}

/** Loads every lazily registered namespace in `lng` (before switching to it, so nothing renders raw keys). */
export async function prepareLanguage(lng: Language): Promise<void> {
  await Promise.all([...lazyNamespaces.keys()].map((ns) => loadNamespace(ns, lng)));
}

/** Suspends the calling component until `ns` is loaded in the language in use (see `registerLazyNamespace`). */
export function useNamespace(ns: string): void {
  const { language } = useLanguage();
  const pending = loadNamespace(ns, language);
  if (pending.status !== 'fulfilled') use(pending as Promise<void>);
}

/** Initialises the shared i18next instance once (shell and standalone harness). */
export async function initI18n(resources: Resource = {}, lng: Language = detectLanguage()) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources,
      defaultNS: 'shell',
      ns: Object.keys(resources[lng] ?? resources[FALLBACK_LANGUAGE] ?? { shell: {} }),
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
    });
    i18next.on('languageChanged', setHtmlLang);
  }
  while (pending.length) {
    const next = pending.shift();
    if (next) addBundles(next.ns, next.bundles);
  }
  setHtmlLang(currentLanguage());
  return i18next;
}

/** Switch language: re-renders shell and loaded remotes, sets `<html lang>`, persists the choice. */
export async function changeLanguage(language: Language, i18n: I18n = i18next): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  await prepareLanguage(language);
  await i18n.changeLanguage(language);
  setHtmlLang(language);
}

export function useLanguage(): { language: Language; setLanguage: (language: Language) => Promise<void> } {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const setLanguage = useCallback((language: Language) => changeLanguage(language, i18n), [i18n]);
  return { language: isLanguage(lng) ? lng : FALLBACK_LANGUAGE, setLanguage };
}
