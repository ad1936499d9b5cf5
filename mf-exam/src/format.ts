import type { TFunction } from 'i18next';

/** Dates and times are shown as in Germany, where the test is taken (the dashboard does the same). */
export const EXAM_TIME_ZONE = 'Europe/Berlin';

/** "Nov 23, 2026, 3:41 PM" / "23.11.2026, 15:41" in the interface language, on Berlin's clock. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: EXAM_TIME_ZONE,
  }).format(date);
}

/**
 * How long a test took, in words: "less than a minute", "24 minutes", "2 hours 5 minutes" (a demo has no
 * time limit and may be left open), with the plural forms of the language.
 */
export function formatDuration(t: TFunction<'exam'>, seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 60) return t('duration.underMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = t('duration.hours', { count: hours });
  return rest === 0
    ? h
    : t('duration.hoursMinutes', { hours: h, minutes: t('duration.minutes', { count: rest }) });
}
