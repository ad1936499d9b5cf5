import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadNamespace, registerLazyNamespace } from '../src/language';

describe('namespaces loaded per language', () => {
  it('downloads only the language in use, once, and the next language before switching to it', async () => {
    await initI18n({ en: { shell: { hello: 'Hello' } } }, 'en');
    const de = vi.fn(async () => ({ default: { title: 'Willkommen' } }));
    const en = vi.fn(async () => ({ title: 'Welcome' }));
    registerLazyNamespace('lazytest', { de, en });

    const first = loadNamespace('lazytest', 'en');
    expect(first.status).toBe('pending');
    expect(loadNamespace('lazytest', 'en')).toBe(first);
    await first;
    expect(first.status).toBe('fulfilled');
    expect(i18next.t('lazytest:title')).toBe('Welcome');
    expect(loadNamespace('lazytest', 'en').status).toBe('fulfilled');
    expect(de).not.toHaveBeenCalled();

    await changeLanguage('de');
    expect(de).toHaveBeenCalledTimes(1);
    expect(i18next.t('lazytest:title')).toBe('Willkommen');
    expect(en).toHaveBeenCalledTimes(1);
    // The server reads the language of the next page from this cookie.
    expect(document.cookie).toContain('bf_lang=de');
  });

  it('forgets a failed download so the next render tries again', async () => {
    let fail = true;
    registerLazyNamespace('flaky', {
      en: async () => {
        if (fail) throw new Error('offline');
        return { ok: 'yes' };
      },
    });
    await expect(loadNamespace('flaky', 'en')).rejects.toThrow('offline');
    fail = false;
    await loadNamespace('flaky', 'en');
    expect(i18next.t('flaky:ok', { lng: 'en' })).toBe('yes');
  });
});
