import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {label ?? t('loading')}
    </div>
  );
}
