import type {
  ExamMistakes,
  FederalState,
  LearnMode,
  Question,
  QuestionProgressMap,
  Rating,
  ReviewQueue,
  Topic,
} from '@buergerfit/contract';
import { api, useLanguage, useSession } from '@buergerfit/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  cachedQuestions,
  cacheQuestions,
  isOffline,
  onAnswerSent,
  pendingAnswers,
  queueAnswer,
  subscribeOutbox,
} from './offline';
import { questionNumber } from './questionNumbers';

/** A learner's id for query keys (null while nobody is signed in). */
type UserId = string | null;

/**
 * Query keys. What depends on the learner carries their id: another learner signed in on the same tab is never
 * served the previous one's data from the cache.
 */
export const learnKeys = {
  questions: (user: UserId, lang: string, state: string | null) =>
    ['learn', 'questions', user, lang, state] as const,
  progress: (user: UserId) => ['learn', 'progress', user] as const,
  bookmarks: (user: UserId, lang: string) => ['learn', 'bookmarks', user, lang] as const,
  focus: (user: UserId, lang: string) => ['learn', 'focus', user, lang] as const,
  queue: (user: UserId) => ['learn', 'queue', user] as const,
  challengeBest: (user: UserId) => ['learn', 'challenge-best', user] as const,
  topics: (lang: string) => ['learn', 'topics', lang] as const,
  states: (lang: string) => ['learn', 'states', lang] as const,
  mistakes: (user: UserId, lang: string, attemptId: string) =>
    ['learn', 'mistakes', user, lang, attemptId] as const,
};

/** The signed-in learner's id, for `learnKeys`. */
export function useUserId(): UserId {
  return useSession().user?.id ?? null;
}

/**
 * The question set: general questions plus one state's (the learner's own unless `state` is given). Kept in
 * localStorage: with no network the last loaded set is used (works offline).
 */
export function useQuestions(state: string | null = null) {
  const { language } = useLanguage();
  const { user } = useSession();
  const cacheKey = `${user?.id ?? 'anon'}:${language}:${state ?? user?.federalState ?? ''}`;
  const queryKey = learnKeys.questions(user?.id ?? null, language, state);
  const path = api.lang(state ? `/learn?state=${encodeURIComponent(state)}` : '/learn');
  const query = useQuery({
    queryKey,
    // Run the query offline too, so it can answer from the cache instead of pausing.
    networkMode: 'always',
    queryFn: async () => {
      try {
        const questions = await api.get<Question[]>(path);
        cacheQuestions(cacheKey, questions);
        fetchedHere.add(questions);
        return questions;
      } catch (error) {
        const cached = isOffline(error) ? cachedQuestions(cacheKey) : null;
        if (cached) {
          fetchedHere.add(cached);
          return cached;
        }
        throw error;
      }
    },
  });
  // A set that came with the page (rendered on the server) was never fetched here: neither this device's copy nor,
  // perhaps, the service worker (which keeps the set and its pictures) has it. Once the page has settled, both get
  // the set on screen: stored here as it is, and fetched once through the worker when it did not bring it. Nothing
  // is parsed or rendered again (on a slow phone a second copy of the set cost a long task).
  const { data } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` follows `cacheKey`'s parts
  useEffect(() => {
    if (!data || fetchedHere.has(data)) return;
    fetchedHere.add(data);
    return whenIdle(() => {
      cacheQuestions(cacheKey, data);
      keepForServiceWorker(path);
    });
  }, [data, cacheKey]);
  return query;
}

/** Question sets this tab fetched itself (and so stored for offline use). */
const fetchedHere = new WeakSet<Question[]>();

/**
 * Makes sure the service worker keeps the question set at `path` (it stores what it fetches): nothing to do when
 * the page's own request for it came through the worker; else the set is fetched once the worker controls this
 * page (on a first visit it takes control after installing), its body read and dropped.
 */
export function keepForServiceWorker(path: string): void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return;
  const url = new URL(path, window.location.href).href;
  const entries = performance.getEntriesByName(url) as PerformanceResourceTiming[];
  if (entries.some((e) => e.workerStart > 0)) return;
  const fetchThroughWorker = () => {
    void fetch(url, { credentials: 'same-origin' })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  };
  if (container.controller) fetchThroughWorker();
  else container.addEventListener('controllerchange', fetchThroughWorker, { once: true });
}

/** Runs `task` when the browser is idle (or after 2 s at the latest); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 2000);
  return () => clearTimeout(id);
}

/** Per-question progress, for list badges and flashcard order; empty when offline. */
export function useProgress() {
  const userId = useUserId();
  return useQuery({
    queryKey: learnKeys.progress(userId),
    queryFn: () => api.get<QuestionProgressMap>(api.lang('/learn/progress')),
  });
}

/**
 * The review queue (the BFF's one definition of "due", the same the dashboard and focus mode show): how many
 * questions are due now, when the next one is, and the due ids, earliest first.
 */
export function useReviewQueue() {
  const userId = useUserId();
  return useQuery({
    queryKey: learnKeys.queue(userId),
    queryFn: () => api.get<ReviewQueue>(api.lang('/learn/queue')),
  });
}

export function useTopics() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: learnKeys.topics(language),
    queryFn: () => api.get<Topic[]>(api.lang('/topics')),
  });
}

export function useStates() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: learnKeys.states(language),
    queryFn: () => api.get<FederalState[]>(api.lang('/german-federal-states')),
  });
}

export function useBookmarkList() {
  const { language } = useLanguage();
  const userId = useUserId();
  return useQuery({
    queryKey: learnKeys.bookmarks(userId, language),
    queryFn: () => api.get<Question[]>(api.lang('/user/bookmarks')),
  });
}

/**
 * The questions to practise from one finished test (wrong, unanswered, unsure; in test order). A finished test
 * does not change: loaded once per visit, not again on window focus.
 */
export function useMistakes(attemptId: string) {
  const { language } = useLanguage();
  const userId = useUserId();
  return useQuery({
    queryKey: learnKeys.mistakes(userId, language, attemptId),
    queryFn: () => api.get<ExamMistakes>(api.lang(`/exams/${encodeURIComponent(attemptId)}/mistakes`)),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** The bookmarked ids and a toggle (optimistic; rolled back with an error message on failure). */
export function useBookmarks() {
  const { language } = useLanguage();
  const userId = useUserId();
  const client = useQueryClient();
  const list = useBookmarkList();
  const ids = useMemo(() => new Set((list.data ?? []).map((q) => q.id)), [list.data]);
  const toggle = useMutation({
    mutationFn: async ({ question, on }: { question: Question; on: boolean }) => {
      const path = api.lang(`/user/bookmarks/${question.id}`);
      await (on ? api.post(path) : api.delete(path));
    },
    onMutate: async ({ question, on }) => {
      const key = learnKeys.bookmarks(userId, language);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Question[]>(key);
      client.setQueryData<Question[]>(key, (old = []) =>
        on ? [question, ...old.filter((q) => q.id !== question.id)] : old.filter((q) => q.id !== question.id),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      client.setQueryData(learnKeys.bookmarks(userId, language), context?.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: learnKeys.bookmarks(userId, language) }),
  });
  return { ids, toggle, list };
}

/** Records an answer: queued (persisted in IndexedDB) and sent; offline it waits for the network. */
export function useRecordAnswer(mode: LearnMode) {
  const { language } = useLanguage();
  const { user } = useSession();
  return (question: Question, isCorrect: boolean, rating?: Rating) => {
    queueAnswer({
      question_id: questionNumber(question.id),
      is_correct: isCorrect,
      mode,
      ...(rating ? { rating } : {}),
      lang: language,
      ...(user ? { user_id: user.id } : {}),
    }).catch((error: unknown) => console.error('[learn] answer could not be queued', error));
  };
}

/** Refreshes progress views whenever the BFF acknowledges an answer; the review queue is read again. */
export function useProgressSync() {
  const client = useQueryClient();
  const userId = useUserId();
  useEffect(
    () =>
      onAnswerSent((item, body) => {
        const progress = body?.progress;
        if (progress)
          client.setQueryData<QuestionProgressMap>(learnKeys.progress(userId), (old = {}) => ({
            ...old,
            [`q${item.question_id}`]: progress,
          }));
        void client.invalidateQueries({ queryKey: learnKeys.queue(userId) });
      }),
    [client, userId],
  );
}

/** Answers waiting to be sent. */
export function usePendingAnswers(): number {
  return useSyncExternalStore(subscribeOutbox, pendingAnswers, () => 0);
}

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Whether the browser says it is online. Online while a page the server made is hydrated (the server made it
 * online): an offline copy of it then hydrates as sent, and says it is offline right after.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
}
