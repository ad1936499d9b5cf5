import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepForServiceWorker } from '../src/data';
import {
  flushOutbox,
  LEGACY_OUTBOX_KEY,
  type NewAnswer,
  onAnswerSent,
  outbox,
  pendingAnswers,
  queueAnswer,
  subscribeOutbox,
} from '../src/offline';
import { recordedAnswer } from './fixtures';
import { json } from './util';

const answer = (question_id: number, over: Partial<NewAnswer> = {}): NewAnswer => ({
  question_id,
  is_correct: true,
  mode: 'learn',
  lang: 'en',
  ...over,
});

type Sent = { url: string; body: Record<string, unknown> };

/** A fetch stub for the platform's api client: `network` false → every request fails like a dropped link. */
function server(
  respond: (body: Record<string, unknown>) => Response = (body) => json(201, recordedAnswer(body)),
) {
  const state = { network: true, sent: [] as Sent[] };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.network) throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    state.sent.push({ url: String(input), body });
    return respond(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return state;
}

const signIn = (id: string) =>
  localStorage.setItem('buergerfit.user', JSON.stringify({ id, name: id, email: null }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('answer outbox (IndexedDB)', () => {
  it('stores an answer before sending it, sends the spec payload with its client_id, then removes it', async () => {
    const srv = server();
    const item = await queueAnswer(answer(7, { is_correct: false, mode: 'flashcards', rating: 'again' }));
    expect(item.client_id).toMatch(/^[0-9a-f-]{36}$/);
    await flushOutbox();
    expect(srv.sent).toEqual([
      {
        url: '/api/en/learn-mode',
        body: {
          client_id: item.client_id,
          question_id: 7,
          is_correct: false,
          mode: 'flashcards',
          rating: 'again',
        },
      },
    ]);
    expect(await outbox()).toEqual([]);
    expect(pendingAnswers()).toBe(0);
  });

  it('offline: keeps every answer in order, sends each exactly once when back online', async () => {
    const srv = server();
    srv.network = false;
    const a = await queueAnswer(answer(1));
    const b = await queueAnswer(answer(2, { is_correct: false }));
    const c = await queueAnswer(answer(3, { lang: 'de' }));
    await flushOutbox();
    expect(srv.sent).toEqual([]);
    expect((await outbox()).map((q) => q.client_id)).toEqual([a.client_id, b.client_id, c.client_id]);
    expect(pendingAnswers()).toBe(3);

    srv.network = true;
    // Two triggers at once (the online event and the retry timer) still send each answer once.
    const [first, second] = await Promise.all([flushOutbox(), flushOutbox()]);
    expect(first + (second ?? 0)).toBeGreaterThanOrEqual(3);
    expect(srv.sent.map((s) => [s.url, s.body.question_id, s.body.client_id])).toEqual([
      ['/api/en/learn-mode', 1, a.client_id],
      ['/api/en/learn-mode', 2, b.client_id],
      ['/api/de/learn-mode', 3, c.client_id],
    ]);
    expect(await outbox()).toEqual([]);
    await flushOutbox();
    expect(srv.sent).toHaveLength(3);
  });

  it('a lost response is resent with the same client_id (the BFF stores the key once)', async () => {
    let calls = 0;
    const srv = server();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls += 1;
      srv.sent.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      if (calls === 1) throw new TypeError('connection reset'); // reached the server, answer lost
      // The same client_id again: stored once, answered as the duplicate it is.
      return json(200, { ...recordedAnswer(JSON.parse(String(init?.body))), duplicate: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    const item = await queueAnswer(answer(5));
    await vi.waitFor(() => expect(calls).toBe(1));
    expect((await outbox()).map((q) => q.client_id)).toEqual([item.client_id]);
    await flushOutbox();
    expect(srv.sent.map((s) => s.body.client_id)).toEqual([item.client_id, item.client_id]);
    expect(await outbox()).toEqual([]);
  });

  it('drops an answer the BFF refuses for good, keeps one it refuses for now', async () => {
    const srv = server((body) =>
      body.question_id === 999
        ? json(400, { error: { code: 'invalid_input', message: 'unknown question' } })
        : json(429, { error: { code: 'rate_limited', message: 'later' } }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await queueAnswer(answer(999));
    const kept = await queueAnswer(answer(4));
    await flushOutbox();
    expect(srv.sent.map((s) => s.body.question_id)).toContain(999);
    expect((await outbox()).map((q) => q.client_id)).toEqual([kept.client_id]);
  });

  it('sends only the signed-in learner’s answers; another account’s wait for it', async () => {
    const srv = server();
    srv.network = false;
    signIn('anna');
    const anna = await queueAnswer(answer(1, { user_id: 'anna' }));
    signIn('ben');
    const ben = await queueAnswer(answer(2, { user_id: 'ben' }));
    srv.network = true;
    await flushOutbox();
    expect(srv.sent.map((s) => s.body.client_id)).toEqual([ben.client_id]);
    expect((await outbox()).map((q) => q.client_id)).toEqual([anna.client_id]);
    signIn('anna');
    await flushOutbox();
    expect(srv.sent.map((s) => s.body.client_id)).toEqual([ben.client_id, anna.client_id]);
  });

  it('moves a localStorage outbox of an older version into IndexedDB once, keeping order and keys', async () => {
    const legacy = [
      {
        client_id: '11111111-1111-4111-8111-111111111111',
        question_id: 9,
        is_correct: true,
        mode: 'learn',
        lang: 'en',
      },
      {
        client_id: '22222222-2222-4222-8222-222222222222',
        question_id: 3,
        is_correct: false,
        mode: 'learn',
        lang: 'en',
      },
    ];
    localStorage.setItem(LEGACY_OUTBOX_KEY, JSON.stringify(legacy));
    const srv = server();
    srv.network = false;
    const after = await queueAnswer(answer(1));
    expect(localStorage.getItem(LEGACY_OUTBOX_KEY)).toBeNull();
    expect((await outbox()).map((q) => q.client_id)).toEqual([
      legacy[0]?.client_id,
      legacy[1]?.client_id,
      after.client_id,
    ]);
    srv.network = true;
    await flushOutbox();
    const withoutLang = legacy.map(({ lang: _lang, ...body }) => body);
    expect(srv.sent.map((s) => s.body)).toEqual([
      ...withoutLang,
      { client_id: after.client_id, question_id: 1, is_correct: true, mode: 'learn' },
    ]);
    // A second start finds nothing left to migrate.
    expect(localStorage.getItem(LEGACY_OUTBOX_KEY)).toBeNull();
  });

  it('without IndexedDB keeps the outbox in localStorage (still survives a closed tab)', async () => {
    vi.stubGlobal('indexedDB', undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const srv = server();
    srv.network = false;
    const item = await queueAnswer(answer(8));
    const stored = JSON.parse(localStorage.getItem(LEGACY_OUTBOX_KEY) ?? '[]') as { client_id: string }[];
    expect(stored.map((q) => q.client_id)).toEqual([item.client_id]);
    srv.network = true;
    await flushOutbox();
    expect(srv.sent.map((s) => s.body.client_id)).toEqual([item.client_id]);
    expect(localStorage.getItem(LEGACY_OUTBOX_KEY)).toBeNull();
  });

  it('notifies subscribers of the pending count', async () => {
    const srv = server();
    srv.network = false;
    const seen: number[] = [];
    const stop = subscribeOutbox(() => seen.push(pendingAnswers()));
    await queueAnswer(answer(1));
    await queueAnswer(answer(2));
    srv.network = true;
    const acknowledged: number[] = [];
    onAnswerSent((item) => acknowledged.push(item.question_id));
    await flushOutbox();
    stop();
    expect(seen).toEqual([1, 2, 1, 0]);
    expect(acknowledged).toEqual([1, 2]);
  });
});

describe('keeping a server-rendered question set for the service worker', () => {
  /** A stand-in for navigator.serviceWorker: `controller` set or not, `controllerchange` fired by hand. */
  function worker(controlled: boolean) {
    const events = new EventTarget();
    const container = Object.assign(events, { controller: controlled ? {} : null });
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
    const fetchMock = vi.fn(async () => new Response('[]'));
    vi.stubGlobal('fetch', fetchMock);
    return { container, fetchMock };
  }
  const SET = 'http://localhost:3000/api/en/learn';

  afterEach(() => vi.restoreAllMocks());

  it('fetches the set through the worker that controls the page, once', async () => {
    const { fetchMock } = worker(true);
    keepForServiceWorker('/api/en/learn');
    expect(fetchMock.mock.calls).toEqual([[SET, { credentials: 'same-origin' }]]);
  });

  it('on a first visit waits for the worker to take control', async () => {
    const { container, fetchMock } = worker(false);
    keepForServiceWorker('/api/en/learn');
    expect(fetchMock).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(fetchMock.mock.calls).toEqual([[SET, { credentials: 'same-origin' }]]);
  });

  it('asks nothing when the page’s own request for the set came through the worker', async () => {
    const { fetchMock } = worker(true);
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
      name === SET ? [{ name, workerStart: 12.5 } as unknown as PerformanceEntry] : [],
    );
    keepForServiceWorker('/api/en/learn');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
