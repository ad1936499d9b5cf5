import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api';
import { STORAGE_KEYS } from '../src/constants';
import { detectLanguage } from '../src/language';
import { shouldRetry } from '../src/query';

describe('language detection', () => {
  beforeEach(() => localStorage.clear());

  it('prefers the stored choice', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'hr');
    expect(detectLanguage(['de-DE'])).toBe('hr');
  });

  it('then the browser languages by primary subtag', () => {
    expect(detectLanguage(['fr-FR', 'de-AT', 'en'])).toBe('de');
  });

  it('ignores an invalid stored value and falls back to English', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'xx');
    expect(detectLanguage(['fr', 'pl'])).toBe('en');
  });
});

describe('query retry policy', () => {
  it('retries server and network errors twice, not 4xx except 408/429', () => {
    expect(shouldRetry(0, new ApiError(500, 'x', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'x', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'x', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'x', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(408, 'x', 'x'))).toBe(true);
  });
});
