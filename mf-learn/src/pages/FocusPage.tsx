import type { FocusQueue } from '@buergerfit/contract';
import { api, useLanguage } from '@buergerfit/platform';
import { Button } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { learnKeys, useUserId } from '../data';
import { PageHeading } from '../PageHeading';
import { Practice, usePractice } from '../Practice';
import { QueryStates } from '../Status';
import styles from '../styles';

export const FOCUS_LIMIT = 20;

/**
 * Focus mode (personalised learning): the questions the learner got wrong or has not mastered, in the order the
 * FSRS scheduler on the server wants them (earliest due first). A new round fetches the queue again.
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
  return (
    <>
      <PageHeading>{t('headings.focus')}</PageHeading>
      <p className={styles.lead}>{t('focusIntro')}</p>
      <QueryStates
        query={query}
        isEmpty={(d) => d.questions.length === 0}
        empty={{ title: t('focusEmptyTitle'), text: t('focusEmpty'), icon: 'target' }}
      >
        {(data) => (
          <Practice questions={data.questions} mode="focus" {...practice} showRestart={false}>
            <div className={styles.roundRow}>
              <p className={styles.muted}>{t('focusCount', { count: data.total })}</p>
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
