import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { signIn, userIdOf } from './helpers/sign-in';

// Bounded, loopback only, stops by itself. LOAD_SECONDS shortens it for a quick local run.
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = 200;

let app: TestApp;
let learners: string[];
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' }, { faultProxy: true });
  learners = [];
  for (let i = 0; i < 8; i++) learners.push(await signIn(app, `load-${i}`));
  for (const cookie of learners) {
    await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'NW' },
      headers: { cookie },
    });
  }
}, 120_000);
afterAll(() => app.close());

type Ack = { kind: 'contact'; marker: string } | { kind: 'answer'; learner: string; question: number };

/** One client: a loop of mixed requests until the deadline; remembers every write the server acknowledged. */
async function client(id: number, deadline: number, acks: Ack[], statuses: Map<number, number>) {
  const cookie = learners[id % learners.length] as string;
  const ip = `10.${(id >> 8) & 255}.${id & 255}.${Math.floor(Math.random() * 250) + 1}`;
  let n = 0;
  while (Date.now() < deadline) {
    n++;
    let res: Response;
    let ack: Ack | null = null;
    const pick = (id + n) % 6;
    try {
      if (pick === 0) {
        const marker = `load ${id}-${n}-${Math.random().toString(36).slice(2)}`;
        res = await app.request('/api/de/contact', {
          method: 'POST',
          json: { name: 'Load', email: `c${id}@example.org`, subject: 'general', message: marker },
          headers: { 'x-forwarded-for': `${ip}${n}` },
        });
        ack = { kind: 'contact', marker };
      } else if (pick === 1 || pick === 2) {
        const question = ((id * 7 + n * 13) % 300) + 1;
        res = await app.request('/api/en/learn-mode', {
          method: 'POST',
          json: { question_id: question, is_correct: n % 3 !== 0 },
          headers: { cookie },
        });
        ack = { kind: 'answer', learner: cookie, question };
      } else if (pick === 3) {
        res = await app.request('/api/hr/german-federal-states');
      } else if (pick === 4) {
        res = await app.request('/api/en/learn', { headers: { cookie } });
      } else {
        res = await app.request('/api/user/me', { headers: { cookie } });
      }
      await res.arrayBuffer();
    } catch {
      statuses.set(-1, (statuses.get(-1) ?? 0) + 1);
      continue;
    }
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (ack && res.status >= 200 && res.status < 300) acks.push(ack);
  }
}

describe('under load and faults', () => {
  it(
    `${CLIENTS} concurrent mixed clients for ${SECONDS} s: no 5xx, every acknowledged write is stored`,
    async () => {
      const acks: Ack[] = [];
      const statuses = new Map<number, number>();
      const answersBefore = Number((await app.db('learn_answers').count({ n: '*' }).first())?.n ?? 0);
      const deadline = Date.now() + SECONDS * 1000;
      await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, deadline, acks, statuses)));
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      const fivexx = [...statuses].filter(([s]) => s >= 500 || s === -1).reduce((a, [, c]) => a + c, 0);
      console.info(`load: ${total} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(total).toBeGreaterThan(CLIENTS);
      expect(fivexx).toBe(0);

      const contacts = acks.filter((a) => a.kind === 'contact').map((a) => a.marker);
      const stored = new Set(await app.db('contact_messages').whereIn('message', contacts).pluck('message'));
      expect(contacts.filter((m) => !stored.has(m))).toEqual([]);
      const answers = acks.filter((a) => a.kind === 'answer');
      const answersAfter = Number((await app.db('learn_answers').count({ n: '*' }).first())?.n ?? 0);
      expect(answersAfter - answersBefore).toBe(answers.length);
      const perLearner = new Map<string, number>();
      for (const a of answers)
        if (a.kind === 'answer') perLearner.set(a.learner, (perLearner.get(a.learner) ?? 0) + 1);
      for (const [cookie, count] of perLearner) {
        const userId = await userIdOf(app, cookie);
        const n = Number(
          (await app.db('learn_answers').where({ user_id: userId }).count({ n: '*' }).first())?.n ?? 0,
        );
        expect(n).toBeGreaterThanOrEqual(count);
      }
    },
    SECONDS * 1000 + 120_000,
  );

  it('answers 503 with a JSON error while the database is gone, loses nothing acknowledged, and recovers by itself', async () => {
    const cookie = learners[0] as string;
    const ok = await app.request('/api/en/german-federal-states');
    expect(ok.status).toBe(200);

    app.proxy?.down();
    const marker = `during outage ${Date.now()}`;
    const during = [
      await app.request('/api/en/learn', { headers: { cookie } }),
      await app.request('/api/de/contact', {
        method: 'POST',
        json: { name: 'Out', email: 'out@example.org', subject: 'general', message: marker },
        headers: { 'x-forwarded-for': '10.99.0.1' },
      }),
      await app.request('/readyz'),
    ];
    for (const res of during) {
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.error.code).toBe('unavailable');
      expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|ECONN|stack/i);
    }

    app.proxy?.up();
    // Recovers without a restart: the pool drops broken connections and opens new ones.
    let recovered: Response | null = null;
    for (let i = 0; i < 50 && recovered?.status !== 200; i++) {
      recovered = await app.request('/api/en/learn', { headers: { cookie } });
      if (recovered.status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered?.status).toBe(200);
    expect(await app.db('contact_messages').where({ message: marker }).first()).toBeUndefined();
    const after = await app.request('/api/de/contact', {
      method: 'POST',
      json: { name: 'Back', email: 'back@example.org', subject: 'general', message: `${marker} retried` },
      headers: { 'x-forwarded-for': '10.99.0.2' },
    });
    expect(after.status).toBe(201);
    expect(
      await app
        .db('contact_messages')
        .where({ message: `${marker} retried` })
        .first(),
    ).toBeTruthy();
  }, 60_000);
});
