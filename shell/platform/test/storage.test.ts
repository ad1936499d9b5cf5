import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/constants';
import { readStoredFederalState, readStoredUser, writeStoredFederalState } from '../src/storage';

describe('federal state cache (spec §5)', () => {
  beforeEach(() => localStorage.clear());

  it('with a list, accepts only a listed value', () => {
    localStorage.setItem(STORAGE_KEYS.federalState, 'BY');
    expect(readStoredFederalState(['BE', 'BY'])).toBe('BY');
    expect(readStoredFederalState(['BE', 'HH'])).toBeNull();
  });

  it('without a list, accepts any non-empty value', () => {
    localStorage.setItem(STORAGE_KEYS.federalState, 'XX');
    expect(readStoredFederalState()).toBe('XX');
  });

  it('an empty or missing value is invalid', () => {
    expect(readStoredFederalState()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.federalState, '');
    expect(readStoredFederalState()).toBeNull();
    expect(readStoredFederalState([''])).toBeNull();
  });

  it('is stored as a plain string; writing empty removes it', () => {
    writeStoredFederalState('NW');
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBe('NW');
    writeStoredFederalState('');
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBeNull();
  });
});

describe('stored user', () => {
  it('removes and logs corrupt JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
