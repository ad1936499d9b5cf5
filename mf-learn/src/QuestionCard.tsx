import type { Question, QuestionProgress } from '@buergerfit/contract';
import { useLanguage } from '@buergerfit/platform';
import { Badge, Icon } from '@buergerfit/ui';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  AnswerCheckedOn,
  answersArePictureLabels,
  ExplanationText,
  InLanguage,
  QuestionImage,
  ReportProblem,
} from './QuestionContent';
import { displayNumber } from './questionNumbers';
import { speakGerman, useGermanVoice } from './speech';
import styles from './styles';

/** "Question BY-1" and "State BY" / "General": which question this is, as the learner knows it. */
export function QuestionTags({ question: q }: { question: Question }) {
  const { t } = useTranslation('learn');
  return (
    <>
      {/* The catalog's number, not a second "Question …" beside the position ("Question 1 of 310"). */}
      <Badge>{t('catalogNumber', { number: displayNumber(q) })}</Badge>
      <Badge icon={q.state ? 'mapPin' : undefined}>
        {q.state ? t('stateQuestion', { state: q.state }) : t('generalQuestion')}
      </Badge>
    </>
  );
}

/** Shows or hides the translation in the learner's language (English or Croatian); none in German. */
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
    <button type="button" className={styles.toolButton} aria-pressed={shown} onClick={() => onToggle(!shown)}>
      <Icon name="globe" size={18} />
      {shown ? t('hideTranslation') : t('showTranslation')}
    </button>
  );
}

/** Reads German text aloud; hidden when the browser has no German voice. */
export function ReadAloudButton({ text }: { text: string }) {
  const { t } = useTranslation('learn');
  const voice = useGermanVoice();
  if (!voice) return null;
  return (
    <button type="button" className={styles.toolButton} onClick={() => speakGerman(voice, text)}>
      <Icon name="volume" size={18} />
      {t('readAloud')}
    </button>
  );
}

export function BookmarkButton({ bookmarked, onToggle }: { bookmarked: boolean; onToggle: () => void }) {
  const { t } = useTranslation('learn');
  return (
    <button type="button" className={styles.toolButton} aria-pressed={bookmarked} onClick={onToggle}>
      <Icon name={bookmarked ? 'starFilled' : 'star'} size={18} />
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
  /**
   * After a wrong answer given on this card, open the explanation and bring the feedback into view (learn, focus,
   * state, bookmarks, mistakes). Off in the timed challenge: there the explanation stays folded.
   */
  revealWrong?: boolean;
}

/** Smooth unless the learner asked for less motion. */
const scrollBehavior = (): ScrollBehavior =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';

/**
 * One question: official German text, translation on demand (each labelled with its language), image, answers,
 * explanation (with its source and, where the answer can change, when it was last checked), bookmark, read-aloud,
 * "Report a problem".
 */
export function QuestionCard({
  question: q,
  order,
  chosen,
  onChoose,
  bookmarked,
  onToggleBookmark,
  progress,
  position,
  revealWrong = true,
}: QuestionCardProps) {
  const { t } = useTranslation('learn');
  const [showTranslation, setShowTranslation] = useState(false);
  const headingId = useId();
  const answered = chosen !== null;
  const wrong = answered && chosen !== q.correct;
  // The explanation is open after a wrong answer and folded (one tap away) after a right one.
  const [explainOpen, setExplainOpen] = useState(wrong && revealWrong);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const chosenBefore = useRef(chosen);
  const reveal = useRef(false);
  // A wrong answer given now (not one the learner comes back to): open the explanation, then scroll to the feedback.
  useLayoutEffect(() => {
    if (chosenBefore.current !== null || chosen === null) return;
    chosenBefore.current = chosen;
    if (!revealWrong || chosen === q.correct) return;
    reveal.current = true;
    setExplainOpen(true);
  }, [chosen, q.correct, revealWrong]);
  useEffect(() => {
    if (!explainOpen || !reveal.current) return;
    reveal.current = false;
    feedbackRef.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [explainOpen]);
  const translation = showTranslation ? q.translation : null;
  // Answers that are the picture's labels ("1" to "4") are their own keys: said and shown once.
  const labels = answersArePictureLabels(q);
  const spoken = `${q.text} ${order.map((i, pos) => (labels ? q.answers[i] : `${pos + 1}: ${q.answers[i]}`)).join('. ')}`;
  // Taps made before hydration are replayed together, each with the action of that moment (not answered yet): the
  // first answer handed on counts until the page shows the answer (or clears it again: Restart).
  const handedOn = useRef(false);
  useEffect(() => {
    if (chosen === null) handedOn.current = false;
  }, [chosen]);
  /**
   * The answers are the submit buttons of one form, and this its action (the answer from the button's value): a tap
   * on an answer of the server's markup, before the page's scripts ran, is kept by React and replayed as this action
   * once the card is hydrated. Done at once (flushSync), as the click was: the marks show before another tap, which
   * then finds the question answered.
   */
  const answerAction = (data: FormData) => {
    const value = data.get('answer');
    const answer = typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
    if (answered || handedOn.current || !onChoose || !order.includes(answer)) return;
    handedOn.current = true;
    flushSync(() => onChoose(answer));
  };

  return (
    <article className={styles.questionCard} aria-labelledby={headingId}>
      <div className={styles.meta}>
        {position && (
          <Badge tone="primary">
            {t('questionOf', { current: position.current, total: position.total })}
          </Badge>
        )}
        <QuestionTags question={q} />
        {progress?.mastered && (
          <Badge tone="success" icon="check">
            {t('mastered')}
          </Badge>
        )}
      </div>
      <InLanguage lang="de">
        <h2 id={headingId} lang="de" className={styles.questionText}>
          {q.text}
        </h2>
      </InLanguage>
      {translation?.text && (
        <InLanguage lang={translation.lang}>
          <p lang={translation.lang} className={styles.translation}>
            {translation.text}
          </p>
        </InLanguage>
      )}
      <QuestionImage question={q} />
      <div className={styles.tools}>
        <TranslationToggle question={q} shown={showTranslation} onToggle={setShowTranslation} />
        <ReadAloudButton text={spoken} />
        {onToggleBookmark && <BookmarkButton bookmarked={Boolean(bookmarked)} onToggle={onToggleBookmark} />}
        <ReportProblem question={q} />
      </div>
      {/* Each answer a large card: its key (1–4) in a column of its own, so wrapped text never runs under it; once
          answered, the right one marked with a check and the wrong choice with an x, each in its tone. */}
      <form action={answerAction}>
        <ol className={styles.answers} aria-label={t('answersLabel')}>
          {order.map((i, pos) => {
            const isCorrect = i === q.correct;
            const state = answered ? (isCorrect ? styles.correct : i === chosen ? styles.wrong : '') : '';
            // A translation that reads exactly like the German (a name: "Angela Merkel") adds nothing.
            const answerTranslation =
              translation?.answers[i] === q.answers[i] ? null : translation?.answers[i];
            return (
              <li key={i}>
                <button
                  type="submit"
                  name="answer"
                  value={i}
                  className={state}
                  aria-disabled={answered || !onChoose}
                  aria-pressed={onChoose ? chosen === i : undefined}
                  data-answer={i}
                >
                  {labels ? (
                    <span className={`${styles.key} ${styles.labelKey}`}>{q.answers[i]}</span>
                  ) : (
                    <>
                      <span className={styles.key} aria-hidden="true">
                        {pos + 1}
                      </span>
                      <span className={styles.answerText}>
                        <span lang="de">{q.answers[i]}</span>
                        {answerTranslation && (
                          <span lang={translation?.lang} className={styles.answerTranslation}>
                            {answerTranslation}
                          </span>
                        )}
                      </span>
                    </>
                  )}
                  {answered && (isCorrect || i === chosen) && (
                    <span className={styles.mark}>
                      <Icon name={isCorrect ? 'check' : 'x'} size={22} />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      </form>
      {answered && (
        <div ref={feedbackRef} className={styles.feedback} data-testid="feedback">
          <p role="status" className={wrong ? styles.feedbackBad : styles.feedbackGood}>
            <Icon name={wrong ? 'x' : 'check'} size={20} />
            <span>
              {wrong
                ? `${t('wrong')} · ${t('correctAnswerIs', { answer: q.answers[q.correct] })}`
                : t('correct')}
            </span>
          </p>
          {q.explanation && (
            <details
              className={styles.explanation}
              open={explainOpen}
              onToggle={(e) => setExplainOpen(e.currentTarget.open)}
            >
              <summary>
                <Icon name="lightbulb" size={18} />
                {t('explanation')}
              </summary>
              <ExplanationText explanation={q.explanation} checkedOn={q.answerCheckedOn} />
            </details>
          )}
          {!q.explanation && <AnswerCheckedOn day={q.answerCheckedOn} />}
        </div>
      )}
    </article>
  );
}
