import type { LearnMode, Question } from '@buergerfit/contract';
import {
  digitShortcuts,
  readStorage,
  trackConversion,
  useShortcuts,
  writeStorage,
} from '@buergerfit/platform';
import { Button, Icon } from '@buergerfit/ui';
import { type ReactNode, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookmarks, useProgress, useRecordAnswer } from './data';
import { QuestionCard } from './QuestionCard';
import { answersArePictureLabels } from './QuestionContent';
import styles from './styles';

const SHUFFLE_KEY = 'buergerfit.learn.shuffle';

/** Fisher–Yates over the answer positions; the answers keep their identity (index into `answers`). */
export function shuffledOrder(n: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

const shuffleListeners = new Set<() => void>();
const subscribeShuffle = (changed: () => void) => {
  shuffleListeners.add(changed);
  return () => {
    shuffleListeners.delete(changed);
  };
};

/**
 * The learner's shuffle setting, kept in this browser. Off while a page the server made is hydrated (the server
 * cannot see the setting): the page hydrates as sent, and its answers take their shuffled order right after. A
 * tap on an answer before that is kept, since an answer is known by its identity, not its place.
 */
export function useShuffle(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribeShuffle,
    () => readStorage(SHUFFLE_KEY) === '1',
    () => false,
  );
  const set = useCallback((v: boolean) => {
    writeStorage(SHUFFLE_KEY, v ? '1' : null);
    for (const changed of shuffleListeners) changed();
  }, []);
  return [on, set];
}

/** One answer order per question while shuffling is on (stable when going back and forth). */
export function useAnswerOrder(shuffle: boolean) {
  const orders = useRef(new Map<string, number[]>());
  useEffect(() => {
    if (!shuffle) orders.current.clear();
  }, [shuffle]);
  return (q: Question) => {
    // The picture's labels ("1" to "4") keep the picture's order.
    if (!shuffle || answersArePictureLabels(q)) return q.answers.map((_, i) => i);
    let order = orders.current.get(q.id);
    if (!order) {
      order = shuffledOrder(q.answers.length);
      orders.current.set(q.id, order);
    }
    return order;
  };
}

/** The bookmark state of one question and its toggle (optimistic, see `useBookmarks`), for every question view. */
export function useQuestionBookmark(q: Question | null | undefined) {
  const { ids, toggle } = useBookmarks();
  const { mutate } = toggle;
  const bookmarked = q ? ids.has(q.id) : false;
  const onToggle = useCallback(() => {
    if (q) mutate({ question: q, on: !bookmarked });
  }, [mutate, q, bookmarked]);
  return { bookmarked, toggle: onToggle, failed: toggle.isError };
}

/** The alert under a question when saving its bookmark failed (the toggle rolled back). */
export function BookmarkFailed({ failed }: { failed: boolean }) {
  const { t } = useTranslation('learn');
  if (!failed) return null;
  return (
    <p role="alert" className={styles.inlineError}>
      <Icon name="alert" size={18} />
      {t('bookmarkFailed')}
    </p>
  );
}

/**
 * Previous / next (and more) for the question on screen: on a phone (< 768 px) a bar stuck to the bottom edge of
 * the screen (above the home indicator) while the question scrolls under it, settling under the question at its
 * end, so it never covers what follows the question; on a wide screen a row of buttons under the question.
 */
export function NavBar({ children }: { children: ReactNode }) {
  return <div className={styles.navBar}>{children}</div>;
}

/** A practice page's position (from the first question) and the stored shuffle setting: spread into `<Practice>`. */
export function usePractice() {
  const [shuffle] = useShuffle();
  const [index, onIndex] = useState(0);
  return { index, onIndex, shuffle };
}

export interface PracticeProps {
  questions: Question[];
  mode: LearnMode;
  index: number;
  onIndex: (index: number) => void;
  shuffle: boolean;
  /** Called after each answer (challenge mode counts with it). */
  onAnswered?: (question: Question, isCorrect: boolean) => void;
  /** Offer "Restart" (back to the first question, answers cleared). */
  showRestart?: boolean;
  /** Shown between the question and the bar (the question list on /learn). */
  children?: ReactNode;
}

/**
 * Practise a list of questions: answer (click or keys 1–4), previous/next (buttons or ←/→), restart, bookmark (B).
 * Every answer is recorded with `POST /api/{lang}/learn-mode` (through the offline outbox).
 */
export function Practice({
  questions,
  mode,
  index,
  onIndex,
  shuffle,
  onAnswered,
  showRestart = true,
  children,
}: PracticeProps) {
  const { t } = useTranslation('learn');
  const record = useRecordAnswer(mode);
  const progress = useProgress();
  const orderOf = useAnswerOrder(shuffle);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const current = Math.min(Math.max(index, 0), questions.length - 1);
  const q = questions[current] as Question;
  const order = orderOf(q);
  const choice = chosen[q.id] ?? null;

  const choose = useCallback(
    (answer: number) => {
      if (chosen[q.id] !== undefined) return;
      setChosen((c) => ({ ...c, [q.id]: answer }));
      const isCorrect = answer === q.correct;
      record(q, isCorrect);
      trackConversion('mf_learn', 'answered');
      onAnswered?.(q, isCorrect);
    },
    [chosen, q, record, onAnswered],
  );
  const { bookmarked, toggle: toggleBookmark, failed: bookmarkFailed } = useQuestionBookmark(q);
  // Another question (previous/next, a number from the list, a jump): when the page is scrolled past its start (the
  // learner read down to the explanation or the list), its start comes back into view, under any sticky bar.
  const root = useRef<HTMLDivElement>(null);
  const shownId = useRef(q.id);
  useEffect(() => {
    if (shownId.current === q.id) return;
    shownId.current = q.id;
    const card = root.current?.querySelector('article');
    if (!card) return;
    const { top } = card.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2)
      card.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  }, [q.id]);
  const go = useCallback(
    (next: number) => {
      if (next >= 0 && next < questions.length) onIndex(next);
    },
    [onIndex, questions.length],
  );
  const restart = () => {
    setChosen({});
    onIndex(0);
  };

  useShortcuts({
    ...digitShortcuts(order.length, (n) => choose(order[n] as number)),
    ArrowRight: () => go(current + 1),
    ArrowLeft: () => go(current - 1),
    b: toggleBookmark,
  });

  return (
    <div ref={root} className={styles.practice}>
      <QuestionCard
        key={q.id}
        question={q}
        order={order}
        chosen={choice}
        onChoose={choose}
        bookmarked={bookmarked}
        onToggleBookmark={toggleBookmark}
        progress={progress.data?.[q.id]}
        position={{ current: current + 1, total: questions.length }}
      />
      <BookmarkFailed failed={bookmarkFailed} />
      <NavBar>
        <Button variant="secondary" icon="arrowLeft" disabled={current === 0} onClick={() => go(current - 1)}>
          {t('previous')}
        </Button>
        {showRestart && (
          <Button variant="ghost" icon="rotate" className={styles.restart} onClick={restart}>
            <span className={styles.restartText}>{t('restart')}</span>
          </Button>
        )}
        <Button
          iconEnd="arrowRight"
          disabled={current >= questions.length - 1}
          onClick={() => go(current + 1)}
        >
          {t('next')}
        </Button>
      </NavBar>
      {children}
      <p className={styles.keysHint}>{t('keyboardHint')}</p>
    </div>
  );
}
