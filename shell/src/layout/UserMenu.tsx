import type { User } from '@buergerfit/platform';
import { Link } from '@buergerfit/platform';
import { ActionButton, Icon } from '@buergerfit/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

export interface UserMenuProps {
  user: User;
  onLogout: () => void;
}

/** Toggles; choosing an item, clicking outside or Escape closes it. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const displayName = user.nickname || user.name;
  return (
    <div className={styles.userMenu} ref={root}>
      <ActionButton
        ref={button}
        className={styles.userButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${t('userMenu.open')}: ${displayName}`}
        onAction={() => setOpen((o) => !o)}
      >
        {/* The initial is drawn by CSS from data-initial, so the visible text is the name alone, which the button's
            name ("Account menu: Erika") contains (axe's label-content-name-mismatch). */}
        <span
          className={styles.avatar}
          aria-hidden="true"
          data-initial={displayName.slice(0, 1).toUpperCase()}
        />
        <span className={styles.userName}>{displayName}</span>
      </ActionButton>
      {open && (
        <div id={panelId} className={styles.userPanel}>
          <p className={styles.userPanelName}>{t('userMenu.signedInAs', { name: displayName })}</p>
          <p className={styles.userPanelEmail}>
            {user.email ? t('userMenu.email', { email: user.email }) : t('userMenu.noEmail')}
          </p>
          <ul>
            <li>
              <Link to="/dashboard" onClick={() => setOpen(false)}>
                <Icon name="chart" />
                {t('userMenu.dashboard')}
              </Link>
            </li>
            <li>
              <Link to="/profile-settings" onClick={() => setOpen(false)}>
                <Icon name="settings" />
                {t('userMenu.settings')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
              >
                <Icon name="logout" />
                {t('userMenu.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
