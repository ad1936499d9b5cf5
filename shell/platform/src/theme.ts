import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './constants';

/** The learner's theme: the system's (the default), or light or dark whatever the system says. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const CHANGE_EVENT = 'buergerfit:theme';

const isChoice = (v: unknown): v is ThemeChoice => THEME_CHOICES.includes(v as ThemeChoice);

/** The remembered choice of this device ('system' when none, or when storage is unavailable). */
export function storedTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.theme);
    return isChoice(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Puts a choice on the page: `<html data-theme="light|dark">` overrides the system (ui/src/tokens.css), no
 * attribute follows it. The shell applies the stored choice before it renders anything.
 */
export function applyTheme(choice: ThemeChoice = storedTheme()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  // The browser's bar follows too: the page has a theme-color for each scheme (media queries on the system's);
  // a chosen theme makes its own apply whatever the system says.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][media]')) {
    meta.dataset.media ??= meta.getAttribute('media') ?? '';
    const own = meta.dataset.media;
    const forDark = own.includes('dark');
    meta.setAttribute(
      'media',
      choice === 'system' ? own : (choice === 'dark') === forDark ? 'all' : 'not all',
    );
  }
}

const systemTheme = (): Theme =>
  typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';

function subscribe(onChange: () => void): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEYS.theme) return;
    applyTheme();
    onChange();
  };
  media?.addEventListener('change', onChange);
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    media?.removeEventListener('change', onChange);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const snapshot = () => `${storedTheme()}:${systemTheme()}`;

/**
 * The theme: what the learner chose, what the page shows (`theme`), and a setter that applies and remembers the
 * choice on this device (every tab follows; sign-out keeps it, like the language).
 */
export function useTheme(): { choice: ThemeChoice; theme: Theme; setChoice: (choice: ThemeChoice) => void } {
  const [choice, system] = useSyncExternalStore(subscribe, snapshot, () => 'system:light').split(':') as [
    ThemeChoice,
    Theme,
  ];
  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(STORAGE_KEYS.theme);
      else localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Storage unavailable (private mode): the choice holds for this page.
    }
    applyTheme(next);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return { choice, theme: choice === 'system' ? system : choice, setChoice };
}
