import { useEffect, useRef, useState } from 'react';

/** Minutes left at which the timer is announced to screen readers (not every second). */
export const ANNOUNCE_AT_MINUTES = [50, 40, 30, 20, 10, 5, 2, 1] as const;

/**
 * Counts the server's `timeLeftSeconds` down locally, once a second. The deadline is fixed when the
 * value arrives, so a re-sync from the server (a reload, a refetch) simply replaces it.
 * `onZero` runs once when it reaches zero. `announcement` changes only at the thresholds above.
 */
export function useCountdown(timeLeftSeconds: number | null, onZero: () => void) {
  const [deadline, setDeadline] = useState<number | null>(() =>
    timeLeftSeconds === null ? null : Date.now() + timeLeftSeconds * 1000,
  );
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const lastThreshold = useRef<number | null>(null);
  const fired = useRef(false);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;

  useEffect(() => {
    setDeadline(timeLeftSeconds === null ? null : Date.now() + timeLeftSeconds * 1000);
    setNow(Date.now());
    fired.current = false;
  }, [timeLeftSeconds]);

  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);

  const secondsLeft = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft === 0) {
      if (!fired.current) {
        fired.current = true;
        onZeroRef.current();
      }
      return;
    }
    // The highest threshold we are at or below; announce when it changes (not on the first reading).
    const minutes = secondsLeft / 60;
    const reached = [...ANNOUNCE_AT_MINUTES].reverse().find((m) => minutes <= m) ?? null;
    if (lastThreshold.current === null) {
      lastThreshold.current = reached ?? Number.POSITIVE_INFINITY;
      return;
    }
    if (reached !== null && reached < lastThreshold.current) {
      lastThreshold.current = reached;
      setAnnouncement(String(reached));
    }
  }, [secondsLeft]);

  return { secondsLeft, announcedMinutes: announcement ? Number(announcement) : null };
}

/** 3599 → "59:59"; 3600 → "60:00". */
export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
