import type { FederalState } from '@buergerfit/contract';
import { api, readStoredFederalState, useLanguage } from '@buergerfit/platform';
import { RetryAlert } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
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

export function FederalStateSelect({
  id,
  value,
  onChange,
  describedBy,
  invalid = false,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  describedBy?: string;
  invalid?: boolean;
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
    <select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={states.isPending}
      aria-busy={states.isPending}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <option value="">{t('welcome.statePlaceholder')}</option>
      {(states.data ?? []).map((s) => (
        <option key={s.code} value={s.code}>
          {s.name}
        </option>
      ))}
    </select>
  );
}
