import type { Language } from './types';

/** The language used when neither the learner nor the browser names one the app has (see `LANGUAGES`). */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Prefix of every key this app keeps in the browser's storage (localStorage, sessionStorage). */
export const STORAGE_PREFIX = 'buergerfit.';

/** Browser storage keys (localStorage). */
export const STORAGE_KEYS = {
  user: `${STORAGE_PREFIX}user`,
  federalState: `${STORAGE_PREFIX}federalState`,
  language: `${STORAGE_PREFIX}language`,
  theme: `${STORAGE_PREFIX}theme`,
} as const;

/**
 * What sign-out leaves in this device's storage: the device's language and theme, and the learn remote's answer outbox (its
 * answers carry their learner's id and are sent only while that learner is signed in). Every other `buergerfit.`
 * key may hold the last learner's data (their federal state, open tests and unsaved answers, question sets) and is
 * removed, so the next person on a shared device starts clean.
 */
export const KEPT_ON_SIGN_OUT: readonly string[] = [
  STORAGE_KEYS.language,
  STORAGE_KEYS.theme,
  `${STORAGE_PREFIX}learn.outbox`,
];

/** Fired on `window` when token refresh fails: every session listener signs out. */
export const LOGOUT_EVENT = 'buergerfit:logout';

/** Narrow-screen breakpoint (px): below it legal pages open as dialogs. */
export const NARROW_BREAKPOINT = 768;

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 2;
