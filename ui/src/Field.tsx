import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import c from './components.module.css';
import { Icon } from './Icon';

/** What a control inside a Field gets: its id, the ids of the hint and error, and whether it is invalid. */
/** A field's label, hint and error classes, for a control laid out by hand (a fieldset of choices). */
export const fieldClasses: Readonly<{ label: string; hint: string; error: string }> = {
  label: c.fieldLabel ?? '',
  hint: c.fieldHint ?? '',
  error: c.fieldError ?? '',
};

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the label that helps fill it in. */
  hint?: ReactNode;
  /** The error under the control (announced; the control is marked invalid). */
  error?: ReactNode;
  /** The control, given the props that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/** A labelled form field: label, optional hint, the control, and its error — wired for screen readers. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={[c.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={c.fieldLabel}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={c.fieldHint}>
          {hint}
        </p>
      )}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error && (
        <p id={errorId} role="alert" className={c.fieldError}>
          <Icon name="alert" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A native select in the design system's look: full width of its container and never wider (a long option is
 * cut with an ellipsis instead of widening the page), 44 px high, a chevron that follows the theme.
 */
export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <span className={[c.selectWrap, className].filter(Boolean).join(' ')}>
      <select className={c.select} {...rest} />
      <Icon name="chevronDown" size={18} className={c.selectChevron} />
    </span>
  );
}
