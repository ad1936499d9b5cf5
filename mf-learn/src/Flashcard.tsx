import type { Question } from '@buergerfit/contract';
import { useLanguage } from '@buergerfit/platform';
import { Icon } from '@buergerfit/ui';
import { type MouseEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionTags } from './QuestionCard';
import { AnswerCheckedOn, ExplanationText, InLanguage, QuestionImage } from './QuestionContent';
import styles from './styles';

/** A horizontal swipe at least this long flips the card (front) or grades it (back). */
export const SWIPE_PX = 50;
/** A click that ends further than this from where the pointer went down is a drag, not a tap. */
const TAP_SLOP_PX = 10;
/** Clicks on these inside the card are theirs (the explanation toggle), not a flip. */
const CONTROLS = 'button, a[href], input, select, textarea, summary, label, [role="button"]';

/** Which way a horizontal swipe went: `right` (→, "I knew it") or `left` (←, "again"). */
export type SwipeDirection = 'left' | 'right';

/**
 * Tap (click) on the card flips it; a horizontal swipe goes to `onSwipe`. Swipes are read from pointer events on
 * touch and pen only (a mouse drag selects text); the card has `touch-action: pan-y`, so a vertical swipe still
 * scrolls the page and the browser cancels the pointer. The click that ends a swipe or a drag is not a tap.
 */
function useCardGestures(onFlip: () => void, onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const s = start.current;
      if (!s || s.id !== e.pointerId || e.pointerType === 'mouse') return;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) onSwipe(dx > 0 ? 'right' : 'left');
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onClick: (e: MouseEvent) => {
      const s = start.current;
      if (s && (Math.abs(e.clientX - s.x) >= TAP_SLOP_PX || Math.abs(e.clientY - s.y) >= TAP_SLOP_PX)) return;
      if (e.target instanceof Element && e.target.closest(CONTROLS)) return;
      onFlip();
    },
  };
}

export interface FlashcardProps {
  question: Question;
  /** Showing the back (the answer). */
  flipped: boolean;
  onFlip: () => void;
  /** A horizontal swipe: on the front it turns the card over; on the back it grades it (the session decides). */
  onSwipe?: (direction: SwipeDirection) => void;
  /** Show the question's translation on the front (the learner's choice, as on every question card). */
  showTranslation: boolean;
}

/**
 * A flashcard that turns over: the question on the front (official German text, translation on demand, picture),
 * the correct answer on the back (German and its translation) under the question it answers (and its picture),
 * with the explanation behind a toggle. The face
 * turned away is inert and hidden from assistive technology. Mount one per card (`key`), so the next card starts
 * on its front instead of turning over from the previous card's back.
 */
export function Flashcard({ question: q, flipped, onFlip, onSwipe, showTranslation }: FlashcardProps) {
  const { t } = useTranslation('learn');
  const { language } = useLanguage();
  const [explain, setExplain] = useState(false);
  const headingId = useId();
  const explanationId = useId();
  const gestures = useCardGestures(onFlip, onSwipe ?? (() => onFlip()));
  const translation = language === 'de' ? null : q.translation;
  const answerTranslation =
    translation?.answers[q.correct] === q.answers[q.correct] ? null : translation?.answers[q.correct];

  return (
    <article className={styles.flashcard} aria-labelledby={headingId}>
      {/* Tap and swipe are shortcuts: keyboards flip with Space/Enter and the "Show answer" button below. */}
      <div
        className={flipped ? `${styles.flipCard} ${styles.flipped}` : styles.flipCard}
        data-side={flipped ? 'back' : 'front'}
        {...gestures}
      >
        <div className={styles.face} inert={flipped} aria-hidden={flipped || undefined}>
          <div className={styles.meta}>
            <QuestionTags question={q} />
          </div>
          <InLanguage lang="de">
            <h2 id={headingId} lang="de" className={styles.questionText}>
              {q.text}
            </h2>
          </InLanguage>
          {showTranslation && translation?.text && (
            <InLanguage lang={translation.lang}>
              <p lang={translation.lang} className={styles.translation}>
                {translation.text}
              </p>
            </InLanguage>
          )}
          <QuestionImage question={q} />
          <p className={styles.turnHint} aria-hidden="true">
            <Icon name="rotate" size={16} />
            {t('tapToTurn')}
          </p>
        </div>
        <div
          className={`${styles.face} ${styles.faceBack}`}
          inert={!flipped}
          aria-hidden={!flipped || undefined}
        >
          {/* The question stays in sight: an answer ("Bild 1", "16") means little without it. */}
          <InLanguage lang="de">
            <p lang="de" className={styles.backQuestion}>
              {q.text}
            </p>
          </InLanguage>
          <QuestionImage question={q} compact />
          <p className={styles.backLabel}>
            <Icon name="check" size={18} />
            {t('flashcardAnswer')}
          </p>
          <InLanguage lang="de">
            <p lang="de" className={styles.backAnswer}>
              {q.answers[q.correct]}
            </p>
          </InLanguage>
          {answerTranslation && translation && (
            <InLanguage lang={translation.lang}>
              <p lang={translation.lang} className={styles.translation}>
                {answerTranslation}
              </p>
            </InLanguage>
          )}
          {q.explanation && (
            <>
              <button
                type="button"
                className={styles.toolButton}
                aria-expanded={explain}
                aria-controls={explanationId}
                onClick={() => setExplain((v) => !v)}
              >
                <Icon name="lightbulb" size={18} />
                {explain ? t('hideExplanation') : t('showExplanation')}
              </button>
              <div id={explanationId} className={styles.explanation} hidden={!explain}>
                <ExplanationText explanation={q.explanation} checkedOn={q.answerCheckedOn} />
              </div>
            </>
          )}
          {!q.explanation && <AnswerCheckedOn day={q.answerCheckedOn} />}
        </div>
      </div>
    </article>
  );
}
