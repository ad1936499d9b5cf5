import { Link, useDocumentTitle } from '@buergerfit/platform';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

export function NotFound() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('notFound.title'));
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link className={styles.primaryButton} to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
