import {
  type Language,
  type User,
  useDocumentTitle,
  useLanguage,
  useNavigate,
  useSearchParams,
  useSession,
  writeStoredFederalState,
} from '@buergerfit/platform';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nicknameValue, saveFederalState, saveSettings } from './accountApi';
import { FederalStateSelect, useInitialFederalState } from './FederalStateSelect';
import { LanguageField } from './LanguageField';
import { DEFAULT_REDIRECT, safeRedirect } from './Login';
import styles from './styles';

/**
 * Where onboarding continues: the `?redirect=` the BFF carried from sign-in (the page the learner was going to),
 * if it is a same-site path (same rule as /login), else `/dashboard`. Never back to /welcome or /login.
 */
export function afterOnboarding(value: string | null): string {
  const target = safeRedirect(value);
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return /^\/(welcome|login|auth)(\/|$)/.test(path) ? DEFAULT_REDIRECT : target;
}

type SaveResult = { kind: 'saved'; user: User } | { kind: 'local' } | { kind: 'settingsFailed'; user: User };

/** Onboarding (spec §2 Welcome): language, optional nickname, federal state; save and continue, or skip. */
export function Welcome() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('welcome.documentTitle'));
  const { user, setUser } = useSession();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = afterOnboarding(params.get('redirect'));
  const initialState = useInitialFederalState(user?.federalState);
  const [picked, setPicked] = useState<string | null>(null);
  const state = picked ?? initialState;
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [missing, setMissing] = useState(false);

  // The language applies at once (LanguageField) and is saved as the account's preferred language.
  const saveLanguage = useMutation({
    mutationFn: (preferredLanguage: Language) => saveSettings({ preferredLanguage }),
    onSuccess: (saved) => setUser(saved),
    onError: (error) => console.warn('[account] preferred language not saved', error),
  });

  const save = useMutation({
    mutationFn: async (code: string): Promise<SaveResult> => {
      // The state is always cached on this device (spec §3); the server is the source of truth.
      writeStoredFederalState(code);
      let saved: User;
      try {
        saved = await saveFederalState(code);
      } catch (error) {
        console.warn('[account] federal state saved locally only', error);
        return { kind: 'local' };
      }
      try {
        const nick = nicknameValue(nickname);
        saved = await saveSettings({ preferredLanguage: language, ...(nick ? { nickname: nick } : {}) });
      } catch (error) {
        console.warn('[account] nickname/language not saved', error);
        return { kind: 'settingsFailed', user: saved };
      }
      return { kind: 'saved', user: saved };
    },
    onSuccess: (result, code) => {
      if (result.kind === 'local') {
        // Keep going on this device: the cached user carries the choice until the server has it.
        if (user) setUser({ ...user, federalState: code, onboarded: true });
        return;
      }
      setUser(result.user);
      if (result.kind === 'saved') navigate(next);
    },
  });

  const skip = useMutation({
    mutationFn: () => saveSettings({ onboarded: true }),
    onSuccess: (saved) => setUser(saved),
    onError: (error) => {
      // Skipping never blocks: the learner goes on, and is asked again on the next visit to /start.
      console.warn('[account] skip not saved', error);
      if (user) setUser({ ...user, onboarded: true });
    },
    onSettled: () => navigate(next),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!state) {
      setMissing(true);
      return;
    }
    save.mutate(state);
  };

  const busy = save.isPending || skip.isPending;
  const result = save.data?.kind;

  return (
    <section className={styles.page} aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t('welcome.title')}</h1>
      <p className={styles.lead}>{t('welcome.intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <label htmlFor="welcome-language">{t('welcome.language')}</label>
        <LanguageField id="welcome-language" onChanged={(l) => saveLanguage.mutate(l)} />

        <label htmlFor="welcome-nickname">{t('welcome.nickname')}</label>
        <input
          id="welcome-nickname"
          value={nickname}
          maxLength={40}
          autoComplete="nickname"
          onChange={(e) => setNickname(e.target.value)}
          aria-describedby="welcome-nickname-hint"
        />
        <p id="welcome-nickname-hint" className={styles.muted}>
          {t('welcome.nicknameHint')}
        </p>

        <label htmlFor="welcome-state">{t('welcome.state')}</label>
        <FederalStateSelect
          id="welcome-state"
          value={state}
          invalid={missing}
          describedBy={missing ? 'welcome-state-error' : undefined}
          onChange={(v) => {
            setPicked(v);
            if (v) setMissing(false);
          }}
        />
        {missing && (
          <p id="welcome-state-error" role="alert" className={styles.errorText}>
            {t('welcome.stateRequired')}
          </p>
        )}

        {result === 'local' && (
          <div role="status" className={styles.notice}>
            <p>{t('welcome.savedLocally')}</p>
          </div>
        )}
        {result === 'settingsFailed' && (
          <p role="alert" className={styles.errorText}>
            {t('welcome.settingsFailed')}
          </p>
        )}

        <div className={styles.actions}>
          {result === 'local' || result === 'settingsFailed' ? (
            <button type="button" className={styles.primaryButton} onClick={() => navigate(next)}>
              {next === DEFAULT_REDIRECT ? t('welcome.continue') : t('welcome.continueOn')}
            </button>
          ) : null}
          <button
            type="submit"
            className={result && result !== 'saved' ? styles.secondaryButton : styles.primaryButton}
            disabled={busy}
          >
            {save.isPending ? t('welcome.saving') : t('welcome.save')}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={busy}
            onClick={() => skip.mutate()}
          >
            {t('welcome.skip')}
          </button>
        </div>
      </form>
    </section>
  );
}
