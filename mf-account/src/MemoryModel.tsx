import type { MemoryModel } from '@buergerfit/contract';
import { api, useLanguage } from '@buergerfit/platform';
import { Card, Icon } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styles from './styles';

export const fetchMemoryModel = () => api.get<MemoryModel>('/api/user/memory-model');

const dayOf = (iso: string | null, language: string) =>
  iso
    ? new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'Europe/Berlin' }).format(
        new Date(iso),
      )
    : '';

/**
 * The sentence that says which memory model plans the learner's reviews: personal (fitted on how many answers,
 * when), or the standard one and why, with how many answers until it changes or is checked again.
 */
export function memoryModelLine(model: MemoryModel, t: TFunction<'account'>, language: string): string {
  const key = 'settings.memoryModel';
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  if (model.kind === 'personal')
    return t(`${key}.personal`, {
      answers: number(model.fittedAnswers ?? model.answers),
      date: dayOf(model.fittedAt, language),
    });
  switch (model.reason) {
    case 'too_few_answers':
      return t(`${key}.tooFewAnswers`, { count: model.answersUntilCheck });
    case 'too_few_spaced':
      return t(`${key}.tooFewSpaced`, { count: model.answersUntilCheck });
    case 'standard_better':
      return t(`${key}.standardBetter`, {
        count: model.answersUntilCheck,
        date: dayOf(model.checkedAt, language),
      });
    case 'failed':
      return t(`${key}.failed`, { count: model.answersUntilCheck });
    default:
      return t(`${key}.pending`, { answers: number(model.answers) });
  }
}

/** Settings: whether the learner's own FSRS weights plan their reviews (GET /api/user/memory-model). */
export function MemoryModelCard() {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const model = useQuery({ queryKey: ['user', 'memory-model'], queryFn: fetchMemoryModel });
  if (model.isError) return null;
  return (
    <Card icon="chart" title={t('settings.memoryModel.title')}>
      <div className={styles.stack}>
        <p className={styles.memoryModel} data-testid="memory-model">
          {model.data ? memoryModelLine(model.data, t, language) : '…'}
        </p>
        <p className={styles.hint}>
          <Icon name="info" size={16} />
          {t('settings.memoryModel.hint', { min: model.data?.minAnswers ?? 400 })}
        </p>
      </div>
    </Card>
  );
}
