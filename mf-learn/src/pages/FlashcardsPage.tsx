import { readStorage, writeStorage } from '@buergerfit/platform';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgress, useQuestions, useRecordAnswer } from '../data';
import { digitIndex, useShortcuts } from '../keyboard';
import styles from '../learn.module.css';
import { useAnswerOrder, useQuestionBookmark, useShuffle } from '../Practice';
import { QuestionCard } from '../QuestionCard';
import { QueryStates } from '../Status';
import type { ProgressMap, Question, Rating } from '../types';

const RECALL_KEY = 'buergerfit.learn.recallFirst';
const RATINGS: Rating[] = ['again', 'hard', 'good', 'easy'];

/** Due cards first (earliest due), then never-seen ones, then the rest by due date. */
export function deckOrder(questions: Question[], progress: ProgressMap, now = Date.now()): Question[] {
  const rank = (q: Question): [number, number] => {
    const p = progress[q.id];
    if (!p?.due) return [1, q.number];
    const due = new Date(p.due).getTime();
    return due <= now ? [0, due] : [2, due];
  };
  return [...questions].sort((a, b) => {
    const [ra, ka] = rank(a);
    const [rb, kb] = rank(b);
    return ra - rb || ka - kb;
  });
}

/** Flashcards: question front, answer back, self-graded again/hard/good/easy into the FSRS scheduler. */
export function FlashcardsPage() {
  const query = useQuestions();
  const progress = useProgress();
  return (
    <QueryStates query={query} isEmpty={(d) => d.length === 0}>
      {(questions) => (
        <Deck key={progress.data ? 'p' : 'n'} questions={questions} progress={progress.data ?? {}} />
      )}
    </QueryStates>
  );
}

function Deck({ questions, progress }: { questions: Question[]; progress: ProgressMap }) {
  const { t } = useTranslation('learn');
  const [deck] = useState(() => deckOrder(questions, progress));
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [recallFirst, setRecallFirst] = useState(() => readStorage(RECALL_KEY) !== '0');
  const [shuffle] = useShuffle();
  const orderOf = useAnswerOrder(shuffle);
  const record = useRecordAnswer('flashcards');
  const [graded, setGraded] = useState(0);
  const recallId = useId();
  const q = deck[index % deck.length] as Question;
  const bookmark = useQuestionBookmark(q);

  const grade = (rating: Rating) => {
    record(q, rating !== 'again', rating);
    setGraded((n) => n + 1);
    setRevealed(false);
    setIndex((i) => i + 1);
  };

  // Space/Enter reveal the answer; once revealed 1–4 grade again/hard/good/easy; B bookmarks.
  useShortcuts((key) => {
    const rating = revealed ? RATINGS[digitIndex(key, RATINGS.length) ?? -1] : undefined;
    if (key === 'b') bookmark.toggle();
    else if (!revealed && (key === ' ' || key === 'Enter')) setRevealed(true);
    else if (rating) grade(rating);
    else return false;
    return true;
  });

  return (
    <>
      <label className={styles.check} htmlFor={recallId}>
        <input
          id={recallId}
          type="checkbox"
          checked={recallFirst}
          onChange={(e) => {
            setRecallFirst(e.target.checked);
            writeStorage(RECALL_KEY, e.target.checked ? null : '0');
          }}
        />
        {t('recallFirst')}
      </label>
      <p className={styles.muted}>{t('flashcardsGraded', { n: graded })}</p>
      <QuestionCard
        key={`${q.id}-${index}`}
        question={q}
        order={orderOf(q)}
        chosen={null}
        bookmarked={bookmark.bookmarked}
        onToggleBookmark={bookmark.toggle}
        hideOptions={recallFirst && !revealed}
        reveal={revealed}
        progress={progress[q.id]}
        position={{ current: (index % deck.length) + 1, total: deck.length }}
      />
      {bookmark.failed && (
        <p role="alert" className={styles.inlineError}>
          {t('bookmarkFailed')}
        </p>
      )}
      {!revealed ? (
        <div className={styles.actions}>
          {recallFirst && <p className={styles.hint}>{t('recallPrompt')}</p>}
          <button
            type="button"
            className={styles.primaryButton}
            aria-keyshortcuts="Space Enter"
            onClick={() => setRevealed(true)}
          >
            {t('showAnswer')}
          </button>
        </div>
      ) : (
        <fieldset className={styles.grades}>
          <legend>{t('gradeLegend')}</legend>
          {RATINGS.map((r, i) => (
            <button
              key={r}
              type="button"
              className={`${styles.gradeButton} ${styles[`grade_${r}`] ?? ''}`}
              aria-keyshortcuts={String(i + 1)}
              onClick={() => grade(r)}
            >
              {t(`grade.${r}`)}
            </button>
          ))}
        </fieldset>
      )}
      <p className={styles.hint}>{t('keyboardHintFlashcards')}</p>
    </>
  );
}
