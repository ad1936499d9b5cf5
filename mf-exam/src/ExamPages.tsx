import type { ExamAttempt, ExamKind } from '@buergerfit/contract';
import {
  isApiError,
  Link,
  Navigate,
  useDocumentTitle,
  useLanguage,
  useLocation,
  useNavigate,
  useParams,
  useSession,
  writeStoredFederalState,
} from '@buergerfit/platform';
import { Button, buttonClass, Icon, RetryAlert } from '@buergerfit/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examApi } from './api';
import {
  type ResultCelebration,
  ResultCelebrationCard,
  readCelebratedDemos,
  resultCelebration,
} from './celebration';
import { ExamRunner } from './ExamRunner';
import { formatDateTime } from './format';
import { ResultView } from './ResultView';
import { StartScreen } from './StartScreen';
import { clearPendingAnswers, dropPendingAnswers, readOpenAttempt, writeOpenAttempt } from './storage';
import styles from './styles';

/** What a navigation to the exam or its result may carry, to spare a round trip. */
interface NavState {
  attempt?: ExamAttempt;
  timeUp?: boolean;
  /** Answers changed in this browser that the server no longer took (time was up): they did not count. */
  unsaved?: number;
  /** Who the carried attempt was read for: after a sign-in it is read again (the review comes with it). */
  userId?: string | null;
}

const firstOpen = (attempt: ExamAttempt) => attempt.questions.find((q) => q.answer === null)?.position ?? 1;

/** "Demo test" / "Mock test": the page title of the exam of that kind. */
export function useKindTitle(kind: ExamKind): string {
  const { t } = useTranslation('exam');
  return kind === 'mock' ? t('mock.title') : t('demo.title');
}

/**
 * The exam's page. `busy` while what it shows is still being loaded: `aria-busy` tells assistive technology, and a
 * page sent from the server in that state starts its scripts at once (bff/src/pages/page.ts), not on the first tap.
 */
function Page({
  kind,
  title,
  busy = false,
  children,
}: {
  kind: ExamKind;
  title?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const kindTitle = useKindTitle(kind);
  return (
    <section className={styles.page} aria-labelledby={`exam-title-${kind}`} aria-busy={busy || undefined}>
      <h1 id={`exam-title-${kind}`}>{title ?? kindTitle}</h1>
      {children}
    </section>
  );
}

function Loading() {
  const { t } = useTranslation('exam');
  return (
    <p role="status" className={styles.muted}>
      {t('run.loading')}
    </p>
  );
}

type Phase =
  | { name: 'checking' }
  | { name: 'start' }
  | { name: 'running'; attempt: ExamAttempt; position: number; resumed: boolean }
  | { name: 'loadError' };

/**
 * /demo and /exam: resumes the open attempt of this kind (the id kept in localStorage, else the newest
 * open one the server lists for this learner), otherwise shows the start screen.
 */
export function ExamPage({ kind, base, history }: { kind: ExamKind; base: string; history: string }) {
  const { t } = useTranslation('exam');
  useDocumentTitle(useKindTitle(kind));
  const { user, status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const carried = (location.state as NavState | null)?.attempt;
  const [phase, setPhase] = useState<Phase>(() =>
    carried?.kind === kind && carried.status === 'in_progress'
      ? { name: 'running', attempt: carried, position: 1, resumed: false }
      : { name: 'checking' },
  );
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const needsLogin = kind === 'mock' && status !== 'loading' && !user;

  // The carried attempt is used once: history state survives a reload, and by then it is stale.
  useEffect(() => {
    if (carried) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [carried, navigate, location.pathname, location.search]);

  const userId = user?.id ?? null;
  const showResult = useCallback(
    (attempt: ExamAttempt, timeUp: boolean) => {
      writeOpenAttempt(kind, null);
      const unsaved = dropPendingAnswers(attempt);
      navigate(`${base}/result/${attempt.id}`, {
        state: { attempt, timeUp, unsaved, userId } satisfies NavState,
      });
    },
    [kind, base, navigate, userId],
  );

  // An attempt kept in this browser is looked up by id; otherwise the learner's list says whether one is still
  // open on the server (another device, cleared storage). The list is a query: a page the server rendered comes with
  // its answer, so the start screen is there at once, on the server and when the live page takes over.
  const [stored] = useState(() => readOpenAttempt(kind));
  const checking = phase.name === 'checking' && status !== 'loading' && !needsLogin;
  const attempts = useQuery({
    queryKey: ['exam-attempts', kind, userId],
    queryFn: () => examApi.list(),
    enabled: checking && !stored,
    retry: false,
  });
  const openOnServer = attempts.data?.find((a) => a.kind === kind && a.status === 'in_progress');
  const nothingOpen = !stored && (attempts.isError || (attempts.isSuccess && !openOnServer));

  useEffect(() => {
    if (!checking) return;
    if (nothingOpen) {
      if (attempts.isError) console.warn('[exam] could not list the attempts', attempts.error);
      setPhase({ name: 'start' });
      return;
    }
    if (!stored && !openOnServer) return; // the list is still loading
    let cancelled = false;
    (async () => {
      if (stored) {
        try {
          const attempt = await examApi.get(stored.id);
          if (cancelled) return;
          if (attempt.kind === kind && attempt.status === 'in_progress') {
            setPhase({ name: 'running', attempt, position: stored.position, resumed: true });
            return;
          }
          if (attempt.kind === kind && attempt.status === 'finalized') {
            // Time ran out (or it was finished in another tab) while the learner was away.
            showResult(attempt, attempt.deadline !== null);
            return;
          }
          writeOpenAttempt(kind, null);
        } catch (error) {
          if (cancelled) return;
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            writeOpenAttempt(kind, null); // someone else's, gone, or from before a sign-in/out
            clearPendingAnswers(stored.id);
          } else {
            console.warn('[exam] could not load the open attempt', error);
            setPhase({ name: 'loadError' });
            return;
          }
        }
      }
      try {
        const open =
          openOnServer ?? (await examApi.list()).find((a) => a.kind === kind && a.status === 'in_progress');
        if (open) {
          const attempt = await examApi.get(open.id);
          if (cancelled) return;
          if (attempt.status === 'in_progress') {
            writeOpenAttempt(kind, { id: attempt.id, position: firstOpen(attempt) });
            setPhase({ name: 'running', attempt, position: firstOpen(attempt), resumed: true });
            return;
          }
        }
      } catch (error) {
        console.warn('[exam] could not list the attempts', error);
      }
      if (!cancelled) setPhase({ name: 'start' });
    })();
    return () => {
      cancelled = true;
    };
  }, [kind, checking, stored, nothingOpen, openOnServer, attempts.isError, attempts.error, showResult]);

  const start = async (state: string, chosen: boolean) => {
    setStarting(true);
    setStartError(null);
    try {
      const attempt = await examApi.start(kind, state);
      // A guest's own choice is kept for the sign-up (Welcome offers it); a state nobody chose (Berlin, preselected
      // for a guest without one) is not stored, so it never looks chosen later.
      if (!user && chosen) writeStoredFederalState(state);
      writeOpenAttempt(kind, { id: attempt.id, position: 1 });
      setPhase({ name: 'running', attempt, position: 1, resumed: false });
    } catch (error) {
      console.warn('[exam] start failed', error);
      if (isApiError(error) && error.status === 401) {
        navigate(`/login?redirect=${encodeURIComponent(base)}`, { replace: true });
        return;
      }
      setStartError(t('start.startFailed'));
    } finally {
      setStarting(false);
    }
  };

  const rememberPosition = useCallback(
    (position: number) => {
      if (phase.name === 'running') writeOpenAttempt(kind, { id: phase.attempt.id, position });
    },
    [kind, phase],
  );

  if (needsLogin) return <Navigate to={`/login?redirect=${encodeURIComponent(base)}`} replace />;

  let body: ReactNode;
  // Known to have nothing open: the start screen at once (not a loading line first).
  const shown: Phase['name'] = phase.name === 'checking' && checking && nothingOpen ? 'start' : phase.name;
  if (shown === 'checking') body = <Loading />;
  else if (shown === 'loadError')
    body = (
      <RetryAlert
        classes={styles}
        message={t('run.loadFailed')}
        retry={t('start.retry')}
        onRetry={() => setPhase({ name: 'checking' })}
      />
    );
  else if (shown === 'start')
    body = (
      <>
        <p className={styles.lead}>{kind === 'mock' ? t('mock.intro') : t('demo.intro')}</p>
        <StartScreen
          kind={kind}
          starting={starting}
          error={startError}
          onStart={(s, chosen) => void start(s, chosen)}
        />
        {kind === 'mock' && user && (
          <p>
            <Link className={styles.textLink} to={history}>
              <Icon name="chart" size={18} />
              {t('mock.history')}
            </Link>
          </p>
        )}
      </>
    );
  else if (phase.name === 'running')
    body = (
      <ExamRunner
        key={phase.attempt.id}
        attempt={phase.attempt}
        initialPosition={phase.position}
        resumed={phase.resumed}
        onPositionChange={rememberPosition}
        onFinished={(attempt, how) => showResult(attempt, how.timeUp)}
      />
    );
  return (
    <Page kind={kind} busy={shown === 'checking'}>
      {body}
    </Page>
  );
}

/**
 * /demo/result/:id and /exam/result/:id: the finalized attempt. It is read by id (a reload, a link from the
 * history or a sign-in shows it again); the attempt carried by the navigation from the test only spares the
 * first read, and only for the same language and the same learner.
 */
export function ResultPage({ kind, base, history }: { kind: ExamKind; base: string; history: string }) {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('result.documentTitle'));
  const kindTitle = useKindTitle(kind);
  const { id = '' } = useParams();
  const { language } = useLanguage();
  const { user, status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const nav = location.state as NavState | null;
  const seedLanguage = useRef(language);
  const userId = user?.id ?? null;
  // A guest who signs in on this page (or comes back signed in) must not keep the guest's view (no review):
  // the user id is part of the key, and the carried attempt only counts for whoever it was read for.
  const seed =
    nav?.attempt?.id === id && seedLanguage.current === language && nav.userId === userId
      ? nav.attempt
      : undefined;
  const query = useQuery({
    queryKey: ['exam-attempt', id, language, userId],
    queryFn: () => examApi.get(id),
    initialData: seed,
    enabled: status !== 'loading' || Boolean(seed),
  });
  const [retaking, setRetaking] = useState(false);
  const [retakeError, setRetakeError] = useState<string | null>(null);
  // A learner's wins not celebrated yet (the same query as the dashboard's): read beside the attempt, so a pass is
  // shown with its celebration at once instead of the card pushing the page down when it arrives.
  const wins = useQuery({
    queryKey: ['celebrations', userId],
    queryFn: () => examApi.celebrations(),
    enabled: kind === 'mock' && Boolean(user),
    retry: false,
  });
  const decided = useRef<{ id: string; celebration: ResultCelebration | null } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  if (kind === 'mock' && status !== 'loading' && !user)
    return <Navigate to={`/login?redirect=${encodeURIComponent(`${base}/result/${id}`)}`} replace />;

  const retake = async (state: string) => {
    setRetaking(true);
    setRetakeError(null);
    try {
      const attempt = await examApi.start(kind, state);
      writeOpenAttempt(kind, { id: attempt.id, position: 1 });
      navigate(base, { state: { attempt } satisfies NavState });
    } catch (error) {
      console.warn('[exam] retake failed', error);
      setRetakeError(t('start.startFailed'));
      setRetaking(false);
    }
  };

  let body: ReactNode;
  let title: string | undefined;
  let busy = false;
  if (query.isPending) {
    body = <Loading />;
    busy = true;
  } else if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    body = (
      <div role="alert" className={styles.error}>
        <p>{missing ? t('result.notFound') : t('run.loadFailed')}</p>
        {missing ? (
          <Link className={buttonClass({ variant: 'secondary' })} to={base}>
            {t('result.toStart')}
          </Link>
        ) : (
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>
            {t('start.retry')}
          </Button>
        )}
      </div>
    );
  } else if (query.data.status !== 'finalized' || query.data.kind !== kind) {
    // Still open (or the other kind): back to where it is taken.
    return <Navigate to={query.data.kind === 'mock' ? '/exam' : '/demo'} replace />;
  } else if (
    query.data.kind === 'mock' &&
    query.data.result?.passed &&
    user &&
    wins.isPending &&
    decided.current?.id !== id
  ) {
    body = <Loading />;
    busy = true;
  } else {
    const attempt = query.data;
    // Decided once per result and kept (the list of wins is emptied once this one has been shown).
    if (decided.current?.id !== id && status !== 'loading') {
      decided.current = {
        id,
        celebration: resultCelebration(attempt, {
          pending: wins.data,
          fresh: nav?.attempt?.id === id,
          celebratedDemos: readCelebratedDemos(),
          guest: !user,
        }),
      };
    }
    const celebration = decided.current?.id === id && dismissed !== id ? decided.current.celebration : null;
    if (attempt.result)
      title = t('result.heading', {
        test: kindTitle,
        date: formatDateTime(attempt.result.finalizedAt, language),
      });
    body = (
      <ResultView
        attempt={attempt}
        historyPath={history}
        timeUp={Boolean(nav?.timeUp)}
        unsaved={nav?.unsaved ?? 0}
        retaking={retaking}
        retakeError={retakeError}
        onRetake={() => void retake(attempt.state)}
        celebration={
          celebration && (
            <ResultCelebrationCard celebration={celebration} onDismiss={() => setDismissed(id)} />
          )
        }
      />
    );
  }
  return (
    <Page kind={kind} title={title} busy={busy}>
      {body}
    </Page>
  );
}
