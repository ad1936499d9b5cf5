import type { Knex } from 'knex';
import { expect } from 'vitest';
import { setAdmin } from '../../src/admin/console';
import { scanAnswerLog } from '../../src/learn/memory-model';
import { upsertVariant } from '../../src/remotes/registry';

/**
 * Tools for "everything stored about a user": which tables hold user data (found in the database schema at test
 * time, so a table added later is covered without touching the tests), how many rows a user has in each, and a
 * learner who has used every feature through the real HTTP API.
 */

/** Tables with a `user_id` column in the app's schema, sorted. */
export async function userTables(db: Knex): Promise<string[]> {
  const rows = await db('information_schema.columns')
    .where({ column_name: 'user_id', table_schema: db.raw('current_schema()') })
    .select('table_name');
  return rows.map((r) => String(r.table_name)).sort();
}

export type ForeignKey = { table: string; column: string; parent: string; parentColumn: string };

/** Every single-column foreign key in the app's schema (multi-column ones are reported with their first column). */
export async function foreignKeys(db: Knex): Promise<ForeignKey[]> {
  const { rows } = await db.raw<{ rows: ForeignKey[] }>(
    `SELECT cl.relname AS "table", a.attname AS "column", pcl.relname AS parent, pa.attname AS "parentColumn"
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_class pcl ON pcl.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
      WHERE c.contype = 'f'
        AND cl.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
      ORDER BY 1, 2`,
  );
  return rows;
}

/**
 * Tables without a `user_id` of their own whose rows belong to a user through a parent that has one
 * (e.g. `exam_attempt_items` → `exam_attempts`).
 */
export async function ownedChildTables(db: Knex): Promise<ForeignKey[]> {
  const owners = new Set(await userTables(db));
  return (await foreignKeys(db)).filter((fk) => owners.has(fk.parent) && !owners.has(fk.table));
}

/** Every table holding rows of a user: `users` itself, the `user_id` tables and their owned child tables. */
export async function allUserDataTables(db: Knex): Promise<string[]> {
  const children = (await ownedChildTables(db)).map((fk) => fk.table);
  return [...new Set(['users', ...(await userTables(db)), ...children])].sort();
}

/** Rows of `userId` per table (see `allUserDataTables`). */
export async function countUserRows(db: Knex, userId: string): Promise<Record<string, number>> {
  const count = async (q: Knex.QueryBuilder) =>
    Number((await q.count<{ count: string | number }[]>({ count: '*' }).first())?.count ?? 0);
  const out: Record<string, number> = {};
  out.users = await count(db('users').where({ id: userId }));
  for (const t of await userTables(db)) out[t] = await count(db(t).where({ user_id: userId }));
  for (const fk of await ownedChildTables(db)) {
    out[fk.table] =
      (out[fk.table] ?? 0) +
      (await count(
        db(`${fk.table} as c`)
          .join(`${fk.parent} as p`, `p.${fk.parentColumn}`, `c.${fk.column}`)
          .where('p.user_id', userId),
      ));
  }
  return out;
}

/** All rows per table, whoever they belong to. */
export async function countAllRows(db: Knex, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    out[t] = Number((await db(t).count<{ count: string | number }[]>({ count: '*' }).first())?.count ?? 0);
  }
  return out;
}

type App = {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  db: Knex;
};

export type FilledLearner = {
  /** Every answer in the learner's log (question number, right or wrong), in order: learn mode, then the mock's. */
  answers: { question: number; correct: boolean }[];
  bookmarks: number[];
  /** The finished mock test. */
  mock: { id: string; correct: number; total: number; passed: boolean };
};

/**
 * Uses every feature that stores something about the signed-in user, through the real HTTP API: onboarding
 * with a state, learn answers (→ question progress), bookmarks, a finished mock test (→ exam answers and the
 * FIRST_TEST / SCORE_80 achievements), a challenge score, a dismissed recommendation, a contact message, a
 * problem report and a plan-click analytics event; then the memory-model job's count of the learner's answers.
 * Sign-in already created identity, session and refresh token rows.
 */
export async function useEveryFeature(app: App, cookie: string, label: string): Promise<FilledLearner> {
  const send = async (method: string, path: string, json?: unknown, expected = [200, 201, 204]) => {
    const res = await app.request(path, { method, headers: { cookie }, json });
    expect(expected, `${method} ${path}: ${res.status}`).toContain(res.status);
    return res.status === 204 ? null : res.json();
  };

  await send('PATCH', '/api/user/setting/german-federal-state', { selected_state: 'BE' });
  await send('PATCH', '/api/user/settings', {
    nickname: label,
    preferredLanguage: 'en',
    examDate: '2030-06-01',
  });

  const questions: { number: number; correct: number; state: string | null }[] = await send(
    'GET',
    '/api/en/learn',
  );
  const general = questions.filter((q) => !q.state).map((q) => q.number);
  const berlin = questions.filter((q) => q.state === 'BE').map((q) => q.number);
  const [g1, g2, g3] = general as [number, number, number];
  const [b1] = berlin as [number];
  // g1 right twice (mastered), g2 wrong, g3 wrong then right, b1 right once.
  const answers = [
    { question: g1, correct: true },
    { question: g1, correct: true },
    { question: g2, correct: false },
    { question: g3, correct: false },
    { question: g3, correct: true },
    { question: b1, correct: true },
  ];
  for (const a of answers) {
    await send('POST', '/api/en/learn-mode', {
      question_id: a.question,
      is_correct: a.correct,
      mode: 'learn',
    });
  }

  const bookmarks = [g2, b1];
  for (const q of bookmarks) await send('POST', `/api/en/user/bookmarks/q${q}`);

  // A mock test: all right but the first three (30 of 33, passed, ≥ 80 %).
  const key = new Map(questions.map((q) => [q.number, q.correct]));
  const attempt: { id: string; questions: { position: number; number: number }[] } = await send(
    'POST',
    '/api/en/exams',
    { kind: 'mock' },
  );
  for (const q of attempt.questions) {
    const right = key.get(q.number) as number;
    await send('PUT', `/api/en/exams/${attempt.id}/answers/${q.position}`, {
      answer: q.position <= 3 ? (right + 1) % 4 : right,
      ...(q.position === 4 ? { unsure: true } : {}),
    });
  }
  const done: { result: { correct: number; total: number; passed: boolean } } = await send(
    'POST',
    `/api/en/exams/${attempt.id}/finalize`,
  );

  await send('POST', '/api/en/learn/challenge', {
    correct: 15,
    answered: 20,
    best_streak: 8,
    duration_seconds: 200,
  });
  await send('POST', '/api/en/user/recommendations/general:daily/dismiss');
  await send('POST', '/api/en/contact', {
    name: label,
    email: `${label}@example.org`,
    subject: 'feedback',
    message: `Hello from ${label}`,
  });
  await send('POST', `/api/en/questions/q${g2}/reports`, {
    kind: 'explanation',
    text: `A problem found by ${label}`,
  });
  await send('POST', '/api/en/analytics/events', {
    event: 'plan_selected',
    plan: 'subscription',
    billing: 'yearly',
  });

  // As an administrator (granted as the CLI does): a weight change in the A/B console, written to the audit log.
  const me = await send('GET', '/api/user/me');
  await setAdmin(app.db, { userId: null, name: 'cli' }, me.id, true);
  await upsertVariant(app.db, {
    remote: 'mf_marketing',
    variant: `ab-${label}`,
    version: '1',
    manifestUrl: '/remotes/mf_marketing/1/mf-manifest.json',
    weight: 0,
    enabled: false,
  });
  await send('PATCH', `/api/admin/ab/mf_marketing/ab-${label}`, { weight: 1 });

  // The memory-model job counts the learner's answers (as the server's timer would run it).
  await scanAnswerLog(app.db);

  // The finished mock's answers joined the log, in the order they were given.
  const examAnswers = attempt.questions.map((q) => ({ question: q.number, correct: q.position > 3 }));
  return { answers: [...answers, ...examAnswers], bookmarks, mock: { id: attempt.id, ...done.result } };
}
