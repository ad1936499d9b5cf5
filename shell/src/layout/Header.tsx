import { Link, useLocation, useNavigate, useSession } from '@buergerfit/platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { markSigningOut } from '../pages/guards';
import { useRemoteLoader } from '../remotes/context';
import { remoteFor } from '../routes';
import styles from '../shell.module.css';
import { useContactDialog } from './ContactDialog';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

export const SECTIONS = ['home', 'features', 'pricing', 'faq'] as const;

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function Header() {
  const { t } = useTranslation('shell');
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { openContact } = useContactDialog();
  const loader = useRemoteLoader();
  const preload = (path: string) => {
    const remote = remoteFor(path);
    if (remote) loader.preload(remote);
  };
  const onLanding = pathname === '/';
  useEffect(() => {
    if (user) markSigningOut(false);
  }, [user]);

  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo} aria-label={t('header.logoLabel')}>
        <span aria-hidden="true" className={styles.logoMark}>
          B
        </span>
        <span>{t('appName')}</span>
      </Link>
      <nav aria-label={t('header.navLabel')} className={styles.nav}>
        {onLanding ? (
          <ul className={styles.sections} aria-label={t('header.sectionsLabel')}>
            {SECTIONS.map((id) => (
              <li key={id}>
                <button type="button" className={styles.navButton} onClick={() => scrollToSection(id)}>
                  {t(`header.${id}`)}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className={styles.navButton} onClick={openContact}>
                {t('header.contact')}
              </button>
            </li>
          </ul>
        ) : (
          <Link to="/" className={styles.navLink}>
            {t('header.home')}
          </Link>
        )}
        <Link
          to="/demo"
          className={styles.navLink}
          onMouseEnter={() => preload('/demo')}
          onFocus={() => preload('/demo')}
        >
          {t('header.demo')}
        </Link>
      </nav>
      <div className={styles.headerEnd}>
        {user ? (
          <UserMenu
            user={user}
            onLogout={() => {
              // Leave a protected page first, so its guard does not send us to /login (the guard also knows, in
              // case the session is cleared before the home page has loaded).
              markSigningOut(true);
              navigate('/');
              void logout();
            }}
          />
        ) : (
          <Link
            to="/login"
            className={styles.loginLink}
            onMouseEnter={() => preload('/login')}
            onFocus={() => preload('/login')}
          >
            {t('header.login')}
          </Link>
        )}
        <ThemeToggle className={`${styles.themeToggle} ${styles.headerThemeToggle}`} />
        <LanguageSelect />
      </div>
    </header>
  );
}
