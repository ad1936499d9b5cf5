import type { ReactNode } from 'react';
import { Celebration } from './Celebration';
import type { CelebrationTexts, NextAction } from './celebrationTexts';

/**
 * A win's celebration from its texts (`celebrationTexts`): the card with the next step, whose one action (if any)
 * the remote renders as its own link.
 */
export function WinCelebration({
  texts,
  action,
  dismissLabel,
  onDismiss,
  onShown,
}: {
  texts: CelebrationTexts;
  /** The next step's link, or null to say the next step in words only. */
  action: (next: NextAction) => ReactNode;
  dismissLabel: string;
  onDismiss: () => void;
  onShown?: () => void;
}) {
  const next = texts.next;
  return (
    <Celebration
      icon={texts.icon}
      tone={texts.tone}
      title={texts.title}
      also={texts.also}
      next={
        next && { label: next.label, text: next.text, action: next.action ? action(next.action) : undefined }
      }
      announcement={texts.announcement}
      dismissLabel={dismissLabel}
      onDismiss={onDismiss}
      onShown={onShown}
    >
      {texts.message}
    </Celebration>
  );
}
