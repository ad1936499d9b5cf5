import { useLanguage } from '@buergerfit/platform';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './learn.module.css';
import { speakGerman, useGermanVoice } from './speech';
import type { Progress, Question } from './types';

export interface QuestionCardProps {
  question: Question;
  /** Display order: positions into `question.answers` (identity for no shuffle). */
  order: number[];
  /** The chosen answer (index into `question.answers`), null before answering. */
  chosen: number | null;
  onChoose?: (answer: number) => void;
  bookmarked?: boolean;
  onToggleBookmark?: () => void;
  /** Flashcards "recall first": the options stay hidden until revealed. */
  hideOptions?: boolean;
  /** Show the correct answer without a choice (flashcard back). */
  reveal?: boolean;
  progress?: Progress;
  position?: { current: number; total: number };
}

/** One question: official German text, translation on demand, image, answers, explanation, bookmark, read-aloud. */
export function QuestionCard({
  question: q,
  order,
  chosen,
  onChoose,
  bookmarked,
  onToggleBookmark,
  hideOptions = false,
  reveal = false,
  progress,
  position,
}: QuestionCardProps) {
  const { t } = useTranslation('learn');
  const { language } = useLanguage();
  const voice = useGermanVoice();
  const [showTranslation, setShowTranslation] = useState(false);
  const headingId = useId();
  const answered = chosen !== null;
  const showResult = answered || reveal;
  const translation = showTranslation ? q.translation : null;

  const readAloud = () => {
    if (!voice) return;
    const answers = order.map((i, pos) => `${pos + 1}: ${q.answers[i]}`).join('. ');
    speakGerman(voice, hideOptions ? q.text : `${q.text} ${answers}`);
  };

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.meta}>
        {position && (
          <span className={styles.badge}>
            {t('questionOf', { current: position.current, total: position.total })}
          </span>
        )}
        <span className={styles.tag}>{t('number', { number: q.number })}</span>
        <span className={styles.tag}>
          {q.state ? t('stateQuestion', { state: q.state }) : t('generalQuestion')}
        </span>
        {progress?.mastered && <span className={styles.tagGood}>{t('mastered')}</span>}
      </div>
      <h2 id={headingId} lang="de" className={styles.questionText}>
        {q.text}
      </h2>
      {translation?.text && (
        <p lang="en" className={styles.translation}>
          {translation.text}
        </p>
      )}
      {q.image && (
        <img
          className={styles.image}
          src={q.image}
          alt={q.imageDescription || t('imageAlt', { number: q.number })}
          loading="lazy"
        />
      )}
      <div className={styles.tools}>
        {q.translation && language !== 'de' && (
          <button
            type="button"
            className={styles.linkButton}
            aria-pressed={showTranslation}
            onClick={() => setShowTranslation((v) => !v)}
          >
            {showTranslation
              ? t('hideTranslation')
              : language === 'hr'
                ? t('showTranslationEnglish')
                : t('showTranslation')}
          </button>
        )}
        {voice && (
          <button type="button" className={styles.linkButton} onClick={readAloud}>
            <span aria-hidden="true">🔊 </span>
            {t('readAloud')}
          </button>
        )}
        {onToggleBookmark && (
          <button
            type="button"
            className={styles.linkButton}
            aria-pressed={Boolean(bookmarked)}
            onClick={onToggleBookmark}
          >
            <span aria-hidden="true">{bookmarked ? '★ ' : '☆ '}</span>
            {bookmarked ? t('bookmarked') : t('bookmark')}
          </button>
        )}
      </div>
      {!hideOptions && (
        <ol className={styles.answers} aria-label={t('answersLabel')}>
          {order.map((i, pos) => {
            const isCorrect = i === q.correct;
            const state = showResult ? (isCorrect ? styles.correct : i === chosen ? styles.wrong : '') : '';
            const answerTranslation = translation?.answers[i];
            return (
              <li key={i}>
                <button
                  type="button"
                  className={state}
                  aria-disabled={showResult || !onChoose}
                  aria-pressed={onChoose ? chosen === i : undefined}
                  data-answer={i}
                  onClick={() => {
                    if (!showResult && onChoose) onChoose(i);
                  }}
                >
                  <span className={styles.key} aria-hidden="true">
                    {pos + 1}
                  </span>
                  <span lang="de">{q.answers[i]}</span>
                  {answerTranslation && (
                    <span lang="en" className={styles.answerTranslation}>
                      {answerTranslation}
                    </span>
                  )}
                  {showResult && isCorrect && (
                    <span className={styles.mark} aria-hidden="true">
                      ✓
                    </span>
                  )}
                  {showResult && !isCorrect && i === chosen && (
                    <span className={styles.mark} aria-hidden="true">
                      ✗
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {answered && (
        <p role="status" className={chosen === q.correct ? styles.feedbackGood : styles.feedbackBad}>
          {chosen === q.correct
            ? t('correct')
            : `${t('wrong')} · ${t('correctAnswerIs', { answer: q.answers[q.correct] })}`}
        </p>
      )}
      {showResult && q.explanation && (
        <details className={styles.explanation} open>
          <summary>{t('explanation')}</summary>
          <p lang={q.explanation.lang}>{q.explanation.text}</p>
        </details>
      )}
    </article>
  );
}
