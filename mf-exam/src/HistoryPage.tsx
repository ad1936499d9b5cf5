import type { ExamAttemptSummary } from '@buergerfit/contract';
import { Link, Navigate, useDocumentTitle, useLanguage, useSession } from '@buergerfit/platform';
import { RetryAlert } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { examApi } from './api';
import { formatDateTime, formatDuration } from './format';
import styles from './styles';

/**
 * /exam/history (signed in): the learner's demo and mock tests, newest first as the server lists them. A
 * finished one links to its result with the review, one still open to where it is taken.
 */
export function HistoryPage({ root }: { root: string }) {
  const { t } = useTranslation('exam');
  const title = t('history.title');
  useDocumentTitle(title);
  const { language } = useLanguage();
  const { user, status } = useSession();
  const path = `${root}/exam/history`;
  const query = useQuery({
    queryKey: ['exam-history', language, user?.id ?? null],
    queryFn: () => examApi.list(),
    enabled: Boolean(user),
  });

  if (status !== 'loading' && !user)
    return <Navigate to={`/login?redirect=${encodeURIComponent(path)}`} replace />;

  let body: ReactNode;
  if (!user || query.isPending)
    body = (
      <p role="status" className={styles.muted}>
        {t('history.loading')}
      </p>
    );
  else if (query.isError)
    body = (
      <RetryAlert classes={styles} message={t('history.loadFailed')} retry={t('start.retry')} query={query} />
    );
  else if (query.data.length === 0)
    body = (
      <div className={styles.card} data-testid="history-empty">
        <p>{t('history.empty')}</p>
        <div className={styles.actions}>
          <Link className={styles.primaryButton} to={`${root}/exam`}>
            {t('history.startMock')}
          </Link>
        </div>
      </div>
    );
  else
    body = (
      <>
        <p className={styles.lead}>{t('history.intro')}</p>
        <ol className={styles.history}>
          {query.data.map((attempt) => (
            <HistoryItem key={attempt.id} attempt={attempt} root={root} />
          ))}
        </ol>
        <div className={styles.actions}>
          <Link className={styles.secondaryButton} to={`${root}/exam`}>
            {t('history.startMock')}
          </Link>
        </div>
      </>
    );

  return (
    <section className={styles.page} aria-labelledby="exam-history-title">
      <h1 id="exam-history-title">{title}</h1>
      {body}
    </section>
  );
}

function HistoryItem({ attempt, root }: { attempt: ExamAttemptSummary; root: string }) {
  const { t } = useTranslation('exam');
  const { language } = useLanguage();
  const id = useId();
  const area = `${root}/${attempt.kind === 'mock' ? 'exam' : 'demo'}`;
  const when = attempt.finishedAt ?? attempt.createdAt;
  const open = attempt.status === 'in_progress';
  const passed = attempt.passed === true;

  return (
    <li className={styles.historyItem} data-testid="history-item">
      <h2 id={`${id}-kind`} className={styles.cardTitle}>
        {attempt.kind === 'mock' ? t('history.kindMock') : t('history.kindDemo')}
      </h2>
      <p id={`${id}-when`} className={styles.meta}>
        <time dateTime={when}>{formatDateTime(when, language)}</time>
      </p>
      {open ? (
        <p className={styles.statusOpen}>{t('history.inProgress')}</p>
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>{t('history.score')}</dt>
            <dd>{t('history.scoreValue', { correct: attempt.correct ?? 0, total: attempt.total })}</dd>
          </div>
          <div>
            <dt>{t('history.outcome')}</dt>
            <dd className={passed ? styles.outcomePassed : styles.outcomeFailed}>
              <span aria-hidden="true">{passed ? '✓ ' : '✗ '}</span>
              {passed ? t('result.passed') : t('result.failed')}
            </dd>
          </div>
          {attempt.durationSeconds !== null && (
            <div>
              <dt>{t('history.duration')}</dt>
              <dd>{formatDuration(t, attempt.durationSeconds)}</dd>
            </div>
          )}
        </dl>
      )}
      <Link
        className={open ? styles.primaryButton : styles.secondaryButton}
        to={open ? area : `${area}/result/${encodeURIComponent(attempt.id)}`}
        aria-describedby={`${id}-kind ${id}-when`}
      >
        {open ? t('history.continue') : t('history.review')}
      </Link>
    </li>
  );
}
