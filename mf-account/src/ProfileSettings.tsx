import type { SettingsPatch } from '@buergerfit/contract';
import {
  type Language,
  Link,
  THEME_CHOICES,
  type ThemeChoice,
  type User,
  useDocumentTitle,
  useLanguage,
  useNavigate,
  useSession,
  useTheme,
  writeStoredFederalState,
} from '@buergerfit/platform';
import { Badge, Button, buttonClass, Card, Field, Icon, type IconName, showToast } from '@buergerfit/ui';
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
import { FederalStateField, useInitialFederalState } from './FederalStateSelect';
import { LanguageField } from './LanguageField';
import { MemoryModelCard } from './MemoryModel';
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
      className={message.kind === 'status' ? styles.success : styles.alert}
      data-testid="settings-message"
    >
      <Icon name={message.kind === 'status' ? 'check' : 'alert'} />
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
      // Next to the Save button, and as a toast: seen whatever part of the page is in view.
      if (stateLocal) {
        setMessage({ where: 'profile', kind: 'alert', key: 'savedLocally' });
        showToast(t('settings.savedLocally'), { tone: 'info' });
      } else {
        setMessage({ where: 'profile', kind: 'status', key: 'saved' });
        showToast(t('settings.saved'));
      }
    },
    onError: (error) => {
      console.warn('[account] settings not saved', error);
      setMessage({ where: 'profile', kind: 'alert', key: 'saveFailed' });
      showToast(t('settings.saveFailed'), { tone: 'danger' });
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
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="settings-title">
      <Link to="/dashboard" className={`${buttonClass({ variant: 'ghost' })} ${styles.backLink}`}>
        <Icon name="arrowLeft" />
        {t('settings.back')}
      </Link>
      <h1 id="settings-title">{t('settings.title')}</h1>

      <Card icon="globe" title={<label htmlFor="settings-language-select">{t('settings.language')}</label>}>
        <p id="settings-language-hint" className={styles.hint}>
          {t('settings.languageHint')}
        </p>
        <div className={styles.stack}>
          <LanguageField
            id="settings-language-select"
            aria-describedby="settings-language-hint"
            onChanged={(l) => {
              setMessage(null);
              saveLanguage.mutate(l);
            }}
          />
          <div aria-live="polite">{message?.where === 'language' && <MessageText message={message} />}</div>
        </div>
      </Card>

      <ThemeSettings />

      <Card icon="user" title={t('settings.profile')}>
        <form className={styles.stack} onSubmit={submit} noValidate aria-busy={saveProfile.isPending}>
          <FederalStateField
            label={t('settings.state')}
            value={state}
            onChange={(v) => {
              setPicked(v);
              edited();
            }}
          />
          <Field label={t('settings.nickname')} hint={t('settings.nicknameHint')}>
            {(control) => (
              <input
                {...control}
                className={styles.input}
                value={nickname}
                maxLength={40}
                autoComplete="nickname"
                onChange={(e) => {
                  setNickname(e.target.value);
                  edited();
                }}
              />
            )}
          </Field>
          <Field label={t('settings.examDate')} hint={t('settings.examDateHint')}>
            {(control) => (
              <>
                <input
                  {...control}
                  aria-describedby={`${control['aria-describedby'] ?? ''} settings-exam-date-plan`.trim()}
                  className={styles.input}
                  type="date"
                  value={examDate}
                  onChange={(e) => {
                    setExamDate(e.target.value);
                    edited();
                  }}
                />
                <p id="settings-exam-date-plan" className={styles.hint}>
                  <Icon name="calendar" size={16} />
                  {t('settings.examDatePlan')}
                </p>
              </>
            )}
          </Field>
          <fieldset className={styles.choices} aria-describedby="settings-retention-hint">
            <legend>{t('settings.retention')}</legend>
            <p id="settings-retention-hint" className={styles.hint}>
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
          <div className={styles.saveRow}>
            <Button type="submit" size="lg" icon="check" disabled={saveProfile.isPending}>
              {saveProfile.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
            <div aria-live="polite" className={styles.saveStatus}>
              {message?.where === 'profile' && <MessageText message={message} />}
            </div>
          </div>
        </form>
      </Card>

      <MemoryModelCard />

      <Card
        icon="mail"
        className={styles.wrapTitle}
        title={
          <>
            {t('settings.notifications')} <Badge tone="warning">{t('settings.comingSoon')}</Badge>
          </>
        }
      >
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
            {t(`settings.${key}`)}
          </label>
        ))}
      </Card>

      <Card icon="lock" title={t('settings.account')}>
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
        <div className={styles.download}>
          <Button
            variant="secondary"
            aria-describedby="settings-download-hint"
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('settings.download')}
          </Button>
          <p id="settings-download-hint" className={styles.hint}>
            {t('settings.downloadHint')}
          </p>
          {download.isError && (
            <p role="alert" className={styles.errorText}>
              {t('settings.downloadFailed')}
            </p>
          )}
        </div>
      </Card>

      {/* The danger zone holds what cannot be undone and signing out (spec §2); downloading one's data is neither. */}
      <Card icon="alert" title={t('settings.danger')} className={styles.danger}>
        <div className={styles.stack}>
          <DeleteAccount
            onDeleted={() => {
              // Leave the protected page first; the session is cleared when this page unmounts (see above).
              deleted.current = true;
              navigate('/', { replace: true });
            }}
          />
          <div>
            <Button
              variant="secondary"
              icon="logout"
              onClick={() => {
                navigate('/');
                void logout();
              }}
            >
              {t('settings.logout')}
            </Button>
          </div>
        </div>
      </Card>
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
      <div>
        <button
          ref={opener}
          type="button"
          className={buttonClass({ variant: 'danger' })}
          onClick={() => setOpen(true)}
        >
          <Icon name="x" />
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
      <div className={styles.confirmActions}>
        <Button
          variant="dangerSolid"
          disabled={!understood || remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? t('settings.deleting') : t('settings.deleteConfirmButton')}
        </Button>
        <Button variant="secondary" disabled={remove.isPending} onClick={close}>
          {t('settings.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** Light, dark or the system's: a setting of this device, applied at once (nothing to save). */
function ThemeSettings() {
  const { t } = useTranslation('account');
  const { choice, setChoice } = useTheme();
  return (
    <Card
      icon={choice === 'dark' ? 'moon' : 'sun'}
      title={<span id="settings-theme">{t('settings.theme')}</span>}
    >
      <fieldset
        className={styles.choices}
        aria-labelledby="settings-theme"
        aria-describedby="settings-theme-hint"
      >
        <p id="settings-theme-hint" className={styles.hint}>
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
              <Icon name={THEME_ICONS[value]} size={18} />
              {t(`settings.themes.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}

const THEME_ICONS: Record<ThemeChoice, IconName> = { system: 'settings', light: 'sun', dark: 'moon' };
