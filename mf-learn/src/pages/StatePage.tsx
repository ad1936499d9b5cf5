import { useSearchParams, useSession } from '@buergerfit/platform';
import { EmptyState, Field, Select } from '@buergerfit/ui';
import { useTranslation } from 'react-i18next';
import { useQuestions, useStates } from '../data';
import { PageHeading } from '../PageHeading';
import { Practice, usePractice } from '../Practice';
import { QueryStates } from '../Status';
import styles from '../styles';

/** State practice: the 10 questions of the learner's federal state, or any other via `?state=XX`. */
export function StatePage() {
  const { t } = useTranslation('learn');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('state')?.toUpperCase() ?? null;
  const state = requested && /^[A-Z]{2}$/.test(requested) ? requested : (user?.federalState ?? null);
  const states = useStates();
  const query = useQuestions(state);
  const practice = usePractice();

  return (
    <>
      <PageHeading>{t('headings.state')}</PageHeading>
      <div className={styles.stateChoice}>
        <Field label={t('stateSelect')}>
          {(control) => (
            <Select
              {...control}
              value={state ?? ''}
              onChange={(e) => {
                practice.onIndex(0);
                setParams(e.target.value ? { state: e.target.value } : {});
              }}
            >
              {!state && <option value="">{t('stateChoose')}</option>}
              {(states.data ?? (state ? [{ code: state, name: state }] : [])).map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {!state ? (
        <EmptyState icon="mapPin" title={t('stateNone')} />
      ) : (
        <QueryStates
          query={query}
          isEmpty={(d) => d.every((q) => q.state !== state)}
          empty={{ title: t('stateEmpty'), icon: 'mapPin' }}
        >
          {(questions) => (
            <Practice
              key={state}
              questions={questions.filter((q) => q.state === state)}
              mode="state"
              {...practice}
            />
          )}
        </QueryStates>
      )}
    </>
  );
}
