import { Link, useLocation, useNavigate, useSession } from '@buergerfit/platform';
import { ActionButton, Icon, type IconName, Sheet } from '@buergerfit/ui';
import { useEffect, useState } from 'react';
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

/** The signed-in learner's two places, in the header (a row of their own on a phone) and in the menu. */
const APP_LINKS: readonly { to: string; key: 'dashboard' | 'learn'; icon: IconName }[] = [
  { to: '/dashboard', key: 'dashboard', icon: 'chart' },
  { to: '/learn', key: 'learn', icon: 'book' },
];

/**
 * The header, phone first. Below 1024 px what does not fit goes into a menu (a bottom sheet on a phone): the
 * landing's section links, Contact, the theme and the language on the smallest screens. Always in the header:
 * the logo, "Demo" and "Log in" for a guest, Dashboard and Learn and the account menu for a learner.
 */
export function Header() {
  const { t } = useTranslation('shell');
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { openContact } = useContactDialog();
  const loader = useRemoteLoader();
  const [menuOpen, setMenuOpen] = useState(false);
  const preload = (path: string) => {
    const remote = remoteFor(path);
    if (remote) loader.preload(remote);
  };
  const preloadOn = (path: string) => ({ onMouseEnter: () => preload(path), onFocus: () => preload(path) });
  const onLanding = pathname === '/';
  useEffect(() => {
    if (user) markSigningOut(false);
  }, [user]);
  // A route change closes the menu (its links navigate).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => setMenuOpen(false), [pathname]);

  // After the menu has closed (the page is scrollable again and focus is back), as the next frame.
  const closeThen = (action: () => void) => () => {
    setMenuOpen(false);
    requestAnimationFrame(action);
  };
  const current = (to: string) => (pathname === to || pathname.startsWith(`${to}/`) ? 'page' : undefined);

  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo} aria-label={t('header.logoLabel')}>
        {/* The mark's letter is drawn by CSS: text here would be visible text the link's name ("Bürgerfit home
            page") does not contain (axe's label-content-name-mismatch). */}
        <span aria-hidden="true" className={styles.logoMark} />
        <span className={styles.logoName}>{t('appName')}</span>
      </Link>
      <nav aria-label={t('header.navLabel')} className={styles.nav}>
        {onLanding ? (
          <ul className={styles.sections} aria-label={t('header.sectionsLabel')}>
            {SECTIONS.map((id) => (
              <li key={id}>
                <ActionButton className={styles.navButton} onAction={() => scrollToSection(id)}>
                  {t(`header.${id}`)}
                </ActionButton>
              </li>
            ))}
            <li>
              <ActionButton className={styles.navButton} onAction={openContact}>
                {t('header.contact')}
              </ActionButton>
            </li>
          </ul>
        ) : (
          <Link to="/" className={`${styles.navLink} ${styles.homeLink}`}>
            {t('header.home')}
          </Link>
        )}
        {user && (
          <ul className={styles.appNav}>
            {APP_LINKS.map(({ to, key, icon }) => (
              <li key={to}>
                <Link to={to} className={styles.navLink} aria-current={current(to)} {...preloadOn(to)}>
                  <Icon name={icon} size={18} />
                  {t(`header.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {/* A guest's way in, always in sight; a learner's from 1024 px (below, in the menu). */}
        <Link
          to="/demo"
          className={user ? `${styles.navLink} ${styles.wideOnly}` : styles.navLink}
          aria-current={current('/demo')}
          {...preloadOn('/demo')}
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
          <Link to="/login" className={styles.loginLink} {...preloadOn('/login')}>
            {t('header.login')}
          </Link>
        )}
        <ThemeToggle className={`${styles.themeToggle} ${styles.headerThemeToggle}`} />
        <LanguageSelect className={styles.headerLanguage} />
        {/* A tap before the page's scripts ran opens the menu once they have (ActionButton). */}
        <ActionButton
          className={styles.menuButton}
          aria-label={t('header.menu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onAction={() => setMenuOpen(true)}
        >
          <Icon name="menu" size={22} />
        </ActionButton>
      </div>
      <Sheet
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title={t('header.menu')}
        closeLabel={t('header.close')}
      >
        <nav aria-label={t('header.menu')}>
          <ul className={styles.menuList}>
            {onLanding ? (
              SECTIONS.map((id) => (
                <li key={id}>
                  <button type="button" onClick={closeThen(() => scrollToSection(id))}>
                    {t(`header.${id}`)}
                  </button>
                </li>
              ))
            ) : (
              <li>
                <Link to="/">
                  <Icon name="home" />
                  {t('header.home')}
                </Link>
              </li>
            )}
            {user && (
              <>
                {APP_LINKS.map(({ to, key, icon }) => (
                  <li key={to}>
                    <Link to={to} aria-current={current(to)}>
                      <Icon name={icon} />
                      {t(`header.${key}`)}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/profile-settings" aria-current={current('/profile-settings')}>
                    <Icon name="settings" />
                    {t('header.settings')}
                  </Link>
                </li>
              </>
            )}
            <li>
              <Link to="/demo" aria-current={current('/demo')}>
                <Icon name="play" />
                {t('header.demo')}
              </Link>
            </li>
            <li>
              <button type="button" onClick={closeThen(openContact)}>
                <Icon name="mail" />
                {t('header.contact')}
              </button>
            </li>
          </ul>
        </nav>
        <div className={styles.menuSettings}>
          <ThemeToggle className={styles.themeToggle} />
          <LanguageSelect />
        </div>
      </Sheet>
    </header>
  );
}
