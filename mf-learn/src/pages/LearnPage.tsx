import { Link, useSearchParams, useSession } from '@buergerfit/platform';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgress, useQuestions, useTopics } from '../data';
import styles from '../learn.module.css';
import { Practice, useShuffle } from '../Practice';
import { QueryStates } from '../Status';
import type { Question, Topic } from '../types';

type Scope = 'all' | 'general' | 'state';

export type TopicOption = { id: string; name: string; sub: boolean };

/**
 * The topic filter's options: each top-level topic the questions use, followed by its subtopics (the dashboard
 * links to either with `?topic=`). Names from `/topics`, the id until they are loaded.
 */
export function topicOptions(questions: Question[], topics: Topic[] = []): TopicOption[] {
  const names = new Map(topics.map((tp) => [tp.id, tp.name]));
  const name = (id: string) => names.get(id) ?? id;
  const byName = (a: string, b: string) => name(a).localeCompare(name(b));
  const subs = new Map<string, Set<string>>();
  for (const q of questions) {
    const set = subs.get(q.topic) ?? new Set<string>();
    if (q.subtopic && q.subtopic !== q.topic) set.add(q.subtopic);
    subs.set(q.topic, set);
  }
  return [...subs.keys()]
    .sort(byName)
    .flatMap((id) => [
      { id, name: name(id), sub: false },
      ...[...(subs.get(id) ?? [])].sort(byName).map((sid) => ({ id: sid, name: name(sid), sub: true })),
    ]);
}

/** A question is in a topic filter when its topic or its subtopic is that id. */
export const inTopic = (q: Question, topic: string) => !topic || q.topic === topic || q.subtopic === topic;

/** `/learn`: every question (general + the learner's state), filters, jump to number, question list. */
export function LearnPage() {
  const query = useQuestions();
  return (
    <QueryStates query={query} isEmpty={(d) => d.length === 0}>
      {(questions) => <LearnList questions={questions} />}
    </QueryStates>
  );
}

function LearnList({ questions }: { questions: Question[] }) {
  const { t } = useTranslation('learn');
  const { user } = useSession();
  const topics = useTopics();
  const progress = useProgress();
  const [shuffle, setShuffle] = useShuffle();
  const [scope, setScope] = useState<Scope>('all');
  // The topic filter lives in the URL (`?topic=`): the dashboard links here with a topic or subtopic id.
  const [params, setParams] = useSearchParams();
  const [index, setIndex] = useState(0);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState(false);
  const ids = { scope: useId(), topic: useId(), jump: useId(), shuffle: useId() };
  // The learner's own state (the BFF sends only its questions; none without a state).
  const stateCode = user?.federalState ?? null;

  const options = useMemo(() => topicOptions(questions, topics.data), [questions, topics.data]);
  const requested = params.get('topic') ?? '';
  // An unknown id (an old link, another catalog) shows every topic rather than an empty list.
  const topic = options.some((o) => o.id === requested) ? requested : '';
  const setTopic = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('topic', id);
        else next.delete('topic');
        return next;
      },
      { replace: true },
    );

  const filtered = useMemo(
    () =>
      questions.filter(
        (q) =>
          (scope === 'all' || (scope === 'general' ? q.state === null : q.state !== null)) &&
          inTopic(q, topic),
      ),
    [questions, scope, topic],
  );

  const goToNumber = (n: number) => {
    let at = filtered.findIndex((q) => q.number === n);
    if (at < 0 && questions.some((q) => q.number === n)) {
      // Not in the filtered list: clear the filters and go there.
      setScope('all');
      setTopic('');
      at = questions.findIndex((q) => q.number === n);
    }
    if (at < 0) {
      setJumpError(true);
      return;
    }
    setJumpError(false);
    setIndex(at);
  };

  return (
    <>
      {!stateCode && (
        <p className={styles.hint}>
          {t('noStateNotice')} <Link to="/profile-settings">{t('noStateLink')}</Link>
        </p>
      )}
      <fieldset className={styles.filters}>
        <legend className={styles.srOnly}>{t('filters')}</legend>
        <div>
          <label htmlFor={ids.scope}>{t('scope')}</label>
          <select
            id={ids.scope}
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as Scope);
              setIndex(0);
            }}
          >
            <option value="all">{t('scopeAll')}</option>
            <option value="general">{t('scopeGeneral')}</option>
            <option value="state" disabled={!stateCode}>
              {stateCode ? t('scopeState', { state: stateCode }) : t('scopeNoState')}
            </option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.topic}>{t('topic')}</label>
          <select
            id={ids.topic}
            value={topic}
            onChange={(e) => {
              setTopic(e.target.value);
              setIndex(0);
            }}
          >
            <option value="">{t('allTopics')}</option>
            {options.map((tp) => (
              <option key={tp.id} value={tp.id}>
                {tp.sub ? `\u2003${tp.name}` : tp.name}
              </option>
            ))}
          </select>
        </div>
        <form
          className={styles.jump}
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number.parseInt(jump.replace(/^q/i, ''), 10);
            if (Number.isInteger(n)) goToNumber(n);
            else setJumpError(true);
          }}
        >
          <label htmlFor={ids.jump}>{t('jumpTo')}</label>
          <div className={styles.inline}>
            <input
              id={ids.jump}
              inputMode="numeric"
              value={jump}
              aria-invalid={jumpError}
              aria-describedby={jumpError ? `${ids.jump}-err` : undefined}
              onChange={(e) => setJump(e.target.value)}
            />
            <button type="submit" className={styles.secondaryButton}>
              {t('go')}
            </button>
          </div>
          {jumpError && (
            <p id={`${ids.jump}-err`} className={styles.inlineError}>
              {t('jumpNotFound')}
            </p>
          )}
        </form>
        <label className={styles.check} htmlFor={ids.shuffle}>
          <input
            id={ids.shuffle}
            type="checkbox"
            checked={shuffle}
            onChange={(e) => setShuffle(e.target.checked)}
          />
          {t('shuffle')}
        </label>
      </fieldset>
      {filtered.length === 0 ? (
        <p className={styles.card}>{t('emptyFilter')}</p>
      ) : (
        <>
          <Practice questions={filtered} mode="learn" index={index} onIndex={setIndex} shuffle={shuffle} />
          <details className={styles.list}>
            <summary>{t('questionList', { n: filtered.length })}</summary>
            <ol className={styles.numbers}>
              {filtered.map((q, i) => {
                const p = progress.data?.[q.id];
                const badge = p
                  ? p.mastered
                    ? 'mastered'
                    : p.lastCorrect === false
                      ? 'wrongLast'
                      : 'seen'
                  : 'new';
                return (
                  <li key={q.id}>
                    <button
                      type="button"
                      className={`${styles.number} ${styles[badge] ?? ''}`}
                      aria-current={i === index ? 'true' : undefined}
                      aria-label={`${t('number', { number: q.number })}, ${t(`badge.${badge}`)}`}
                      onClick={() => setIndex(i)}
                    >
                      {q.number}
                    </button>
                  </li>
                );
              })}
            </ol>
          </details>
        </>
      )}
    </>
  );
}
