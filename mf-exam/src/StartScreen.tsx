import type { ExamKind } from '@buergerfit/contract';
import { Link, readStoredFederalState, useLanguage, useSession } from '@buergerfit/platform';
import { RetryAlert } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examApi } from './api';
import { EXAM_FROM_STATE, EXAM_GENERAL, EXAM_PASS_MARK, EXAM_QUESTIONS, MOCK_MINUTES } from './rules';
import styles from './styles';

/** Where a learner without a federal state is placed (the BFF's default too). */
export const DEFAULT_STATE = 'BE';

export type StateSource = 'profile' | 'stored' | 'default';

/** The preselected state: the profile's, else the cached choice, else Berlin — and where it came from. */
export function defaultState(
  userState: string | null | undefined,
  codes: readonly string[] | undefined,
): { code: string; source: StateSource } {
  if (userState && (!codes || codes.includes(userState))) return { code: userState, source: 'profile' };
  const stored = readStoredFederalState(codes);
  if (stored) return { code: stored, source: 'stored' };
  return { code: DEFAULT_STATE, source: 'default' };
}

export interface StartScreenProps {
  kind: ExamKind;
  starting: boolean;
  error: string | null;
  onStart: (state: string) => void;
}

export function StartScreen({ kind, starting, error, onStart }: StartScreenProps) {
  const { t } = useTranslation('exam');
  const { user } = useSession();
  const { language } = useLanguage();
  const id = useId();
  const states = useQuery({ queryKey: ['federal-states', language], queryFn: examApi.states });
  const codes = states.data?.map((s) => s.code);
  const preset = defaultState(user?.federalState, codes);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? preset.code;
  const nameOf = (code: string) => states.data?.find((s) => s.code === code)?.name ?? code;

  const presetText =
    preset.source === 'profile'
      ? t('start.stateFromProfile', { state: nameOf(preset.code) })
      : preset.source === 'stored'
        ? t('start.stateFromStorage', { state: nameOf(preset.code) })
        : t('start.stateDefault', { state: nameOf(preset.code) });

  return (
    <div className={styles.startScreen}>
      <section className={styles.card} aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`}>{t('start.rulesTitle')}</h2>
        <ul className={styles.rules}>
          <li>
            {t('start.ruleQuestions', {
              total: EXAM_QUESTIONS,
              general: EXAM_GENERAL,
              fromState: EXAM_FROM_STATE,
            })}
          </li>
          <li>{t('start.rulePass', { pass: EXAM_PASS_MARK, total: EXAM_QUESTIONS })}</li>
          <li>{kind === 'mock' ? t('start.ruleTime', { count: MOCK_MINUTES }) : t('start.ruleNoTime')}</li>
          <li>{t('start.ruleSave')}</li>
          <li>{t('start.ruleLanguage')}</li>
        </ul>
      </section>

      {!user && kind === 'demo' && (
        <p className={styles.card}>
          {t('demo.guestNote')} <Link to="/login?redirect=%2Fdemo">{t('result.guestLink')}</Link>
        </p>
      )}

      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          onStart(chosen);
        }}
      >
        <label htmlFor={`${id}-state`}>{t('start.stateLabel')}</label>
        {states.isError ? (
          <RetryAlert
            classes={styles}
            message={t('start.statesFailed')}
            retry={t('start.retry')}
            query={states}
          />
        ) : (
          <select
            id={`${id}-state`}
            value={chosen}
            onChange={(e) => setPicked(e.target.value)}
            disabled={states.isPending}
            aria-describedby={`${id}-state-note`}
          >
            {(states.data ?? [{ code: chosen, name: chosen }]).map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        )}
        <p id={`${id}-state-note`} className={styles.muted} data-testid="state-default">
          {presetText}
        </p>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} disabled={starting}>
            {starting ? t('start.starting') : kind === 'mock' ? t('mock.start') : t('demo.start')}
          </button>
        </div>
      </form>
    </div>
  );
}
