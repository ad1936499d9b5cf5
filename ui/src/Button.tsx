import type { ButtonHTMLAttributes, ReactNode } from 'react';
import base from './base.module.css';
import c from './components.module.css';
import { Icon, type IconName } from './Icon';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'dangerSolid' | 'ghost';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** `lg`: 52 px high, for the one main action of a screen. */
  size?: 'md' | 'lg';
  /** Full width (on a phone, the main action under the content). */
  block?: boolean;
}

const VARIANT: Record<ButtonVariant, string | undefined> = {
  primary: base.primaryButton,
  secondary: base.secondaryButton,
  danger: base.dangerButton,
  dangerSolid: base.dangerSolidButton,
  ghost: base.ghostButton,
};

/** The class names of a button look, for links that act as buttons (`<Link className={buttonClass()}>`). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}): string {
  return [VARIANT[variant], size === 'lg' && c.large, block && c.block].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** An icon before the text. */
  icon?: IconName;
  /** An icon after the text (a "next" arrow). */
  iconEnd?: IconName;
  children?: ReactNode;
}

/** A button of the design system: at least 44 px high, a visible focus ring, `type="button"` unless told. */
export function Button({
  variant,
  size,
  block,
  icon,
  iconEnd,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = [buttonClass({ variant, size, block }), className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon && <Icon name={icon} />}
      {children}
      {iconEnd && <Icon name={iconEnd} />}
    </button>
  );
}
