import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './styles';

/** Loading / error with retry / empty / loaded, per spec §4 (Learn mode). */
export function QueryStates<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('learn');
  if (query.isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('loading')}
      </p>
    );
  if (query.isError)
    return (
      <div role="alert" className={styles.error}>
        <p>{t('error')}</p>
        <button type="button" className={styles.primaryButton} onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  if (isEmpty(query.data)) return <p className={styles.card}>{empty ?? t('empty')}</p>;
  return <>{children(query.data)}</>;
}
