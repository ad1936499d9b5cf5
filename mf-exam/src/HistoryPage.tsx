import type { ExamAttemptSummary } from '@buergerfit/contract';
import { Link, Navigate, useDocumentTitle, useLanguage, useSession } from '@buergerfit/platform';
import { Badge, buttonClass, EmptyState, Icon, RetryAlert } from '@buergerfit/ui';
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
      <div data-testid="history-empty">
        <EmptyState
          icon="clipboard"
          title={t('history.emptyTitle')}
          action={
            <Link className={buttonClass({ size: 'lg' })} to={`${root}/exam`}>
              {t('history.startMock')}
            </Link>
          }
        >
          <p>{t('history.empty')}</p>
        </EmptyState>
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
          <Link className={buttonClass({ variant: 'secondary' })} to={`${root}/exam`}>
            <Icon name="play" />
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
      <div className={styles.historyHead}>
        <h2 id={`${id}-kind`} className={styles.historyKind}>
          <Icon name={attempt.kind === 'mock' ? 'timer' : 'play'} className={styles.titleIcon} />
          {attempt.kind === 'mock' ? t('history.kindMock') : t('history.kindDemo')}
        </h2>
        {open ? (
          <Badge tone="warning" icon="timer">
            {t('history.inProgress')}
          </Badge>
        ) : (
          <Badge tone={passed ? 'success' : 'danger'} icon={passed ? 'check' : 'x'}>
            {passed ? t('result.passed') : t('result.failed')}
          </Badge>
        )}
      </div>
      <p id={`${id}-when`} className={styles.meta}>
        <Icon name="calendar" size={16} />
        <time dateTime={when}>{formatDateTime(when, language)}</time>
      </p>
      {!open && (
        <dl className={styles.historyFacts}>
          <div>
            <dt>{t('history.score')}</dt>
            <dd className={styles.historyScore}>
              {t('history.scoreValue', { correct: attempt.correct ?? 0, total: attempt.total })}
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
        className={buttonClass({ variant: open ? 'primary' : 'secondary', block: true })}
        to={open ? area : `${area}/result/${encodeURIComponent(attempt.id)}`}
        aria-describedby={`${id}-kind ${id}-when`}
      >
        {open ? t('history.continue') : t('history.review')}
        <Icon name="arrowRight" />
      </Link>
    </li>
  );
}
