import type { Readiness, RecentMockTest, Statistics, WeekDay } from '@buergerfit/contract';
import { useLanguage } from '@buergerfit/platform';
import { Icon } from '@buergerfit/ui';
import { useTranslation } from 'react-i18next';
import styles from './styles';

/**
 * A day's name, capitalised: it stands alone (under a bar, on the week strip) or starts a line ("Ponedjeljak:
 * vježbali ste"), where Croatian writes "P U S Č P S N" and "Ponedjeljak" but Intl gives "p u s č p s n".
 */
const dayLabel = (date: string, language: string, weekday: 'narrow' | 'short' | 'long') => {
  const name = new Intl.DateTimeFormat(language, { weekday, timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
};

/**
 * This week, Monday to Sunday, beside the streak: a flame on each day with an answer, today ringed, the days to
 * come faint. Each day says the same in words for screen readers.
 */
export function WeekStrip({ days, today }: { days: WeekDay[]; today: string }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  return (
    <ol className={styles.week} aria-label={t('weekLabel')}>
      {days.map((d) => {
        const state = d.answered > 0 ? 'done' : d.date > today ? 'future' : 'open';
        return (
          <li key={d.date} data-state={state} data-today={d.date === today ? 'true' : undefined}>
            <span className={styles.weekDot} aria-hidden="true">
              {state === 'done' && <Icon name="flame" size={16} />}
            </span>
            <span className={styles.weekDay} aria-hidden="true">
              {dayLabel(d.date, language, 'narrow')}
            </span>
            <span className={styles.visuallyHidden}>
              {t(`weekDay.${state}`, { day: dayLabel(d.date, language, 'long') })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Answers per day of the current week (Monday to Sunday) as bars, with the same figures as a table for screen readers. */
export function WeeklyChart({ days, language }: { days: WeekDay[]; language: string }) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(1, ...days.map((d) => d.answered));
  const w = 280;
  const h = 120;
  const slot = w / days.length;
  const barW = slot * 0.6;
  const plot = h - 22;
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.figcaption}>{t('weeklyCaption')}</figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className={styles.chart} aria-hidden="true" focusable="false">
        {days.map((d, i) => {
          const x = i * slot + (slot - barW) / 2;
          const all = (d.answered / max) * plot;
          const right = (d.correct / max) * plot;
          return (
            <g key={d.date}>
              <rect x={x} y={plot - all} width={barW} height={all} className={styles.barWrong} rx={2} />
              <rect x={x} y={plot - right} width={barW} height={right} className={styles.barRight} rx={2} />
              <text x={x + barW / 2} y={h - 6} textAnchor="middle" className={styles.axis}>
                {dayLabel(d.date, language, 'short')}
              </text>
            </g>
          );
        })}
      </svg>
      <div className={styles.visuallyHidden}>
        <table>
          <caption>{t('weeklyCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('day')}</th>
              <th scope="col">{t('answered')}</th>
              <th scope="col">{t('correct')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{dayLabel(d.date, language, 'long')}</th>
                <td>{d.answered}</td>
                <td>{d.correct}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Questions of the pool by their last answer: one stacked bar, and a table for screen readers. */
export function DistributionChart({ distribution }: { distribution: Statistics['distribution'] }) {
  const { t } = useTranslation('dashboard');
  const parts = [
    ['correct', distribution.correct, styles.barRight],
    ['incorrect', distribution.incorrect, styles.barWrong],
    ['unanswered', distribution.unanswered, styles.barNone],
  ] as const;
  const total = Math.max(
    1,
    parts.reduce((s, [, n]) => s + n, 0),
  );
  let x = 0;
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.figcaption}>{t('distributionCaption')}</figcaption>
      <svg viewBox="0 0 280 24" className={styles.chart} aria-hidden="true" focusable="false">
        {parts.map(([key, n, cls]) => {
          const width = (n / total) * 280;
          const rect = <rect key={key} x={x} y={0} width={width} height={24} className={cls} />;
          x += width;
          return rect;
        })}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        {parts.map(([key, n, cls]) => (
          <li key={key}>
            <span className={`${styles.swatch} ${cls}`} /> {t(key)}: {n}
          </li>
        ))}
      </ul>
      <div className={styles.visuallyHidden}>
        <table>
          <caption>{t('distributionCaption')}</caption>
          <tbody>
            {parts.map(([key, n]) => (
              <tr key={key}>
                <th scope="row">{t(key)}</th>
                <td>{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const shortDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );
const longDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date(iso));

/** The test format the scores are drawn against, as the server sends it (`readiness`): 33 questions, 17 to pass. */
export type ExamRules = Pick<Readiness, 'questions' | 'passMark'>;

/**
 * Finished mock tests (the API lists them newest first) as a line from oldest to newest: the score out of 33 per
 * test, a dashed line at the pass mark, passed tests as filled dots and failed ones as rings (not colour alone).
 * Scales to the card's width (no sideways scrolling at 390 px); the same figures as a table for screen readers.
 */
export function ScoreTrendChart({
  tests,
  rules,
  language,
}: {
  tests: RecentMockTest[];
  rules: ExamRules;
  language: string;
}) {
  const { t } = useTranslation('dashboard');
  const { questions, passMark } = rules;
  const ordered = [...tests].reverse();
  const w = 300;
  const h = 150;
  const left = 24;
  const right = 10;
  const top = 8;
  const bottom = 22;
  const plotW = w - left - right;
  const plotH = h - top - bottom;
  const x = (i: number) => left + (ordered.length === 1 ? plotW / 2 : (i / (ordered.length - 1)) * plotW);
  // Height by share of correct answers, on the axis of a 33-question test.
  const yScore = (score: number) => top + (1 - score / questions) * plotH;
  const scaled = (r: RecentMockTest) => top + (1 - Math.min(1, r.correct / Math.max(1, r.total))) * plotH;
  const points = ordered.map((r, i) => `${x(i)},${scaled(r)}`).join(' ');
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  const caption = t('trendCaption', { passMark, questions });
  const best = tests.reduce<RecentMockTest | null>((b, r) => (b && b.correct >= r.correct ? b : r), null);
  const latest = tests[0];
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.figcaption}>{caption}</figcaption>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className={styles.chart}
        aria-hidden="true"
        focusable="false"
        data-testid="score-trend"
      >
        {[0, questions].map((v) => (
          <g key={v}>
            <line x1={left} x2={w - right} y1={yScore(v)} y2={yScore(v)} className={styles.gridLine} />
            <text x={left - 4} y={yScore(v) + 4} textAnchor="end" className={styles.axis}>
              {v}
            </text>
          </g>
        ))}
        <line
          x1={left}
          x2={w - right}
          y1={yScore(passMark)}
          y2={yScore(passMark)}
          className={styles.passLine}
        />
        <text x={left - 4} y={yScore(passMark) + 4} textAnchor="end" className={styles.axis}>
          {passMark}
        </text>
        {ordered.length > 1 && <polyline points={points} className={styles.trendLine} />}
        {ordered.map((r, i) => (
          <circle
            key={r.id}
            cx={x(i)}
            cy={scaled(r)}
            r={4}
            className={r.passed ? styles.pointPassed : styles.pointFailed}
            data-passed={r.passed}
          />
        ))}
        {first && (
          <text
            x={x(0)}
            y={h - 6}
            textAnchor={ordered.length === 1 ? 'middle' : 'start'}
            className={styles.axis}
          >
            {shortDate(first.finishedAt, language)}
          </text>
        )}
        {last && ordered.length > 1 && (
          <text x={x(ordered.length - 1)} y={h - 6} textAnchor="end" className={styles.axis}>
            {shortDate(last.finishedAt, language)}
          </text>
        )}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={`${styles.swatch} ${styles.swatchPassed}`} /> {t('testPassed')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchFailed}`} /> {t('testFailed')}
        </li>
        <li>
          <span className={styles.swatchPassLine} /> {t('trendPassMark', { passMark })}
        </li>
      </ul>
      {latest && best && (
        <p className={styles.trendSummary} data-testid="trend-summary">
          {t('trendSummary', {
            latest: t('scoreValue', { correct: latest.correct, total: latest.total }),
            result: latest.passed ? t('testPassed') : t('testFailed'),
            best: t('scoreValue', { correct: best.correct, total: best.total }),
          })}
        </p>
      )}
      <div className={styles.visuallyHidden}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('score')}</th>
              <th scope="col">{t('result')}</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((r) => (
              <tr key={r.id}>
                <th scope="row">{longDate(r.finishedAt, language)}</th>
                <td>{t('scoreValue', { correct: r.correct, total: r.total })}</td>
                <td>{r.passed ? t('testPassed') : t('testFailed')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
