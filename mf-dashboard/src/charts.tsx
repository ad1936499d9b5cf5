import { useTranslation } from 'react-i18next';
import styles from './dashboard.module.css';
import type { Statistics, WeekDay } from './types';

const dayLabel = (date: string, language: string, weekday: 'short' | 'long') =>
  new Intl.DateTimeFormat(language, { weekday, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

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
