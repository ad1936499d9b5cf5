import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
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
  /**
   * What the tap does, kept when it comes before the page's scripts ran (see `ActionButton`); instead of `onClick`
   * on a button the server renders.
   */
  onAction?: () => void;
  children?: ReactNode;
}

/** A button of the design system: at least 44 px high, a visible focus ring, `type="button"` unless told. */
export function Button({
  variant,
  size,
  block,
  icon,
  iconEnd,
  onAction,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = [buttonClass({ variant, size, block }), className].filter(Boolean).join(' ');
  const content = (
    <>
      {icon && <Icon name={icon} />}
      {children}
      {iconEnd && <Icon name={iconEnd} />}
    </>
  );
  if (onAction)
    return (
      <ActionButton onAction={onAction} className={classes} {...rest}>
        {content}
      </ActionButton>
    );
  return (
    <button type={type} className={classes} {...rest}>
      {content}
    </button>
  );
}

export interface ActionButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'formAction'> {
  /** What the tap does. */
  onAction: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button whose tap counts even before the page's scripts ran: the submit button of a form whose action is a
 * function. On a page the server sent, React writes its form-replay script beside such a form, which holds a submit
 * made before hydration and replays it as the action once the form is hydrated. A button with `onClick` drops that
 * tap: a page that starts its scripts on the learner's first touch (shell/public/after-paint.js) starts them with
 * it, too late for its click. The form takes no room of its own (`display: contents`). Not inside another form.
 */
export function ActionButton({ onAction, children, ...rest }: ActionButtonProps) {
  return (
    <form className={c.actionForm} action={() => onAction()}>
      <button type="submit" {...rest}>
        {children}
      </button>
    </form>
  );
}
