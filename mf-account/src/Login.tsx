import type { AuthProviders, SignInProvider } from '@buergerfit/contract';
import {
  api,
  Link,
  legalLinkState,
  Navigate,
  useDocumentTitle,
  useLocation,
  useSearchParams,
  useSession,
} from '@buergerfit/platform';
import { Badge, Button, buttonClass, Field, Icon, Skeleton } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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

const SSO = ['github', 'google'] as const satisfies readonly SignInProvider[];
type Sso = (typeof SSO)[number];

/** GitHub's mark (the single-colour Octocat), in the text colour of the button. */
function GitHubMark() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      className={styles.mark}
    >
      <path
        fill="currentColor"
        d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z"
      />
    </svg>
  );
}

/** Google's four-colour "G"; the colours are the brand tokens (--bf-brand-google-*, ui/src/tokens.css). */
function GoogleMark() {
  return (
    <svg
      viewBox="0 0 48 48"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      className={styles.mark}
    >
      <path
        className={styles.googleRed}
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        className={styles.googleBlue}
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        className={styles.googleYellow}
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        className={styles.googleGreen}
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

const MARKS: Record<Sso, () => ReactNode> = { github: GitHubMark, google: GoogleMark };

/**
 * The sign-in page: one large button per provider the server has set up (`GET /api/auth/providers`; the others
 * are not shown), the coming-soon email form, and — where the server offers it (development) — the local test
 * account in a box of its own, plainly marked as a development aid.
 */
export function Login() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('login.documentTitle'));
  const { user, status } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const [emailMode, setEmailMode] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));
  const failed = params.get('error') !== null;
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => api.get<AuthProviders>('/api/auth/providers', { skipRefresh: true }),
    staleTime: Number.POSITIVE_INFINITY,
    // A short wait at most: without the list, the page falls back to offering GitHub and Google.
    retry: 1,
    retryDelay: 300,
  });
  const enabled = providers.data?.providers;
  // If the list cannot be loaded, GitHub and Google are offered: the server sends a failed attempt back here.
  const sso = SSO.filter((p) => (enabled ? enabled.includes(p) : providers.isError));

  if (status === 'authenticated' && user) return <Navigate to={redirect} replace />;

  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="login-title">
      <div className={styles.intro}>
        <span className={styles.introIcon}>
          <Icon name="user" size={28} />
        </span>
        <h1 id="login-title">{t('login.title')}</h1>
        <p className={styles.lead}>{t('login.subtitle')}</p>
      </div>
      {failed && (
        <p role="alert" className={styles.alert}>
          <Icon name="alert" />
          {t('login.failed')}
        </p>
      )}
      {emailMode ? (
        <form
          className={`${styles.card} ${styles.stack}`}
          aria-labelledby="email-login-title"
          aria-describedby="email-login-soon"
          onSubmit={(e) => e.preventDefault()}
        >
          <h2 id="email-login-title" className={styles.cardHeading}>
            {t('login.emailTitle')} <Badge tone="warning">{t('login.comingSoon')}</Badge>
          </h2>
          <p id="email-login-soon" className={styles.muted}>
            {t('login.emailSoon')}
          </p>
          <Field label={t('login.email')}>
            {(control) => (
              <input {...control} className={styles.input} type="email" autoComplete="email" disabled />
            )}
          </Field>
          <Field label={t('login.password')}>
            {(control) => (
              <input
                {...control}
                className={styles.input}
                type="password"
                autoComplete="current-password"
                disabled
              />
            )}
          </Field>
          <Button type="submit" size="lg" block disabled>
            {t('login.submit')}
          </Button>
          <Button variant="ghost" block icon="arrowLeft" onClick={() => setEmailMode(false)}>
            {t('login.backToSso')}
          </Button>
        </form>
      ) : (
        <>
          <div aria-busy={providers.isPending} className={styles.stack}>
            {providers.isPending ? (
              <>
                <Skeleton height="52px" radius="var(--bf-radius)" />
                <Skeleton height="52px" radius="var(--bf-radius)" />
              </>
            ) : sso.length > 0 ? (
              sso.map((provider) => {
                const Mark = MARKS[provider];
                return (
                  <a
                    key={provider}
                    className={`${buttonClass({ variant: 'secondary', size: 'lg', block: true })} ${styles.provider}`}
                    href={signInHref(provider, redirect)}
                  >
                    <Mark />
                    {t(`login.${provider}`)}
                  </a>
                );
              })
            ) : (
              <p className={styles.notice}>
                <Icon name="info" />
                {t('login.noProviders')}
              </p>
            )}
            <Button variant="ghost" block icon="mail" onAction={() => setEmailMode(true)}>
              {t('login.emailOption')} <Badge tone="warning">{t('login.comingSoon')}</Badge>
            </Button>
          </div>
          {enabled?.includes('local') && (
            <section className={styles.devBox} aria-labelledby="login-dev-only" data-testid="login-dev">
              <Badge tone="warning" icon="info">
                <span id="login-dev-only">{t('login.devOnly')}</span>
              </Badge>
              <a
                className={buttonClass({ variant: 'secondary', block: true })}
                href={signInHref('local', redirect, params.get('login_hint'))}
                data-testid="login-local"
                aria-describedby="login-local-hint"
              >
                {t('login.local')}
              </a>
              <p id="login-local-hint" className={styles.small}>
                {t('login.localHint')}
              </p>
            </section>
          )}
        </>
      )}
      <p className={styles.note}>
        <Icon name="lock" size={16} />
        <span>
          {t('login.privacy')}{' '}
          <Link to="/privacy-policy" state={legalLinkState(location)}>
            {t('login.privacyLink')}
          </Link>
        </span>
      </p>
    </section>
  );
}
