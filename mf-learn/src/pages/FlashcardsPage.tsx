import type { Question, QuestionProgressMap, Rating, ReviewQueue } from '@buergerfit/contract';
import { digitShortcuts, Link, readStorage, useShortcuts, writeStorage } from '@buergerfit/platform';
import { Badge, Button, buttonClass, Card, Icon, ProgressBar } from '@buergerfit/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgress, useRecordAnswer, useReviewQueue } from '../data';
import { Flashcard, type SwipeDirection } from '../Flashcard';
import { useLearnBase } from '../PageHeading';
import { BookmarkFailed, useQuestionBookmark } from '../Practice';
import { BookmarkButton, ReadAloudButton, TranslationToggle } from '../QuestionCard';
import { ReportProblem } from '../QuestionContent';
import { useNextDue } from '../Reviews';
import { IntroSkeleton, questionsPage } from '../Status';
import styles from '../styles';

const LENGTH_KEY = 'buergerfit.learn.flashcardsSession';
export const SESSION_LENGTHS = [10, 20, 50] as const;
export type SessionLength = (typeof SESSION_LENGTHS)[number];
const DEFAULT_LENGTH: SessionLength = 20;
export const RATINGS: Rating[] = ['again', 'hard', 'good', 'easy'];

const dueAt = (progress: QuestionProgressMap, q: Question) => {
  const due = progress[q.id]?.due;
  return due ? Date.parse(due) : Number.NaN;
};
const isNew = (progress: QuestionProgressMap, q: Question) => (progress[q.id]?.seen ?? 0) === 0;

/**
 * A session's deck: the cards due now in the review queue's order (the BFF's queue, earliest due first), then the
 * new ones (never answered, in catalog order). Cards answered before but not due yet are not in it.
 */
export function deckOrder(
  questions: Question[],
  progress: QuestionProgressMap,
  dueIds: readonly string[],
): Question[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const due = dueIds.flatMap((id) => byId.get(id) ?? []);
  const inQueue = new Set(dueIds);
  const fresh = questions.filter((q) => !inQueue.has(q.id) && isNew(progress, q));
  return [...due, ...fresh];
}

/** Reviewing ahead: every card answered before, earliest due first (those without a due date last). */
export function aheadOrder(questions: Question[], progress: QuestionProgressMap): Question[] {
  const key = (q: Question) => {
    const due = dueAt(progress, q);
    return Number.isNaN(due) ? Number.POSITIVE_INFINITY : due;
  };
  return questions.filter((q) => !isNew(progress, q)).sort((a, b) => key(a) - key(b) || a.number - b.number);
}

function useSessionLength(): [SessionLength, (n: SessionLength) => void] {
  const [length, setLength] = useState<SessionLength>(() => {
    const stored = Number(readStorage(LENGTH_KEY));
    return SESSION_LENGTHS.find((n) => n === stored) ?? DEFAULT_LENGTH;
  });
  const set = useCallback((n: SessionLength) => {
    writeStorage(LENGTH_KEY, String(n));
    setLength(n);
  }, []);
  return [length, set];
}

/** Flashcards: a session of due then new cards; recall, turn the card over, grade yourself into FSRS. */
export const FlashcardsPage = questionsPage('flashcards', Flashcards, 'intro');

type Stage =
  | { kind: 'setup' }
  | { kind: 'session'; cards: Question[]; run: number }
  | { kind: 'done'; grades: Rating[] };

function Flashcards({ questions }: { questions: Question[] }) {
  const { t } = useTranslation('learn');
  const progress = useProgress();
  const queue = useReviewQueue();
  const [length, setLength] = useSessionLength();
  const [stage, setStage] = useState<Stage>({ kind: 'setup' });
  // Cards graded on this page, with how often they had been seen then: until progress shows the new answer
  // (it arrives once the BFF has it; offline later), such a card is not offered again as due or new.
  const graded = useRef(new Map<string, number>());
  const runs = useRef(0);

  // Offline (the queries pause) or failing: go on without them rather than wait (flashcards work offline); then
  // nothing is due and every card is new.
  const failing = (q: { data: unknown; isError: boolean; fetchStatus: string; failureCount: number }) =>
    !q.data && (q.isError || q.fetchStatus === 'paused' || q.failureCount > 0);
  const progressUnavailable = failing(progress) || failing(queue);
  if ((progress.isPending || queue.isPending) && !progressUnavailable)
    return <IntroSkeleton label={t('loadingProgress')} />;
  const map = progressUnavailable ? {} : (progress.data ?? {});
  const reviews: ReviewQueue | undefined = progressUnavailable ? undefined : queue.data;
  // A card graded here counts again once the BFF has its answer (its progress shows it) and, for the queue, once
  // the queue was read after that.
  const fresh = (q: Question) => {
    const before = graded.current.get(q.id);
    return before === undefined || (map[q.id]?.seen ?? 0) > before;
  };
  const queueCurrent = queue.dataUpdatedAt > progress.dataUpdatedAt;
  const dueIds = (reviews?.ids ?? []).filter(
    (id) => !graded.current.has(id) || (queueCurrent && fresh({ id } as Question)),
  );
  const deck = deckOrder(questions, map, dueIds).filter(fresh);
  const ahead = aheadOrder(questions, map);
  const start = (cards: Question[]) => {
    runs.current += 1;
    setStage({ kind: 'session', cards: cards.slice(0, length), run: runs.current });
  };

  if (stage.kind === 'session')
    return (
      <FlashSession
        key={stage.run}
        cards={stage.cards}
        onGraded={(q) => graded.current.set(q.id, map[q.id]?.seen ?? 0)}
        onDone={(grades) => setStage({ kind: 'done', grades })}
      />
    );
  if (stage.kind === 'done')
    return (
      <Summary
        grades={stage.grades}
        onAgain={() => (deck.length > 0 ? start(deck) : setStage({ kind: 'setup' }))}
      />
    );

  const dueCount = deck.filter((q) => !isNew(map, q)).length;
  const nextDue = <NextDue queue={reviews} after={dueCount > 0} />;
  const newCount = deck.length - dueCount;
  return (
    <>
      {progressUnavailable && (
        <p className={styles.notice}>
          <Icon name="info" size={18} />
          <span>{t('flashcardsNoProgress')}</span>
        </p>
      )}
      {deck.length > 0 ? (
        <Card tone="primary" className={styles.intro}>
          <p>{t('flashcardsIntro')}</p>
          <p className={styles.deckCounts}>
            <Badge tone="warning" icon="calendar">
              {t('flashcardsDue', { count: dueCount })}
            </Badge>
            <Badge tone="primary" icon="sparkles">
              {t('flashcardsNew', { count: newCount })}
            </Badge>
          </p>
          {nextDue}
          <LengthChoice length={length} onChange={setLength} />
          <div className={styles.introAction}>
            <Button size="lg" icon="cards" onClick={() => start(deck)}>
              {t('flashcardsStart')}
            </Button>
          </div>
        </Card>
      ) : (
        <Card className={styles.intro}>
          <p className={styles.caughtUp}>
            <Icon name="check" size={22} />
            <span>{t('flashcardsCaughtUp')}</span>
          </p>
          {nextDue}
          {ahead.length > 0 && (
            <>
              <LengthChoice length={length} onChange={setLength} />
              <div className={styles.introAction}>
                <Button size="lg" variant="secondary" icon="rotate" onClick={() => start(ahead)}>
                  {t('flashcardsAhead')}
                </Button>
              </div>
            </>
          )}
        </Card>
      )}
    </>
  );
}

/**
 * When the next card falls due after the ones due now (the review queue), in the learner's words and time zone;
 * `after`: cards are due now, so it is the next review after them.
 */
function NextDue({ queue, after }: { queue: ReviewQueue | undefined; after: boolean }) {
  const { t } = useTranslation('learn');
  const date = useNextDue(queue);
  if (!date) return null;
  return <p data-testid="next-due">{t(after ? 'flashcardsNextAfter' : 'flashcardsNextDue', { date })}</p>;
}

function LengthChoice({ length, onChange }: { length: SessionLength; onChange: (n: SessionLength) => void }) {
  const { t } = useTranslation('learn');
  const name = useId();
  return (
    <fieldset className={styles.lengths}>
      <legend>{t('sessionLength')}</legend>
      {SESSION_LENGTHS.map((n) => (
        <label key={n} className={styles.lengthOption}>
          <input type="radio" name={name} value={n} checked={length === n} onChange={() => onChange(n)} />
          {t('cards', { count: n })}
        </label>
      ))}
    </fieldset>
  );
}

function FlashSession({
  cards,
  onGraded,
  onDone,
}: {
  cards: Question[];
  onGraded: (q: Question) => void;
  onDone: (grades: Rating[]) => void;
}) {
  const { t } = useTranslation('learn');
  const record = useRecordAnswer('flashcards');
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  // Grades are offered once the card has been turned over (and stay when it is turned back).
  const [revealed, setRevealed] = useState(false);
  const [grades, setGrades] = useState<Rating[]>([]);
  const [showTranslation, setShowTranslation] = useState(false);
  const flipButton = useRef<HTMLButtonElement>(null);
  const gradesRef = useRef<HTMLFieldSetElement>(null);
  const refocus = useRef(false);
  const q = cards[index] as Question;
  const bookmark = useQuestionBookmark(q);

  const flip = () => {
    setFlipped((f) => !f);
    setRevealed(true);
  };
  const grade = (rating: Rating) => {
    if (!revealed) return;
    record(q, rating !== 'again', rating);
    onGraded(q);
    const next = [...grades, rating];
    if (index + 1 >= cards.length) {
      onDone(next);
      return;
    }
    // A grade given from the grade buttons: keyboard focus goes on to the next card's turn-over button.
    refocus.current = gradesRef.current?.contains(document.activeElement) ?? false;
    setGrades(next);
    setIndex(index + 1);
    setFlipped(false);
    setRevealed(false);
  };
  // A swipe on the front turns the card over; on the back it grades: → "good" (I knew it), ← "again".
  const swipe = (direction: SwipeDirection) => {
    if (!flipped) flip();
    else grade(direction === 'right' ? 'good' : 'again');
  };
  // The start button is gone: keyboard focus goes to the first card's turn-over button.
  useEffect(() => flipButton.current?.focus(), []);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    flipButton.current?.focus();
  });

  // Space/Enter turn the card over; once turned, 1–4 grade again/hard/good/easy; B bookmarks.
  useShortcuts({
    b: bookmark.toggle,
    ' ': flip,
    Enter: flip,
    ...(revealed ? digitShortcuts(RATINGS.length, (n) => grade(RATINGS[n] as Rating)) : {}),
  });

  return (
    <div className={styles.session}>
      <div className={styles.sessionMeta}>
        <Badge tone="primary" icon="cards">
          {t('cardOf', { current: index + 1, total: cards.length })}
        </Badge>
        <ProgressBar value={index} max={cards.length} size="sm" label={t('sessionProgress')} />
      </div>
      {/* Screen readers hear the answer when the card is turned over (focus stays on the button). */}
      <p className={styles.visuallyHidden} aria-live="polite">
        {flipped && (
          <>
            {t('flashcardAnswer')}: <span lang="de">{q.answers[q.correct]}</span>
          </>
        )}
      </p>
      <Flashcard
        key={`${q.id}-${index}`}
        question={q}
        flipped={flipped}
        onFlip={flip}
        onSwipe={swipe}
        showTranslation={showTranslation}
      />
      <BookmarkFailed failed={bookmark.failed} />
      <button
        ref={flipButton}
        type="button"
        className={buttonClass({ variant: revealed ? 'secondary' : 'primary', size: 'lg', block: true })}
        aria-keyshortcuts="Space Enter"
        onClick={flip}
      >
        <Icon name="rotate" />
        {flipped ? t('showQuestion') : t('showAnswer')}
      </button>
      {revealed && (
        <fieldset ref={gradesRef} className={styles.grades}>
          <legend>{t('gradeLegend')}</legend>
          {RATINGS.map((r, i) => (
            <button
              key={r}
              type="button"
              className={`${styles.gradeButton} ${styles[`grade_${r}`] ?? ''}`}
              aria-keyshortcuts={String(i + 1)}
              onClick={() => grade(r)}
            >
              <span className={`${styles.key} ${styles.gradeKey}`} aria-hidden="true">
                {i + 1}
              </span>{' '}
              {t(`grade.${r}`)}
            </button>
          ))}
        </fieldset>
      )}
      <div className={styles.tools}>
        <TranslationToggle question={q} shown={showTranslation} onToggle={setShowTranslation} />
        <ReadAloudButton text={flipped ? (q.answers[q.correct] ?? '') : q.text} />
        <BookmarkButton bookmarked={bookmark.bookmarked} onToggle={bookmark.toggle} />
        <ReportProblem question={q} />
      </div>
      <p className={styles.keysHint}>{t('keyboardHintFlashcards')}</p>
      <p className={styles.touchHint}>{t('touchHintFlashcards')}</p>
    </div>
  );
}

function Summary({ grades, onAgain }: { grades: Rating[]; onAgain: () => void }) {
  const { t } = useTranslation('learn');
  const base = useLearnBase();
  const heading = useRef<HTMLHeadingElement>(null);
  // The grade buttons are gone: focus the result so keyboard and screen reader users are told.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className={styles.intro}>
      <h2 ref={heading} tabIndex={-1} className={styles.doneHeading}>
        <Icon name="trophy" size={24} />
        {t('flashcardsSessionDone')}
      </h2>
      <p>{t('flashcardsDone', { count: grades.length })}</p>
      <dl className={styles.gradeCounts}>
        {RATINGS.map((r) => (
          <div key={r}>
            <dt>{t(`grade.${r}`)}</dt>
            <dd>{grades.filter((g) => g === r).length}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button size="lg" icon="cards" onClick={onAgain}>
          {t('flashcardsAnother')}
        </Button>
        <Link to={base} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {t('backToLearn')}
        </Link>
      </div>
    </Card>
  );
}
