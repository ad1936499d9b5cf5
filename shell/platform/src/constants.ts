import type { Language } from './types';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['de', 'en', 'hr'];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Browser storage keys (localStorage). */
export const STORAGE_KEYS = {
  user: 'buergerfit.user',
  federalState: 'buergerfit.federalState',
  language: 'buergerfit.language',
} as const;

/** Fired on `window` when token refresh fails: every session listener signs out. */
export const LOGOUT_EVENT = 'buergerfit:logout';
/** Fired on `window` (CustomEvent, detail `{ remote, error }`) when preloading a remote fails. */
export const PRELOAD_ERROR_EVENT = 'buergerfit:preload-error';

/** Narrow-screen breakpoint (px): below it legal pages open as dialogs. */
export const NARROW_BREAKPOINT = 768;

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 2;

export const CONTACT_MESSAGE_MAX = 1000;
export const CONTACT_SUCCESS_MS = 2000;
export const DIALOG_FOCUS_DELAY_MS = 100;

export const EXAM_QUESTIONS = 33;
export const EXAM_PASS_MARK = 17;
export const STATE_QUESTIONS_PER_TEST = 10;
