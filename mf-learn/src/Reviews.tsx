import type { ReviewSummary } from '@buergerfit/contract';
import { formatWhen, useLanguage, useTimeZone } from '@buergerfit/platform';
import { useTranslation } from 'react-i18next';

/** When the next question falls due, in the learner's language and time zone, seen from when the queue was read. */
export function useNextDue(summary: Pick<ReviewSummary, 'now' | 'nextDueAt'> | undefined): string | null {
  const { language } = useLanguage();
  const timeZone = useTimeZone();
  if (!summary?.nextDueAt) return null;
  return formatWhen(summary.nextDueAt, summary.now, language, timeZone);
}

/**
 * The review queue in one line, as the dashboard says it: "12 due now · next review tomorrow 09:00" (or "Nothing
 * due now · next review …"); null when nothing is due or scheduled.
 */
export function useReviewsLine(summary: ReviewSummary | undefined): string | null {
  const { t } = useTranslation('learn');
  const when = useNextDue(summary);
  if (!summary) return null;
  if (summary.due === 0) return when ? t('reviewsNoneNext', { when }) : null;
  return when ? t('reviewsNowNext', { count: summary.due, when }) : t('reviewsNow', { count: summary.due });
}
