import { type ReactNode, useEffect, useId, useRef } from 'react';
import c from './components.module.css';
import { Icon } from './Icon';

export interface DialogProps {
  open: boolean;
  /** Called when the learner closes it: Escape, the close button, or a tap outside. */
  onClose: () => void;
  title: ReactNode;
  /** The close button's accessible name, in the learner's language. */
  closeLabel: string;
  children: ReactNode;
  /** Actions under the content (right-aligned; stacked on a phone). */
  footer?: ReactNode;
  /** `sheet`: slides up from the bottom edge on a phone, a centred dialog from 640 px. */
  variant?: 'dialog' | 'sheet';
  /** `wide` for pictures and long forms. */
  size?: 'md' | 'wide';
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the rest of the page inert, closes on
 * Escape and returns focus to the opener; this adds the title, a close button, a tap on the backdrop and the
 * open state as a prop.
 */
export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
  variant = 'dialog',
  size = 'md',
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** The open prop as of the last render: a close event while it is still true came from the browser. */
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom (unit tests) has no showModal: the open attribute shows it there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser closed it (Escape): tell the owner, whose state still says open.
    const closed = () => {
      if (openRef.current) onCloseRef.current();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, []);

  const classes = [c.dialog, variant === 'sheet' && c.sheet, size === 'wide' && c.wide, className]
    .filter(Boolean)
    .join(' ');
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the backdrop; the keyboard closes it with Escape
    <dialog
      ref={ref}
      className={classes}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className={c.dialogBody}>
          <div className={c.dialogHeader}>
            <h2 id={titleId} className={c.dialogTitle}>
              {title}
            </h2>
            <button type="button" className={c.iconButton} aria-label={closeLabel} onClick={onClose}>
              <Icon name="close" />
            </button>
          </div>
          <div className={c.dialogContent}>{children}</div>
          {footer && <div className={c.dialogFooter}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

/** A bottom sheet on a phone (filters, options), a dialog on a wide screen. */
export function Sheet(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="sheet" />;
}
