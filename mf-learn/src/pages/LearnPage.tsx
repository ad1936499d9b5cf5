import type { Question, QuestionProgressMap, Topic } from '@buergerfit/contract';
import {
  Link,
  readStorage,
  useLanguage,
  useSearchParams,
  useSession,
  writeStorage,
} from '@buergerfit/platform';
import { Badge, Button, EmptyState, Field, Icon, Select, Sheet, Skeleton } from '@buergerfit/ui';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookmarks, useProgress, useQuestions, useTopics } from '../data';
import { PageHeading } from '../PageHeading';
import { Practice, useShuffle } from '../Practice';
import { displayNumber } from '../questionNumbers';
import { QueryStates } from '../Status';
import { findByNumber, questionSearch } from '../search';
import styles from '../styles';

type Scope = 'all' | 'general' | 'state';
const SCOPES: Scope[] = ['all', 'general', 'state'];
/** What the learner has done with a question: wrong last time, never seen, bookmarked. */
export type Status = 'all' | 'wrong' | 'unseen' | 'bookmarked';
const STATUSES: Status[] = ['all', 'wrong', 'unseen', 'bookmarked'];

export type TopicOption = { id: string; name: string; sub: boolean };

/** The address's parts that say where the learner is in learn mode: the question and the filters. */
const PLACE = ['question', 'scope', 'topic', 'status', 'search'] as const;
/** Where a learner last was in learn mode on this device (`?question=130&status=unseen`), per learner. */
export const learnPlaceKey = (userId: string) => `buergerfit.learn.place.${userId}`;

/** Just the place (question and filters) of an address's query, in a fixed order; '' for none. */
export function placeOf(params: URLSearchParams): string {
  const place = new URLSearchParams();
  for (const key of PLACE) {
    const value = params.get(key);
    if (value) place.set(key, value);
  }
  return place.toString();
}

/**
 * The topic filter's options: each top-level topic the questions use, followed by its subtopics (the dashboard
 * links to either with `?topic=`), in the alphabetical order of `language`. Names from `/topics`, the id until they
 * are loaded.
 */
export function topicOptions(questions: Question[], topics: Topic[] = [], language = 'de'): TopicOption[] {
  const names = new Map(topics.map((tp) => [tp.id, tp.name]));
  const name = (id: string) => names.get(id) ?? id;
  // One collator for the whole sort: String#localeCompare sets up the language's rules again on every call (on a
  // slow phone the sort alone took a long task at the page's start).
  const collator = new Intl.Collator(language);
  const byName = (a: string, b: string) => collator.compare(name(a), name(b));
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

/** Whether a question passes the status filter, given the learner's progress and bookmarks. */
export function hasStatus(
  q: Question,
  status: Status,
  progress: QuestionProgressMap,
  bookmarks: ReadonlySet<string>,
) {
  const p = progress[q.id];
  switch (status) {
    case 'wrong':
      return p?.lastCorrect === false;
    case 'unseen':
      return !p || p.seen === 0;
    case 'bookmarked':
      return bookmarks.has(q.id);
    default:
      return true;
  }
}

/**
 * `/learn`: every question (general + the learner's state), filters and search, jump to number, question list.
 * The heading shares its row with the Filter button, so the question starts high on a phone's first screen.
 */
export function LearnPage() {
  const { t } = useTranslation('learn');
  const query = useQuestions();
  if (query.data && query.data.length > 0) return <LearnList questions={query.data} />;
  return (
    <>
      <div className={styles.headRow}>
        <PageHeading>{t('headings.learn')}</PageHeading>
        {query.isPending && <Skeleton width="7.5rem" height="var(--bf-touch-target)" />}
      </div>
      <QueryStates query={query} isEmpty={(d) => d.length === 0}>
        {() => null}
      </QueryStates>
    </>
  );
}

function LearnList({ questions }: { questions: Question[] }) {
  const { t } = useTranslation('learn');
  const { user } = useSession();
  const topics = useTopics();
  const progress = useProgress();
  const { ids: bookmarks } = useBookmarks();
  const [shuffle, setShuffle] = useShuffle();
  // Where the learner is lives in the URL, so a reload (or the server's render of it) comes back to the same
  // question with the same filters: `?topic=` (the dashboard links here with a topic or subtopic id), `scope`,
  // `status`, `search` and `question` (its number as the learner knows it: 130, BE-3). Each change replaces the
  // history entry: Back leaves learn mode instead of stepping through every question.
  const [params, setParams] = useSearchParams();
  const place = placeOf(params);
  /** The place in the address was changed by this page (a filter, the next question), not by a link or the browser. */
  const ownChange = useRef(false);
  const update = (changes: Record<string, string | null>) => {
    const changed = (prev: URLSearchParams) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    };
    if (placeOf(changed(params)) !== place) ownChange.current = true;
    setParams(changed, { replace: true });
  };
  // `/learn` as it is (the nav's link or the mode tab, no question or filter in the address) opens where the learner
  // left off on this device: their last question with its filters, kept per learner in this browser (removed at
  // sign-out). An address that names a place (a reload, a link from the dashboard) is followed as it is, and becomes
  // the place kept; so does the page's own change (clearing the filters at question 1 keeps no place).
  const placeKey = user ? learnPlaceKey(user.id) : null;
  useEffect(() => {
    if (!placeKey) return;
    const own = ownChange.current;
    ownChange.current = false;
    if (place === '' && !own) {
      const saved = readStorage(placeKey);
      if (saved) {
        const restored = new URLSearchParams(saved);
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            for (const key of PLACE) {
              const value = restored.get(key);
              if (value) next.set(key, value);
            }
            return next;
          },
          { replace: true },
        );
        return;
      }
    }
    writeStorage(placeKey, place || null);
  }, [placeKey, place, setParams]);
  const scope = SCOPES.find((s) => s === params.get('scope')) ?? 'all';
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const search = params.get('search') ?? '';
  // Typing stays responsive: the list follows the search box at a lower priority.
  const deferredSearch = useDeferredValue(search);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState(false);
  // While the filter sheet is open, the question behind it stays as it was (its list and place): the filters
  // apply to the page when the sheet closes, a tap away, instead of the page changing under the sheet as the
  // learner types (a layout shift on a slow phone).
  const [behindSheet, setBehindSheet] = useState<{ questions: Question[]; index: number } | null>(null);
  const sheetOpen = behindSheet !== null;
  // The numbers (one button per question, 310 of them) are made only while the list is open: the page starts
  // without them, on the server and in the browser.
  const [listOpen, setListOpen] = useState(false);
  const ids = {
    jump: useId(),
    shuffle: useId(),
  };
  // The learner's own state (the BFF sends only its questions; none without a state).
  const stateCode = user?.federalState ?? null;

  const { language } = useLanguage();
  const options = useMemo(
    () => topicOptions(questions, topics.data, language),
    [questions, topics.data, language],
  );
  const matches = useMemo(() => questionSearch(questions), [questions]);
  const topicParam = params.get('topic') ?? '';
  // An unknown id (an old link, another catalog) shows every topic rather than an empty list.
  const topic = options.some((o) => o.id === topicParam) ? topicParam : '';

  const filtered = useMemo(
    () =>
      questions.filter(
        (q) =>
          (scope === 'all' || (scope === 'general' ? q.state === null : q.state !== null)) &&
          inTopic(q, topic) &&
          hasStatus(q, status, progress.data ?? {}, bookmarks) &&
          matches(q, deferredSearch),
      ),
    [questions, scope, topic, status, progress.data, bookmarks, matches, deferredSearch],
  );
  // The question on screen: the one the URL names while it matches the filters; else where the learner was in
  // the list (a question that stops matching, e.g. answered right under "Wrong last time", hands over to the next).
  const requested = params.get('question');
  const lastIndex = useRef(0);
  const found = requested ? filtered.findIndex((q) => displayNumber(q) === requested) : 0;
  const index = found >= 0 ? found : Math.min(lastIndex.current, Math.max(0, filtered.length - 1));
  lastIndex.current = index;
  const setIndex = (i: number) => {
    const q = filtered[i];
    if (q) update({ question: displayNumber(q) });
  };

  // How many filters narrow the list (the Filter button's badge); shuffling is an option, not a filter.
  const active = [scope !== 'all', topic !== '', status !== 'all', search.trim() !== ''].filter(
    Boolean,
  ).length;
  const filtering = active > 0;

  // Changing a filter starts again at the first match.
  const refilter =
    (key: 'scope' | 'topic' | 'status' | 'search', all = 'all') =>
    (value: string) =>
      update({ [key]: value === all ? null : value, question: null });
  const filterKeys = { scope: null, topic: null, status: null, search: null };

  const clearFilters = () => update({ ...filterKeys, question: null });

  const goTo = (input: string) => {
    const target = findByNumber(questions, input);
    if (!target) {
      setJumpError(true);
      return;
    }
    setJumpError(false);
    // Not in the filtered list: clear the filters and go there.
    update({ ...(filtered.includes(target) ? {} : filterKeys), question: displayNumber(target) });
  };

  const list = (
    <details className={styles.list} open={listOpen} onToggle={(e) => setListOpen(e.currentTarget.open)}>
      <summary>
        <Icon name="list" size={18} />
        {t('questionList')}
      </summary>
      <form
        className={styles.jump}
        onSubmit={(e) => {
          e.preventDefault();
          goTo(jump);
        }}
      >
        <label htmlFor={ids.jump}>{t('jumpTo')}</label>
        <div className={styles.inline}>
          <input
            id={ids.jump}
            className={styles.input}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={jump}
            aria-invalid={jumpError}
            aria-describedby={jumpError ? `${ids.jump}-err` : `${ids.jump}-hint`}
            onChange={(e) => setJump(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('go')}
          </Button>
        </div>
        {jumpError ? (
          <p id={`${ids.jump}-err`} className={styles.inlineError}>
            <Icon name="alert" size={16} />
            {t('jumpNotFound')}
          </p>
        ) : (
          <p id={`${ids.jump}-hint`} className={styles.fieldHint}>
            {t('jumpHint')}
          </p>
        )}
      </form>
      {listOpen && (
        <ol className={styles.numbers} aria-label={t('questionList')}>
          {filtered.map((q, i) => {
            const p = progress.data?.[q.id];
            const badge = p
              ? p.mastered
                ? 'mastered'
                : p.lastCorrect === false
                  ? 'wrongLast'
                  : 'seen'
              : 'new';
            const shown = displayNumber(q);
            return (
              <li key={q.id}>
                <button
                  type="button"
                  className={`${styles.number} ${styles[badge] ?? ''}`}
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={`${t('number', { number: shown })}, ${t(`badge.${badge}`)}`}
                  onClick={() => setIndex(i)}
                >
                  {shown}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );

  return (
    <>
      {/* The question comes first: the heading and the Filter button in one row above it, the filters and options
          in a sheet. "Question 1 of 21" on the card says how many match; the count is for screen readers. */}
      <div className={styles.headRow}>
        <PageHeading>{t('headings.learn')}</PageHeading>
        <Button
          variant="secondary"
          icon="filter"
          aria-haspopup="dialog"
          // With filters on, the name says how many ("Filters (2 active)"); the badge shows the number.
          aria-label={active > 0 ? `${t('filters')} ${t('activeFilters', { count: active })}` : undefined}
          onClick={() => setBehindSheet({ questions: filtered, index })}
        >
          {t('filters')}
          {active > 0 && <Badge tone="primary">{active}</Badge>}
        </Button>
      </div>
      <p role="status" className={styles.visuallyHidden}>
        {t('matchCount', { count: filtered.length })}
      </p>
      <Sheet
        open={sheetOpen}
        onClose={() => setBehindSheet(null)}
        title={t('filtersTitle')}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="secondary" disabled={!filtering} onClick={clearFilters}>
              {t('clearFilters')}
            </Button>
            <Button onClick={() => setBehindSheet(null)}>
              {t('showMatches', { count: filtered.length })}
            </Button>
          </>
        }
      >
        <div className={styles.filterFields}>
          <Field label={t('search')}>
            {(control) => (
              <input
                {...control}
                className={styles.input}
                type="search"
                value={search}
                placeholder={t('searchPlaceholder')}
                onChange={(e) => refilter('search', '')(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('scope')}>
            {(control) => (
              <Select {...control} value={scope} onChange={(e) => refilter('scope')(e.target.value)}>
                <option value="all">{t('scopeAll')}</option>
                <option value="general">{t('scopeGeneral')}</option>
                <option value="state" disabled={!stateCode}>
                  {stateCode ? t('scopeState', { state: stateCode }) : t('scopeNoState')}
                </option>
              </Select>
            )}
          </Field>
          <Field label={t('topic')}>
            {(control) => (
              <Select {...control} value={topic} onChange={(e) => refilter('topic', '')(e.target.value)}>
                <option value="">{t('allTopics')}</option>
                {options.map((tp) => (
                  <option key={tp.id} value={tp.id}>
                    {tp.sub ? `\u2003${tp.name}` : tp.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('status')}>
            {(control) => (
              <Select {...control} value={status} onChange={(e) => refilter('status')(e.target.value)}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <label className={styles.check} htmlFor={ids.shuffle}>
            <input
              id={ids.shuffle}
              type="checkbox"
              checked={shuffle}
              onChange={(e) => setShuffle(e.target.checked)}
            />
            <Icon name="shuffle" size={18} />
            {t('shuffle')}
          </label>
        </div>
      </Sheet>
      {(behindSheet?.questions ?? filtered).length === 0 ? (
        <EmptyState
          icon="search"
          title={t('emptyFilter')}
          action={
            filtering && (
              <Button variant="secondary" onClick={clearFilters}>
                {t('clearFilters')}
              </Button>
            )
          }
        />
      ) : (
        <Practice
          questions={behindSheet?.questions ?? filtered}
          mode="learn"
          index={behindSheet?.index ?? index}
          onIndex={setIndex}
          shuffle={shuffle}
        >
          {list}
        </Practice>
      )}
      {!stateCode && (
        <p className={styles.notice}>
          <Icon name="info" size={18} />
          <span>
            {t('noStateNotice')} <Link to="/profile-settings">{t('noStateLink')}</Link>
          </span>
        </p>
      )}
    </>
  );
}
