import type { ChallengeBest, ChallengeResult, ChallengeRound, Question } from '@buergerfit/contract';
import { api, digitShortcuts, useLanguage, useShortcuts } from '@buergerfit/platform';
import { Badge, Button, buttonClass, Card, Icon, RetryAlert, Stat } from '@buergerfit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { learnKeys, useRecordAnswer, useUserId } from '../data';
import {
  BookmarkFailed,
  NavBar,
  shuffledOrder,
  useAnswerOrder,
  useQuestionBookmark,
  useShuffle,
} from '../Practice';
import { QuestionCard } from '../QuestionCard';
import { questionsPage } from '../Status';
import styles from '../styles';

export const CHALLENGE_QUESTIONS = 20;
export const CHALLENGE_SECONDS = 300;

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Challenge: 20 random questions against a 5-minute clock, a streak counter, score and personal best stored. */
export const ChallengePage = questionsPage('challenge', Challenge, 'intro');

function Challenge({ questions: pool }: { questions: Question[] }) {
  const { t } = useTranslation('learn');
  const { language } = useLanguage();
  const userId = useUserId();
  const client = useQueryClient();
  const record = useRecordAnswer('challenge');
  const [shuffle] = useShuffle();
  const orderOf = useAnswerOrder(shuffle);
  const best = useQuery({
    queryKey: learnKeys.challengeBest(userId),
    queryFn: () => api.get<ChallengeBest>(api.lang('/learn/challenge/best')),
  });
  const [round, setRound] = useState<Question[] | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const [position, setPosition] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [stats, setStats] = useState({ correct: 0, answered: 0, streak: 0, bestStreak: 0 });
  const [finished, setFinished] = useState(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);

  const submit = useMutation({
    mutationFn: (body: ChallengeRound) => api.post<ChallengeResult>(`/api/${language}/learn/challenge`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: learnKeys.challengeBest(userId) }),
  });

  const elapsed = round ? Math.floor((now - startedAt) / 1000) : 0;
  const left = Math.max(0, CHALLENGE_SECONDS - elapsed);

  const finish = useCallback(() => {
    if (finished) return;
    setFinished(true);
    const duration = Math.min(CHALLENGE_SECONDS, Math.max(1, Math.ceil((Date.now() - startedAt) / 1000)));
    if (stats.answered > 0)
      submit.mutate({
        correct: stats.correct,
        answered: stats.answered,
        best_streak: stats.bestStreak,
        duration_seconds: duration,
      });
  }, [finished, startedAt, stats, submit]);

  useEffect(() => {
    if (!round || finished) return;
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [round, finished]);

  useEffect(() => {
    if (round && !finished && left <= 0) finish();
  }, [round, finished, left, finish]);

  // The round is over ("End challenge", Finish or the clock): the summary takes the question's place, so its start
  // comes into view (the page was scrolled down to the bar) and its heading takes the focus.
  useEffect(() => {
    if (!finished) return;
    const summary = summaryRef.current;
    if (summary && summary.getBoundingClientRect().top < 0)
      summary.scrollIntoView?.({ block: 'start', behavior: 'instant' });
    summaryHeading.current?.focus({ preventScroll: true });
  }, [finished]);

  const start = () => {
    const order = shuffledOrder(pool.length);
    setRound(order.slice(0, CHALLENGE_QUESTIONS).map((i) => pool[i] as Question));
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
    setPosition(0);
    setChosen(null);
    setStats({ correct: 0, answered: 0, streak: 0, bestStreak: 0 });
    setFinished(false);
    submit.reset();
  };

  const q = round?.[position];
  const choose = (answer: number) => {
    if (!q || chosen !== null || finished) return;
    setChosen(answer);
    const ok = answer === q.correct;
    record(q, ok);
    setStats((s) => {
      const streak = ok ? s.streak + 1 : 0;
      return {
        correct: s.correct + (ok ? 1 : 0),
        answered: s.answered + 1,
        streak,
        bestStreak: Math.max(s.bestStreak, streak),
      };
    });
    window.setTimeout(() => nextRef.current?.focus(), 0);
  };
  const next = () => {
    if (!round) return;
    if (position + 1 >= round.length) finish();
    else {
      setPosition(position + 1);
      setChosen(null);
    }
  };

  const bookmark = useQuestionBookmark(q);
  // 1–4 answer, → next once answered, B bookmark; off before the round starts and after it ends.
  const order = q ? orderOf(q) : [];
  useShortcuts(
    {
      ...digitShortcuts(order.length, (n) => choose(order[n] as number)),
      ArrowRight: () => (chosen === null ? false : next()),
      b: bookmark.toggle,
    },
    { enabled: Boolean(q) && !finished },
  );

  if (!round)
    return (
      <Card tone="primary" className={styles.intro}>
        <p>
          {t('challengeIntro', {
            count: CHALLENGE_QUESTIONS,
            minutes: t('minutes', { count: CHALLENGE_SECONDS / 60 }),
          })}
        </p>
        {best.data?.best && (
          <p className={styles.best}>
            <Badge tone="warning" icon="trophy">
              {t('challengeBest', { score: best.data.best.score })}
            </Badge>
          </p>
        )}
        <div className={styles.introAction}>
          <Button size="lg" icon="play" onClick={start}>
            {t('challengeStart')}
          </Button>
        </div>
      </Card>
    );

  if (finished || !q)
    return (
      <div ref={summaryRef} className={styles.summary} data-testid="challenge-summary">
        <Card className={styles.intro}>
          <div aria-live="polite">
            <h2 ref={summaryHeading} tabIndex={-1}>
              {left <= 0 ? t('challengeTimeUp') : t('challengeDone')}
            </h2>
            <div className={styles.stats}>
              <Stat
                icon="check"
                label={t('statCorrect')}
                value={t('challengeOutOf', { correct: stats.correct, answered: stats.answered })}
              />
              <Stat icon="flame" label={t('statBestStreak')} value={stats.bestStreak} />
            </div>
            {submit.isPending && <p role="status">{t('challengeSaving')}</p>}
            {submit.data && (
              <p role="status" className={styles.score}>
                {t('challengeScore', { score: submit.data.score })} ·{' '}
                {submit.data.isPersonalBest
                  ? t('challengeNewBest')
                  : t('challengeBest', { score: submit.data.personalBest })}
              </p>
            )}
          </div>
          {submit.isError && (
            <RetryAlert
              classes={styles}
              message={t('challengeSaveFailed')}
              retry={t('retry')}
              onRetry={() => submit.variables && submit.mutate(submit.variables)}
            />
          )}
          <div className={styles.introAction}>
            <Button size="lg" icon="rotate" onClick={start}>
              {t('challengeAgain')}
            </Button>
          </div>
        </Card>
      </div>
    );

  return (
    <div className={styles.practice}>
      {/* The scoreboard stays in view while the question scrolls: the clock as a chip, the streak, the score. */}
      <div className={styles.scoreboard}>
        <span role="timer" aria-label={t('challengeTimeLeft')}>
          <Badge tone={left <= 30 ? 'danger' : 'primary'} icon="timer">
            <span className={styles.clock}>{mmss(left)}</span>
          </Badge>
        </span>
        <Badge tone="warning" icon="flame">
          {t('challengeStreak', { n: stats.streak })}
        </Badge>
        <Badge tone="success" icon="check">
          {t('challengeCorrect', { correct: stats.correct, answered: stats.answered })}
        </Badge>
      </div>
      <QuestionCard
        key={q.id}
        question={q}
        order={orderOf(q)}
        chosen={chosen}
        onChoose={choose}
        bookmarked={bookmark.bookmarked}
        onToggleBookmark={bookmark.toggle}
        position={{ current: position + 1, total: round.length }}
        revealWrong={false}
      />
      <BookmarkFailed failed={bookmark.failed} />
      <NavBar>
        <Button variant="secondary" icon="flag" onClick={finish}>
          {t('challengeStop')}
        </Button>
        <button
          ref={nextRef}
          type="button"
          className={buttonClass()}
          disabled={chosen === null}
          onClick={next}
        >
          {position + 1 >= round.length ? t('challengeFinish') : t('next')}
          <Icon name="arrowRight" />
        </button>
      </NavBar>
      <p className={styles.keysHint}>{t('keyboardHintChallenge')}</p>
    </div>
  );
}
