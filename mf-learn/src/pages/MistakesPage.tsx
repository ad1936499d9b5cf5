import type { ExamMistakes } from '@buergerfit/contract';
import { isApiError, Link, useLanguage, useParams } from '@buergerfit/platform';
import { buttonClass, EmptyState, Icon, RetryAlert } from '@buergerfit/ui';
import { useTranslation } from 'react-i18next';
import { useMistakes } from '../data';
import { PageHeading } from '../PageHeading';
import { Practice, usePractice } from '../Practice';
import { QuestionSkeleton } from '../Status';
import styles from '../styles';

/** Where mf_exam shows a finished test's review. */
export const reviewPath = (set: Pick<ExamMistakes, 'attemptId' | 'kind'>) =>
  `/${set.kind === 'demo' ? 'demo' : 'exam'}/result/${encodeURIComponent(set.attemptId)}`;

/**
 * `/learn/mistakes/:attemptId`: exactly the questions a finished demo or mock test got wrong, left unanswered or
 * marked unsure, in test order, practised like learn mode and recorded with mode `mistakes`.
 */
export function MistakesPage() {
  const { t } = useTranslation('learn');
  const { attemptId = '' } = useParams();
  const query = useMistakes(attemptId);
  return (
    <>
      <PageHeading>{t('headings.mistakes')}</PageHeading>
      {query.isPending ? (
        <QuestionSkeleton label={t('loading')} />
      ) : query.isError ? (
        <MistakesError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Mistakes set={query.data} />
      )}
    </>
  );
}

function MistakesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('learn');
  // A missing test (or someone else's) and a test still running cannot be fixed by trying again.
  if (isApiError(error) && (error.status === 404 || error.status === 409))
    return (
      <EmptyState
        icon={error.status === 404 ? 'search' : 'clipboard'}
        title={error.status === 404 ? t('mistakesNotFound') : t('mistakesOpen')}
        action={
          <Link to="/dashboard" className={buttonClass({ variant: 'secondary' })}>
            {t('toDashboard')}
          </Link>
        }
      />
    );
  return (
    <RetryAlert classes={styles} message={t('mistakesError')} retry={t('retry')} onRetry={onRetry} primary />
  );
}

function Mistakes({ set }: { set: ExamMistakes }) {
  const { t } = useTranslation('learn');
  const { language } = useLanguage();
  const practice = usePractice();
  const finished = Date.parse(set.finishedAt);
  const date = Number.isNaN(finished)
    ? ''
    : new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(finished);
  const reviewText = set.kind === 'demo' ? t('mistakesReviewDemo') : t('mistakesReviewMock');
  if (set.questions.length === 0)
    return (
      <EmptyState
        icon="trophy"
        title={t('mistakesNone')}
        action={
          <Link to={reviewPath(set)} className={buttonClass({ variant: 'secondary' })}>
            {reviewText}
          </Link>
        }
      />
    );
  return (
    <>
      <p className={styles.lead}>
        {t(set.kind === 'demo' ? 'mistakesFromDemo' : 'mistakesFromMock', {
          date,
          count: set.questions.length,
        })}
      </p>
      <Practice questions={set.questions} mode="mistakes" {...practice}>
        <p>
          <Link to={reviewPath(set)} className={styles.backLink}>
            <Icon name="arrowLeft" size={18} />
            {reviewText}
          </Link>
        </p>
      </Practice>
    </>
  );
}
