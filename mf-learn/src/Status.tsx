import type { Question } from '@buergerfit/contract';
import { EmptyState, type IconName, RetryAlert, Skeleton } from '@buergerfit/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuestions } from './data';
import { PageHeading } from './PageHeading';
import styles from './styles';

/** What an empty list says: a short title, what it means or what to do, an icon. */
export interface Empty {
  title: string;
  text?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

/**
 * A question screen while it loads: the final layout in grey (the question's badges and text, four answers, the
 * previous/next bar), so nothing moves when the questions arrive. One status line for screen readers (`label`).
 */
export function QuestionSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.skeletonScreen}>
      <p role="status" className={styles.visuallyHidden}>
        {label}
      </p>
      <div className={styles.questionCard}>
        <div className={styles.meta}>
          <Skeleton width="8rem" height="1.5rem" radius="var(--bf-radius-pill)" />
          <Skeleton width="6rem" height="1.5rem" radius="var(--bf-radius-pill)" />
        </div>
        <div className={styles.questionText}>
          <Skeleton lines={2} height="1.4rem" />
        </div>
        <div className={styles.answers}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} height="3.5rem" radius="var(--bf-radius-lg)" />
          ))}
        </div>
      </div>
      <div className={styles.navBar}>
        <Skeleton height="var(--bf-touch-target)" />
        <Skeleton height="var(--bf-touch-target)" />
      </div>
    </div>
  );
}

/** A mode's start card while it loads (flashcards, challenge): a few lines of text and the start button. */
export function IntroSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.skeletonScreen}>
      <p role="status" className={styles.visuallyHidden}>
        {label}
      </p>
      <div className={styles.card}>
        <Skeleton lines={3} />
        <div className={styles.introAction}>
          <Skeleton width="12rem" height="52px" />
        </div>
      </div>
    </div>
  );
}

export type SkeletonKind = 'question' | 'intro';

/** Loading (skeleton) / error with retry / empty / loaded, per spec §4 (Learn mode). */
export function QueryStates<T>({
  query,
  isEmpty,
  empty,
  skeleton = 'question',
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty?: Empty;
  /** The loaded screen's shape: a question, or a mode's start card. */
  skeleton?: SkeletonKind;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('learn');
  if (query.isPending)
    return skeleton === 'intro' ? (
      <IntroSkeleton label={t('loading')} />
    ) : (
      <QuestionSkeleton label={t('loading')} />
    );
  if (query.isError)
    return <RetryAlert classes={styles} message={t('error')} retry={t('retry')} query={query} primary />;
  if (isEmpty(query.data)) {
    const e = empty ?? { title: t('empty') };
    return (
      <EmptyState icon={e.icon ?? 'book'} title={e.title} action={e.action}>
        {e.text}
      </EmptyState>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * A page over the whole catalog (general + the learner's state): its heading (`headings.<heading>`, also the
 * document title), then `Body` with the questions once loaded.
 */
export function questionsPage(
  heading: string,
  Body: ComponentType<{ questions: Question[] }>,
  skeleton: SkeletonKind = 'question',
) {
  return function QuestionsPage() {
    const { t } = useTranslation('learn');
    const query = useQuestions();
    return (
      <>
        <PageHeading>{t(`headings.${heading}`)}</PageHeading>
        <QueryStates query={query} isEmpty={(d) => d.length === 0} skeleton={skeleton}>
          {(questions) => <Body questions={questions} />}
        </QueryStates>
      </>
    );
  };
}
