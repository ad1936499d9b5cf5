/**
 * @buergerfit/ui: the look of every screen — design tokens (./tokens.css, loaded once by the shell), the shared
 * base classes (`withBase`) and the components. One copy in the browser: a federation singleton like the
 * platform, provided by the shell (shell/platform/src/federation.ts). A question's texts and its report dialog are
 * the `@buergerfit/ui/question` entry (./question.ts), bundled into the remotes that show questions.
 */
import base from './base.module.css';

export {
  ActionButton,
  type ActionButtonProps,
  Button,
  type ButtonLook,
  type ButtonProps,
  type ButtonVariant,
  buttonClass,
} from './Button';
export { Dialog, type DialogProps, Sheet } from './Dialog';
export { Badge, Card, type CardProps, EmptyState, LanguageTag, Skeleton, Stat } from './Display';
export { Field, type FieldControlProps, type FieldProps, fieldClasses, Select } from './Field';
export { ICON_NAMES, Icon, type IconName, type IconProps } from './Icon';
export {
  ProgressBar,
  type ProgressBarProps,
  ProgressRing,
  type ProgressRingProps,
  type Tone,
} from './Progress';
export { RetryAlert } from './RetryAlert';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export { dismissToast, showToast, Toaster } from './Toast';

type Classes = Readonly<Record<string, string>>;

/**
 * A remote's class names over the shared base (`styles.card`, `styles.primaryButton`, … and its own): where both
 * modules name a class, the element gets both, so a remote's `.card h2` or `.answers button` adds to the base rule
 * (its own CSS comes later and wins a tie). Use it once, in the remote's `src/styles.ts`.
 */
export function withBase(own: Classes): Classes {
  const merged: Record<string, string> = { ...base, ...own };
  for (const [name, local] of Object.entries(own)) {
    const shared = base[name];
    if (shared && shared !== local) merged[name] = `${shared} ${local}`;
  }
  return merged;
}
