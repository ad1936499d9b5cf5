import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * What a review of a card is used for in a fit: NO_ITEM (the card's first review, or one before the card was seen
 * on a second day: the optimizer learns nothing from, and rejects, a card seen on one day only), TRAIN (fitted on),
 * HELD_OUT (a spaced review the fits are compared on), FULL_ONLY (after the held-out cut but not spaced: only in
 * the fit on every review).
 */
export const NO_ITEM = 0;
export const TRAIN = 1;
export const HELD_OUT = 2;
export const FULL_ONLY = 3;
export type ReviewUse = typeof NO_ITEM | typeof TRAIN | typeof HELD_OUT | typeof FULL_ONLY;

/** One review of a card: [rating 1–4, whole days since the card's previous review (0 for the first), use]. */
export type CardReview = readonly [rating: number, deltaT: number, use: ReviewUse];

/**
 * What a fit gets: each card's reviews in time order. The fit makes one optimizer item per review that has a use
 * (the card's reviews up to it) and sorts them by use.
 */
export type FitRequest = {
  cards: CardReview[][];
  /** The weights the personal ones must beat on the held-out reviews. */
  standard: readonly number[];
  numRelearningSteps: number;
};

export type Evaluation = { logLoss: number; rmseBins: number };

export type FitResult = {
  /** Fitted on the TRAIN reviews only: what `heldOut.personal` measures. */
  trainParameters: number[];
  /** Fitted on every review with a use: what the learner gets if the personal model wins on the held-out ones. */
  parameters: number[];
  heldOut: { personal: Evaluation; standard: Evaluation };
};

export type Fit = (request: FitRequest, opts?: { signal?: AbortSignal }) => Promise<FitResult>;

/** A fit takes well under a second (see docs/decisions.md); one that runs this long is stopped. */
export const FIT_DEADLINE_MS = 60_000;

const RUNNER = fileURLToPath(new URL('./memory-fit-runner.mjs', import.meta.url));

/** The tail of what the fit process wrote to stderr (a native panic's message), bounded. */
const STDERR_KEPT = 2_000;

/**
 * Runs one fit in a child process (memory-fit-runner.mjs) and resolves with its answer. The optimizer is native
 * code that aborts its process on some inputs; here that rejects this promise and nothing else. The child gets no
 * environment of the server (no secrets), one optimizer thread, a lower CPU priority and a bounded heap, and is
 * killed after `deadlineMs` or when `signal` aborts.
 */
export function fitInChild(
  request: FitRequest,
  opts: { signal?: AbortSignal; deadlineMs?: number } = {},
): Promise<FitResult> {
  return new Promise<FitResult>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new Error('fit aborted'));
    const child = fork(RUNNER, [], {
      execArgv: ['--max-old-space-size=256'],
      env: { RAYON_NUM_THREADS: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here: the fit runs at the server's priority.
    }
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let settled = false;
    const finish = (err: Error | null, result?: FitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(result as FitResult);
    };
    const onAbort = () => finish(new Error('fit aborted'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const deadline = setTimeout(
      () => finish(new Error(`fit took longer than ${opts.deadlineMs ?? FIT_DEADLINE_MS} ms`)),
      opts.deadlineMs ?? FIT_DEADLINE_MS,
    );
    deadline.unref();
    child.on('message', (message: { ok: boolean; error?: string } & Partial<FitResult>) => {
      if (message.ok) finish(null, message as FitResult);
      else finish(new Error(`fit failed: ${message.error ?? 'unknown error'}`));
    });
    child.on('error', (err) => finish(err));
    child.on('close', (code, signal) => {
      // After the process ended and its pipes (the IPC channel too) closed: an answer has been read by now.
      const why = stderr.match(/panicked at [^\n]*\n([^\n]+)/)?.[1] ?? stderr.trim().split('\n').at(-1);
      finish(new Error(`fit process ended (${signal ?? `code ${code}`})${why ? `: ${why.trim()}` : ''}`));
    });
    child.send(request);
  });
}
