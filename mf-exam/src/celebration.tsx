import type { CelebrationNext, Celebrations, ExamAttempt } from '@buergerfit/contract';
import { Link, readStorage, useSession, writeStorage } from '@buergerfit/platform';
import { buttonClass } from '@buergerfit/ui';
import { celebrationTexts, type NextAction, type Win, WinCelebration } from '@buergerfit/ui/celebration';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { examApi } from './api';

/**
 * The pass of a test, celebrated on its result once (issue 30, item 6; docs: decisions-celebrate). A mock test is a
 * learner's win the server keeps (`GET /user/celebrations`): its result celebrates it while the server lists it as
 * not shown yet, with the badges of the same moment and what comes next, and says it has shown it — so a reload,
 * the history or another device does not celebrate it again. A demo (a guest's test) is celebrated by this browser:
 * when the learner arrives at it from the test, unless this browser has celebrated it already.
 */

export interface ResultCelebration {
  wins: Win[];
  next: CelebrationNext | null;
  /** A mock test: what to send back once shown (`POST /user/celebrations/seen`); null for a demo. */
  until: string | null;
  attemptId: string;
}

/** Demos this browser has celebrated (the newest last; a few are enough: a reload is what they guard against). */
export const CELEBRATED_DEMOS_KEY = 'buergerfit.exam.celebrated';
const KEEP = 20;

export function readCelebratedDemos(): string[] {
  try {
    const value = JSON.parse(readStorage(CELEBRATED_DEMOS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCelebratedDemo(id: string): void {
  const ids = readCelebratedDemos().filter((known) => known !== id);
  writeStorage(CELEBRATED_DEMOS_KEY, JSON.stringify([...ids, id].slice(-KEEP)));
}

/**
 * Whether this result celebrates, and what: a passed mock test the server lists as not celebrated yet (with the
 * other wins it lists), or a passed demo just finished in this browser (`fresh`) and not celebrated here before.
 * Nothing for a failed test: its badge (a first test) is celebrated on the dashboard.
 */
export function resultCelebration(
  attempt: ExamAttempt,
  {
    pending,
    fresh,
    celebratedDemos,
    guest,
  }: {
    pending: Celebrations | undefined;
    fresh: boolean;
    celebratedDemos: readonly string[];
    guest: boolean;
  },
): ResultCelebration | null {
  const result = attempt.result;
  if (!result?.passed) return null;
  if (attempt.kind === 'mock') {
    const pass = pending?.items.find((i) => i.kind === 'mockPassed');
    if (!pending || pass?.kind !== 'mockPassed' || pass.attemptId !== attempt.id) return null;
    return { wins: pending.items, next: pending.next, until: pending.until, attemptId: attempt.id };
  }
  if (!fresh || celebratedDemos.includes(attempt.id)) return null;
  return {
    wins: [
      { kind: 'demoPassed', correct: result.correct, total: result.total, passMark: attempt.passMark, guest },
    ],
    next: null,
    until: null,
    attemptId: attempt.id,
  };
}

/** The celebration on the result page: under the score, with the next step's one link. */
export function ResultCelebrationCard({
  celebration,
  onDismiss,
}: {
  celebration: ResultCelebration;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('celebrate');
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const texts = celebrationTexts(t, celebration.wins, celebration.next);
  if (!texts) return null;
  const target: Record<NextAction, string> = { mock: '/exam', learn: '/learn' };
  // After a mock test the page's own next actions follow (practise the mistakes, the review): the next step is said
  // in words. After a signed-in learner's demo its one link leads on to the mock test.
  const linked = celebration.wins[0]?.kind === 'demoPassed';
  const shown = () => {
    if (celebration.until) {
      // Shown: no other page of this visit celebrates these wins again (the dashboard reads the same query).
      queryClient.setQueryData<Celebrations>(['celebrations', userId], {
        items: [],
        next: null,
        until: null,
      });
      examApi.celebrated(celebration.until).catch((error: unknown) => {
        // Not recorded: it may be celebrated once more, which is better than never.
        console.warn('[exam] could not record the celebration', error);
      });
    } else rememberCelebratedDemo(celebration.attemptId);
  };
  return (
    <WinCelebration
      texts={linked ? texts : { ...texts, next: texts.next && { ...texts.next, action: null } }}
      action={(next) => (
        <Link className={buttonClass({ variant: 'secondary' })} to={target[next]}>
          {t(`action.${next}`)}
        </Link>
      )}
      dismissLabel={t('close')}
      onDismiss={onDismiss}
      onShown={shown}
    />
  );
}
