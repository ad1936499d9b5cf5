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
import { Button, Field, Icon, ProgressBar } from '@buergerfit/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examDateOf, nicknameValue, saveFederalState, saveSettings } from './accountApi';
import { FederalStateField, useInitialFederalState } from './FederalStateSelect';
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

/** The onboarding's steps, in order: language, federal state (required), nickname and exam date (optional). */
const STEPS = ['language', 'state', 'about'] as const;
type Step = (typeof STEPS)[number];
const LAST = STEPS.length - 1;
const HEADINGS: Record<Step, string> = {
  language: 'welcome.stepLanguage',
  state: 'welcome.stepState',
  about: 'welcome.stepAbout',
};

/**
 * Onboarding (spec §2 Welcome) in three short steps: language (applies and is saved at once), federal state with
 * why it matters (required), then optional nickname and exam date; the last step saves — the state with the
 * spec's call, then language, nickname and exam date — and continues. "Skip for now" on every step.
 */
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
  const [examDate, setExamDate] = useState(() => examDateOf(user));
  const [missing, setMissing] = useState(false);
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A new step: its heading takes the focus (not on arrival), so a screen reader starts reading there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of step
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const goTo = (to: number) => {
    moved.current = true;
    setStep(Math.min(Math.max(to, 0), LAST));
  };

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
        saved = await saveSettings({
          preferredLanguage: language,
          ...(nick ? { nickname: nick } : {}),
          ...(examDate ? { examDate } : {}),
        });
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

  /** Next (Enter in a field does the same): the state step needs a state; the last step saves. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const current = STEPS[step];
    if (current !== 'language' && !state) {
      setMissing(true);
      if (current !== 'state') goTo(STEPS.indexOf('state'));
      return;
    }
    if (step < LAST) goTo(step + 1);
    else save.mutate(state);
  };

  const busy = save.isPending || skip.isPending;
  const result = save.data?.kind;
  const current = STEPS[step] ?? 'language';
  const stepText = t('welcome.stepOf', { step: step + 1, total: STEPS.length });

  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="welcome-title">
      <div className={styles.intro}>
        <h1 id="welcome-title">{t('welcome.title')}</h1>
        <p className={styles.lead}>{t('welcome.intro')}</p>
      </div>
      <div className={styles.steps}>
        <p className={styles.stepText} aria-hidden="true">
          {stepText}
        </p>
        <ProgressBar value={step + 1} max={STEPS.length} label={t('welcome.progress')} valueText={stepText} />
      </div>
      <form className={`${styles.card} ${styles.stack}`} onSubmit={submit} noValidate aria-busy={busy}>
        <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
          <span className={styles.visuallyHidden}>{stepText}: </span>
          {t(HEADINGS[current])}
        </h2>

        {current === 'language' && (
          <Field label={t('welcome.language')} hint={t('welcome.stepLanguageIntro')}>
            {(control) => <LanguageField {...control} onChanged={(l) => saveLanguage.mutate(l)} />}
          </Field>
        )}

        {current === 'state' && (
          <>
            <FederalStateField
              label={t('welcome.state')}
              value={state}
              error={missing ? t('welcome.stateRequired') : undefined}
              onChange={(v) => {
                setPicked(v);
                if (v) setMissing(false);
              }}
            />
            <div className={styles.why}>
              <Icon name="mapPin" className={styles.whyIcon} />
              <div>
                <h3>{t('welcome.stateWhyTitle')}</h3>
                <p>{t('welcome.stateWhy')}</p>
              </div>
            </div>
          </>
        )}

        {current === 'about' && (
          <>
            <p className={styles.muted}>{t('welcome.stepAboutIntro')}</p>
            <Field label={t('welcome.nickname')} hint={t('welcome.nicknameHint')}>
              {(control) => (
                <input
                  {...control}
                  className={styles.input}
                  value={nickname}
                  maxLength={40}
                  autoComplete="nickname"
                  onChange={(e) => setNickname(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('welcome.examDate')} hint={t('welcome.examDateHint')}>
              {(control) => (
                <input
                  {...control}
                  className={styles.input}
                  type="date"
                  value={examDate}
                  onChange={(e) => setExamDate(e.target.value)}
                />
              )}
            </Field>
          </>
        )}

        {result === 'local' && (
          <p role="status" className={styles.notice}>
            <Icon name="info" />
            {t('welcome.savedLocally')}
          </p>
        )}
        {result === 'settingsFailed' && (
          <p role="alert" className={styles.alert}>
            <Icon name="alert" />
            {t('welcome.settingsFailed')}
          </p>
        )}

        {result === 'local' || result === 'settingsFailed' ? (
          <Button size="lg" block iconEnd="arrowRight" onClick={() => navigate(next)}>
            {next === DEFAULT_REDIRECT ? t('welcome.continue') : t('welcome.continueOn')}
          </Button>
        ) : null}
        <div className={styles.stepActions}>
          {step > 0 && (
            <Button
              variant="secondary"
              size="lg"
              icon="arrowLeft"
              disabled={busy}
              onClick={() => goTo(step - 1)}
            >
              {t('welcome.back')}
            </Button>
          )}
          {step < LAST ? (
            <Button type="submit" size="lg" iconEnd="arrowRight" disabled={busy} className={styles.grow}>
              {t('welcome.next')}
            </Button>
          ) : (
            <Button
              type="submit"
              variant={result && result !== 'saved' ? 'secondary' : 'primary'}
              size="lg"
              disabled={busy}
              className={styles.grow}
            >
              {save.isPending ? t('welcome.saving') : t('welcome.save')}
            </Button>
          )}
        </div>
        {/* Skipping leaves the whole onboarding for later; once the state is chosen, the last step saves it. */}
        {step < LAST && (
          <Button variant="ghost" block disabled={busy} onClick={() => skip.mutate()}>
            {t('welcome.skip')}
          </Button>
        )}
      </form>
    </section>
  );
}
