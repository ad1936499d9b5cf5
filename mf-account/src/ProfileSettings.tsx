import type { SettingsPatch } from '@buergerfit/contract';
import {
  type Language,
  Link,
  THEME_CHOICES,
  type User,
  useDocumentTitle,
  useLanguage,
  useNavigate,
  useSession,
  useTheme,
  writeStoredFederalState,
} from '@buergerfit/platform';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_RETENTION,
  deleteAccount,
  examDateOf,
  fetchExport,
  nicknameValue,
  RETENTION_CHOICES,
  retentionOf,
  samePercent,
  saveFederalState,
  saveJsonFile,
  saveSettings,
} from './accountApi';
import { FederalStateSelect, useInitialFederalState } from './FederalStateSelect';
import { LanguageField } from './LanguageField';
import styles from './styles';

/** A save's outcome, shown next to the control that saved: the language select, or the profile's Save button. */
type Message = {
  where: 'language' | 'profile';
  kind: 'status' | 'alert';
  key: 'saved' | 'savedLocally' | 'saveFailed';
};

function MessageText({ message }: { message: Message }) {
  const { t } = useTranslation('account');
  return (
    <p
      role={message.kind}
      className={message.kind === 'status' ? styles.success : styles.error}
      data-testid="settings-message"
    >
      {t(`settings.${message.key}`)}
    </p>
  );
}

/**
 * The desired-retention choices: 80–95 % in steps of 5, plus the account's own value if it is none of them (set
 * elsewhere), so saving the other settings never changes it behind the learner's back.
 */
function retentionChoices(current: number): number[] {
  const choices: number[] = [...RETENTION_CHOICES];
  if (!choices.some((c) => samePercent(c, current))) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/** Account settings (spec §2 Profile settings) plus our danger zone: data export and real deletion. */
export function ProfileSettings() {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const { user, setUser, logout } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(t('settings.documentTitle'));
  const initialState = useInitialFederalState(user?.federalState);
  const [picked, setPicked] = useState<string | null>(null);
  const state = picked ?? initialState;
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [examDate, setExamDate] = useState(() => examDateOf(user));
  const [retention, setRetention] = useState(() => retentionOf(user));
  const [message, setMessage] = useState<Message | null>(null);
  const deleted = useRef(false);

  // After deleting the account: drop this user from the device once we have left the page (the session clears
  // what the device kept for them). Clearing the session right away would let the route guard (still on
  // /profile-settings, because the router applies navigations as a transition) send us to /login instead of /.
  useEffect(
    () => () => {
      if (deleted.current) setUser(null);
    },
    [setUser],
  );

  const saveLanguage = useMutation({
    mutationFn: (preferredLanguage: Language) => saveSettings({ preferredLanguage }),
    onSuccess: (saved) => {
      setUser(saved);
      setMessage({ where: 'language', kind: 'status', key: 'saved' });
    },
    onError: (error) => {
      console.warn('[account] preferred language not saved', error);
      setMessage({ where: 'language', kind: 'alert', key: 'saveFailed' });
    },
  });

  const saveProfile = useMutation({
    mutationFn: async (): Promise<{ latest: User | null; stateLocal: boolean }> => {
      let latest: User | null = null;
      let stateLocal = false;
      if (state && state !== user?.federalState) {
        writeStoredFederalState(state);
        try {
          latest = await saveFederalState(state);
        } catch (error) {
          console.warn('[account] federal state saved locally only', error);
          stateLocal = true;
        }
      }
      const patch: SettingsPatch = {};
      const nick = nicknameValue(nickname);
      if (nick !== (user?.nickname ?? null)) patch.nickname = nick;
      if (examDate !== examDateOf(user)) patch.examDate = examDate || null;
      if (!samePercent(retention, retentionOf(user))) patch.desiredRetention = retention;
      if (Object.keys(patch).length > 0) latest = await saveSettings(patch);
      return { latest, stateLocal };
    },
    onSuccess: ({ latest, stateLocal }) => {
      const base = latest ?? user;
      if (base) setUser(stateLocal ? { ...base, federalState: state } : base);
      setMessage(
        stateLocal
          ? { where: 'profile', kind: 'alert', key: 'savedLocally' }
          : { where: 'profile', kind: 'status', key: 'saved' },
      );
    },
    onError: (error) => {
      console.warn('[account] settings not saved', error);
      setMessage({ where: 'profile', kind: 'alert', key: 'saveFailed' });
    },
  });

  const download = useMutation({
    mutationFn: fetchExport,
    onSuccess: (data) => saveJsonFile(data),
    onError: (error) => console.warn('[account] export failed', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    saveProfile.mutate();
  };

  const edited = () => setMessage(null);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <Link to="/dashboard" className={styles.backLink}>
        ← {t('settings.back')}
      </Link>
      <h1 id="settings-title">{t('settings.title')}</h1>

      <section className={styles.card} aria-labelledby="settings-language">
        <h2 id="settings-language">
          <label htmlFor="settings-language-select">{t('settings.language')}</label>
        </h2>
        <div className={styles.form}>
          <LanguageField
            id="settings-language-select"
            describedBy="settings-language-hint"
            onChanged={(l) => {
              setMessage(null);
              saveLanguage.mutate(l);
            }}
          />
          <p id="settings-language-hint" className={styles.muted}>
            {t('settings.languageHint')}
          </p>
          <div aria-live="polite">{message?.where === 'language' && <MessageText message={message} />}</div>
        </div>
      </section>

      <ThemeSettings />

      <section className={styles.card} aria-labelledby="settings-profile">
        <h2 id="settings-profile">{t('settings.profile')}</h2>
        <form className={styles.form} onSubmit={submit} noValidate aria-busy={saveProfile.isPending}>
          <label htmlFor="settings-state-select">{t('settings.state')}</label>
          <FederalStateSelect
            id="settings-state-select"
            value={state}
            onChange={(v) => {
              setPicked(v);
              edited();
            }}
          />
          <label htmlFor="settings-nickname">{t('settings.nickname')}</label>
          <input
            id="settings-nickname"
            value={nickname}
            maxLength={40}
            autoComplete="nickname"
            aria-describedby="settings-nickname-hint"
            onChange={(e) => {
              setNickname(e.target.value);
              edited();
            }}
          />
          <p id="settings-nickname-hint" className={styles.muted}>
            {t('settings.nicknameHint')}
          </p>
          <label htmlFor="settings-exam-date">{t('settings.examDate')}</label>
          <input
            id="settings-exam-date"
            type="date"
            value={examDate}
            aria-describedby="settings-exam-date-hint settings-exam-date-plan"
            onChange={(e) => {
              setExamDate(e.target.value);
              edited();
            }}
          />
          <p id="settings-exam-date-hint" className={styles.muted}>
            {t('settings.examDateHint')}
          </p>
          <p id="settings-exam-date-plan" className={styles.muted}>
            {t('settings.examDatePlan')}
          </p>
          <fieldset className={styles.choices} aria-describedby="settings-retention-hint">
            <legend>{t('settings.retention')}</legend>
            <p id="settings-retention-hint" className={styles.muted}>
              {t('settings.retentionHint')}
            </p>
            <div className={styles.choiceRow}>
              {retentionChoices(retentionOf(user)).map((value) => (
                <label key={value} className={styles.choice}>
                  <input
                    type="radio"
                    name="desired-retention"
                    value={value}
                    checked={samePercent(value, retention)}
                    onChange={() => {
                      setRetention(value);
                      edited();
                    }}
                  />
                  {samePercent(value, DEFAULT_RETENTION)
                    ? t('settings.retentionDefault', { value: percent.format(value) })
                    : percent.format(value)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={saveProfile.isPending}>
              {saveProfile.isPending ? t('settings.saving') : t('settings.save')}
            </button>
            <div aria-live="polite" className={styles.saveStatus}>
              {message?.where === 'profile' && <MessageText message={message} />}
            </div>
          </div>
        </form>
      </section>

      <section className={styles.card} aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">
          {t('settings.notifications')} <span className={styles.badge}>{t('settings.comingSoon')}</span>
        </h2>
        {(
          [
            ['email', 'notifyEmail'],
            ['push', 'notifyPush'],
            ['weeklyReport', 'notifyWeekly'],
          ] as const
        ).map(([field, key]) => (
          <label key={key} className={styles.check}>
            <input
              type="checkbox"
              role="switch"
              checked={user?.notifications?.[field] ?? false}
              aria-checked={user?.notifications?.[field] ?? false}
              disabled
              readOnly
            />
            {t(`settings.${key}`)} <span className={styles.badge}>{t('settings.comingSoon')}</span>
          </label>
        ))}
      </section>

      <section className={styles.card} aria-labelledby="settings-account">
        <h2 id="settings-account">{t('settings.account')}</h2>
        <dl className={styles.info}>
          <dt>{t('settings.name')}</dt>
          <dd>{user?.name}</dd>
          <dt>{t('settings.email')}</dt>
          <dd>{user?.email ?? t('settings.noEmail')}</dd>
          <dt>{t('settings.provider')}</dt>
          <dd data-testid="settings-provider">
            {!user?.providers
              ? '…'
              : user.providers.length
                ? user.providers.map((p) => t(`settings.providers.${p}`, { defaultValue: p })).join(', ')
                : t('settings.providerUnknown')}
          </dd>
        </dl>
      </section>

      <section className={`${styles.card} ${styles.danger}`} aria-labelledby="settings-danger">
        <h2 id="settings-danger">{t('settings.danger')}</h2>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-describedby="settings-download-hint"
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('settings.download')}
          </button>
        </div>
        <p id="settings-download-hint" className={styles.muted}>
          {t('settings.downloadHint')}
        </p>
        {download.isError && (
          <p role="alert" className={styles.errorText}>
            {t('settings.downloadFailed')}
          </p>
        )}
        <DeleteAccount
          onDeleted={() => {
            // Leave the protected page first; the session is cleared when this page unmounts (see above).
            deleted.current = true;
            navigate('/', { replace: true });
          }}
        />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => {
              navigate('/');
              void logout();
            }}
          >
            {t('settings.logout')}
          </button>
        </div>
      </section>
    </section>
  );
}

/** "Delete account": a confirmation that says it cannot be undone and needs an explicit tick, then DELETE. */
function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: onDeleted,
    onError: (error) => console.warn('[account] delete failed', error),
  });

  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setUnderstood(false);
    remove.reset();
    setTimeout(() => opener.current?.focus(), 0);
  };

  if (!open) {
    return (
      <div className={styles.actions}>
        <button ref={opener} type="button" className={styles.dangerButton} onClick={() => setOpen(true)}>
          {t('settings.delete')}
        </button>
      </div>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-warning`}
      className={styles.confirm}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !remove.isPending) close();
      }}
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('settings.deleteTitle')}
      </h3>
      <p id={`${id}-warning`}>{t('settings.deleteWarning')}</p>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={understood}
          disabled={remove.isPending}
          onChange={(e) => setUnderstood(e.target.checked)}
        />
        {t('settings.deleteConfirmCheck')}
      </label>
      {remove.isError && (
        <p role="alert" className={styles.errorText}>
          {t('settings.deleteFailed')}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.dangerSolidButton}
          disabled={!understood || remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? t('settings.deleting') : t('settings.deleteConfirmButton')}
        </button>
        <button type="button" className={styles.secondaryButton} disabled={remove.isPending} onClick={close}>
          {t('settings.cancel')}
        </button>
      </div>
    </div>
  );
}

/** Light, dark or the system's: a setting of this device, applied at once (nothing to save). */
function ThemeSettings() {
  const { t } = useTranslation('account');
  const { choice, setChoice } = useTheme();
  return (
    <section className={styles.card} aria-labelledby="settings-theme">
      <fieldset className={`${styles.form} ${styles.choices}`} aria-describedby="settings-theme-hint">
        <legend>
          <h2 id="settings-theme">{t('settings.theme')}</h2>
        </legend>
        <p id="settings-theme-hint" className={styles.muted}>
          {t('settings.themeHint')}
        </p>
        <div className={styles.choiceRow}>
          {THEME_CHOICES.map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="theme"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              {t(`settings.themes.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
