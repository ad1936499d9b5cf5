import type { ExamAttempt, ExamQuestion, ExamReviewItem, ExamTopicScore } from '@buergerfit/contract';
import { Link, useLanguage, useSession } from '@buergerfit/platform';
import { Badge, Button, buttonClass, Card, Icon, ProgressBar, ProgressRing } from '@buergerfit/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format';
import { ExplanationText, InLanguage, Picture, ReportProblem } from './QuestionContent';
import styles from './styles';

/** Where "Practise my mistakes" leads: mf_learn's session of this attempt's wrong, unanswered and unsure questions. */
export const mistakesPath = (attemptId: string) => `/learn/mistakes/${encodeURIComponent(attemptId)}`;

/** What the review's filter keeps, and what "Practise my mistakes" takes up: wrong (or unanswered) or unsure. */
const needsPractice = (item: ExamReviewItem) => !item.isCorrect || item.unsure;

export interface ResultViewProps {
  attempt: ExamAttempt;
  /** The signed-in learner's test history. */
  historyPath: string;
  /** Finalized by the server at the deadline, not by the learner. */
  timeUp?: boolean;
  /** How many answers changed in this browser were refused by the server (and so did not count). */
  unsaved?: number;
  retaking: boolean;
  retakeError: string | null;
  onRetake: () => void;
  /** The celebration of a pass (celebration.tsx), shown under the score. */
  celebration?: ReactNode;
}

/**
 * Passed or failed with the score and the time taken; guests see only that and a prompt to sign up (which
 * comes back here: the server keeps the guest's demo for the new account), signed-in learners the figures per
 * topic, a way to practise their mistakes and the review.
 */
export function ResultView({
  attempt,
  historyPath,
  timeUp = false,
  unsaved = 0,
  retaking,
  retakeError,
  onRetake,
  celebration,
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
  // After signing up or in, back to this very result: it is then the new account's, with the review.
  const loginPath = `${attempt.kind === 'mock' ? '/exam' : '/demo'}/result/${attempt.id}`;
  const missing = Math.max(0, attempt.passMark - result.correct);
  const review = user ? result.review : null;
  const practise = review !== null && result.mistakes > 0;

  const tone = result.passed ? 'success' : 'danger';
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
        className={styles.outcome}
        data-outcome={result.passed ? 'passed' : 'failed'}
        aria-labelledby={`${id}-outcome`}
        data-testid="exam-result"
      >
        <div className={styles.ringWrap}>
          <ProgressRing
            value={result.correct}
            max={result.total}
            size={148}
            tone={tone}
            label={t('result.ringLabel')}
            valueText={t('result.score', { correct: result.correct, total: result.total })}
          >
            <span className={styles.ringValue}>{result.correct}</span>
            <span className={styles.ringTotal}>/{result.total}</span>
          </ProgressRing>
          {result.passed && <Icon name="sparkles" size={28} className={styles.sparkles} />}
        </div>
        <div className={styles.outcomeText}>
          <h2 id={`${id}-outcome`} ref={headingRef} tabIndex={-1} className={styles.outcomeTitle}>
            <Icon name={result.passed ? 'check' : 'x'} size={28} />
            {result.passed ? t('result.passed') : t('result.failed')}
          </h2>
          <p className={styles.score} data-testid="exam-score">
            {t('result.score', { correct: result.correct, total: result.total })}
          </p>
          <p className={styles.passMark}>
            <Badge tone={tone} icon="target">
              {t('result.passMark', { pass: attempt.passMark })}
            </Badge>
          </p>
          <p>
            {result.passed
              ? t('result.passedText', { pass: attempt.passMark })
              : t('result.failedText', { count: missing, pass: attempt.passMark })}
          </p>
          <p className={styles.duration} data-testid="exam-duration">
            <Icon name="timer" size={16} />
            {t('result.duration', { duration: formatDuration(t, result.durationSeconds) })}
          </p>
        </div>
      </section>

      {celebration}

      {practise && (
        <div className={styles.practise}>
          <Link
            className={buttonClass({ size: 'lg', block: true })}
            to={mistakesPath(attempt.id)}
            aria-describedby={`${id}-practise`}
          >
            <Icon name="target" />
            {t('result.practise', { count: result.mistakes })}
          </Link>
          <p id={`${id}-practise`} className={styles.muted}>
            {t('result.practiseHint')}
          </p>
        </div>
      )}

      {user && result.topics && result.topics.length > 0 && (
        <Topics topics={result.topics} passShare={attempt.passMark / Math.max(1, result.total)} />
      )}

      {review === null ? (
        <div data-testid="guest-prompt">
          <Card title={t('result.guestTitle')} icon="lock" tone="primary">
            <p>{t('result.guestPrompt')}</p>
            <Link
              className={`${buttonClass({ block: true })} ${styles.wideAuto}`}
              to={`/login?redirect=${encodeURIComponent(loginPath)}`}
            >
              {t('result.guestLink')}
            </Link>
          </Card>
        </div>
      ) : (
        <Review questions={attempt.questions} review={review} />
      )}

      {retakeError && (
        <p role="alert" className={styles.error}>
          {retakeError}
        </p>
      )}
      <div className={styles.resultActions}>
        <Button
          variant={practise ? 'secondary' : 'primary'}
          icon="rotate"
          disabled={retaking}
          onClick={onRetake}
        >
          {retaking ? t('start.starting') : t('result.retake')}
        </Button>
        {user && (
          <Link className={buttonClass({ variant: 'secondary' })} to={historyPath}>
            {t('result.toHistory')}
          </Link>
        )}
        {user && (
          <Link className={buttonClass({ variant: 'ghost' })} to="/dashboard">
            {t('result.toDashboard')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** Correct answers per topic: the figures as text, a bar beside them for the eye. */
function Topics({ topics, passShare }: { topics: ExamTopicScore[]; passShare: number }) {
  const { t } = useTranslation('exam');
  return (
    <div data-testid="exam-topics">
      <Card title={t('result.topicsTitle')} icon="chart">
        <ul className={styles.topics}>
          {topics.map((topic) => {
            const score = t('result.topicScore', { correct: topic.correct, total: topic.total });
            const share = topic.total > 0 ? topic.correct / topic.total : 0;
            return (
              <li key={topic.id} className={styles.topic}>
                <span className={styles.topicName}>{topic.name}</span>{' '}
                <span className={styles.topicScore}>{score}</span>
                <span className={styles.topicBar}>
                  <ProgressBar
                    value={topic.correct}
                    max={topic.total}
                    label={topic.name}
                    valueText={score}
                    tone={share >= passShare ? 'success' : 'warning'}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      </Card>
    </div>
  );
}

/**
 * The answers of a finished test: first only the wrong, blank and unsure ones (the checkbox shows all of them),
 * each explanation folded under its question.
 */
function Review({ questions, review }: { questions: ExamQuestion[]; review: ExamReviewItem[] }) {
  const { t } = useTranslation('exam');
  const { language } = useLanguage();
  const id = useId();
  const byPosition = new Map(questions.map((q) => [q.position, q]));
  const toPractise = review.filter(needsPractice);
  // It opens on what there is to learn from (the wrong, blank and unsure answers); every answer is one tap away.
  const [onlyWrong, setOnlyWrong] = useState(toPractise.length > 0);
  const shown = onlyWrong ? toPractise : review;

  return (
    <section className={styles.review} aria-labelledby={`${id}-review`}>
      <h2 id={`${id}-review`} className={styles.reviewTitle}>
        <Icon name="list" className={styles.titleIcon} />
        {t('result.review')}
      </h2>
      {toPractise.length > 0 ? (
        <label className={styles.unsure}>
          <input type="checkbox" checked={onlyWrong} onChange={(e) => setOnlyWrong(e.target.checked)} />
          <span>{t('result.onlyWrong', { count: toPractise.length })}</span>
        </label>
      ) : (
        <p className={styles.note}>{t('result.noneWrong')}</p>
      )}
      <ol className={styles.reviewList}>
        {shown.map((item) => {
          const q = byPosition.get(item.position);
          if (!q) return null;
          const translation = language === 'de' ? null : q.translation;
          return (
            <li
              key={item.position}
              className={styles.reviewItem}
              data-outcome={item.isCorrect ? 'right' : 'wrong'}
            >
              <article aria-labelledby={`${id}-q${item.position}`} data-testid="review-item">
                <h3 id={`${id}-q${item.position}`} className={styles.reviewHeading}>
                  {t('result.reviewItem', { number: item.position })}{' '}
                  <Badge tone={item.isCorrect ? 'success' : 'danger'} icon={item.isCorrect ? 'check' : 'x'}>
                    {item.isCorrect ? t('result.markRight') : t('result.markWrong')}
                  </Badge>
                  {item.unsure && (
                    <>
                      {' '}
                      <Badge tone="warning">{t('result.markUnsure')}</Badge>
                    </>
                  )}
                </h3>
                <p className={styles.meta}>
                  {q.state
                    ? t('run.stateQuestion', { official: q.official })
                    : t('run.official', { official: q.official })}
                </p>
                <InLanguage lang="de">
                  <p lang="de" className={styles.reviewQuestion}>
                    {q.text}
                  </p>
                </InLanguage>
                {translation?.text && (
                  <InLanguage lang={translation.lang}>
                    <p lang={translation.lang} className={styles.reviewTranslation}>
                      {translation.text}
                    </p>
                  </InLanguage>
                )}
                {q.image && (
                  <Picture
                    src={q.image}
                    size={q.imageSize}
                    description={q.imageDescription}
                    number={item.position}
                  />
                )}
                <ul className={styles.reviewAnswers}>
                  {q.answers.map((answer, i) => {
                    const isCorrect = i === item.correct;
                    const isMine = i === item.answer;
                    // A translation that reads exactly like the German (a name) adds nothing.
                    const translated = translation?.answers[i] === answer ? null : translation?.answers[i];
                    const mark = isCorrect ? 'correct' : isMine ? 'wrong' : undefined;
                    return (
                      <li key={answer} className={styles.reviewAnswer} data-mark={mark}>
                        <span className={styles.reviewMark}>
                          {mark && <Icon name={isCorrect ? 'check' : 'x'} size={18} />}
                        </span>
                        <span className={styles.reviewAnswerText}>
                          <span lang="de">{answer}</span>
                          {translated && (
                            <span lang={translation?.lang} className={styles.translatedAnswer}>
                              {translated}
                            </span>
                          )}
                          {(isMine || isCorrect) && (
                            <span className={styles.tags}>
                              {isMine && <strong>{t('result.yourAnswer')}</strong>}
                              {isCorrect && <strong>{t('result.correctAnswer')}</strong>}
                            </span>
                          )}
                        </span>
                      </li>
                    );
                  })}
                </ul>
                {item.answer === null && <p className={styles.muted}>{t('result.noAnswer')}</p>}
                {item.explanation && (
                  <details className={styles.explanation}>
                    <summary>
                      <Icon name="lightbulb" size={16} className={styles.explanationIcon} />
                      {t('result.explanation')}
                    </summary>
                    <ExplanationText explanation={item.explanation} checkedOn={q.answerCheckedOn} />
                  </details>
                )}
                <ReportProblem question={q} />
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
