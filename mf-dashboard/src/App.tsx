import type {
  Achievement,
  AchievementCode,
  Dashboard,
  DashboardMode,
  DashboardModeId,
  DashboardReviews,
  ExamHistory,
  Readiness,
  Recommendation,
  RecommendationCategory,
  Statistics,
  StudyPlan,
} from '@buergerfit/contract';
import { dashboard } from '@buergerfit/locales';
import {
  api,
  formatWhen,
  Link,
  Navigate,
  type RemoteAppProps,
  Route,
  Routes,
  registerNamespace,
  trackConversion,
  useDocumentTitle,
  useLanguage,
  useSession,
  useTimeZone,
} from '@buergerfit/platform';
import {
  Badge,
  Button,
  buttonClass,
  Card,
  EmptyState,
  Icon,
  type IconName,
  ProgressBar,
  ProgressRing,
  RetryAlert,
  Skeleton,
  Stat,
  type Tone,
} from '@buergerfit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCelebration, useCelebration } from './celebration';
import { DistributionChart, type ExamRules, ScoreTrendChart, WeeklyChart, WeekStrip } from './charts';
import { chooseNextStep, isNewLearner, type NextStep, openTest } from './nextStep';
import { type Learner, modeTarget, recommendationTarget, routes } from './routes';
import styles from './styles';

registerNamespace('dashboard', dashboard);

type T = ReturnType<typeof useTranslation>['t'];

/** The learner's dashboard in one language: keyed by their id, so another learner never gets it from the cache. */
const dashboardKey = (userId: string | null, language: string) => ['dashboard', userId, language] as const;
/** The learner's latest tests, for one left open (under the dashboard's key: invalidated with it). */
const openTestKey = (userId: string | null) => ['dashboard', userId, 'tests'] as const;

const percent = (language: string, x: number) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(x);
/** A chance as a whole percentage that never rounds to a certainty it is not: 0.996 is 99 %, 0.004 is 1 %. */
const chance = (language: string, x: number) =>
  percent(language, x > 0 && x < 1 ? Math.min(0.99, Math.max(0.01, x)) : x);
const number1 = (language: string, x: number) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(x);
const formatDay = (language: string, day: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
const formatInstant = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date(iso));

/**
 * A figure as the learner reads it, the number first and what it counts under it ("33 Answered"): the design
 * system's Stat with the icon on top and the caption as its line under the number.
 */
function Figure({ icon, value, caption }: { icon?: IconName; value: ReactNode; caption: ReactNode }) {
  return <Stat icon={icon} label="" value={value} hint={<> {caption}</>} />;
}

/** A recommendation's texts, with its values in the learner's language. */
function recommendationTexts(t: T, language: string, r: Recommendation) {
  const params = {
    topic: r.params.topic ?? '',
    count: r.params.count ?? 0,
    accuracy: r.params.accuracy === undefined ? '' : percent(language, r.params.accuracy),
  };
  return {
    title: t(`rec.${r.kind}.title`, params),
    body: t(`rec.${r.kind}.body`, params),
    action: t(`rec.${r.kind}.action`),
  };
}

const CATEGORY_ICON: Record<RecommendationCategory, IconName> = {
  topic: 'book',
  test: 'clipboard',
  state: 'mapPin',
  general: 'lightbulb',
};

/** What the next-step card says and where its one action leads. */
function nextStepTexts(t: T, language: string, step: NextStep) {
  switch (step.kind) {
    case 'continue':
      return {
        icon: 'play' as const,
        title: t(`next.continue.${step.test}.title`),
        body:
          step.minutesLeft === null
            ? t(`next.continue.${step.test}.body`)
            : t('next.continue.mock.bodyTime', { count: step.minutesLeft }),
        action: t('next.continue.action'),
      };
    case 'start':
      return { icon: 'sparkles' as const, ...recommendationTexts(t, language, startLearning) };
    case 'review':
      return {
        icon: 'rotate' as const,
        ...recommendationTexts(t, language, { ...reviewDue, params: { count: step.count } }),
      };
    case 'plan':
      return {
        icon: 'calendar' as const,
        title: t('next.plan.title', { count: step.count }),
        body: t('next.plan.body'),
        action: t('next.plan.action'),
      };
    case 'recommendation':
      return {
        icon: CATEGORY_ICON[step.recommendation.category],
        ...recommendationTexts(t, language, step.recommendation),
      };
    case 'practise':
      return { icon: 'lightbulb' as const, ...recommendationTexts(t, language, dailyHabit) };
  }
}

const startLearning: Recommendation = {
  id: 'general:start',
  category: 'general',
  kind: 'startLearning',
  params: {},
};
const reviewDue: Recommendation = {
  id: 'general:review',
  category: 'general',
  kind: 'reviewDue',
  params: {},
};
const dailyHabit: Recommendation = {
  id: 'general:daily',
  category: 'general',
  kind: 'dailyHabit',
  params: {},
};

/**
 * The review queue in one line, "12 due now · next review tomorrow 09:00": the count is the one every screen shows
 * (focus tile, focus mode, flashcards), the time in the learner's language and time zone, seen from when the
 * dashboard was made.
 */
function ReviewsLine({ reviews, now }: { reviews: DashboardReviews; now: string }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const timeZone = useTimeZone();
  const when = reviews.nextDueAt && formatWhen(reviews.nextDueAt, now, language, timeZone);
  const text =
    reviews.due === 0
      ? when
        ? t('reviewsNoneNext', { when })
        : null
      : when
        ? t('reviewsNowNext', { count: reviews.due, when })
        : t('reviewsNow', { count: reviews.due });
  if (!text) return null;
  return (
    <p className={styles.small} data-testid="reviews-line">
      <Icon name="rotate" size={16} /> {text}
    </p>
  );
}

/**
 * Today's plan towards the test day, adding up: the countdown; today's share of new questions with its working
 * (new questions left this morning ÷ days left, rounded up) and what is left of it; the reviews due now and when
 * the next falls due; the answers given today.
 */
function PlanSummary({ plan, now }: { plan: StudyPlan; now: string }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const date = formatDay(language, plan.examDate);
  const progress =
    plan.newGoal > 0 && plan.newSeenToday >= plan.newGoal
      ? t('planGoalMet', { done: plan.newSeenToday, goal: plan.newGoal })
      : t('planProgress', { done: plan.newSeenToday, count: plan.newGoal });
  return (
    <section className={styles.plan} aria-labelledby="dash-plan" data-testid="plan">
      <h3 id="dash-plan" className={styles.planTitle}>
        <Icon name="calendar" size={18} />
        {t('plan')}
      </h3>
      {plan.daysLeft < 0 ? (
        <p className={styles.planText}>{t('planPast', { date })}</p>
      ) : (
        <>
          <p className={styles.planText}>
            {plan.daysLeft === 0 ? t('planToday') : t('planCountdown', { count: plan.daysLeft, date })}
          </p>
          <ul className={styles.figures3} data-testid="plan-figures">
            <li>
              <Figure value={plan.newRemaining} caption={t('planNew', { count: plan.newRemaining })} />
            </li>
            <li>
              <Figure value={plan.reviewsDue} caption={t('planDue', { count: plan.reviewsDue })} />
            </li>
            <li>
              <Figure value={plan.answeredToday} caption={t('planDone')} />
            </li>
          </ul>
          {plan.newGoal > 0 && (
            <>
              <p className={styles.small} data-testid="plan-share">
                {t('planShare', {
                  left: plan.unseen + plan.newSeenToday,
                  count: Math.max(plan.daysLeft, 1),
                  goal: plan.newGoal,
                })}
              </p>
              <p className={styles.small} aria-hidden="true">
                {progress}
              </p>
              <ProgressBar
                value={Math.min(plan.newSeenToday, plan.newGoal)}
                max={plan.newGoal}
                label={t('planProgressLabel')}
                valueText={progress}
                tone="success"
                size="sm"
              />
            </>
          )}
        </>
      )}
      <ReviewsLine reviews={{ due: plan.reviewsDue, nextDueAt: plan.nextReviewAt }} now={now} />
    </section>
  );
}

/** Whether the next-step card already says what this recommendation says (the list leaves it out then). */
const shownAsNextStep = (step: NextStep, r: Recommendation) =>
  step.kind === 'recommendation'
    ? step.recommendation.id === r.id
    : (step.kind === 'review' && r.kind === 'reviewDue') ||
      (step.kind === 'start' && r.kind === 'startLearning');

/** The one thing to do now, with one large action; a new learner's first step; today's plan under it. */
function NextStepCard({ data, step }: { data: Dashboard; step: NextStep | null }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const texts = step && nextStepTexts(t, language, step);
  return (
    <Card tone="primary" title={t('nextStep')} icon="arrowRight" className={styles.nextStep}>
      {texts && step ? (
        <div className={styles.nextBody} data-next-step={step.kind}>
          <span className={styles.nextIcon}>
            <Icon name={texts.icon} size={28} />
          </span>
          <div className={styles.nextText}>
            <h3 className={styles.nextTitle}>{texts.title}</h3>
            <p>{texts.body}</p>
          </div>
          <div className={styles.nextActions}>
            <Link
              to={step.to}
              className={`${buttonClass({ variant: 'primary', size: 'lg' })} ${styles.nextAction}`}
            >
              {texts.action}
              <Icon name="arrowRight" />
            </Link>
            {step.kind === 'start' && (
              <Link to={routes.exam} className={buttonClass({ variant: 'ghost' })}>
                {t('readinessTakeMock')}
              </Link>
            )}
          </div>
        </div>
      ) : (
        <NextStepSkeleton />
      )}
      {data.plan ? (
        <PlanSummary plan={data.plan} now={data.generatedAt} />
      ) : (
        <ReviewsLine reviews={data.reviews} now={data.generatedAt} />
      )}
    </Card>
  );
}

function NextStepSkeleton() {
  return (
    <div className={styles.nextBody} aria-hidden="true">
      <Skeleton width={56} height={56} radius="50%" />
      <div className={styles.nextText}>
        <Skeleton width="70%" height="1.6rem" />
        <Skeleton lines={2} />
      </div>
      <div className={styles.nextActions}>
        <Skeleton width="16rem" height={52} />
      </div>
    </div>
  );
}

/** The streak as a figure with a flame, this week's practice days beside it, and what keeps it going. */
function StreakCard({ data, week }: { data: Dashboard['streak']; week: Statistics['weekly'] }) {
  const { t } = useTranslation('dashboard');
  const note = data.activeToday ? 'streakActive' : data.current > 0 ? 'streakPending' : 'streakNone';
  return (
    <Card className={styles.streak}>
      <h2 className={styles.visuallyHidden}>{t('streak')}</h2>
      <div className={styles.streakRow}>
        <div data-testid="streak" className={styles.streakFigure}>
          <Figure icon="flame" value={data.current} caption={t('streakDays', { count: data.current })} />
        </div>
        <WeekStrip days={week.days} today={data.today} />
      </div>
      <p className={styles.note}>{t(note)}</p>
    </Card>
  );
}

/** "Based on 120 answers to 80 questions and 2 mock tests", each count with its own plural form. */
function basisText(t: T, evidence: Readiness['evidence']): string {
  const answers = t('basisAnswers', { count: evidence.answers });
  const questions = t('basisQuestions', { count: evidence.questions });
  if (evidence.mocks === 0) return t('readinessBasisNoMocks', { answers, questions });
  return t('readinessBasis', { answers, questions, mocks: t('basisMocks', { count: evidence.mocks }) });
}

const CONFIDENCE_TONE: Record<Readiness['confidence'], Tone> = {
  low: 'danger',
  medium: 'warning',
  high: 'success',
};

/** What would firm the chance up: mock tests still to take, questions still to answer (null once firm). */
function firmUpText(t: T, r: Readiness): string | null {
  const { mocks, questions } = r.firmUp;
  if (r.firm || (mocks === 0 && questions === 0)) return null;
  if (questions === 0) return t('firmUpMocks', { count: mocks });
  if (mocks === 0) return t('firmUpQuestions', { count: questions });
  return t('firmUpBoth', { count: questions, mocks: t('basisMocks', { count: mocks }) });
}

/** What the pass chance means in words, and the ring's colour for it. */
const verdictOf = (chance: number) =>
  chance >= 0.8
    ? ({ key: 'likely', tone: 'success' } as const)
    : chance >= 0.5
      ? ({ key: 'close', tone: 'warning' } as const)
      : ({ key: 'unlikely', tone: 'danger' } as const);

/**
 * The predicted score as a ring, with what it means, its 10–90 % band and pass chance, how sure the prediction is
 * and what it rests on. The prediction already includes the answers of the mock tests, so the last mock is shown
 * as part of its basis, not as a second figure to compare it with.
 */
function ReadinessCard({ data }: { data: Readiness }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const last = data.lastMock;
  // With nothing answered there is nothing to predict from: say so instead of showing the prior's numbers.
  if (data.evidence.answers === 0 && data.evidence.mocks === 0) {
    return (
      <Card title={t('readiness')} icon="target">
        <p data-testid="readiness-none">{t('readinessBasisNone')}</p>
        <p className={styles.links}>
          <Link to={routes.learn} className={styles.inlineLink}>
            {t('readinessStartLearning')}
          </Link>
          <Link to={routes.exam} className={styles.inlineLink}>
            {t('readinessTakeMock')}
          </Link>
        </p>
      </Card>
    );
  }
  const verdict = verdictOf(data.passChance);
  const expected = number1(language, data.expected);
  const firmUp = firmUpText(t, data);
  // The range of the chance, unless it is one number (kept at 95 % until the evidence is firm, say).
  const rangeLow = chance(language, data.passRange.low);
  const rangeHigh = chance(language, data.passRange.high);
  return (
    <Card title={t('readiness')} icon="target">
      <div className={styles.readinessRow}>
        <ProgressRing
          value={data.expected}
          max={data.questions}
          label={t('readinessRing')}
          valueText={t('readinessRingValue', { expected, questions: data.questions })}
          tone={verdict.tone}
          size={112}
        >
          <span className={styles.ringValue}>{expected}</span>
          <span className={styles.ringOf}>{t('readinessRingOf', { questions: data.questions })}</span>
        </ProgressRing>
        <div className={styles.readinessText}>
          <p className={styles.verdict} data-verdict={verdict.key}>
            {t(`readinessVerdict.${verdict.key}`)}
          </p>
          <p data-testid="readiness-chance">
            {t(data.forExam ? 'readinessChanceExam' : 'readinessChanceTomorrow', { passMark: data.passMark })}{' '}
            <strong>{chance(language, data.passChance)}</strong>
            {rangeLow !== rangeHigh && (
              <>
                {' '}
                <span className={styles.small}>
                  {t('readinessRange', { low: rangeLow, high: rangeHigh })}
                </span>
              </>
            )}
          </p>
          <p className={styles.small}>{t('readinessBand', { low: data.low, high: data.high })}</p>
        </div>
      </div>
      <p data-testid="readiness-confidence" data-confidence={data.confidence} className={styles.small}>
        <Badge tone={CONFIDENCE_TONE[data.confidence]}>{t(`confidenceBadge.${data.confidence}`)}</Badge>{' '}
        {firmUp ? (
          <span data-testid="readiness-firm-up">{firmUp}</span>
        ) : (
          t(`confidenceText.${data.confidence}`)
        )}
      </p>
      <details className={styles.details}>
        <summary>{t('readinessHowTitle')}</summary>
        <p>{basisText(t, data.evidence)}</p>
        {last && (
          <p>
            {t('readinessLastMock', {
              date: formatInstant(language, last.finishedAt),
              correct: last.correct,
              total: last.total,
            })}
          </p>
        )}
        <p>{t('readinessHow1')}</p>
        <p>{t('readinessHow2')}</p>
        <p>{t('readinessHow3')}</p>
        <p>{t('readinessHow4')}</p>
      </details>
    </Card>
  );
}

/** Where a topic's row leads: learn that topic (the state's questions in state practice). */
const topicTarget = (id: string, learner: Learner) =>
  id === 'state' ? (learner.state.code ? routes.statePractice : routes.settings) : routes.topic(id);

/** Progress per topic as bars of mastered questions, each topic opening learn mode on it. */
function ProgressCard({ data }: { data: Dashboard['progress'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('progress')} icon="chart">
      <p className={styles.summary}>
        {t('progressSummary', { seen: data.seen, mastered: data.mastered, total: data.total })}
      </p>
      <ul className={styles.topics}>
        {data.topics.map((topic) => {
          const value = t('topicValue', {
            mastered: topic.mastered,
            seen: topic.seen,
            total: topic.total,
          });
          return (
            <li key={topic.id} data-topic={topic.id}>
              <Link to={topicTarget(topic.id, data)} className={styles.topicLink}>
                {topic.name}
                <Icon name="chevronRight" size={18} />
              </Link>
              <ProgressBar
                value={topic.mastered}
                max={topic.total}
                label={t('topicBar', { name: topic.name })}
                valueText={value}
                tone="success"
              />
              <p className={styles.topicMeta}>
                <span>{t('topicCount', { mastered: topic.mastered, total: topic.total })}</span>
                <span>{t('topicSeen', { seen: topic.seen, total: topic.total })}</span>
              </p>
            </li>
          );
        })}
      </ul>
      {!data.state.code && (
        <p className={styles.small}>
          <Link to={routes.settings} className={styles.inlineLink}>
            {t('chooseStateHint')}
          </Link>
        </p>
      )}
    </Card>
  );
}

/** The four counts every learner has (spec: answered, correct, incorrect, accuracy). */
function Counts({ data }: { data: Statistics }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  return (
    <ul className={styles.figures} data-testid="counts">
      <li>
        <Figure icon="list" value={data.answered} caption={t('answered')} />
      </li>
      <li>
        <Figure icon="check" value={data.correct} caption={t('correct')} />
      </li>
      <li>
        <Figure icon="x" value={data.incorrect} caption={t('incorrect')} />
      </li>
      <li>
        <Figure
          icon="target"
          value={data.accuracy === null ? '–' : percent(language, data.accuracy)}
          caption={t('accuracy')}
        />
      </li>
    </ul>
  );
}

function StatisticsCard({ data, isNew }: { data: Statistics; isNew: boolean }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  return (
    <Card title={t('statistics')} icon="chart">
      <Counts data={data} />
      {isNew ? (
        <EmptyState
          icon="chart"
          title={t('statisticsEmptyTitle')}
          headingLevel={3}
          action={
            <Link to={routes.learn} className={buttonClass({ variant: 'primary' })}>
              {t('readinessStartLearning')}
            </Link>
          }
        >
          {t('statisticsEmpty')}
        </EmptyState>
      ) : (
        <>
          <h3 className={styles.subTitle}>{t('weekly')}</h3>
          <WeeklyChart days={data.weekly.days} language={language} />
          <h3 className={styles.subTitle}>{t('distribution')}</h3>
          <DistributionChart distribution={data.distribution} />
          <h3 className={styles.subTitle}>{t('mostMissed')}</h3>
          {data.mostMissed.length === 0 ? (
            <p className={styles.note}>{t('mostMissedNone')}</p>
          ) : (
            <ol className={styles.missed}>
              {data.mostMissed.map((m) => (
                <li key={m.id}>
                  <Link to={routes.topic(m.id)} className={styles.inlineLink}>
                    {m.name}
                  </Link>
                  <span className={styles.note}>
                    {t('mostMissedLine', { count: m.incorrect, accuracy: percent(language, m.accuracy) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Card>
  );
}

/** How many finished mock tests the list under the trend shows (the chart shows all the API sends, up to 20). */
const LATEST_TESTS = 5;

/**
 * Finished mock tests: taken, passed and the average as figures, the score trend (oldest → newest) and the latest
 * ones, each linking to its review.
 */
function TestsCard({ exams, rules }: { exams: Statistics['exams']; rules: ExamRules }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  if (exams.recent.length === 0 || exams.averageCorrect === null || exams.averageScore === null) {
    return (
      <Card title={t('tests')} icon="clipboard">
        <EmptyState
          icon="clipboard"
          title={t('testsNoneTitle')}
          headingLevel={3}
          action={
            <Link to={routes.exam} className={buttonClass({ variant: 'secondary' })}>
              {t('testsStart')}
            </Link>
          }
        >
          {t('testsNone')}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title={t('tests')} icon="clipboard">
      <ul className={styles.figures3} data-testid="test-figures">
        <li>
          <Figure icon="clipboard" value={exams.taken} caption={t('testsTaken', { count: exams.taken })} />
        </li>
        <li>
          <Figure icon="check" value={exams.passed} caption={t('testsPassed', { count: exams.passed })} />
        </li>
        <li>
          <Figure
            icon="chart"
            value={number1(language, exams.averageCorrect)}
            caption={t('testsAverage', { questions: rules.questions })}
          />
        </li>
      </ul>
      <p className={styles.small}>
        {t('averageScoreValue', {
          average: number1(language, exams.averageCorrect),
          percent: percent(language, exams.averageScore),
          count: exams.taken,
        })}
      </p>
      <h3 className={styles.subTitle}>{t('trend')}</h3>
      <ScoreTrendChart tests={exams.recent} rules={rules} language={language} />
      <h3 className={styles.subTitle}>{t('recentTests')}</h3>
      <ul className={styles.testList}>
        {exams.recent.slice(0, LATEST_TESTS).map((r) => (
          <li key={r.id}>
            <Link to={routes.examResult(r.id)} className={styles.testLink}>
              <Icon
                name={r.passed ? 'check' : 'x'}
                className={r.passed ? styles.passedIcon : styles.failedIcon}
              />
              <span>
                {t('testLine', {
                  date: formatInstant(language, r.finishedAt),
                  correct: r.correct,
                  total: r.total,
                  result: r.passed ? t('testPassed') : t('testFailed'),
                })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={routes.examHistory} className={styles.inlineLink}>
          {t('testsAll')}
          <Icon name="arrowRight" size={18} />
        </Link>
      </p>
    </Card>
  );
}

const MODE_ICON: Record<DashboardModeId, IconName> = {
  learn: 'book',
  challenge: 'bolt',
  mock: 'timer',
  focus: 'target',
  state: 'mapPin',
  settings: 'settings',
  resources: 'lightbulb',
  community: 'user',
};

function ModesGrid({ modes, learner }: { modes: DashboardMode[]; learner: Learner }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('modes')} icon="cards">
      <ul className={styles.modes}>
        {modes.map((m) => {
          const target = modeTarget(m, learner);
          const icon = <Icon name={MODE_ICON[m.id]} size={22} className={styles.modeIcon} />;
          return (
            <li key={m.id}>
              {target ? (
                <Link
                  to={target}
                  className={styles.mode}
                  data-mode={m.id}
                  onClick={() => trackConversion('mf_dashboard', 'mode_opened')}
                >
                  {icon}
                  <span className={styles.modeLabel}>{t(`mode.${m.id}`)}</span>
                  {m.count ? <Badge tone="warning">{t('dueCount', { count: m.count })}</Badge> : null}
                </Link>
              ) : (
                <span className={`${styles.mode} ${styles.modeDisabled}`} aria-disabled="true">
                  {icon}
                  <span className={styles.modeLabel}>{t(`mode.${m.id}`)}</span>
                  <Badge>{t('comingSoon')}</Badge>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function RecommendationsCard({ items, learner }: { items: Recommendation[]; learner: Learner }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const userId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: (id: string) =>
      api.post<void>(api.lang(`/user/recommendations/${encodeURIComponent(id)}/dismiss`)),
    onSuccess: (_void, id) => {
      queryClient.setQueryData<Dashboard>(dashboardKey(userId, language), (old) =>
        old ? { ...old, recommendations: old.recommendations.filter((r) => r.id !== id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['dashboard', userId] });
    },
  });
  return (
    <Card title={t('recommendations')} icon="lightbulb">
      {items.length === 0 ? (
        <p className={styles.note}>{t('recommendationsNone')}</p>
      ) : (
        <ul className={styles.recs}>
          {items.map((r) => {
            const texts = recommendationTexts(t, language, r);
            return (
              <li key={r.id} className={styles.rec} data-recommendation={r.id}>
                <span className={styles.recIcon}>
                  <Icon name={CATEGORY_ICON[r.category]} />
                </span>
                <div className={styles.recText}>
                  <span className={styles.category}>{t(`category.${r.category}`)}</span>
                  <h3>{texts.title}</h3>
                  <p>{texts.body}</p>
                  <Link to={recommendationTarget(r, learner)} className={styles.inlineLink}>
                    {texts.action}
                    <Icon name="arrowRight" size={18} />
                  </Link>
                </div>
                <Button
                  variant="ghost"
                  icon="close"
                  className={styles.dismiss}
                  title={t('dismiss')}
                  aria-label={t('dismissLabel', { title: texts.title })}
                  disabled={dismiss.isPending && dismiss.variables === r.id}
                  onClick={() => dismiss.mutate(r.id)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {dismiss.isError && (
        <p role="alert" className={styles.errorText}>
          {t('dismissFailed')}
        </p>
      )}
    </Card>
  );
}

/** Each badge's artwork: an icon of the set in a circle of its own colour. */
const BADGE_ART: Record<AchievementCode, { icon: IconName; tone: string | undefined }> = {
  FIRST_TEST: { icon: 'medal', tone: styles.artInfo },
  STREAK_7: { icon: 'flame', tone: styles.artWarning },
  SCORE_80: { icon: 'starFilled', tone: styles.artSuccess },
  MASTER_100: { icon: 'trophy', tone: styles.artWarning },
  BOOKMARK_10: { icon: 'bookmark', tone: styles.artPrimary },
};

/** Every badge: earned ones in colour with their date, locked ones muted with a lock and the way towards them. */
function AchievementsCard({ items }: { items: Achievement[] }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const earned = items.filter((a) => a.earned).length;
  return (
    <Card title={t('achievements')} icon="trophy">
      <p className={styles.summary}>{t('achievementsSummary', { earned, total: items.length })}</p>
      <ul className={styles.achievements}>
        {items.map((a) => {
          const art = BADGE_ART[a.code];
          const title = t(`badge.${a.code}.title`);
          return (
            <li
              key={a.code}
              className={a.earned ? styles.earned : styles.locked}
              data-achievement={a.code}
              data-earned={a.earned}
            >
              <span className={`${styles.art} ${a.earned ? art.tone : styles.artLocked}`}>
                <Icon name={art.icon} size={26} />
                {!a.earned && (
                  <span className={styles.lock}>
                    <Icon name="lock" size={14} label={t('locked')} />
                  </span>
                )}
              </span>
              <div className={styles.badgeText}>
                <strong>{title}</strong>
                <span className={styles.small}>{t(`badge.${a.code}.description`)}</span>
                {a.earned && a.earnedAt ? (
                  <span className={styles.earnedOn}>
                    <Icon name="check" size={16} />
                    {t('earnedOn', { date: formatInstant(language, a.earnedAt) })}
                  </span>
                ) : (
                  <span className={styles.badgeProgress}>
                    <ProgressBar
                      value={a.progress.current}
                      max={a.progress.target}
                      label={t('badgeProgress', { title })}
                      valueText={t('notEarned', { current: a.progress.current, target: a.progress.target })}
                      tone="warning"
                      size="sm"
                    />
                    <span className={styles.small}>
                      {t('notEarned', { current: a.progress.current, target: a.progress.target })}
                    </span>
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function BookmarksCard({ count }: { count: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('bookmarks')} icon="bookmark">
      <div className={styles.bookmarks}>
        <Figure value={count} caption={t('bookmarksCount', { count })} />
        <Link to={routes.bookmarks} className={buttonClass({ variant: 'secondary' })}>
          {t('bookmarksOpen')}
        </Link>
      </div>
    </Card>
  );
}

/** "Welcome" for a learner who has answered nothing yet, "Welcome back" afterwards; with their name if known. */
function Greeting({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const name = user ? user.nickname || user.name : '';
  const key = isNew ? 'welcomeNew' : 'welcome';
  return (
    <div className={styles.greeting}>
      <p className={styles.lead}>{name ? t(key, { name }) : t(`${key}Anonymous`)}</p>
      {isNew && <p className={styles.note}>{t('welcomeNewHint')}</p>}
    </div>
  );
}

/** The final layout with placeholders while the dashboard loads: nothing moves when the data arrives. */
function LoadingLayout() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <p role="status" className={styles.visuallyHidden}>
        {t('loading')}
      </p>
      <div className={styles.greeting} aria-hidden="true">
        <Skeleton width="12rem" height="1.4rem" />
      </div>
      <div className={styles.layout} aria-hidden="true">
        <div className={styles.main}>
          <Card tone="primary" className={styles.nextStep}>
            <Skeleton width="8rem" height="0.9rem" />
            <NextStepSkeleton />
          </Card>
          <Card className={styles.streak}>
            <div className={styles.streakRow}>
              <Skeleton width="5rem" height="4.2rem" />
              <Skeleton width="14rem" height="3rem" />
            </div>
          </Card>
          <Card>
            <Skeleton width="10rem" height="1.4rem" />
            <div className={styles.readinessRow}>
              <Skeleton width={112} height={112} radius="50%" />
              <div className={styles.readinessText}>
                <Skeleton lines={3} />
              </div>
            </div>
          </Card>
          <Card>
            <Skeleton width="8rem" height="1.4rem" />
            <ul className={styles.topics}>
              {['a', 'b', 'c', 'd'].map((k) => (
                <li key={k}>
                  <Skeleton width="60%" height="1.4rem" />
                  <Skeleton height="10px" radius="999px" />
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <div className={styles.side}>
          <Card>
            <Skeleton width="8rem" height="1.4rem" />
            <div className={styles.figures}>
              {['a', 'b', 'c', 'd'].map((k) => (
                <Skeleton key={k} height="4.5rem" />
              ))}
            </div>
            <Skeleton height="9rem" />
          </Card>
        </div>
      </div>
    </>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const userId = useSession().user?.id ?? null;
  useDocumentTitle(t('documentTitle'));
  const query = useQuery({
    queryKey: dashboardKey(userId, language),
    queryFn: () => api.get<Dashboard>(api.lang('/user/dashboard')),
  });
  // A test left open is the first next step; without the list (an error) the dashboard's data decides alone.
  const tests = useQuery({
    queryKey: openTestKey(userId),
    queryFn: () => api.get<ExamHistory>(api.lang('/exams?limit=10')),
    retry: false,
  });
  // A win not celebrated yet heads the page; the page is laid out once its answer is there (nothing moves down).
  const celebration = useCelebration();

  if (query.isError) {
    return (
      <section className={styles.page} aria-labelledby="dashboard-error">
        <RetryAlert classes={styles} message={t('errorMessage')} retry={t('retry')} query={query} primary>
          <h1 id="dashboard-error">{t('errorTitle')}</h1>
        </RetryAlert>
      </section>
    );
  }
  const title = (
    <h1 id="dashboard-title" className={styles.title}>
      {t('title')}
    </h1>
  );
  if (query.isPending || !celebration.settled) {
    return (
      <section className={`${styles.page} ${styles.dashboard}`} aria-labelledby="dashboard-title">
        {title}
        <LoadingLayout />
      </section>
    );
  }
  const d = query.data;
  const isNew = isNewLearner(d);
  const step = tests.isPending ? null : chooseNextStep(d, openTest(tests.data ?? [], Date.now()), Date.now());
  return (
    <section className={`${styles.page} ${styles.dashboard}`} aria-labelledby="dashboard-title">
      {title}
      {celebration.shown && <DashboardCelebration data={celebration.shown} onDismiss={celebration.dismiss} />}
      <Greeting isNew={isNew} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <NextStepCard data={d} step={step} />
          <StreakCard data={d.streak} week={d.statistics.weekly} />
          <ReadinessCard data={d.readiness} />
          <ProgressCard data={d.progress} />
          <ModesGrid modes={d.modes} learner={d.progress} />
          <RecommendationsCard
            items={d.recommendations.filter((r) => !step || !shownAsNextStep(step, r))}
            learner={d.progress}
          />
        </div>
        <div className={styles.side}>
          <StatisticsCard data={d.statistics} isNew={isNew} />
          <TestsCard exams={d.statistics.exams} rules={d.readiness} />
          <AchievementsCard items={d.achievements} />
          <BookmarksCard count={d.bookmarks.count} />
        </div>
      </div>
    </section>
  );
}

/** mf_dashboard: mounted at `/dashboard` (signed in; the shell guards it). */
export default function DashboardApp({ basename }: RemoteAppProps) {
  const base = basename.replace(/\/+$/, '') || '/dashboard';
  return (
    <Routes>
      <Route path={`${base}/*`}>
        <Route index element={<DashboardPage />} />
        <Route path="*" element={<Navigate to={base} replace />} />
      </Route>
    </Routes>
  );
}
