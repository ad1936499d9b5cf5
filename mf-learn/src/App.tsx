import { learn } from '@buergerfit/locales';
import {
  Navigate,
  NavLink,
  Outlet,
  type RemoteAppProps,
  Route,
  Routes,
  registerNamespace,
} from '@buergerfit/platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline, usePendingAnswers, useProgressSync } from './data';
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

registerNamespace('learn', learn);

export { LearnPage };

const MODES = [
  { path: '', key: 'learn' },
  { path: 'focus', key: 'focus' },
  { path: 'challenge', key: 'challenge' },
  { path: 'state', key: 'state' },
  { path: 'flashcards', key: 'flashcards' },
  { path: 'bookmarks', key: 'bookmarks' },
] as const;

function Layout({ base }: { base: string }) {
  const { t } = useTranslation('learn');
  const online = useOnline();
  const pending = usePendingAnswers();
  useProgressSync();
  useEffect(() => startOutbox(), []);
  // Each page renders its own <h1> (and document title) after the modes; the section is named by it.
  return (
    <section className={styles.page} aria-labelledby={PAGE_TITLE_ID}>
      <nav aria-label={t('modesLabel')} className={styles.modes}>
        {MODES.map((m) => (
          <NavLink
            key={m.key}
            to={m.path ? `${base}/${m.path}` : base}
            end
            className={({ isActive }) => (isActive ? styles.modeActive : styles.mode)}
          >
            {t(`modes.${m.key}`)}
          </NavLink>
        ))}
      </nav>
      {(!online || pending > 0) && (
        <p role="status" className={styles.offline}>
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
  );
}
