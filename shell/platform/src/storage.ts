import { KEPT_ON_SIGN_OUT, STORAGE_KEYS, STORAGE_PREFIX } from './constants';
import type { User } from './types';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch (error) {
    console.warn('[storage] localStorage is not available', error);
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`[storage] could not read ${key}`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch (error) {
    console.warn(`[storage] could not write ${key}`, error);
  }
}

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return typeof u.id === 'string' && typeof u.name === 'string';
}

/** The cached signed-in user; corrupt data is removed and logged. */
export function readStoredUser(): User | null {
  const raw = readStorage(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return parsed;
    throw new Error('stored user has an unexpected shape');
  } catch (error) {
    console.warn('[storage] removing corrupt stored user', error);
    writeStorage(STORAGE_KEYS.user, null);
    return null;
  }
}

export function writeStoredUser(user: User | null): void {
  writeStorage(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
}

export function clearStoredUser(): void {
  writeStorage(STORAGE_KEYS.user, null);
}

/**
 * Sign-out on a shared device: removes the learner's entries from localStorage and sessionStorage (the user, the
 * federal state, the remotes' per-learner entries — every `buergerfit.` key except those in KEPT_ON_SIGN_OUT).
 */
export function clearUserStorage(): void {
  if (typeof window === 'undefined') return;
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    try {
      const s = window[area];
      const keys = Array.from({ length: s.length }, (_, i) => s.key(i));
      for (const key of keys)
        if (key?.startsWith(STORAGE_PREFIX) && !KEPT_ON_SIGN_OUT.includes(key)) s.removeItem(key);
    } catch (error) {
      console.warn(`[storage] could not clear ${area}`, error);
    }
  }
}

/**
 * The cached federal state (spec §5): with a list of valid codes only a listed value is accepted;
 * without a list any non-empty value is; an empty value is invalid. Returns null when invalid.
 */
export function readStoredFederalState(validCodes?: readonly string[]): string | null {
  const value = readStorage(STORAGE_KEYS.federalState);
  if (value === null || value.trim() === '') return null;
  if (validCodes && !validCodes.includes(value)) return null;
  return value;
}

export function writeStoredFederalState(code: string | null): void {
  writeStorage(STORAGE_KEYS.federalState, code && code.trim() !== '' ? code : null);
}
