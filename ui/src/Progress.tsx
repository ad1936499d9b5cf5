import type { ReactNode } from 'react';
import c from './components.module.css';

export type Tone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

export interface ProgressBarProps {
  value: number;
  max?: number;
  /** The bar's accessible name ("Grundgesetz: 12 of 20 known"). */
  label: string;
  /** Read out instead of the percentage ("12 of 20"). */
  valueText?: string;
  tone?: Tone;
  /** `sm`: 6 px (lists of topics); `md`: 10 px. */
  size?: 'sm' | 'md';
}

/** A horizontal bar for a share of something done: an ARIA progressbar with its name and value. */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  tone = 'primary',
  size = 'md',
}: ProgressBarProps) {
  const share = max > 0 ? clamp(value, max) / max : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamp(value, max)}
      aria-valuetext={valueText}
      className={[c.bar, size === 'sm' && c.barSmall].filter(Boolean).join(' ')}
      data-tone={tone}
    >
      <span className={c.barFill} style={{ width: `${(share * 100).toFixed(1)}%` }} />
    </div>
  );
}

export interface ProgressRingProps {
  /** 0…max */
  value: number;
  max?: number;
  label: string;
  valueText?: string;
  /** What stands in the middle (a score, a percentage). */
  children?: ReactNode;
  /** Diameter in px. */
  size?: number;
  tone?: Tone;
}

/** A ring for a single figure that matters (an exam score, readiness): the value in the middle. */
export function ProgressRing({
  value,
  max = 100,
  label,
  valueText,
  children,
  size = 120,
  tone = 'primary',
}: ProgressRingProps) {
  const radius = 42;
  const length = 2 * Math.PI * radius;
  const share = max > 0 ? clamp(value, max) / max : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamp(value, max)}
      aria-valuetext={valueText}
      className={c.ring}
      data-tone={tone}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className={c.ringTrack} cx="50" cy="50" r={radius} />
        <circle
          className={c.ringFill}
          cx="50"
          cy="50"
          r={radius}
          strokeDasharray={length}
          strokeDashoffset={length * (1 - share)}
        />
      </svg>
      {children !== undefined && <span className={c.ringLabel}>{children}</span>}
    </div>
  );
}
