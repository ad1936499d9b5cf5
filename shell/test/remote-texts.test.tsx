import { registerLazyNamespace } from '@buergerfit/platform';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { fakeLoader, renderShell, sessionClient, user } from './render';

/**
 * A remote registers its texts per language as its module is evaluated; the shell loads them in the language in use
 * before the remote's first render, so that render already has them (and no bundle arriving later re-renders the
 * whole page at once).
 */
describe("a remote's texts registered per language", () => {
  it('are there, in the language in use only, when the remote first renders', async () => {
    const en = vi.fn(async () => ({ hello: 'Hello from the remote' }));
    const de = vi.fn(async () => ({ hello: 'Hallo vom Remote' }));
    const firstRenderHadTexts: boolean[] = [];
    function Remote() {
      const { t } = useTranslation('probe1');
      firstRenderHadTexts.push(i18next.hasResourceBundle('en', 'probe1'));
      return <p data-testid="remote">{t('hello')}</p>;
    }
    const loader = fakeLoader({
      load: vi.fn(async () => {
        // What evaluating the remote's module does (mf-learn's src/i18n.ts).
        registerLazyNamespace('probe1', { en, de });
        return { default: Remote };
      }),
    });
    renderShell('/learn', { client: sessionClient(user()).client, loader });
    expect((await screen.findByTestId('remote')).textContent).toBe('Hello from the remote');
    expect(firstRenderHadTexts[0]).toBe(true);
    expect(en).toHaveBeenCalledTimes(1);
    expect(de).not.toHaveBeenCalled();
  });

  it('that fail to download leave the remote to render (and to ask again) instead of failing its area', async () => {
    const loader = fakeLoader({
      load: vi.fn(async () => {
        registerLazyNamespace('probe2', { en: async () => Promise.reject(new Error('offline')) });
        return { default: () => <p data-testid="remote">rendered</p> };
      }),
    });
    renderShell('/learn', { client: sessionClient(user()).client, loader });
    expect((await screen.findByTestId('remote')).textContent).toBe('rendered');
    expect(screen.queryByTestId('remote-error')).toBeNull();
  });
});
