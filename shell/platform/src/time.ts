import { useSyncExternalStore } from 'react';

/**
 * The zone the app's days are counted in (streak, daily plan, test day) and the server renders in: the test is
 * taken in Germany.
 */
export const APP_TIME_ZONE = 'Europe/Berlin';

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || APP_TIME_ZONE;
  } catch {
    return APP_TIME_ZONE;
  }
}

const unchanging = () => () => {};

/**
 * The learner's time zone for showing a clock time: the device's. Europe/Berlin on the server and while a
 * server-rendered page hydrates (so the markup matches), the device's zone right after.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(unchanging, deviceTimeZone, () => APP_TIME_ZONE);
}

/** The calendar day of an instant in a zone, as a count of days (for differences between days). */
function dayIndex(at: Date, timeZone: string): number {
  const ymd = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return Math.round(Date.parse(`${ymd}T00:00:00Z`) / 86_400_000);
}

/**
 * When something is due, as the learner reads it in their language and time zone, seen from `now`: "today
 * 14:30" and "tomorrow 09:00" (the language's own words, from Intl), a weekday within the week ("Thursday
 * 09:00"), else a date ("5 March 09:00"); an instant at or before `now` is "now".
 */
export function formatWhen(
  at: Date | string | number,
  now: Date | string | number,
  language: string,
  timeZone: string,
): string {
  const when = new Date(at);
  const from = new Date(now);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (when.getTime() <= from.getTime()) return relative.format(0, 'second');
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(when);
  const days = dayIndex(when, timeZone) - dayIndex(from, timeZone);
  const day =
    days <= 1
      ? relative.format(days, 'day')
      : days < 7
        ? new Intl.DateTimeFormat(language, { weekday: 'long', timeZone }).format(when)
        : new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone }).format(when);
  return `${day} ${time}`;
}
