import { LIVE_ATTRIBUTE, ROOT_ID } from '@buergerfit/contract/page';
import {
  getBackgroundLocation,
  isLegalPath,
  Route,
  Routes,
  useIsNarrow,
  useLocation,
} from '@buergerfit/platform';
import { Toaster } from '@buergerfit/ui';
import { useEffect } from 'react';

import { useTranslation } from 'react-i18next';
import { ContactDialogProvider } from './layout/ContactDialog';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { ScrollToTop } from './layout/ScrollToTop';
import { RequireAuth, StartRedirect } from './pages/guards';
import { NotFound } from './pages/NotFound';
import { useStoredPagesOffline } from './remotes/offline-pages';
import { RemoteArea } from './remotes/RemoteArea';
import { resolveRoute } from './routes';
import styles from './shell.module.css';

/** Maps the (possibly background) location to its remote via the route table. */
function RouteOutlet() {
  const { pathname } = useLocation();
  const route = resolveRoute(pathname);
  if (!route) return <NotFound />;
  if (route.kind === 'start') return <StartRedirect />;
  const area = <RemoteArea name={route.remote} expose="./App" props={{ basename: route.basename }} />;
  return route.protected ? <RequireAuth>{area}</RequireAuth> : area;
}

/**
 * The app's layout: header, the page's area, footer. The same on the server (src/frame.tsx renders it around an empty
 * slot for the page's remote) and in the browser, which hydrates it.
 */
export function ShellApp() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const narrow = useIsNarrow();
  const background = getBackgroundLocation(location);
  // Narrow screens: a legal page opened from another page is a dialog over that page.
  const dialog = narrow && background !== null && isLegalPath(location.pathname);
  const mainLocation = dialog && background ? { ...location, ...background, state: null } : location;
  useStoredPagesOffline();
  // The shell's controls are React's from here on (the page protocol's live mark, contract/page.ts).
  useEffect(() => document.getElementById(ROOT_ID)?.setAttribute(LIVE_ATTRIBUTE, ''), []);

  return (
    <ContactDialogProvider>
      <div className={styles.app}>
        <a className={styles.skipLink} href="#main">
          {t('skipToContent')}
        </a>
        <Header />
        <main id="main" className={styles.main} tabIndex={-1}>
          <ScrollToTop pathname={mainLocation.pathname} hash={mainLocation.hash} />
          <Routes location={mainLocation}>
            <Route path="*" element={<RouteOutlet />} />
          </Routes>
        </main>
        {dialog && (
          <Routes>
            <Route
              path="*"
              element={
                <RemoteArea
                  name="mf_marketing"
                  expose="./App"
                  props={{ basename: '/' }}
                  loadingFallback={null}
                />
              }
            />
          </Routes>
        )}
        <Footer />
        <Toaster label={t('toasts')} dismissLabel={t('toastDismiss')} />
      </div>
    </ContactDialogProvider>
  );
}
