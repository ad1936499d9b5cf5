import { Link, legalLinkState, useLocation, useNavigate } from '@buergerfit/platform';
import { ActionButton } from '@buergerfit/ui';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';
import { useContactDialog } from './ContactDialog';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

/**
 * A legal page from the footer: on a phone (under 768 px) it opens as a dialog over the page (the spec's rule), so
 * there it is a button in a form with a React action. A tap before the page is hydrated is kept by React's own form
 * replay and opens the dialog once the footer is hydrated; a plain link would load the page instead. On wider screens
 * it is a link to the page. CSS shows one of the two.
 */
function LegalEntry({ to, label }: { to: string; label: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const legal = legalLinkState(location);
  return (
    <>
      <Link to={to} state={legal} className={styles.wideOnly}>
        {label}
      </Link>
      <form className={styles.narrowOnly} action={() => navigate(to, { state: legal })}>
        <button type="submit" className={styles.linkButton}>
          {label}
        </button>
      </form>
    </>
  );
}

export function Footer() {
  const { t } = useTranslation('shell');
  const { openContact } = useContactDialog();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer.linksLabel')}>
        <ul className={styles.footerLinks}>
          <li>
            <LegalEntry to="/about" label={t('footer.about')} />
          </li>
          <li>
            <Link to="/#faq">{t('footer.faq')}</Link>
          </li>
          <li>
            <ActionButton className={styles.linkButton} onAction={openContact}>
              {t('footer.contact')}
            </ActionButton>
          </li>
          <li>
            <LegalEntry to="/privacy-policy" label={t('footer.privacy')} />
          </li>
          <li>
            <LegalEntry to="/terms-of-service" label={t('footer.terms')} />
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
