import type { Question, QuestionProgress } from '@buergerfit/contract';
import { useLanguage } from '@buergerfit/platform';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNumber } from './questionNumbers';
import { speakGerman, useGermanVoice } from './speech';
import styles from './styles';

/** "Question BY-1" and "State BY" / "General": which question this is, as the learner knows it. */
export function QuestionTags({ question: q }: { question: Question }) {
  const { t } = useTranslation('learn');
  return (
    <>
      <span className={styles.tag}>{t('number', { number: displayNumber(q) })}</span>
      <span className={styles.tag}>
        {q.state ? t('stateQuestion', { state: q.state }) : t('generalQuestion')}
      </span>
    </>
  );
}

/** The question's picture with what it shows (for screen readers), if it has one. */
export function QuestionImage({ question: q }: { question: Question }) {
  const { t } = useTranslation('learn');
  if (!q.image) return null;
  return (
    <img
      className={styles.image}
      src={q.image}
      alt={q.imageDescription || t('imageAlt', { number: displayNumber(q) })}
      loading="lazy"
    />
  );
}

/** Shows or hides the translation (English for Croatian: there is no Croatian one); none in German. */
export function TranslationToggle({
  question: q,
  shown,
  onToggle,
}: {
  question: Question;
  shown: boolean;
  onToggle: (shown: boolean) => void;
}) {
  const { t } = useTranslation('learn');
  const { language } = useLanguage();
  if (!q.translation || language === 'de') return null;
  return (
    <button type="button" className={styles.linkButton} aria-pressed={shown} onClick={() => onToggle(!shown)}>
      {shown ? t('hideTranslation') : language === 'hr' ? t('showTranslationEnglish') : t('showTranslation')}
    </button>
  );
}

/** Reads German text aloud; hidden when the browser has no German voice. */
export function ReadAloudButton({ text }: { text: string }) {
  const { t } = useTranslation('learn');
  const voice = useGermanVoice();
  if (!voice) return null;
  return (
    <button type="button" className={styles.linkButton} onClick={() => speakGerman(voice, text)}>
      <span aria-hidden="true">🔊 </span>
      {t('readAloud')}
    </button>
  );
}

export function BookmarkButton({ bookmarked, onToggle }: { bookmarked: boolean; onToggle: () => void }) {
  const { t } = useTranslation('learn');
  return (
    <button type="button" className={styles.linkButton} aria-pressed={bookmarked} onClick={onToggle}>
      <span aria-hidden="true">{bookmarked ? '★ ' : '☆ '}</span>
      {bookmarked ? t('bookmarked') : t('bookmark')}
    </button>
  );
}

export interface QuestionCardProps {
  question: Question;
  /** Display order: positions into `question.answers` (identity for no shuffle). */
  order: number[];
  /** The chosen answer (index into `question.answers`), null before answering. */
  chosen: number | null;
  onChoose?: (answer: number) => void;
  bookmarked?: boolean;
  onToggleBookmark?: () => void;
  progress?: QuestionProgress;
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
  progress,
  position,
}: QuestionCardProps) {
  const { t } = useTranslation('learn');
  const [showTranslation, setShowTranslation] = useState(false);
  const headingId = useId();
  const answered = chosen !== null;
  const translation = showTranslation ? q.translation : null;
  const spoken = `${q.text} ${order.map((i, pos) => `${pos + 1}: ${q.answers[i]}`).join('. ')}`;

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.meta}>
        {position && (
          <span className={styles.badge}>
            {t('questionOf', { current: position.current, total: position.total })}
          </span>
        )}
        <QuestionTags question={q} />
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
      <QuestionImage question={q} />
      <div className={styles.tools}>
        <TranslationToggle question={q} shown={showTranslation} onToggle={setShowTranslation} />
        <ReadAloudButton text={spoken} />
        {onToggleBookmark && <BookmarkButton bookmarked={Boolean(bookmarked)} onToggle={onToggleBookmark} />}
      </div>
      <ol className={styles.answers} aria-label={t('answersLabel')}>
        {order.map((i, pos) => {
          const isCorrect = i === q.correct;
          const state = answered ? (isCorrect ? styles.correct : i === chosen ? styles.wrong : '') : '';
          const answerTranslation = translation?.answers[i];
          return (
            <li key={i}>
              <button
                type="button"
                className={state}
                aria-disabled={answered || !onChoose}
                aria-pressed={onChoose ? chosen === i : undefined}
                data-answer={i}
                onClick={() => {
                  if (!answered && onChoose) onChoose(i);
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
                {answered && isCorrect && (
                  <span className={styles.mark} aria-hidden="true">
                    ✓
                  </span>
                )}
                {answered && !isCorrect && i === chosen && (
                  <span className={styles.mark} aria-hidden="true">
                    ✗
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      {answered && (
        <p role="status" className={chosen === q.correct ? styles.feedbackGood : styles.feedbackBad}>
          {chosen === q.correct
            ? t('correct')
            : `${t('wrong')} · ${t('correctAnswerIs', { answer: q.answers[q.correct] })}`}
        </p>
      )}
      {answered && q.explanation && (
        <details className={styles.explanation} open>
          <summary>{t('explanation')}</summary>
          <p lang={q.explanation.lang}>{q.explanation.text}</p>
        </details>
      )}
    </article>
  );
}
