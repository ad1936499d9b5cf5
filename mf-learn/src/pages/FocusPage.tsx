import type { FocusQueue } from '@buergerfit/contract';
import { api, useLanguage } from '@buergerfit/platform';
import { Button } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { learnKeys, useUserId } from '../data';
import { PageHeading } from '../PageHeading';
import { Practice, usePractice } from '../Practice';
import { useReviewsLine } from '../Reviews';
import { QueryStates } from '../Status';
import styles from '../styles';

export const FOCUS_LIMIT = 20;

/**
 * Focus mode (personalised learning): the review queue, the questions due now in the order the FSRS scheduler on
 * the server wants them (earliest due first), a round of at most FOCUS_LIMIT. A new round fetches the queue again.
 */
export function FocusPage() {
  const { t } = useTranslation('learn');
  const { language } = useLanguage();
  const userId = useUserId();
  const practice = usePractice();
  const query = useQuery({
    queryKey: learnKeys.focus(userId, language),
    queryFn: () => api.get<FocusQueue>(api.lang(`/learn/focus?limit=${FOCUS_LIMIT}`)),
    // The round stays put while the learner works through it.
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const line = useReviewsLine(query.data);
  return (
    <>
      <PageHeading>{t('headings.focus')}</PageHeading>
      <p className={styles.lead}>{t('focusIntro')}</p>
      <QueryStates
        query={query}
        isEmpty={(d) => d.questions.length === 0}
        empty={{
          title: t('focusEmptyTitle'),
          text: (
            <>
              {t('focusEmpty')}
              {line && (
                <>
                  <br />
                  <span data-testid="reviews-line">{line}</span>
                </>
              )}
            </>
          ),
          icon: 'target',
        }}
      >
        {(data) => (
          <Practice questions={data.questions} mode="focus" {...practice} showRestart={false}>
            <div className={styles.roundRow}>
              <p className={styles.muted}>
                <span data-testid="reviews-line">{line}</span>
                {data.due > data.questions.length && (
                  <> · {t('focusRound', { count: data.questions.length })}</>
                )}
              </p>
              <Button
                variant="secondary"
                icon="refresh"
                onClick={() => {
                  practice.onIndex(0);
                  void query.refetch();
                }}
              >
                {t('focusNewRound')}
              </Button>
            </div>
          </Practice>
        )}
      </QueryStates>
    </>
  );
}
