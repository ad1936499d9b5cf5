import type { Celebrations } from '@buergerfit/contract';
import { celebrate } from '@buergerfit/locales';
import { api, Link, registerNamespace, useSession } from '@buergerfit/platform';
import { buttonClass } from '@buergerfit/ui';
import { celebrationTexts, type NextAction, WinCelebration } from '@buergerfit/ui/celebration';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from './routes';
import styles from './styles';

// The words of a celebration, shared with mf_exam (which registers the same bundles under `celebrate`).
registerNamespace('celebrate', celebrate);

/**
 * The learner's wins not celebrated yet (issue 30, item 6): a badge earned in learn mode or with a mock test, a streak
 * milestone, a pass whose result was never opened. The dashboard celebrates them the next time it is opened, once:
 * once shown, it tells the server (`POST /user/celebrations/seen`), so neither a reload nor another device shows them
 * again. The same query as the exam result's, so a pass celebrated there is not celebrated here in the same visit.
 */
export const celebrationsKey = (userId: string | null) => ['celebrations', userId] as const;

const NOTHING: Celebrations = { items: [], next: null, until: null };

/** Marks the wins up to `until` as shown: at once in this page's cache, then on the server. */
function markShown(queryClient: QueryClient, userId: string | null, until: string) {
  queryClient.setQueryData<Celebrations>(celebrationsKey(userId), NOTHING);
  api.post<void>(api.lang('/user/celebrations/seen'), { until }).catch((error: unknown) => {
    // Not recorded: it may be celebrated once more, which is better than never.
    console.warn('[dashboard] could not record the celebration', error);
  });
}

/**
 * The celebrations query and what the page shows of it: the first answer with wins is kept for the page's life
 * (the cache is emptied once they are shown) until the learner closes it. `settled`: the answer is there (or failed:
 * a celebration is never worth an error), so the page can lay out once, with the card in its place.
 */
export function useCelebration(): { settled: boolean; shown: Celebrations | null; dismiss: () => void } {
  const userId = useSession().user?.id ?? null;
  const query = useQuery({
    queryKey: celebrationsKey(userId),
    queryFn: () => api.get<Celebrations>(api.lang('/user/celebrations')),
    retry: false,
  });
  const kept = useRef<Celebrations | null>(null);
  const [dismissed, setDismissed] = useState(false);
  if (!kept.current && query.data && query.data.items.length > 0) kept.current = query.data;
  return {
    settled: !query.isPending,
    shown: dismissed ? null : kept.current,
    dismiss: () => setDismissed(true),
  };
}

/** The celebration at the top of the dashboard, with the next step's one link. */
export function DashboardCelebration({ data, onDismiss }: { data: Celebrations; onDismiss: () => void }) {
  const { t } = useTranslation('celebrate');
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const texts = celebrationTexts(t, data.items, data.next);
  if (!texts) return null;
  const target: Record<NextAction, string> = { mock: routes.exam, learn: routes.learn };
  return (
    <div className={styles.celebration}>
      <WinCelebration
        texts={texts}
        action={(next) => (
          // Secondary: the page's one main action stays the next-step card's, just under it.
          <Link className={buttonClass({ variant: 'secondary' })} to={target[next]}>
            {t(`action.${next}`)}
          </Link>
        )}
        dismissLabel={t('close')}
        onDismiss={onDismiss}
        onShown={() => data.until && markShown(queryClient, userId, data.until)}
      />
    </div>
  );
}
