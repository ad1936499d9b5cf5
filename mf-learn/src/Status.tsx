import type { Question } from '@buergerfit/contract';
import { RetryAlert } from '@buergerfit/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuestions } from './data';
import { PageHeading } from './PageHeading';
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
    return <RetryAlert classes={styles} message={t('error')} retry={t('retry')} query={query} primary />;
  if (isEmpty(query.data)) return <p className={styles.card}>{empty ?? t('empty')}</p>;
  return <>{children(query.data)}</>;
}

/**
 * A page over the whole catalog (general + the learner's state): its heading (`headings.<heading>`, also the
 * document title), then `Body` with the questions once loaded.
 */
export function questionsPage(heading: string, Body: ComponentType<{ questions: Question[] }>) {
  return function QuestionsPage() {
    const { t } = useTranslation('learn');
    const query = useQuestions();
    return (
      <>
        <PageHeading>{t(`headings.${heading}`)}</PageHeading>
        <QueryStates query={query} isEmpty={(d) => d.length === 0}>
          {(questions) => <Body questions={questions} />}
        </QueryStates>
      </>
    );
  };
}
