import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/constants';
import { applyTheme, useTheme } from '../src/theme';

// The system's preference, switchable during a test.
let systemDark = false;
const listeners = new Set<() => void>();
function setSystemDark(dark: boolean) {
  systemDark = dark;
  for (const l of listeners) l();
}

beforeEach(() => {
  systemDark = false;
  listeners.clear();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && systemDark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('follows the system while nothing is chosen, and changes with it', () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ choice: 'system', theme: 'light' });
    act(() => setSystemDark(true));
    expect(result.current).toMatchObject({ choice: 'system', theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('a choice overrides the system, is put on <html> and remembered; "system" forgets it', () => {
    const { result } = renderHook(() => useTheme());
    act(() => result.current.setChoice('dark'));
    expect(result.current).toMatchObject({ choice: 'dark', theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    act(() => setSystemDark(true));
    act(() => result.current.setChoice('light'));
    expect(result.current.theme).toBe('light');
    act(() => result.current.setChoice('system'));
    expect(result.current).toMatchObject({ choice: 'system', theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  });

  it('applies the remembered choice at start, ignores a stored value that is no theme', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    applyTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    applyTheme();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it("moves the browser bar's colour with a chosen theme: both theme-color metas, each for its scheme", () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#14532d" media="(prefers-color-scheme: light)">' +
      '<meta name="theme-color" content="#1c1917" media="(prefers-color-scheme: dark)">';
    const media = () =>
      [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('media'));
    applyTheme('dark');
    expect(media()).toEqual(['not all', 'all']);
    applyTheme('light');
    expect(media()).toEqual(['all', 'not all']);
    applyTheme('system');
    expect(media()).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
    document.head.innerHTML = '';
  });

  it('follows a choice made in another tab', () => {
    const { result } = renderHook(() => useTheme());
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.theme, newValue: 'dark' }));
    });
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
