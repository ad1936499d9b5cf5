import type { AchievementCode, Celebration, CelebrationNext } from '@buergerfit/contract';
import type { IconName } from '@buergerfit/ui';
import type { CelebrationTone } from './Celebration';

/** A passed demo test (no account needed): celebrated by the browser that took it, not through the API. */
export type DemoWin = {
  kind: 'demoPassed';
  correct: number;
  total: number;
  passMark: number;
  guest: boolean;
};
export type Win = Celebration | DemoWin;

/** Where the one action after a win leads: the remote turns it into its link. */
export type NextAction = 'mock' | 'learn';

/** A text of the shared `celebrate` namespace in the learner's language (i18next's `t` bound to it). */
export type CelebrateText = (key: string, values?: Record<string, string | number>) => string;

export interface CelebrationTexts {
  icon: IconName;
  tone: CelebrationTone;
  title: string;
  message: string;
  also: { icon: IconName; label: string }[];
  next: { label: string; text: string; action: NextAction | null } | null;
  /** Everything above in one sentence for screen readers. */
  announcement: string;
}

const BADGE_ICON: Record<AchievementCode, IconName> = {
  FIRST_TEST: 'medal',
  STREAK_7: 'flame',
  SCORE_80: 'starFilled',
  MASTER_100: 'trophy',
  BOOKMARK_10: 'bookmark',
};

function headline(t: CelebrateText, win: Win): Pick<CelebrationTexts, 'icon' | 'tone' | 'title' | 'message'> {
  switch (win.kind) {
    case 'mockPassed':
    case 'demoPassed': {
      const more = win.correct - win.passMark;
      const message =
        more > 0
          ? t('passedText', { count: more, correct: win.correct, total: win.total, passMark: win.passMark })
          : t('passedTextExact', { correct: win.correct, total: win.total, passMark: win.passMark });
      const title =
        win.kind === 'demoPassed' ? t('passedDemo') : win.passes === 1 ? t('passedFirst') : t('passedAgain');
      return { icon: 'trophy', tone: 'success', title, message };
    }
    case 'badge':
      return {
        icon: BADGE_ICON[win.code],
        tone: 'accent',
        title: t('badgeTitle', { badge: t(`badge.${win.code}.title`) }),
        message: t(`badge.${win.code}.description`),
      };
    case 'streak':
      return {
        icon: 'flame',
        tone: 'accent',
        title: t('streakTitle', { count: win.days }),
        message: t('streakText', { count: win.days }),
      };
  }
}

function alsoLabel(t: CelebrateText, win: Win): { icon: IconName; label: string } | null {
  if (win.kind === 'badge')
    return { icon: BADGE_ICON[win.code], label: t('badgeAlso', { badge: t(`badge.${win.code}.title`) }) };
  if (win.kind === 'streak') return { icon: 'flame', label: t('streakAlso', { count: win.days }) };
  return null;
}

/** What comes next in words, and where its action leads. */
export function nextText(
  t: CelebrateText,
  next: CelebrationNext,
): { text: string; action: NextAction | null } {
  switch (next.kind) {
    case 'pass':
      return {
        text: t('nextPass', { count: next.more, target: next.target, total: next.total }),
        action: 'mock',
      };
    case 'score80':
      return {
        text: t('nextScore80', { count: next.more, target: next.target, total: next.total }),
        action: 'mock',
      };
    case 'firmUp': {
      const { mocks, questions } = next;
      if (questions === 0) return { text: t('nextFirmUpMocks', { count: mocks }), action: 'mock' };
      if (mocks === 0) return { text: t('nextFirmUpQuestions', { count: questions }), action: 'learn' };
      return {
        text: t('nextFirmUpBoth', { count: questions, mocks: t('mocks', { count: mocks }) }),
        action: 'learn',
      };
    }
    case 'master':
      return { text: t('nextMaster', { count: next.more }), action: 'learn' };
    case 'streak':
      return { text: t('nextStreak', { count: next.more, days: next.days }), action: 'learn' };
  }
}

/**
 * A celebration's texts: the first win is the headline (its picture, title and sentence), the others of the same
 * moment are small labels (a badge earned with the pass), then what comes next — from the API for a learner's wins,
 * the mock test (or signing up, for a guest) after a demo.
 */
export function celebrationTexts(
  t: CelebrateText,
  wins: readonly Win[],
  next: CelebrationNext | null,
): CelebrationTexts | null {
  const [first, ...rest] = wins;
  if (!first) return null;
  const head = headline(t, first);
  const also = rest.map((win) => alsoLabel(t, win)).filter((x): x is NonNullable<typeof x> => x !== null);
  let then: CelebrationTexts['next'] = null;
  if (first.kind === 'demoPassed') {
    // A guest's way on is the sign-up the result page offers right under it: said here, linked there.
    then = first.guest
      ? { label: t('next'), text: t('nextDemoGuest'), action: null }
      : { label: t('next'), text: t('nextDemo'), action: 'mock' };
  } else if (next) {
    then = { label: t('next'), ...nextText(t, next) };
  }
  const announcement = [
    head.title,
    head.message,
    ...also.map((a) => `${a.label}.`),
    then ? `${then.label} ${then.text}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { ...head, also, next: then, announcement };
}
