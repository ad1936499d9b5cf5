import type { ExamAnswerPatch, ExamQuestion } from '@buergerfit/contract';
import { isApiError } from '@buergerfit/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { examApi } from './api';
import { readPendingAnswers, writePendingAnswers } from './storage';

export interface LocalAnswer {
  answer: number | null;
  unsure: boolean;
}

/** idle: nothing sent yet · saving · saved · retrying: a network/server error, sent again soon · failed: refused. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

/** Waits between retries of a failed save (the last one repeats). */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

const transient = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500 || [408, 429].includes(error.status);

export const isClosedError = (error: unknown) =>
  isApiError(error) &&
  error.status === 409 &&
  (error.code === 'deadline_passed' || error.code === 'attempt_finalized');

const differs = (patch: ExamAnswerPatch, q: ExamQuestion) =>
  (patch.answer !== undefined && patch.answer !== q.answer) ||
  (patch.unsure !== undefined && patch.unsure !== q.unsure);

/** The server's answers with the changes this browser kept but the server has not confirmed yet on top. */
function initialState(attemptId: string, questions: ExamQuestion[]) {
  const stored = readPendingAnswers(attemptId);
  const pending = new Map<number, ExamAnswerPatch>();
  const answers: Record<number, LocalAnswer> = {};
  for (const q of questions) {
    const patch = stored.get(q.position);
    const keep = patch && differs(patch, q) ? patch : undefined;
    if (keep) pending.set(q.position, keep);
    answers[q.position] = { answer: q.answer, unsure: q.unsure, ...keep } as LocalAnswer;
  }
  if (pending.size !== stored.size) writePendingAnswers(attemptId, pending);
  return { answers, pending };
}

/**
 * The learner's answers, applied locally at once and saved to the server one PUT at a time.
 * A failed save keeps the local choice and is retried (with back-off, and when the browser is back online);
 * a newer choice for the same question replaces the queued one. What is queued is also kept in localStorage
 * (per attempt), so a reload replays it; the server stays authoritative and may refuse it. While anything is
 * unsaved, leaving the page asks first. `onClosed` runs when the server says the attempt takes no more answers
 * (time is up or it was finalized elsewhere); the refused changes stay stored until the result drops them.
 */
export function useAnswerSync(attemptId: string, questions: ExamQuestion[], onClosed: () => void) {
  const [initial] = useState(() => initialState(attemptId, questions));
  const [answers, setAnswers] = useState<Record<number, LocalAnswer>>(initial.answers);
  /** The same answers, current between renders (two quick key presses must see each other). */
  const latest = useRef(answers);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const pending = useRef(initial.pending);
  const persist = useCallback(() => writePendingAnswers(attemptId, pending.current), [attemptId]);
  const running = useRef<Promise<void> | null>(null);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const closed = useRef(false);
  const mounted = useRef(true);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  const flush = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const run = (async () => {
      while (pending.current.size > 0 && !closed.current) {
        const [position, patch] = pending.current.entries().next().value as [number, ExamAnswerPatch];
        if (mounted.current) setStatus('saving');
        try {
          await examApi.save(attemptId, position, patch);
          failures.current = 0;
          // Only drop it if no newer choice for this question arrived while it was on its way.
          if (pending.current.get(position) === patch) {
            pending.current.delete(position);
            persist();
          }
        } catch (error) {
          if (isClosedError(error)) {
            closed.current = true;
            // Not persisted: the result page forgets them and tells the learner they did not count.
            pending.current.clear();
            onClosedRef.current();
            return;
          }
          if (transient(error)) {
            const delay = RETRY_DELAYS_MS[Math.min(failures.current, RETRY_DELAYS_MS.length - 1)];
            failures.current += 1;
            if (mounted.current) setStatus('retrying');
            timer.current = setTimeout(() => {
              timer.current = null;
              void flush();
            }, delay);
          } else {
            console.warn('[exam] answer refused', error);
            if (mounted.current) setStatus('failed');
          }
          return;
        }
      }
      if (mounted.current && !closed.current) setStatus('saved');
    })().finally(() => {
      running.current = null;
    });
    running.current = run;
    return run;
  }, [attemptId, persist]);

  const update = useCallback(
    (position: number, change: ExamAnswerPatch | ((current: LocalAnswer) => ExamAnswerPatch)) => {
      if (closed.current) return;
      const current = latest.current[position] ?? { answer: null, unsure: false };
      const patch = typeof change === 'function' ? change(current) : change;
      latest.current = { ...latest.current, [position]: { ...current, ...patch } as LocalAnswer };
      setAnswers(latest.current);
      pending.current.set(position, { ...pending.current.get(position), ...patch });
      persist();
      // While a request is on its way the running loop picks this up; while waiting to retry after an
      // error, the newer choice goes with the next try.
      if (!running.current && !timer.current) void flush();
    },
    [flush, persist],
  );

  /** Sends what is queued now; true when everything the learner chose is on the server. */
  const flushAll = useCallback(async (): Promise<boolean> => {
    failures.current = 0;
    await flush();
    // A save made while the last request was on its way starts a second round.
    if (pending.current.size > 0 && !timer.current && !closed.current) await flush();
    return pending.current.size === 0;
  }, [flush]);

  const retryNow = useCallback(() => {
    failures.current = 0;
    void flush();
  }, [flush]);

  useEffect(() => {
    mounted.current = true;
    const online = () => {
      if (pending.current.size > 0) retryNow();
    };
    // Unsaved choices survive a reload (localStorage), but closing the page while offline would strand them.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (pending.current.size === 0 || closed.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    // Changes kept from before a reload: send them now.
    if (pending.current.size > 0) retryNow();
    return () => {
      mounted.current = false;
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [retryNow]);

  return {
    answers,
    status,
    update,
    flushAll,
    retryNow,
    hasPending: () => pending.current.size > 0,
  };
}
