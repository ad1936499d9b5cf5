import type { ReactNode } from 'react';

type Classes = Readonly<Record<string, string>>;

/**
 * Something failed to load or save, and trying again may help: an alert with the message and a retry button.
 * `classes` are the remote's own (its `withBase(...)`), so its additions to `.error` and the buttons apply;
 * `children` come first (a heading, say).
 */
export function RetryAlert({
  classes,
  message,
  retry,
  onRetry,
  primary = false,
  disabled,
  children,
}: {
  classes: Classes;
  message: ReactNode;
  /** The button's text. */
  retry: string;
  onRetry: () => void;
  /** The button in the primary look (else the secondary one). */
  primary?: boolean;
  disabled?: boolean;
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
