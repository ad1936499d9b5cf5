import type { ReactNode } from 'react';

type Classes = Readonly<Record<string, string>>;

/** What to try again: a failed query (refetched; the button waits while it runs), or any action. */
type Retry =
  | { query: { refetch: () => unknown; isFetching: boolean }; onRetry?: never; disabled?: never }
  | { query?: never; onRetry: () => void; disabled?: boolean };

/**
 * Something failed to load or save, and trying again may help: an alert with the message and a retry button.
 * `classes` are the remote's own (its `withBase(...)`), so its additions to `.error` and the buttons apply;
 * `children` come first (a heading, say).
 */
export function RetryAlert({
  classes,
  message,
  retry,
  query,
  onRetry = () => void query?.refetch(),
  primary = false,
  disabled = query?.isFetching,
  children,
}: Retry & {
  classes: Classes;
  message: ReactNode;
  /** The button's text. */
  retry: string;
  /** The button in the primary look (else the secondary one). */
  primary?: boolean;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className={classes.error}>
      {children}
      <p>{message}</p>
      <button
        type="button"
        className={primary ? classes.primaryButton : classes.secondaryButton}
        disabled={disabled}
        onClick={onRetry}
      >
        {retry}
      </button>
    </div>
  );
}
