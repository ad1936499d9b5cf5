import type { AuthProviders, SignInProvider } from '@buergerfit/contract';
import { api, Navigate, useDocumentTitle, useSearchParams, useSession } from '@buergerfit/platform';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './styles';

export const DEFAULT_REDIRECT = '/dashboard';

/**
 * Only same-site paths may be redirect targets: a single leading `/`, no backslash, no control characters
 * (the BFF applies the same rule again). Anything else → `/dashboard`.
 */
export function safeRedirect(value: string | null): string {
  if (!value || value.length > 2048) return DEFAULT_REDIRECT;
  if (!value.startsWith('/') || value.startsWith('//')) return DEFAULT_REDIRECT;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_REDIRECT;
  return value;
}

/** `/auth/{provider}?redirect=…` (+ `login_hint` for the local test provider). */
export function signInHref(provider: string, redirect: string, loginHint?: string | null): string {
  const query = new URLSearchParams({ redirect });
  if (provider === 'local' && loginHint) query.set('login_hint', loginHint);
  return `/auth/${encodeURIComponent(provider)}?${query.toString()}`;
}

const SSO = ['github', 'google'] as const;

export function Login() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('login.documentTitle'));
  const { user, status } = useSession();
  const [params] = useSearchParams();
  const [emailMode, setEmailMode] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));
  const failed = params.get('error') !== null;
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => api.get<AuthProviders>('/api/auth/providers', { skipRefresh: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const enabled = providers.data?.providers;
  // Until the list is known (or if it cannot be loaded) GitHub and Google stay real links.
  const isEnabled = (p: SignInProvider) => !enabled || enabled.includes(p);

  if (status === 'authenticated' && user) return <Navigate to={redirect} replace />;

  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className={styles.lead}>{t('login.subtitle')}</p>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('login.failed')}
        </p>
      )}
      {emailMode ? (
        <form
          className={styles.form}
          aria-labelledby="email-login-title"
          aria-describedby="email-login-soon"
          onSubmit={(e) => e.preventDefault()}
        >
          <h2 id="email-login-title">
            {t('login.emailTitle')} <span className={styles.badge}>{t('login.comingSoon')}</span>
          </h2>
          <p id="email-login-soon" className={styles.muted}>
            {t('login.emailSoon')}
          </p>
          <label htmlFor="login-email">{t('login.email')}</label>
          <input id="login-email" type="email" autoComplete="email" disabled />
          <label htmlFor="login-password">{t('login.password')}</label>
          <input id="login-password" type="password" autoComplete="current-password" disabled />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled>
              {t('login.submit')}
            </button>
            <button type="button" className={styles.secondaryButton} onClick={() => setEmailMode(false)}>
              {t('login.backToSso')}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.form}>
          {SSO.map((provider) =>
            isEnabled(provider) ? (
              <a key={provider} className={styles.primaryButton} href={signInHref(provider, redirect)}>
                {t(`login.${provider}`)}
              </a>
            ) : (
              <button
                key={provider}
                type="button"
                className={styles.primaryButton}
                disabled
                aria-describedby="login-sso-off"
              >
                {t(`login.${provider}`)}
              </button>
            ),
          )}
          {SSO.some((p) => !isEnabled(p)) && (
            <p id="login-sso-off" className={styles.muted}>
              {t('login.unavailable')}
            </p>
          )}
          {enabled?.includes('local') && (
            <>
              <a
                className={styles.secondaryButton}
                href={signInHref('local', redirect, params.get('login_hint'))}
                data-testid="login-local"
                aria-describedby="login-local-hint"
              >
                {t('login.local')}
              </a>
              <p id="login-local-hint" className={styles.muted}>
                {t('login.localHint')}
              </p>
            </>
          )}
          <button type="button" className={styles.secondaryButton} onClick={() => setEmailMode(true)}>
            {t('login.emailOption')} <span className={styles.badge}>{t('login.comingSoon')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
