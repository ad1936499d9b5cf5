import type {
  Achievement,
  Dashboard,
  DashboardMode,
  Readiness,
  Recommendation,
  Statistics,
  StudyPlan,
} from '@buergerfit/contract';
import { dashboard } from '@buergerfit/locales';
import {
  api,
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
} from '@buergerfit/platform';
import { RetryAlert } from '@buergerfit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DistributionChart, type ExamRules, ScoreTrendChart, WeeklyChart } from './charts';
import { type Learner, modeTarget, recommendationTarget, routes } from './routes';
import styles from './styles';

registerNamespace('dashboard', dashboard);

/** The learner's dashboard in one language: keyed by their id, so another learner never gets it from the cache. */
const dashboardKey = (userId: string | null, language: string) => ['dashboard', userId, language] as const;

const percent = (language: string, x: number) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(x);
const number1 = (language: string, x: number) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(x);
const formatDay = (language: string, day: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
const formatInstant = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date(iso));

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={`dash-${id}`}>
      <h2 id={`dash-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

function StreakCard({ data }: { data: Dashboard['streak'] }) {
  const { t } = useTranslation('dashboard');
  const note = data.activeToday ? 'streakActive' : data.current > 0 ? 'streakPending' : 'streakNone';
  return (
    <section className={`${styles.card} ${styles.streak}`} aria-labelledby="dash-streak">
      <h2 id="dash-streak" className={styles.visuallyHidden}>
        {t('streak')}
      </h2>
      <p className={styles.bigNumber} data-testid="streak">
        <strong>{data.current}</strong> <span>{t('streakDays', { count: data.current })}</span>
      </p>
      <p className={styles.muted}>{t(note)}</p>
    </section>
  );
}

/** "Based on 120 answers to 80 questions and 2 mock tests", each count with its own plural form. */
function basisText(t: ReturnType<typeof useTranslation>['t'], evidence: Readiness['evidence']): string {
  const answers = t('basisAnswers', { count: evidence.answers });
  const questions = t('basisQuestions', { count: evidence.questions });
  if (evidence.mocks === 0) return t('readinessBasisNoMocks', { answers, questions });
  return t('readinessBasis', { answers, questions, mocks: t('basisMocks', { count: evidence.mocks }) });
}

const CONFIDENCE_CLASS: Record<Readiness['confidence'], string | undefined> = {
  low: styles.toneDanger,
  medium: styles.toneWarning,
  high: styles.toneSuccess,
};

/**
 * The predicted score with its 10–90 % band and pass chance, how sure the prediction is and what it rests on. The
 * prediction already includes the answers of the mock tests, so the last mock is shown as part of its basis, not
 * as a second figure to compare it with.
 */
function ReadinessCard({ data }: { data: Readiness }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const last = data.lastMock;
  // With nothing answered there is nothing to predict from: say so instead of showing the prior's numbers.
  if (data.evidence.answers === 0 && data.evidence.mocks === 0) {
    return (
      <Card id="readiness" title={t('readiness')}>
        <p data-testid="readiness-none">{t('readinessBasisNone')}</p>
        <p className={styles.links}>
          <Link to={routes.learn}>{t('readinessStartLearning')}</Link>
          <Link to={routes.exam}>{t('readinessTakeMock')}</Link>
        </p>
      </Card>
    );
  }
  return (
    <Card id="readiness" title={t('readiness')}>
      <p className={styles.bigNumber}>
        <strong>{number1(language, data.expected)}</strong>{' '}
        <span>{t('readinessOf', { questions: data.questions })}</span>
      </p>
      <p>{t('readinessBand', { low: data.low, high: data.high })}</p>
      <p>
        {t('readinessChance', { passMark: data.passMark })}{' '}
        <strong>{percent(language, data.passChance)}</strong>
      </p>
      <p data-testid="readiness-confidence" data-confidence={data.confidence}>
        <span className={`${styles.badge} ${CONFIDENCE_CLASS[data.confidence]}`}>
          {t(`confidenceBadge.${data.confidence}`)}
        </span>{' '}
        {t(`confidenceText.${data.confidence}`)}
      </p>
      <p className={styles.muted}>{basisText(t, data.evidence)}</p>
      {last && (
        <p className={styles.muted}>
          {t('readinessLastMock', {
            date: formatInstant(language, last.finishedAt),
            correct: last.correct,
            total: last.total,
          })}
        </p>
      )}
      <details>
        <summary>{t('readinessHowTitle')}</summary>
        <p className={styles.muted}>{t('readinessHow')}</p>
      </details>
    </Card>
  );
}

function PlanCard({ plan }: { plan: StudyPlan }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const date = formatDay(language, plan.examDate);
  if (plan.daysLeft < 0) {
    return (
      <Card id="plan" title={t('plan')}>
        <p>{t('planPast', { date })}</p>
      </Card>
    );
  }
  return (
    <Card id="plan" title={t('plan')}>
      <p className={styles.countdown}>
        {plan.daysLeft === 0 ? t('planToday') : t('planCountdown', { count: plan.daysLeft, date })}
      </p>
      <ul className={styles.stats}>
        <li>
          <strong>{plan.newPerDay}</strong> {t('planNew', { count: plan.newPerDay })}
        </li>
        <li>
          <strong>{plan.dueToday}</strong> {t('planDue', { count: plan.dueToday })}
        </li>
        <li>
          <strong>{plan.answeredToday}</strong> {t('planDone')}
        </li>
      </ul>
    </Card>
  );
}

function ProgressCard({ data }: { data: Dashboard['progress'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card id="progress" title={t('progress')}>
      <p>{t('progressSummary', { seen: data.seen, mastered: data.mastered, total: data.total })}</p>
      <ul className={styles.bars}>
        {data.topics.map((topic) => (
          <li key={topic.id}>
            <span className={styles.barLabel}>
              {t('topicLine', {
                name: topic.name,
                mastered: topic.mastered,
                seen: topic.seen,
                total: topic.total,
              })}
            </span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.fillSeen} style={{ width: `${(topic.seen / topic.total) * 100}%` }} />
              <span
                className={styles.fillMastered}
                style={{ width: `${(topic.mastered / topic.total) * 100}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
      {!data.state.code && (
        <p className={styles.muted}>
          <Link to={routes.settings}>{t('chooseStateHint')}</Link>
        </p>
      )}
    </Card>
  );
}

function StatisticsCard({ data }: { data: Statistics }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  return (
    <Card id="statistics" title={t('statistics')}>
      <ul className={styles.stats} data-testid="counts">
        <li>
          <strong>{data.answered}</strong> {t('answered')}
        </li>
        <li>
          <strong>{data.correct}</strong> {t('correct')}
        </li>
        <li>
          <strong>{data.incorrect}</strong> {t('incorrect')}
        </li>
        <li>
          <strong>{data.accuracy === null ? '–' : percent(language, data.accuracy)}</strong> {t('accuracy')}
        </li>
      </ul>
      <h3>{t('weekly')}</h3>
      <WeeklyChart days={data.weekly.days} language={language} />
      <h3>{t('distribution')}</h3>
      <DistributionChart distribution={data.distribution} />
      <h3>{t('mostMissed')}</h3>
      {data.mostMissed.length === 0 ? (
        <p className={styles.muted}>{t('mostMissedNone')}</p>
      ) : (
        <ol className={styles.plainList}>
          {data.mostMissed.map((m) => (
            <li key={m.id}>
              <Link to={routes.topic(m.id)}>{m.name}</Link>:{' '}
              {t('mostMissedLine', { count: m.incorrect, accuracy: percent(language, m.accuracy) })}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** How many finished mock tests the list under the trend shows (the chart shows all the API sends, up to 20). */
const LATEST_TESTS = 5;

/** Finished mock tests: average, the score trend (oldest → newest) and the latest ones, each linking to its review. */
function TestsCard({ exams, rules }: { exams: Statistics['exams']; rules: ExamRules }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  if (exams.recent.length === 0 || exams.averageCorrect === null || exams.averageScore === null) {
    return (
      <Card id="tests" title={t('tests')}>
        <p className={styles.muted}>{t('testsNone')}</p>
        <Link to={routes.exam}>{t('testsStart')}</Link>
      </Card>
    );
  }
  return (
    <Card id="tests" title={t('tests')}>
      <p>
        {t('averageScoreValue', {
          average: number1(language, exams.averageCorrect),
          percent: percent(language, exams.averageScore),
          count: exams.taken,
        })}
      </p>
      <h3>{t('trend')}</h3>
      <ScoreTrendChart tests={exams.recent} rules={rules} language={language} />
      <h3>{t('recentTests')}</h3>
      <ul className={styles.testList}>
        {exams.recent.slice(0, LATEST_TESTS).map((r) => (
          <li key={r.id}>
            <Link to={routes.examResult(r.id)}>
              {t('testLine', {
                date: formatInstant(language, r.finishedAt),
                correct: r.correct,
                total: r.total,
                result: r.passed ? t('testPassed') : t('testFailed'),
              })}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={routes.examHistory}>{t('testsAll')}</Link>
      </p>
    </Card>
  );
}

function ModesGrid({ modes, learner }: { modes: DashboardMode[]; learner: Learner }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="dash-modes">
      <h2 id="dash-modes">{t('modes')}</h2>
      <ul className={styles.grid}>
        {modes.map((m) => {
          const target = modeTarget(m, learner);
          return (
            <li key={m.id}>
              {target ? (
                <Link to={target} onClick={() => trackConversion('mf_dashboard', 'mode_opened')}>
                  <span>{t(`mode.${m.id}`)}</span>
                  {m.count ? <span className={styles.badge}>{t('dueCount', { count: m.count })}</span> : null}
                </Link>
              ) : (
                <span className={styles.tileDisabled} aria-disabled="true">
                  <span>{t(`mode.${m.id}`)}</span>
                  <span className={styles.badge}>{t('comingSoon')}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
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
    <Card id="recommendations" title={t('recommendations')}>
      {items.length === 0 ? (
        <p className={styles.muted}>{t('recommendationsNone')}</p>
      ) : (
        <ul className={styles.recs}>
          {items.map((r) => {
            const params = {
              topic: r.params.topic ?? '',
              count: r.params.count ?? 0,
              accuracy: r.params.accuracy === undefined ? '' : percent(language, r.params.accuracy),
            };
            const title = t(`rec.${r.kind}.title`, params);
            return (
              <li key={r.id} className={styles.rec} data-recommendation={r.id}>
                <div>
                  <span className={styles.category}>{t(`category.${r.category}`)}</span>
                  <h3>{title}</h3>
                  <p>{t(`rec.${r.kind}.body`, params)}</p>
                  <Link to={recommendationTarget(r, learner)}>{t(`rec.${r.kind}.action`)}</Link>
                </div>
                <button
                  type="button"
                  className={styles.secondaryButton}
                  aria-label={t('dismissLabel', { title })}
                  disabled={dismiss.isPending && dismiss.variables === r.id}
                  onClick={() => dismiss.mutate(r.id)}
                >
                  {t('dismiss')}
                </button>
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

function AchievementsCard({ items }: { items: Achievement[] }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  return (
    <Card id="achievements" title={t('achievements')}>
      <ul className={styles.achievements}>
        {items.map((a) => (
          <li key={a.code} className={a.earned ? styles.earned : styles.locked} data-achievement={a.code}>
            <strong>{t(`badge.${a.code}.title`)}</strong>
            <span>{t(`badge.${a.code}.description`)}</span>
            <span className={styles.muted}>
              {a.earned && a.earnedAt
                ? t('earnedOn', { date: formatInstant(language, a.earnedAt) })
                : t('notEarned', { current: a.progress.current, target: a.progress.target })}
            </span>
          </li>
        ))}
      </ul>
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
    <>
      <p className={styles.lead}>{name ? t(key, { name }) : t(`${key}Anonymous`)}</p>
      {isNew && <p className={styles.muted}>{t('welcomeNewHint')}</p>}
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

  if (query.isPending) {
    return (
      <section className={styles.page}>
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.page} aria-labelledby="dashboard-error">
        <RetryAlert classes={styles} message={t('errorMessage')} retry={t('retry')} query={query} primary>
          <h1 id="dashboard-error">{t('errorTitle')}</h1>
        </RetryAlert>
      </section>
    );
  }
  const d = query.data;
  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('title')}</h1>
      <Greeting isNew={d.statistics.answered === 0 && d.statistics.exams.taken === 0} />
      <div className={styles.columns}>
        <StreakCard data={d.streak} />
        <ReadinessCard data={d.readiness} />
        {d.plan && <PlanCard plan={d.plan} />}
        <TestsCard exams={d.statistics.exams} rules={d.readiness} />
        <ProgressCard data={d.progress} />
      </div>
      <ModesGrid modes={d.modes} learner={d.progress} />
      <div className={styles.columns}>
        <RecommendationsCard items={d.recommendations} learner={d.progress} />
        <Card id="bookmarks" title={t('bookmarks')}>
          <p>
            <strong>{d.bookmarks.count}</strong> {t('bookmarksCount', { count: d.bookmarks.count })}
          </p>
          <Link to={routes.bookmarks}>{t('bookmarksOpen')}</Link>
        </Card>
        <StatisticsCard data={d.statistics} />
        <AchievementsCard items={d.achievements} />
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
