import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { signIn } from '../../test/helpers/sign-in';
import { PROGRESS_TABLES } from '../db/migrations/20261124_013_progress_version';
import type { UserRow } from '../users/repository';
import { DASHBOARD_MAX_AGE_MS, DashboardCache } from './cache';

let app: TestApp;
let cookie: string;
let other: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = await signIn(app, 'cached');
  other = await signIn(app, 'neighbour');
});
afterAll(() => app.close());

const userRow = (username: string): Promise<UserRow> => app.db('users').where({ username }).first();
const version = async (username: string) => Number((await userRow(username)).progress_version);

type Dashboard = { generatedAt: string; bookmarks: { count: number } };
async function dashboard(c = cookie): Promise<Dashboard> {
  const res = await app.request('/api/en/user/dashboard', { headers: { cookie: c } });
  expect(res.status).toBe(200);
  return (await res.json()) as Dashboard;
}

describe('progress version', () => {
  it('every table the dashboard reads counts a learner’s inserts, updates and deletes, and only theirs', async () => {
    const me = await userRow('cached');
    const them = await userRow('neighbour');
    // One row per table for this learner, as the app writes them (ids of real questions).
    const rows: Record<(typeof PROGRESS_TABLES)[number], Record<string, unknown>> = {
      learn_answers: { user_id: me.id, question_id: 7, is_correct: true },
      question_progress: { user_id: me.id, question_id: 7, seen_count: 1, correct_count: 1 },
      exam_attempts: { id: randomUUID(), user_id: me.id, kind: 'demo', state_code: 'BE', question_count: 33 },
      achievements: { user_id: me.id, code: 'FIRST_TEST' },
      dismissed_recommendations: { user_id: me.id, recommendation_id: 'practice' },
      bookmarks: { user_id: me.id, question_id: 7 },
    };
    for (const table of PROGRESS_TABLES) {
      const before = await version('cached');
      const theirs = await version('neighbour');
      await app.db(table).insert(rows[table]);
      expect(await version('cached'), `insert into ${table}`).toBe(before + 1);
      await app.db(table).where({ user_id: me.id }).update({ user_id: me.id });
      expect(await version('cached'), `update of ${table}`).toBe(before + 2);
      await app.db(table).where({ user_id: me.id }).delete();
      expect(await version('cached'), `delete from ${table}`).toBe(before + 3);
      expect(await version('neighbour'), `${table}: the other learner`).toBe(theirs);
    }
    expect(them.id).not.toBe(me.id);
  });

  it('once per transaction: the changes of one transaction become visible together', async () => {
    const me = await userRow('cached');
    const before = await version('cached');
    await app.db.transaction(async (trx) => {
      await trx('learn_answers').insert({ user_id: me.id, question_id: 8, is_correct: false });
      await trx('question_progress').insert({
        user_id: me.id,
        question_id: 8,
        seen_count: 1,
        incorrect_count: 1,
      });
      await trx('bookmarks').insert({ user_id: me.id, question_id: 8 });
    });
    expect(await version('cached')).toBe(before + 1);
    await app.db('bookmarks').where({ user_id: me.id, question_id: 8 }).delete();
    expect(await version('cached')).toBe(before + 2);
  });
});

describe('the dashboard cache', () => {
  it('answers from the cache until something it shows changes, through the API or in the database', async () => {
    const first = await dashboard();
    const again = await dashboard();
    // The same build: nothing changed.
    expect(again.generatedAt).toBe(first.generatedAt);
    expect(again.bookmarks.count).toBe(0);

    const added = await app.request('/api/en/user/bookmarks/q12', {
      method: 'POST',
      headers: { cookie, origin: app.url },
    });
    expect(added.status).toBe(201);
    expect((await dashboard()).bookmarks.count).toBe(1);
    // Another learner's write leaves this learner's dashboard alone, and theirs shows their own.
    await app.request('/api/en/user/bookmarks/q13', {
      method: 'POST',
      headers: { cookie: other, origin: app.url },
    });
    expect((await dashboard(other)).bookmarks.count).toBe(1);
    expect((await dashboard()).bookmarks.count).toBe(1);

    const me = await userRow('cached');
    await app.db('bookmarks').where({ user_id: me.id }).delete();
    expect((await dashboard()).bookmarks.count).toBe(0);
  });

  it('a language of its own per learner', async () => {
    const en = await app.request('/api/en/user/dashboard', { headers: { cookie } });
    const de = await app.request('/api/de/user/dashboard', { headers: { cookie } });
    expect(en.status).toBe(200);
    expect(de.status).toBe(200);
    const names = async (res: Response) =>
      ((await res.json()) as { progress: { topics: { name: string }[] } }).progress.topics.map((t) => t.name);
    expect(await names(en)).toContain('Politics in a democracy');
    expect(await names(de)).toContain('Politik in der Demokratie');
  });

  it('builds again at Berlin midnight, at a running mock test’s deadline, and after DASHBOARD_MAX_AGE_MS', async () => {
    const cache = new DashboardCache(app.db);
    const user = await userRow('cached');
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { value: { n: builds }, tagged: { n: builds } };
    };
    const at = (iso: string) => new Date(iso);
    // 23:59:30 in Berlin (UTC+1 in November), then 30 s later: the next day.
    await cache.get(user, 'en', at('2026-11-24T22:59:30Z'), build);
    await cache.get(user, 'en', at('2026-11-24T22:59:59Z'), build);
    expect(builds).toBe(1);
    await cache.get(user, 'en', at('2026-11-24T23:00:00Z'), build);
    expect(builds).toBe(2);
    // No running test: the entry lives DASHBOARD_MAX_AGE_MS.
    const t0 = at('2026-11-25T10:00:00Z').getTime();
    await cache.get(user, 'en', new Date(t0), build);
    expect(builds).toBe(3);
    await cache.get(user, 'en', new Date(t0 + DASHBOARD_MAX_AGE_MS - 1), build);
    expect(builds).toBe(3);
    await cache.get(user, 'en', new Date(t0 + DASHBOARD_MAX_AGE_MS), build);
    expect(builds).toBe(4);

    // A mock test running until 10:10:20: an entry built at 10:10:00 ends at its deadline (the key is the same
    // user row as before: this is the clock alone).
    await app.db('exam_attempts').insert({
      id: randomUUID(),
      user_id: user.id,
      state_code: 'BE',
      kind: 'mock',
      question_count: 33,
      created_at: at('2026-11-25T09:10:20Z'),
      deadline_at: at('2026-11-25T10:10:20Z'),
    });
    await cache.get(user, 'en', at('2026-11-25T10:10:00Z'), build);
    expect(builds).toBe(5);
    await cache.get(user, 'en', at('2026-11-25T10:10:19Z'), build);
    expect(builds).toBe(5);
    await cache.get(user, 'en', at('2026-11-25T10:10:20Z'), build);
    expect(builds).toBe(6);
  });

  it('a failed build is not kept', async () => {
    const cache = new DashboardCache(app.db);
    const user = await userRow('cached');
    const now = new Date();
    await expect(
      cache.get(user, 'en', now, () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    const body = await cache.get(user, 'en', now, async () => ({
      value: { ok: true },
      tagged: { ok: true },
    }));
    expect(body.value).toEqual({ ok: true });
  });
});
