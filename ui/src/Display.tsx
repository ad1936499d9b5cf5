import { type CSSProperties, type ElementType, type ReactNode, useId } from 'react';
import base from './base.module.css';
import c from './components.module.css';
import { Icon, type IconName } from './Icon';
import type { Tone } from './Progress';

export interface CardProps {
  /** The card's heading, at the level the page needs (default h2). */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  icon?: IconName;
  /** A highlighted card: the one next step of a screen. */
  tone?: 'default' | 'primary';
  /** The root element (a `section` with a title, else a `div`; `li` in lists). */
  as?: ElementType;
  className?: string;
  children?: ReactNode;
}

/** A surface that groups one thing: optional heading with an icon (naming the card's region), content. */
export function Card({
  title,
  headingLevel = 2,
  icon,
  tone = 'default',
  as,
  className,
  children,
}: CardProps) {
  const headingId = useId();
  const Root = as ?? (title ? 'section' : 'div');
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <Root
      className={[base.card, tone === 'primary' && c.cardPrimary, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      {title && (
        <Heading id={headingId} className={c.cardTitle}>
          {icon && <Icon name={icon} className={c.cardIcon} />}
          {title}
        </Heading>
      )}
      {children}
    </Root>
  );
}

/** A small label in a tone (status, counts, "new"). */
export function Badge({
  tone = 'neutral',
  icon,
  children,
}: {
  tone?: Tone;
  icon?: IconName;
  children: ReactNode;
}) {
  return (
    <span className={c.badge} data-tone={tone}>
      {icon && <Icon name={icon} size={14} />}
      {children}
    </span>
  );
}

/**
 * Which language a text is in, next to it: the code as a small tag ("DE", "HR") for the eye, the language's name
 * for screen readers (the code itself is hidden from them: "D E" says nothing).
 */
export function LanguageTag({ code, name }: { code: string; name: string }) {
  return (
    <span className={c.languageTag} title={name} data-lang={code}>
      <span aria-hidden="true">{code.toUpperCase()}</span>
      <span className={base.visuallyHidden}>{name}</span>
    </span>
  );
}

/** One figure with its label (and an optional line under it). */
export function Stat({
  label,
  value,
  hint,
  icon,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  icon?: IconName;
}) {
  return (
    <div className={c.stat}>
      <span className={c.statLabel}>
        {icon && <Icon name={icon} size={16} />}
        {label}
      </span>
      <span className={c.statValue}>{value}</span>
      {hint && <span className={c.statHint}>{hint}</span>}
    </div>
  );
}

/** Nothing here yet: an icon, what that means and what to do about it. */
export function EmptyState({
  icon = 'info',
  title,
  headingLevel = 2,
  children,
  action,
}: {
  icon?: IconName;
  title: ReactNode;
  headingLevel?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className={c.empty}>
      <span className={c.emptyIcon}>
        <Icon name={icon} size={28} />
      </span>
      <Heading className={c.emptyTitle}>{title}</Heading>
      {children && <div className={c.emptyText}>{children}</div>}
      {action && <div className={c.emptyAction}>{action}</div>}
    </div>
  );
}

/**
 * A placeholder with the final layout's size while data loads, so nothing shifts when it arrives. Decorative:
 * the loading state is announced by the caller (one `role="status"` for the screen).
 */
export function Skeleton({
  width = '100%',
  height = '1rem',
  lines = 1,
  radius,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  lines?: number;
  radius?: CSSProperties['borderRadius'];
}) {
  return (
    <span className={c.skeletonGroup} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
          key={i}
          className={c.skeleton}
          style={{ width: i === lines - 1 && lines > 1 ? '70%' : width, height, borderRadius: radius }}
        />
      ))}
    </span>
  );
}
