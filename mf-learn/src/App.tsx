import {
  Navigate,
  NavLink,
  Outlet,
  type RemoteAppProps,
  Route,
  Routes,
  useLocation,
} from '@buergerfit/platform';
import { Icon, type IconName } from '@buergerfit/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline, usePendingAnswers, useProgressSync } from './data';
import { LearnTexts } from './i18n';
import { startOutbox } from './offline';
import { LearnBaseContext, PAGE_TITLE_ID } from './PageHeading';
import { BookmarksPage } from './pages/BookmarksPage';
import { ChallengePage } from './pages/ChallengePage';
import { FlashcardsPage } from './pages/FlashcardsPage';
import { FocusPage } from './pages/FocusPage';
import { LearnPage } from './pages/LearnPage';
import { MistakesPage } from './pages/MistakesPage';
import { StatePage } from './pages/StatePage';
import styles from './styles';

export { LearnPage };

const MODES: readonly { path: string; key: string; icon: IconName }[] = [
  { path: '', key: 'learn', icon: 'book' },
  { path: 'focus', key: 'focus', icon: 'target' },
  { path: 'challenge', key: 'challenge', icon: 'timer' },
  { path: 'state', key: 'state', icon: 'mapPin' },
  { path: 'flashcards', key: 'flashcards', icon: 'cards' },
  { path: 'bookmarks', key: 'bookmarks', icon: 'bookmark' },
];

/** After `ms` of `on` in a row: a state that is over quickly never shows (and never moves the page). */
function useLasting(on: boolean, ms: number): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!on) {
      setLasting(false);
      return;
    }
    const timer = window.setTimeout(() => setLasting(true), ms);
    return () => window.clearTimeout(timer);
  }, [on, ms]);
  return on && lasting;
}

/** Online, an answer is usually sent within a moment: "Sending…" only when it takes longer. */
const SENDING_NOTICE_MS = 1500;

function Layout({ base }: { base: string }) {
  const { t } = useTranslation('learn');
  const online = useOnline();
  const pending = usePendingAnswers();
  const slowSend = useLasting(online && pending > 0, SENDING_NOTICE_MS);
  const modes = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow phone the row of modes scrolls: the current one is brought into it (e.g. "Bookmarks", the last).
  // biome-ignore lint/correctness/useExhaustiveDependencies: again on every route change (another current mode)
  useEffect(() => {
    const nav = modes.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  useProgressSync();
  useEffect(() => startOutbox(), []);
  // Each page renders its own <h1> (and document title) after the modes; the section is named by it. The modes
  // are one compact row of tab-like links that scrolls sideways inside itself on a narrow phone.
  return (
    <section className={styles.page} aria-labelledby={PAGE_TITLE_ID}>
      <nav ref={modes} aria-label={t('modesLabel')} className={styles.modes}>
        <ul>
          {MODES.map((m) => (
            <li key={m.key}>
              <NavLink to={m.path ? `${base}/${m.path}` : base} end className={styles.mode}>
                <Icon name={m.icon} size={18} />
                {t(`modes.${m.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {(!online || slowSend) && (
        <p role="status" className={styles.offline}>
          <Icon name={online ? 'refresh' : 'info'} size={18} />
          {!online ? t('offline', { count: pending }) : t('pending', { count: pending })}
        </p>
      )}
      <LearnBaseContext value={base}>
        <Outlet />
      </LearnBaseContext>
    </section>
  );
}

/** mf_learn: mounted at `/learn` (signed in; the shell guards it). */
export default function LearnApp({ basename }: RemoteAppProps) {
  const base = basename.replace(/\/+$/, '') || '/learn';
  return (
    <LearnTexts>
      <Routes>
        <Route path={`${base}/*`} element={<Layout base={base} />}>
          <Route index element={<LearnPage />} />
          <Route path="focus" element={<FocusPage />} />
          <Route path="challenge" element={<ChallengePage />} />
          <Route path="state" element={<StatePage />} />
          <Route path="flashcards" element={<FlashcardsPage />} />
          <Route path="bookmarks" element={<BookmarksPage />} />
          {/* Not a mode tab: linked from a finished test's result (mf_exam). */}
          <Route path="mistakes/:attemptId" element={<MistakesPage />} />
          <Route path="*" element={<Navigate to={base} replace />} />
        </Route>
      </Routes>
    </LearnTexts>
  );
}
