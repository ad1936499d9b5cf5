import { Link, useSession } from '@buergerfit/platform';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attempt, ExamQuestion, ReviewItem } from './api';
import styles from './exam.module.css';

export interface ResultViewProps {
  attempt: Attempt;
  /** Finalized by the server at the deadline, not by the learner. */
  timeUp?: boolean;
  /** How many answers changed in this browser were refused by the server (and so did not count). */
  unsaved?: number;
  retaking: boolean;
  retakeError: string | null;
  onRetake: () => void;
}

/** Passed or failed with the score; guests see only that and a prompt, signed-in learners the review. */
export function ResultView({
  attempt,
  timeUp = false,
  unsaved = 0,
  retaking,
  retakeError,
  onRetake,
}: ResultViewProps) {
  const { t } = useTranslation('exam');
  const { user } = useSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const result = attempt.result;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  if (!result) return null;
  const loginPath = attempt.kind === 'mock' ? '/exam' : '/demo';
  const missing = Math.max(0, attempt.passMark - result.correct);

  return (
    <div className={styles.result}>
      {timeUp && (
        <p className={styles.note} role="status">
          {t('result.timeUp')}
        </p>
      )}
      {unsaved > 0 && (
        <p className={styles.note} role="status" data-testid="unsaved-dropped">
          {t('result.unsavedDropped', { count: unsaved })}
        </p>
      )}
      <section
        className={result.passed ? styles.resultPassed : styles.resultFailed}
        aria-labelledby={`${id}-outcome`}
        data-testid="exam-result"
      >
        <h2 id={`${id}-outcome`} ref={headingRef} tabIndex={-1}>
          {result.passed ? t('result.passed') : t('result.failed')}
        </h2>
        <p className={styles.score} data-testid="exam-score">
          {t('result.score', { correct: result.correct, total: result.total })}
        </p>
        <p>
          {result.passed
            ? t('result.passedText', { pass: attempt.passMark })
            : t('result.failedText', { missing, pass: attempt.passMark })}
        </p>
      </section>

      {result.review === null || !user ? (
        <section className={styles.card} aria-labelledby={`${id}-guest`} data-testid="guest-prompt">
          <h2 id={`${id}-guest`}>{t('result.guestTitle')}</h2>
          <p>{t('result.guestPrompt')}</p>
          <Link className={styles.primaryButton} to={`/login?redirect=${encodeURIComponent(loginPath)}`}>
            {t('result.guestLink')}
          </Link>
        </section>
      ) : (
        <Review questions={attempt.questions} review={result.review} />
      )}

      {retakeError && (
        <p role="alert" className={styles.error}>
          {retakeError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} disabled={retaking} onClick={onRetake}>
          {retaking ? t('start.starting') : t('result.retake')}
        </button>
        {user && (
          <Link className={styles.secondaryButton} to="/dashboard">
            {t('result.toDashboard')}
          </Link>
        )}
      </div>
    </div>
  );
}

function Review({ questions, review }: { questions: ExamQuestion[]; review: ReviewItem[] }) {
  const { t } = useTranslation('exam');
  const [onlyWrong, setOnlyWrong] = useState(false);
  const id = useId();
  const byPosition = new Map(questions.map((q) => [q.position, q]));
  const shown = onlyWrong ? review.filter((r) => !r.isCorrect) : review;
  const wrong = review.filter((r) => !r.isCorrect).length;

  return (
    <section className={styles.review} aria-labelledby={`${id}-review`}>
      <h2 id={`${id}-review`}>{t('result.review')}</h2>
      <label className={styles.unsure}>
        <input type="checkbox" checked={onlyWrong} onChange={(e) => setOnlyWrong(e.target.checked)} />
        <span>{t('result.onlyWrong', { count: wrong })}</span>
      </label>
      {shown.length === 0 && <p className={styles.card}>{t('result.noneWrong')}</p>}
      <ol className={styles.reviewList}>
        {shown.map((item) => {
          const q = byPosition.get(item.position);
          if (!q) return null;
          return (
            <li key={item.position} className={item.isCorrect ? styles.reviewRight : styles.reviewWrong}>
              <article aria-labelledby={`${id}-q${item.position}`} data-testid="review-item">
                <h3 id={`${id}-q${item.position}`}>
                  {t('result.reviewItem', { number: item.position })}{' '}
                  <span className={item.isCorrect ? styles.markRight : styles.markWrong}>
                    {item.isCorrect ? t('result.markRight') : t('result.markWrong')}
                  </span>
                </h3>
                <p lang="de" className={styles.questionText}>
                  {q.text}
                </p>
                {q.image && (
                  <img
                    src={q.image}
                    alt={q.imageDescription ?? ''}
                    className={styles.reviewImage}
                    loading="lazy"
                  />
                )}
                <ul className={styles.reviewAnswers}>
                  {q.answers.map((answer, i) => {
                    const isCorrect = i === item.correct;
                    const isMine = i === item.answer;
                    const translated = q.translation?.answers[i];
                    return (
                      <li
                        key={answer}
                        className={isCorrect ? styles.correct : isMine ? styles.wrong : undefined}
                      >
                        <span lang="de">{answer}</span>
                        {translated && (
                          <span lang="en" className={styles.translatedAnswer}>
                            {translated}
                          </span>
                        )}
                        {(isMine || isCorrect) && (
                          <span className={styles.tags}>
                            {isMine && <strong>{t('result.yourAnswer')}</strong>}
                            {isCorrect && <strong>{t('result.correctAnswer')}</strong>}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
                {item.answer === null && <p className={styles.muted}>{t('result.noAnswer')}</p>}
                {item.explanation && (
                  <div className={styles.explanation}>
                    <h4>{t('result.explanation')}</h4>
                    <p lang={item.explanation.lang}>{item.explanation.text}</p>
                  </div>
                )}
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
