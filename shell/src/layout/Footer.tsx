import { Link, legalLinkState, useLocation } from '@buergerfit/platform';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';
import { useContactDialog } from './ContactDialog';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

export function Footer() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const { openContact } = useContactDialog();
  const legal = legalLinkState(location);
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer.linksLabel')}>
        <ul className={styles.footerLinks}>
          <li>
            <Link to="/about" state={legal} data-app-link="">
              {t('footer.about')}
            </Link>
          </li>
          <li>
            <Link to="/#faq">{t('footer.faq')}</Link>
          </li>
          <li>
            <button type="button" className={styles.linkButton} onClick={openContact}>
              {t('footer.contact')}
            </button>
          </li>
          <li>
            <Link to="/privacy-policy" state={legal} data-app-link="">
              {t('footer.privacy')}
            </Link>
          </li>
          <li>
            <Link to="/terms-of-service" state={legal} data-app-link="">
              {t('footer.terms')}
            </Link>
          </li>
        </ul>
      </nav>
      <div className={styles.footerSettings}>
        <LanguageSelect />
        <ThemeToggle />
      </div>
      <p className={styles.independence}>{t('footer.independence')}</p>
      <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
