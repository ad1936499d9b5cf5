import type { ExamAttempt, ExamQuestion } from '@buergerfit/contract';
import { digitShortcuts, useLanguage, useShortcuts } from '@buergerfit/platform';
import { Button, Icon, ProgressBar, Sheet } from '@buergerfit/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examApi } from './api';
import { answersArePictureLabels, InLanguage, Picture } from './QuestionContent';
import styles from './styles';
import { type LocalAnswer, type SaveStatus, useAnswerSync } from './useAnswerSync';
import { formatClock, useCountdown } from './useCountdown';

export interface ExamRunnerProps {
  attempt: ExamAttempt;
  initialPosition?: number;
  /** The learner came back to an attempt that was already under way. */
  resumed?: boolean;
  onPositionChange?: (position: number) => void;
  /** The attempt is finalized (by the learner, or by the server at the deadline). */
  onFinished: (attempt: ExamAttempt, how: { timeUp: boolean }) => void;
}

type Status = 'answered' | 'unsure' | 'open';
const statusOf = (a: LocalAnswer | undefined): Status =>
  a?.unsure ? 'unsure' : a?.answer != null ? 'answered' : 'open';
const cellClass: Record<Status, string | undefined> = {
  answered: styles.cellAnswered,
  unsure: styles.cellUnsure,
  open: styles.cellOpen,
};

/** One exam attempt in progress: question N of M, answers saved as the learner goes, overview, finalize. */
export function ExamRunner({
  attempt,
  initialPosition = 1,
  resumed = false,
  onPositionChange,
  onFinished,
}: ExamRunnerProps) {
  const { t } = useTranslation('exam');
  const { language } = useLanguage();
  const [questions, setQuestions] = useState<ExamQuestion[]>(attempt.questions);
  const total = questions.length;
  const [position, setPosition] = useState(() => Math.min(Math.max(1, initialPosition), total || 1));
  const [showTranslation, setShowTranslation] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [pictureOpen, setPictureOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  /** A fresh start (not a resume): bring question 1 into view and focus it once it is shown. */
  const moved = useRef(!resumed);
  const wasConfirming = useRef(false);
  const closing = useRef(false);
  const ids = useId();

  /** The server finalized the attempt (deadline): load its view and hand over to the result. */
  const closeFromServer = useCallback(async () => {
    if (closing.current) return;
    closing.current = true;
    for (let i = 0; i < 5; i++) {
      try {
        const view = await examApi.get(attempt.id);
        if (view.status === 'finalized') {
          onFinished(view, { timeUp: true });
          return;
        }
      } catch (error) {
        console.warn('[exam] could not load the attempt after the deadline', error);
      }
      // Our clock ran ahead of the server's: ask again shortly.
      await new Promise((r) => setTimeout(r, 1500));
    }
    closing.current = false;
  }, [attempt.id, onFinished]);

  const sync = useAnswerSync(attempt.id, attempt.questions, () => void closeFromServer());
  const countdown = useCountdown(attempt.timeLeftSeconds, () => void closeFromServer());

  // Another language: the same attempt again, for its translations (the local answers stay).
  const loadedLanguage = useRef(language);
  useEffect(() => {
    if (loadedLanguage.current === language) return;
    loadedLanguage.current = language;
    examApi
      .get(attempt.id)
      .then((view) => {
        if (view.status === 'finalized') onFinished(view, { timeUp: view.deadline !== null });
        else setQuestions(view.questions);
      })
      .catch((error: unknown) => console.warn('[exam] could not reload the questions', error));
  }, [language, attempt.id, onFinished]);

  const goTo = useCallback(
    (next: number) => {
      const clamped = Math.min(Math.max(1, next), total);
      moved.current = true;
      setPosition(clamped);
      setConfirming(false);
    },
    [total],
  );

  /**
   * The question into view under the sticky top bar (after "Start" the page may still be scrolled to where the
   * start button was), and focus on its heading for screen readers.
   */
  const showQuestion = useCallback(() => {
    const card = cardRef.current;
    const bar = barRef.current;
    if (card && bar) {
      const stickyTop = Number.parseFloat(getComputedStyle(bar).top) || 0;
      const below = stickyTop + bar.offsetHeight;
      const top = card.getBoundingClientRect().top;
      // Hidden behind the bar (or above it), or starting in the lower half of the screen: scroll it up.
      if (top < below || top > window.innerHeight / 2)
        window.scrollBy({ top: top - below - 8, behavior: 'instant' });
    }
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    onPositionChange?.(position);
    if (moved.current) showQuestion();
  }, [position, onPositionChange, showQuestion]);

  // "Back to the questions": the focus goes back to the question (the dialog gave it to its opener first).
  useEffect(() => {
    if (wasConfirming.current && !confirming) headingRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const question = questions.find((q) => q.position === position) ?? questions[0];
  const local = question ? sync.answers[question.position] : undefined;

  const choose = useCallback(
    (index: number) => {
      if (!question || index < 0 || index >= question.answers.length) return;
      sync.update(question.position, { answer: index });
    },
    [question, sync.update],
  );
  const toggleUnsure = useCallback(() => {
    if (!question) return;
    sync.update(question.position, (current) => ({ unsure: !current.unsure }));
  }, [question, sync.update]);

  // Keyboard: 1–4 choose, ←/→ move, U toggles unsure (↑/↓ are left to scroll the page) — not while typing, not
  // over the finish dialog, the enlarged picture or another modal. ←/→ on a focused answer would change the answer
  // natively: here they move.
  useShortcuts(
    {
      ...digitShortcuts(4, choose),
      ArrowLeft: () => goTo(position - 1),
      ArrowRight: () => goTo(position + 1),
      u: toggleUnsure,
    },
    { enabled: !confirming && !finishing && !pictureOpen },
  );

  const open = useMemo(
    () => questions.filter((q) => sync.answers[q.position]?.answer == null).map((q) => q.position),
    [questions, sync.answers],
  );
  const unsure = useMemo(
    () => questions.filter((q) => sync.answers[q.position]?.unsure).map((q) => q.position),
    [questions, sync.answers],
  );

  const finish = async () => {
    setFinishing(true);
    setFinishError(null);
    try {
      if (!(await sync.flushAll())) {
        setFinishError(t('run.unsavedBlock'));
        return;
      }
      const view = await examApi.finalize(attempt.id);
      onFinished(view, { timeUp: false });
    } catch (error) {
      console.warn('[exam] finalize failed', error);
      setFinishError(t('run.finishFailed'));
    } finally {
      setFinishing(false);
    }
  };

  if (!question) return null;
  const tr = language !== 'de' ? question.translation : null;
  const labels = answersArePictureLabels(question);

  return (
    <div className={styles.runner}>
      <div ref={barRef} className={styles.topBar} data-testid="exam-top-bar">
        <div className={styles.topBarRow}>
          {/* Where the learner is, said once: the question's heading, in the bar that stays in view (the card below
              names it by this heading; the focus comes here on each new question). */}
          <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className={styles.progressText}>
            {t('run.questionOf', { current: position, total })}
          </h2>
          {countdown.secondsLeft !== null && (
            <Timer secondsLeft={countdown.secondsLeft} announcedMinutes={countdown.announcedMinutes} />
          )}
        </div>
        <ProgressBar
          value={position}
          max={total}
          label={t('run.progress')}
          valueText={t('run.questionOf', { current: position, total })}
          size="sm"
        />
      </div>
      {resumed && <p className={styles.note}>{t('run.resumed')}</p>}

      <article ref={cardRef} className={styles.questionCard} aria-labelledby={`${ids}-heading`}>
        <p className={styles.meta}>
          {question.state
            ? t('run.stateQuestion', { official: question.official })
            : t('run.official', { official: question.official })}
        </p>
        <InLanguage lang="de">
          <p className={styles.questionText} lang="de">
            {question.text}
          </p>
        </InLanguage>

        {language !== 'de' && (
          <div className={styles.translation}>
            {tr ? (
              <>
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-pressed={showTranslation}
                  aria-controls={`${ids}-translation`}
                  onClick={() => setShowTranslation((v) => !v)}
                >
                  <Icon name="globe" size={18} />
                  {showTranslation ? t('run.hideTranslation') : t('run.showTranslation')}
                </button>
                <div id={`${ids}-translation`} hidden={!showTranslation}>
                  {showTranslation && (
                    <>
                      <InLanguage lang={tr.text ? tr.lang : language}>
                        <p lang={tr.text ? tr.lang : undefined} className={styles.translatedText}>
                          {tr.text ?? t('run.noTranslation')}
                        </p>
                      </InLanguage>
                      <p className={styles.muted}>{t('run.translationNote')}</p>
                    </>
                  )}
                </div>
              </>
            ) : (
              <p className={styles.muted}>{t('run.noTranslation')}</p>
            )}
          </div>
        )}

        {question.image && (
          <Picture
            key={question.position}
            src={question.image}
            size={question.imageSize}
            description={question.imageDescription}
            number={position}
            onOpenChange={setPictureOpen}
          />
        )}

        <fieldset className={styles.choices}>
          {/* The keys only where there is a keyboard: not on a touch screen. */}
          <legend>
            {t('run.answersLegend')} <span className={styles.keysHint}>{t('run.answersKeys')}</span>
          </legend>
          {question.answers.map((answer, i) => {
            // A translation that reads exactly like the German (a name) adds nothing.
            const translated = showTranslation && tr?.answers[i] !== answer ? tr?.answers[i] : null;
            const checked = local?.answer === i;
            return (
              <label
                key={answer}
                className={styles.choice}
                data-checked={checked || undefined}
                data-testid="answer-card"
              >
                <input
                  type="radio"
                  className={styles.choiceInput}
                  name={`${ids}-answer-${question.position}`}
                  value={i}
                  checked={checked}
                  onChange={() => choose(i)}
                />
                {labels ? (
                  // A label of the picture ("1" to "4") is its own key: shown and said once.
                  <span className={`${styles.key} ${styles.labelKey}`}>{answer}</span>
                ) : (
                  <>
                    <span className={styles.key} aria-hidden="true">
                      {i + 1}
                    </span>
                    <span className={styles.choiceText}>
                      <span lang="de">{answer}</span>
                      {translated && (
                        <span lang={tr?.lang} className={styles.translatedAnswer}>
                          {translated}
                        </span>
                      )}
                    </span>
                  </>
                )}
              </label>
            );
          })}
        </fieldset>

        <SaveIndicator status={sync.status} onRetry={sync.retryNow} />

        <label className={styles.unsure}>
          <input type="checkbox" checked={local?.unsure ?? false} onChange={toggleUnsure} />
          <span>
            {t('run.unsure')} <span className={styles.keysHint}>{t('run.unsureKey')}</span>
          </span>
        </label>

        <div className={styles.runActions}>
          <Button
            variant="secondary"
            icon="arrowLeft"
            disabled={position <= 1}
            onClick={() => goTo(position - 1)}
          >
            {t('run.previous')}
          </Button>
          <Button iconEnd="arrowRight" disabled={position >= total} onClick={() => goTo(position + 1)}>
            {t('run.next')}
          </Button>
          <Button
            variant="ghost"
            icon="flag"
            className={styles.finishButton}
            onClick={() => setConfirming(true)}
          >
            {t('run.finish')}
          </Button>
        </div>
      </article>

      <Sheet
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('run.confirmTitle')}
        closeLabel={t('run.closeConfirm')}
        footer={
          <>
            <Button variant="secondary" disabled={finishing} onClick={() => setConfirming(false)}>
              {t('run.confirmBack')}
            </Button>
            <Button disabled={finishing} onClick={() => void finish()}>
              {finishing ? t('run.finishing') : t('run.confirmFinish')}
            </Button>
          </>
        }
      >
        <div className={styles.confirm} data-testid="finish-confirm">
          {open.length > 0 ? (
            <div role="alert">
              <p>{t('run.confirmUnanswered', { count: open.length })}</p>
              <JumpList positions={open} onJump={goTo} />
            </div>
          ) : (
            <p>{t('run.confirmAllAnswered', { count: total })}</p>
          )}
          {unsure.length > 0 && (
            <>
              <p>{t('run.confirmUnsure', { count: unsure.length })}</p>
              <JumpList positions={unsure} onJump={goTo} />
            </>
          )}
          {finishError && (
            <p role="alert" className={styles.error}>
              {finishError}
            </p>
          )}
        </div>
      </Sheet>

      <nav className={styles.overview} aria-labelledby={`${ids}-overview`}>
        <h2 id={`${ids}-overview`}>{t('run.overview')}</h2>
        <ul className={styles.legend}>
          <li>
            <span className={`${styles.dot} ${styles.cellAnswered}`} aria-hidden="true" />{' '}
            {t('run.statusAnswered')}
          </li>
          <li>
            <span className={`${styles.dot} ${styles.cellUnsure}`} aria-hidden="true" />{' '}
            {t('run.statusUnsure')}
          </li>
          <li>
            <span className={`${styles.dot} ${styles.cellOpen}`} aria-hidden="true" /> {t('run.statusOpen')}
          </li>
        </ul>
        <ol className={styles.overviewGrid}>
          {questions.map((q) => {
            const a = sync.answers[q.position];
            const s = statusOf(a);
            const label = [
              t('run.overviewItem', { number: q.position }),
              a?.answer != null ? t('run.statusAnswered') : t('run.statusOpen'),
              ...(a?.unsure ? [t('run.statusUnsure')] : []),
            ].join(', ');
            return (
              <li key={q.position}>
                <button
                  type="button"
                  className={`${styles.cell} ${cellClass[s]}`}
                  aria-current={q.position === position ? 'step' : undefined}
                  aria-label={label}
                  data-status={s}
                  onClick={() => goTo(q.position)}
                >
                  {q.position}
                  {a?.unsure && <span aria-hidden="true">?</span>}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <p className={styles.shortcuts}>{t('run.shortcuts')}</p>
    </div>
  );
}

function JumpList({ positions, onJump }: { positions: number[]; onJump: (p: number) => void }) {
  const { t } = useTranslation('exam');
  return (
    <ul className={styles.jumpList}>
      {positions.map((p) => (
        <li key={p}>
          <button
            type="button"
            className={styles.jump}
            aria-label={t('run.jumpTo', { number: p })}
            onClick={() => onJump(p)}
          >
            {p}
          </button>
        </li>
      ))}
    </ul>
  );
}

function SaveIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation('exam');
  const text =
    status === 'saving'
      ? t('run.saveSaving')
      : status === 'saved'
        ? t('run.saveSaved')
        : status === 'retrying'
          ? t('run.saveRetrying')
          : status === 'failed'
            ? t('run.saveFailed')
            : '';
  const trouble = status === 'retrying' || status === 'failed';
  return (
    <div className={styles.saveStatus} data-status={status}>
      {status === 'saved' && <Icon name="check" size={16} />}
      {trouble && <Icon name="alert" size={16} />}
      <p role="status" aria-live="polite" aria-atomic="true">
        {text}
      </p>
      {trouble && (
        <button type="button" className={styles.linkButton} onClick={onRetry}>
          <Icon name="refresh" size={16} />
          {t('run.saveRetry')}
        </button>
      )}
    </div>
  );
}

function Timer({ secondsLeft, announcedMinutes }: { secondsLeft: number; announcedMinutes: number | null }) {
  const { t } = useTranslation('exam');
  const low = secondsLeft <= 5 * 60;
  return (
    <div className={styles.timer} data-low={low || undefined} data-testid="exam-timer">
      <Icon name="timer" size={18} />
      {/* The visible clock ticks every second; screen readers hear it only at the thresholds below. */}
      <span className={styles.timerLabel}>{t('run.timeLeft')}</span>{' '}
      <span role="timer" aria-live="off" data-testid="time-left">
        {formatClock(secondsLeft)}
      </span>
      <span className={styles.visuallyHidden} role="status" aria-live="polite">
        {announcedMinutes === null
          ? ''
          : announcedMinutes === 1
            ? t('run.timerLastMinute')
            : t('run.timerAnnounce', { count: announcedMinutes })}
      </span>
    </div>
  );
}
