import type { ExamKind } from '@buergerfit/contract';
import { Link, readStoredFederalState, useLanguage, useSession } from '@buergerfit/platform';
import { Button, Card, Field, Icon, type IconName, RetryAlert, Select } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { examApi } from './api';
import { EXAM_FROM_STATE, EXAM_GENERAL, EXAM_PASS_MARK, EXAM_QUESTIONS, MOCK_MINUTES } from './rules';
import styles from './styles';

/** Where a learner without a federal state is placed (the BFF's default too). */
export const DEFAULT_STATE = 'BE';

export type StateSource = 'profile' | 'stored' | 'default';

/** The preselected state: the profile's, else the choice this browser keeps, else Berlin — and where it came from. */
export function defaultState(
  userState: string | null | undefined,
  codes: readonly string[] | undefined,
  stored: string | null = readStoredFederalState(codes),
): { code: string; source: StateSource } {
  if (userState && (!codes || codes.includes(userState))) return { code: userState, source: 'profile' };
  if (stored) return { code: stored, source: 'stored' };
  return { code: DEFAULT_STATE, source: 'default' };
}

const noSubscription = () => () => {};

/**
 * The state this browser keeps, which the server cannot see: none while a page the server made is hydrated (so the
 * first render is the server's, and nothing the learner did on it before the scripts ran is thrown away with a
 * mismatch), the kept one right after.
 */
function useStoredState(codes: readonly string[] | undefined): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => readStoredFederalState(codes),
    () => null,
  );
}

export interface StartScreenProps {
  kind: ExamKind;
  starting: boolean;
  error: string | null;
  /** `chosen`: the learner picked the state here (not the preselected one they left as it was). */
  onStart: (state: string, chosen: boolean) => void;
}

export function StartScreen({ kind, starting, error, onStart }: StartScreenProps) {
  const { t } = useTranslation('exam');
  const { user } = useSession();
  const { language } = useLanguage();
  const id = useId();
  const states = useQuery({ queryKey: ['federal-states', language], queryFn: examApi.states });
  const codes = states.data?.map((s) => s.code);
  const preset = defaultState(user?.federalState, codes, useStoredState(codes));
  // What the server's page preselected: it knows the profile, not what this browser keeps.
  const serverPreset = preset.source === 'profile' ? preset.code : DEFAULT_STATE;
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? preset.code;
  const nameOf = (code: string) => states.data?.find((s) => s.code === code)?.name ?? code;
  const form = useRef<HTMLFormElement>(null);

  // React resets the form after its action has run (form.reset()), and a reset puts a <select> back on its default
  // option: React keeps `value` but not the option's `selected` attribute in step. So the chosen state is made the
  // default too, and the select still shows it after a start that failed (and submits it again).
  useLayoutEffect(() => {
    const select = form.current?.elements.namedItem('state');
    if (!(select instanceof HTMLSelectElement) || !states.data) return;
    for (const option of select.options) {
      const isDefault = option.value === chosen;
      if (option.defaultSelected !== isDefault) option.defaultSelected = isDefault;
    }
  }, [chosen, states.data]);

  // Taps on Start made before hydration are replayed together, each with the action of that moment (before
  // "Starting…"): one start is handed on until the page has taken it (`starting`) and let it go again (it failed).
  const handedOn = useRef(false);
  useEffect(() => {
    if (!starting) handedOn.current = false;
  }, [starting]);

  /**
   * The form's action: also what React replays, once the page is hydrated, for a tap on Start made before (its
   * FormData then holds the state shown at the tap, which the learner may have changed before the scripts ran).
   * A select left as the server made it is no choice: the start takes the state the page presets now (a guest's
   * kept state, which the server could not show). Done at once, as the submit was before: "Starting…" (and the
   * disabled button) show before another tap.
   */
  const startAction = (data: FormData) => {
    if (handedOn.current) return;
    handedOn.current = true;
    const value = data.get('state');
    const submitted = typeof value === 'string' && value !== '' ? value : null;
    const unchanged = picked === null && (submitted === null || submitted === serverPreset);
    // Read now, not from this render: a replayed tap comes before the render that shows the kept state.
    const state = unchanged ? defaultState(user?.federalState, codes).code : (submitted ?? chosen);
    flushSync(() => {
      if (!unchanged && state !== chosen) setPicked(state);
      onStart(state, !unchanged && (picked !== null || state !== preset.code));
    });
  };

  const presetText =
    preset.source === 'profile'
      ? t('start.stateFromProfile', { state: nameOf(preset.code) })
      : preset.source === 'stored'
        ? t('start.stateFromStorage', { state: nameOf(preset.code) })
        : t('start.stateDefault', { state: nameOf(preset.code) });

  const facts: { icon: IconName; text: string }[] = [
    { icon: 'list', text: t('start.factQuestions', { total: EXAM_QUESTIONS }) },
    { icon: 'target', text: t('start.factPass', { pass: EXAM_PASS_MARK }) },
    {
      icon: 'timer',
      text: kind === 'mock' ? t('start.factTime', { minutes: MOCK_MINUTES }) : t('start.factNoTime'),
    },
  ];

  return (
    <div className={styles.startScreen}>
      <ul className={styles.facts}>
        {facts.map((fact) => (
          <li key={fact.icon}>
            <Icon name={fact.icon} size={18} />
            {fact.text}
          </li>
        ))}
      </ul>

      <form ref={form} className={styles.startForm} action={startAction}>
        {states.isError ? (
          <RetryAlert
            classes={styles}
            message={t('start.statesFailed')}
            retry={t('start.retry')}
            query={states}
          />
        ) : (
          <Field label={t('start.stateLabel')}>
            {(control) => (
              <Select
                {...control}
                name="state"
                aria-describedby={`${id}-state-note`}
                value={chosen}
                onChange={(e) => setPicked(e.target.value)}
                disabled={states.isPending}
              >
                {(states.data ?? [{ code: chosen, name: chosen }]).map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <p id={`${id}-state-note`} className={styles.stateNote} data-testid="state-default">
          {presetText}
        </p>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          block
          iconEnd={starting ? undefined : 'arrowRight'}
          className={styles.startButton}
          disabled={starting}
        >
          {starting ? t('start.starting') : kind === 'mock' ? t('mock.start') : t('demo.start')}
        </Button>
      </form>

      {!user && kind === 'demo' && (
        <p className={styles.guestNote}>
          <Icon name="info" className={styles.guestNoteIcon} />
          <span>
            {t('demo.guestNote')} <Link to="/login?redirect=%2Fdemo">{t('result.guestLink')}</Link>
          </span>
        </p>
      )}

      <Card title={t('start.rulesTitle')} icon="clipboard">
        <ul className={styles.rules}>
          <li>
            {t('start.ruleQuestions', {
              total: EXAM_QUESTIONS,
              general: EXAM_GENERAL,
              fromState: EXAM_FROM_STATE,
            })}
          </li>
          <li>{t('start.rulePass', { pass: EXAM_PASS_MARK, total: EXAM_QUESTIONS })}</li>
          <li>{kind === 'mock' ? t('start.ruleTime', { count: MOCK_MINUTES }) : t('start.ruleNoTime')}</li>
          <li>{t('start.ruleSave')}</li>
          <li>{t('start.ruleLanguage')}</li>
        </ul>
      </Card>
    </div>
  );
}
