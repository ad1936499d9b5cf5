import { Navigate, useLocation, useSession } from '@buergerfit/platform';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from './Loading';

/** The sign-in URL that returns to `target` afterwards. */
export function loginPath(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}

let signingOut = false;
/**
 * The learner chose "Log out": a protected page still on screen while the app leaves it goes home, not to the
 * sign-in page (whose return path would point back at the page just left). Cleared at the next sign-in.
 */
export function markSigningOut(on: boolean): void {
  signingOut = on;
}

/** Protected routes: Loading while the session check runs, then /login remembering where we were. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const location = useLocation();
  const { t } = useTranslation('shell');
  if (status === 'loading') return <Loading label={t('guard.checking')} />;
  if (!user && signingOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/** /start: guest → /demo; signed in but not onboarded → /welcome; otherwise /dashboard. */
export function StartRedirect() {
  const { user, status } = useSession();
  if (status === 'loading') return <Loading />;
  const target = !user ? '/demo' : !user.onboarded ? '/welcome' : '/dashboard';
  return <Navigate to={target} replace />;
}
