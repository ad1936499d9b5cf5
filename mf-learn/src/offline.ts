import type { LearnAnswer, LearnAnswerResult, LearnMode, Question, Rating } from '@buergerfit/contract';
import { api, isApiError, readStorage, readStoredUser, writeStorage } from '@buergerfit/platform';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Offline support. The shell's service worker keeps the app and the last question set (`GET /api/{lang}/learn`)
 * for a cold start with no network; here the last loaded set is also kept in localStorage (works without a
 * service worker, e.g. in development), and every answer goes through a persistent outbox in IndexedDB that is
 * sent when the browser is online again. Each answer carries a UUID (`client_id`, the outbox's key); the BFF
 * stores a key once, so a replay after a lost response is not counted twice.
 */
const QUESTIONS_KEY = 'buergerfit.learn.questions';
/** Where the outbox lived before IndexedDB: moved over once, then removed. */
export const LEGACY_OUTBOX_KEY = 'buergerfit.learn.outbox';
const DB_NAME = 'buergerfit-learn';
const DB_VERSION = 1;
const STORE = 'outbox';
const LOCK_NAME = 'buergerfit-learn-outbox';
const CHANNEL_NAME = 'buergerfit-learn-outbox';

export interface QueuedAnswer {
  client_id: string;
  question_id: number;
  is_correct: boolean;
  mode: LearnMode;
  rating?: Rating;
  lang: string;
  /** Who answered: another account signed in on this device does not send it. Absent on migrated entries. */
  user_id?: string;
  /** Queue order (oldest first). */
  queued_at: number;
}

export type NewAnswer = Omit<QueuedAnswer, 'client_id' | 'queued_at'>;

function readJson<T>(key: string, fallback: T): T {
  const raw = readStorage(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.warn(`[learn] corrupt ${key} removed`, error);
    writeStorage(key, null);
    return fallback;
  }
}

type QuestionCache = Record<string, Question[]>;

export function cacheQuestions(key: string, questions: Question[]): void {
  // Keep the newest few sets only (a set is ~300 questions).
  const all = readJson<QuestionCache>(QUESTIONS_KEY, {});
  const next: QuestionCache = { [key]: questions };
  for (const k of Object.keys(all).slice(0, 3)) if (k !== key) next[k] = all[k] as Question[];
  writeStorage(QUESTIONS_KEY, JSON.stringify(next));
}

export function cachedQuestions(key: string): Question[] | null {
  return readJson<QuestionCache>(QUESTIONS_KEY, {})[key] ?? null;
}

/** Network failure (no response): the case where the cache or the outbox takes over. */
export const isOffline = (error: unknown) =>
  (isApiError(error) && error.status === 0) ||
  (typeof navigator !== 'undefined' && navigator.onLine === false);

// ---- outbox storage ----

interface OutboxSchema extends DBSchema {
  outbox: { key: string; value: QueuedAnswer; indexes: { queued_at: number } };
}

interface OutboxStore {
  /** Every queued answer, oldest first. */
  all(): Promise<QueuedAnswer[]>;
  /** Adds or replaces by `client_id` (so putting the same answer twice keeps one). */
  put(items: readonly QueuedAnswer[]): Promise<void>;
  delete(clientId: string): Promise<void>;
  close(): void;
}

function idbStore(db: IDBPDatabase<OutboxSchema>): OutboxStore {
  return {
    all: () => db.getAllFromIndex(STORE, 'queued_at'),
    async put(items) {
      const tx = db.transaction(STORE, 'readwrite');
      await Promise.all([...items.map((item) => tx.store.put(item)), tx.done]);
    },
    delete: (clientId) => db.delete(STORE, clientId),
    close: () => db.close(),
  };
}

/**
 * Used only where IndexedDB is unavailable or fails to open: the previous version's localStorage outbox (same
 * key, same items), so answers still survive a closed tab and nothing needs migrating.
 */
function localStorageStore(): OutboxStore {
  const read = () =>
    readJson<QueuedAnswer[]>(LEGACY_OUTBOX_KEY, [])
      .map((q, i) => ({ ...q, queued_at: q.queued_at ?? i }))
      .sort((a, b) => a.queued_at - b.queued_at);
  const write = (items: QueuedAnswer[]) =>
    writeStorage(LEGACY_OUTBOX_KEY, items.length ? JSON.stringify(items) : null);
  return {
    all: async () => read(),
    async put(list) {
      const ids = new Set(list.map((q) => q.client_id));
      write([...read().filter((q) => !ids.has(q.client_id)), ...list]);
    },
    async delete(clientId) {
      write(read().filter((q) => q.client_id !== clientId));
    },
    close() {},
  };
}

let lastQueuedAt = 0;
/** Strictly increasing, so two answers in the same millisecond keep their order. */
function nextQueuedAt(): number {
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  return lastQueuedAt;
}

/** Moves an outbox left in localStorage by an older version into the store, once; then removes it. */
async function migrateLegacyOutbox(store: OutboxStore): Promise<void> {
  const raw = readStorage(LEGACY_OUTBOX_KEY);
  if (raw === null) return;
  let legacy: unknown;
  try {
    legacy = JSON.parse(raw);
  } catch (error) {
    console.warn('[learn] corrupt legacy outbox removed', error);
    writeStorage(LEGACY_OUTBOX_KEY, null);
    return;
  }
  const items = (Array.isArray(legacy) ? legacy : [])
    .filter(
      (q): q is Omit<QueuedAnswer, 'queued_at'> =>
        !!q &&
        typeof q === 'object' &&
        typeof q.client_id === 'string' &&
        typeof q.question_id === 'number' &&
        typeof q.is_correct === 'boolean' &&
        typeof q.lang === 'string',
    )
    // Older than anything this version queued (those carry a timestamp): first in line, in their old order.
    .map((q, i) => ({ ...q, queued_at: i }));
  // Keyed by client_id: if the tab closes between the write and the removal, the next run writes the same keys.
  await store.put(items);
  writeStorage(LEGACY_OUTBOX_KEY, null);
}

let opening: Promise<OutboxStore> | null = null;

function openStore(): Promise<OutboxStore> {
  opening ??= (async () => {
    if (typeof indexedDB === 'undefined') {
      console.warn('[learn] IndexedDB is not available: the answer outbox stays in localStorage');
      return localStorageStore();
    }
    let store: OutboxStore;
    try {
      const db = await openDB<OutboxSchema>(DB_NAME, DB_VERSION, {
        upgrade(database) {
          const outbox = database.createObjectStore(STORE, { keyPath: 'client_id' });
          outbox.createIndex('queued_at', 'queued_at');
        },
      });
      store = idbStore(db);
    } catch (error) {
      console.warn('[learn] IndexedDB could not be opened: the answer outbox stays in localStorage', error);
      return localStorageStore();
    }
    try {
      await migrateLegacyOutbox(store);
    } catch (error) {
      console.warn('[learn] legacy outbox not migrated (kept for the next try)', error);
    }
    return store;
  })();
  return opening;
}

// ---- pending count (a synchronous snapshot for React) ----

const listeners = new Set<() => void>();
let pending = 0;
let channel: BroadcastChannel | null = null;

const currentUserId = () => readStoredUser()?.id ?? null;
/** Answers of another account wait for it; entries without an owner (migrated) go with whoever is signed in. */
const sendableBy = (user: string | null) => (q: QueuedAnswer) => !q.user_id || q.user_id === user;

async function refreshPending(): Promise<void> {
  const store = await openStore();
  const count = (await store.all()).filter(sendableBy(currentUserId())).length;
  if (count === pending) return;
  pending = count;
  for (const l of listeners) l();
}

/** After a local change: recount here and tell the other tabs to recount. */
async function changed(): Promise<void> {
  channel?.postMessage('changed');
  await refreshPending();
}

/** Answers of the signed-in learner waiting to be sent (last known count; see `subscribeOutbox`). */
export const pendingAnswers = (): number => pending;

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  void refreshPending().catch((error: unknown) => console.warn('[learn] outbox not readable', error));
  return () => listeners.delete(listener);
}

/** Every queued answer, oldest first (all accounts). */
export async function outbox(): Promise<QueuedAnswer[]> {
  return (await openStore()).all();
}

export const newClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

// ---- sending ----

const sentListeners = new Set<(item: QueuedAnswer, body: LearnAnswerResult) => void>();
/** Called once per answer the BFF acknowledged (to refresh progress views). */
export function onAnswerSent(listener: (item: QueuedAnswer, body: LearnAnswerResult) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** One sender across tabs (Web Locks where the browser has them); the BFF's client_id check covers the rest. */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(LOCK_NAME, work) : work();
}

/** An answer the BFF refused for good (4xx other than 401/408/429): it could never succeed. */
const refusedForGood = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

let flushing: Promise<number> | null = null;

/**
 * Sends the signed-in learner's queued answers oldest first. Stops at the first network failure (kept for
 * later); a refused answer is dropped and logged. An answer leaves the store only after the BFF answered, so a
 * lost response means a resend with the same client_id, which the BFF stores once. Returns how many were sent.
 */
export function flushOutbox(): Promise<number> {
  if (flushing) return flushing;
  flushing = exclusive(async () => {
    const store = await openStore();
    let sent = 0;
    for (;;) {
      const [item] = (await store.all()).filter(sendableBy(currentUserId()));
      if (!item) break;
      const { lang, user_id: _user, queued_at: _at, ...body } = item;
      try {
        const res = await api.post<LearnAnswerResult>(`/api/${lang}/learn-mode`, body satisfies LearnAnswer);
        sent += 1;
        for (const l of sentListeners) l(item, res);
      } catch (error) {
        if (!refusedForGood(error)) break;
        console.warn('[learn] answer refused, dropped', item, error);
      }
      await store.delete(item.client_id);
      await changed();
    }
    return sent;
  })
    .catch((error: unknown) => {
      console.warn('[learn] outbox not sent', error);
      return 0;
    })
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/** Queues one answer (stored first, so a closed tab loses nothing) and tries to send it right away. */
export async function queueAnswer(answer: NewAnswer): Promise<QueuedAnswer> {
  const item: QueuedAnswer = { ...answer, client_id: newClientId(), queued_at: nextQueuedAt() };
  const store = await openStore();
  await store.put([item]);
  await changed();
  void flushOutbox();
  return item;
}

let started = false;
let timer: ReturnType<typeof setInterval> | undefined;
const onOnline = () => void flushOutbox();

/** Sends the outbox now and whenever the browser comes back online (once per page). */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', onOnline);
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = () => void refreshPending().catch(() => {});
  }
  // The browser may say "online" while the server was unreachable: retry now and then while answers wait.
  timer = setInterval(() => {
    if (pending > 0 && navigator.onLine !== false) void flushOutbox();
  }, 30_000);
  void flushOutbox();
}

/** Tests only: closes the database and forgets all module state (pair with a fresh IndexedDB). */
export async function resetOutboxForTesting(): Promise<void> {
  await flushing?.catch(() => 0);
  if (opening) (await opening.catch(() => null))?.close();
  opening = null;
  flushing = null;
  pending = 0;
  lastQueuedAt = 0;
  started = false;
  if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  clearInterval(timer);
  channel?.close();
  channel = null;
  listeners.clear();
  sentListeners.clear();
}
