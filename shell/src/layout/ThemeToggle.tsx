import { useTheme } from '@buergerfit/platform';
import { ActionButton } from '@buergerfit/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

/**
 * Light or dark, whatever the system says: pressed while the page is dark. The first press overrides the system
 * and is remembered on this device; "follow the system" again is in the settings.
 */
const Drawing = ({ className, children }: { className: string | undefined; children: ReactNode }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false" className={className}>
    {children}
  </svg>
);

export function ThemeToggle({ className = styles.themeToggle }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { theme, setChoice } = useTheme();
  const dark = theme === 'dark';
  // Both drawings, the page's theme shows one (CSS): the server's copy of this button, made before the learner's
  // theme is known, shows the right one too. The server's `aria-pressed` is set by the page's starter script.
  return (
    <ActionButton
      className={className}
      data-theme-toggle=""
      aria-pressed={dark}
      aria-label={t('header.darkTheme')}
      title={t('header.darkTheme')}
      onAction={() => setChoice(dark ? 'light' : 'dark')}
    >
      <Drawing className={styles.darkIcon}>
        <path
          fill="currentColor"
          d="M21 14.5A8.5 8.5 0 0 1 9.5 3a.6.6 0 0 0-.8-.7A10 10 0 1 0 21.7 15.3a.6.6 0 0 0-.7-.8Z"
        />
      </Drawing>
      <Drawing className={styles.lightIcon}>
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </Drawing>
    </ActionButton>
  );
}
