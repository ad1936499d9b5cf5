import type { FederalState } from '@buergerfit/contract';
import { api, readStoredFederalState, useLanguage } from '@buergerfit/platform';
import { Field, RetryAlert, Select } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './styles';

/** `GET /api/{lang}/german-federal-states` answers `[{code, name}]`; anything malformed is dropped. */
export function normalizeStates(data: unknown): FederalState[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((s) => {
    const r = (s ?? {}) as Record<string, unknown>;
    return typeof r.code === 'string' && r.code !== ''
      ? [{ code: r.code, name: typeof r.name === 'string' && r.name ? r.name : r.code }]
      : [];
  });
}

export function useFederalStates() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ['federal-states', language],
    queryFn: () => api.get<unknown>(api.lang('/german-federal-states')),
    select: normalizeStates,
  });
}

/**
 * The state to preselect: the account's own, else the cached one by spec §5's rule — once the list is loaded
 * only a listed code counts; without a list any non-empty cached value does.
 */
export function useInitialFederalState(userState: string | null | undefined): string {
  const states = useFederalStates();
  const codes = states.data?.map((s) => s.code);
  if (userState && (!codes || codes.includes(userState))) return userState;
  return readStoredFederalState(codes) ?? '';
}

/**
 * The federal state as a labelled field (Field + Select): the list while it loads (disabled, busy), or — if it
 * cannot be loaded — the spec's message with a retry in place of the select.
 */
export function FederalStateField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** The validation message under the select (the select is marked invalid). */
  error?: ReactNode;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('account');
  const states = useFederalStates();
  if (states.isError) {
    return (
      <RetryAlert
        classes={styles}
        message={t('welcome.statesFailed')}
        retry={t('welcome.retry')}
        query={states}
      />
    );
  }
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={states.isPending}
          aria-busy={states.isPending}
        >
          <option value="">{t('welcome.statePlaceholder')}</option>
          {(states.data ?? []).map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
