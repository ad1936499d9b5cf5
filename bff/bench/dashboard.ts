/**
 * `npm run bench:dashboard`: the dashboard API at scale (issue 8, item 6).
 *
 * 1. Creates a fresh database `bf_bench_<stamp>` on the PostgreSQL server at BENCH_DATABASE_URL / DATABASE_URL
 *    (default postgres://postgres@127.0.0.1:5432/postgres), runs the real migrations and the real catalog import.
 * 2. Seeds it with set-based SQL: BENCH_USERS learners (10,000), BENCH_ANSWERS learn answers (10,000,000) over the
 *    last 180 days, inserted in time order like a live system writes them; `question_progress` derived from those
 *    answers exactly as the learn write path keeps it (counts, correct streak, last answer); finished mock tests
 *    with their items; bookmarks. One target learner gets BENCH_TARGET_ANSWERS answers (20,000) on every one of
 *    the last 180 days; their FSRS cards are replayed with the real scheduler, and their progress rows are checked
 *    against a replay of the write path.
 * 3. Starts the real BFF (`start()`) on that database, signs the target learner in through the local OAuth
 *    provider (the real session cookies), and times BENCH_REQUESTS (200) sequential requests per dashboard call of
 *    spec §7 after BENCH_WARMUP (20), round-robin over the calls, over real HTTP.
 * 4. Prints p50/p95/p99 per call, writes bench/results/dashboard-<stamp>.{md,json} (and dashboard-latest.*),
 *    drops the database (BENCH_KEEP=1 keeps it) and exits 1 when a call's p95 is not under 50 ms.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { importCatalog } from '../src/catalog/import';
import { loadConfig, repoRoot } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateLatest } from '../src/db/migrate';
import { type CardColumns, ratingFor, review } from '../src/learn/scheduler';
import { createLogger } from '../src/logger';
import { type Running, start } from '../src/start';

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  const v = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return v;
};

const SERVER_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = int('BENCH_USERS', 10_000);
const ANSWERS = int('BENCH_ANSWERS', 10_000_000);
const TARGET_ANSWERS = int('BENCH_TARGET_ANSWERS', 20_000);
const REQUESTS = int('BENCH_REQUESTS', 200);
const WARMUP = int('BENCH_WARMUP', 20);
const KEEP = process.env.BENCH_KEEP === '1';
const BUDGET_MS = 50;
const DAYS = 180;
const TARGET_NAME = 'bench-target';
const TARGET_STATE = 'BE';
const TARGET_MOCKS = 40;
const TARGET_BOOKMARKS = 25;

const CALLS = [
  '/api/en/user/dashboard',
  '/api/en/user/progress',
  '/api/en/user/statistics',
  '/api/en/user/bookmarks',
  '/api/en/user/recommendations',
  '/api/en/user/achievements',
  '/api/en/user/streak',
] as const;

if (USERS < 2) throw new Error('BENCH_USERS must be at least 2 (the target learner and others)');
if (ANSWERS < TARGET_ANSWERS + USERS - 1) {
  throw new Error(
    `BENCH_ANSWERS (${ANSWERS}) must cover the target's ${TARGET_ANSWERS} answers and one per other learner`,
  );
}

function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one seeding step and records how long it took. */
function stepper() {
  const steps: { step: string; ms: number }[] = [];
  return {
    steps,
    async step<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const t0 = performance.now();
      const out = await fn();
      const ms = performance.now() - t0;
      steps.push({ step: name, ms });
      console.info(`  ${name.padEnd(52)} ${secs(ms)}`);
      return out;
    },
  };
}

// ── seeding ──────────────────────────────────────────────────────────────────────────────────────────────────

type Saved = { drop: string[]; create: string[] };

/**
 * Bulk-load helper: remembers the indexes and constraints of the given tables (and foreign keys pointing at them),
 * drops them, and gives back the statements that recreate them exactly (pg_get_indexdef / pg_get_constraintdef).
 * Building an index once over the loaded table is far cheaper than maintaining it row by row; re-adding the
 * foreign keys validates every seeded row against users and questions.
 */
async function dropIndexes(c: pg.Client, tables: string[]): Promise<Saved> {
  const { rows: cons } = await c.query<{ tbl: string; name: string; type: string; def: string }>(
    `SELECT conrelid::regclass::text AS tbl, conname AS name, contype AS type, pg_get_constraintdef(oid) AS def
       FROM pg_constraint
      WHERE (conrelid = ANY($1::regclass[]) AND contype IN ('p', 'u', 'f'))
         OR (confrelid = ANY($1::regclass[]) AND contype = 'f')`,
    [tables],
  );
  const { rows: idx } = await c.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)`,
    [tables],
  );
  const fks = cons.filter((k) => k.type === 'f');
  const keys = cons.filter((k) => k.type !== 'f');
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return {
    drop: [
      ...fks.map((k) => `ALTER TABLE ${k.tbl} DROP CONSTRAINT ${q(k.name)}`),
      ...keys.map((k) => `ALTER TABLE ${k.tbl} DROP CONSTRAINT ${q(k.name)}`),
      ...idx.map((i) => `DROP INDEX ${i.name}`),
    ],
    create: [
      ...keys.map((k) => `ALTER TABLE ${k.tbl} ADD CONSTRAINT ${q(k.name)} ${k.def}`),
      ...idx.map((i) => i.def),
      ...fks.map((k) => `ALTER TABLE ${k.tbl} ADD CONSTRAINT ${q(k.name)} ${k.def}`),
    ],
  };
}

type SeedResult = { targetId: string; steps: { step: string; ms: number }[]; totalMs: number };

async function seed(url: string, now: Date): Promise<SeedResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { steps, step } = stepper();
  const t0 = performance.now();
  const targetId = randomUUID();
  try {
    await c.query(`SET work_mem = '1GB'`);
    await c.query(`SET maintenance_work_mem = '1GB'`);
    await c.query('SET synchronous_commit = off');
    await c.query('SELECT setseed(0.20261122)');

    await step(`${USERS.toLocaleString('en')} users`, async () => {
      // Per learner: federal state (8 % none chosen), skill, share of the answers, days active (at most DAYS).
      await c.query(
        `CREATE TEMP TABLE plan_users AS
         SELECT n,
                CASE WHEN n = 1 THEN CAST($2 AS uuid) ELSE gen_random_uuid() END AS id,
                CASE WHEN n = 1 THEN CAST($3 AS text)
                     WHEN random() < 0.08 THEN NULL
                     ELSE (SELECT array_agg(code ORDER BY position) FROM states)[1 + floor(random() * 16)::int]
                END AS state,
                CASE WHEN n = 1 THEN 0.78 ELSE 0.5 + random() * 0.45 END AS skill,
                0.1 + random() * 1.9 AS weight,
                CASE WHEN n = 1 THEN ${DAYS} ELSE 3 + floor(random() * ${DAYS - 2})::int END AS span_days,
                0 AS answers
           FROM generate_series(1, $1::int) n`,
        [USERS, targetId, TARGET_STATE],
      );
      // Answer counts: the target's fixed, the rest shared by weight (at least one each), summing to ANSWERS.
      const rest = ANSWERS - TARGET_ANSWERS;
      await c.query(
        `UPDATE plan_users p SET answers = CASE WHEN p.n = 1 THEN $1::int
                  ELSE 1 + floor(p.weight / w.total * ($2::bigint - ($3::int - 1)))::int END
           FROM (SELECT sum(weight) AS total FROM plan_users WHERE n > 1) w`,
        [TARGET_ANSWERS, rest, USERS],
      );
      await c.query(
        `UPDATE plan_users SET answers = answers + 1
          WHERE n BETWEEN 2 AND 1 + ($1::bigint - (SELECT sum(answers) FROM plan_users))`,
        [ANSWERS],
      );
      await c.query(
        `INSERT INTO users (id, username, email, preferred_language, federal_state, onboarded, exam_date,
                            created_at, updated_at)
         SELECT id,
                CASE WHEN n = 1 THEN CAST($1 AS text) ELSE 'bench-' || n END,
                CASE WHEN n = 1 THEN CAST($1 AS text) || '@local.test' END,
                (ARRAY['de', 'en', 'hr', 'en', 'de'])[1 + n % 5],
                state,
                true,
                CASE WHEN n = 1 THEN (CAST($2 AS timestamptz) AT TIME ZONE 'Europe/Berlin')::date + 30
                     WHEN random() < 0.3 THEN (CAST($2 AS timestamptz) AT TIME ZONE 'Europe/Berlin')::date
                                              + floor(random() * 120)::int END,
                CAST($2 AS timestamptz) - (span_days + 1) * interval '1 day',
                CAST($2 AS timestamptz) - (span_days + 1) * interval '1 day'
           FROM plan_users`,
        [TARGET_NAME, now],
      );
      // Each learner's question pool (the 300 general questions, plus their state's 10), numbered from 0.
      await c.query(
        `CREATE TEMP TABLE pool AS
         SELECT s.pool_key, (row_number() OVER (PARTITION BY s.pool_key ORDER BY q.id) - 1)::int AS idx,
                q.id AS question_id, q.state_code IS NOT NULL AS is_state
           FROM (SELECT code AS pool_key FROM states UNION ALL SELECT '--') s
           JOIN questions q ON q.retired_at IS NULL AND (q.state_code IS NULL OR q.state_code = s.pool_key)`,
      );
      await c.query('CREATE UNIQUE INDEX ON pool (pool_key, idx)');
      await c.query(
        `CREATE TEMP TABLE pool_size AS SELECT pool_key, count(*)::int AS size FROM pool GROUP BY pool_key`,
      );
      await c.query('ANALYZE plan_users; ANALYZE pool; ANALYZE pool_size');
    });

    const saved = await dropIndexes(c, ['learn_answers', 'question_progress']);
    for (const s of saved.drop) await c.query(s);

    await step(`${ANSWERS.toLocaleString('en')} learn answers (in time order)`, async () => {
      // Others answer at random moments while they were active; the target learner evenly over all DAYS days
      // (about 110 a day, so a DAYS-long streak: the streak walk's worst case). A question from the own pool,
      // right with the learner's skill ± the question's difficulty.
      await c.query(
        `INSERT INTO learn_answers (user_id, question_id, is_correct, mode, answered_at, client_id)
         SELECT a.user_id, pl.question_id,
                random() < least(0.98, greatest(0.05, a.skill + ((pl.question_id * 37) % 21 - 10) / 100.0)),
                (ARRAY['learn', 'learn', 'learn', 'learn', 'learn', 'learn', 'learn', 'learn', 'learn', 'learn',
                       'learn', 'learn', 'learn', 'focus', 'focus', 'flashcards', 'flashcards', 'challenge',
                       'challenge', 'bookmarks'])[1 + floor(random() * 20)::int],
                a.at,
                CASE WHEN random() < 0.1 THEN gen_random_uuid() END
           FROM (SELECT u.id AS user_id, u.skill, coalesce(u.state, '--') AS pool_key,
                        floor(random() * ps.size)::int AS idx,
                        CASE WHEN u.n = 1
                             THEN CAST($1 AS timestamptz) - ((k - random()) / u.answers) * interval '${DAYS} days'
                             ELSE CAST($1 AS timestamptz) - random() * u.span_days * interval '1 day' END AS at
                   FROM plan_users u
                   JOIN pool_size ps ON ps.pool_key = coalesce(u.state, '--')
                   CROSS JOIN LATERAL generate_series(1, u.answers) k) a
           JOIN pool pl ON pl.pool_key = a.pool_key AND pl.idx = a.idx
          ORDER BY a.at`,
        [now],
      );
    });

    await step('question_progress derived from the answers', async () => {
      // What recordAnswer() accumulates, computed per (learner, question) over the answers in time order:
      // counts, the trailing run of right answers (rows with no wrong answer at or after them), the last answer.
      // The FSRS columns follow the same record (streak → stability and interval); the target learner's are
      // replaced below by the real scheduler's.
      await c.query(
        `INSERT INTO question_progress (user_id, question_id, seen_count, correct_count, incorrect_count,
                                        correct_streak, last_correct, last_answered_at, due, stability, difficulty,
                                        elapsed_days, scheduled_days, learning_steps, reps, lapses, fsrs_state,
                                        last_review)
         SELECT user_id, question_id, seen, correct, seen - correct, streak, last_correct, last_at,
                CASE WHEN state = 2 THEN last_at + ivl * interval '1 day' ELSE last_at + interval '10 minutes' END,
                stability, round((1 + 9 * (seen - correct)::numeric / seen), 4)::float8, 0,
                CASE WHEN state = 2 THEN ivl ELSE 0 END, CASE WHEN state = 2 THEN 0 ELSE 1 END,
                seen, least(seen - correct, greatest(correct - 1, 0)), state, last_at
           FROM (SELECT g.*,
                        CASE WHEN streak = 0 THEN 0.4 ELSE least(365.0, 2.3 * power(2.5, least(streak, 8) - 1)) END
                          AS stability,
                        CASE WHEN streak = 0 THEN 0 ELSE least(365, round(2.3 * power(2.5, least(streak, 8) - 1)))::int
                        END AS ivl,
                        CASE WHEN streak = 0 THEN CASE WHEN correct > 0 THEN 3 ELSE 1 END
                             WHEN seen = 1 THEN 1 ELSE 2 END AS state
                   FROM (SELECT user_id, question_id,
                                count(*)::int AS seen,
                                (count(*) FILTER (WHERE is_correct))::int AS correct,
                                (count(*) FILTER (WHERE wrong_after = 0))::int AS streak,
                                bool_or(is_correct) FILTER (WHERE rn = 1) AS last_correct,
                                max(answered_at) AS last_at
                           FROM (SELECT user_id, question_id, is_correct, answered_at,
                                        sum((NOT is_correct)::int) OVER w AS wrong_after,
                                        row_number() OVER w AS rn
                                   FROM learn_answers
                                 WINDOW w AS (PARTITION BY user_id, question_id ORDER BY answered_at DESC, id DESC
                                              ROWS UNBOUNDED PRECEDING)) x
                          GROUP BY user_id, question_id) g) f`,
      );
    });

    await step('finished mock tests with their 33 items', async () => {
      // 0–5 per learner (target: TARGET_MOCKS): 30 distinct general + 3 distinct state questions (stride
      // coprime to the pool), answered right with the learner's skill; correct_count and passed from the items.
      await c.query(
        `CREATE TEMP TABLE plan_mocks AS
         SELECT gen_random_uuid() AS id, u.id AS user_id, coalesce(u.state, 'BE') AS state, u.skill,
                CAST($1 AS timestamptz) - interval '1 hour' - random() * u.span_days * interval '1 day'
                  AS created_at,
                floor(random() * 300)::int AS off, floor(random() * 10)::int AS off_state,
                (ARRAY[7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 49, 53])[1 + floor(random() * 14)::int] AS stride
           FROM plan_users u
           CROSS JOIN LATERAL generate_series(1, CASE WHEN u.n = 1 THEN $2::int
                                                      ELSE floor(power(random(), 2) * 6)::int END) m`,
        [now, TARGET_MOCKS],
      );
      await c.query(
        `INSERT INTO exam_attempts (id, user_id, kind, state_code, question_count, created_at, deadline_at)
         SELECT id, user_id, 'mock', state, 33, created_at, created_at + interval '60 minutes' FROM plan_mocks`,
      );
      await c.query(
        `INSERT INTO exam_attempt_items (attempt_id, position, question_id, answer, unsure, answered_at)
         SELECT m.id, i.pos, q.id,
                CASE WHEN random() < m.skill THEN q.correct ELSE (q.correct + 1 + floor(random() * 3)::int) % 4 END,
                random() < 0.05, m.created_at + i.pos * interval '50 seconds'
           FROM plan_mocks m
           CROSS JOIN LATERAL (SELECT j AS pos, (m.off + j * m.stride) % 300 AS idx, '--' AS pool_key
                                 FROM generate_series(0, 29) j
                               UNION ALL
                               SELECT 30 + j, 300 + (m.off_state + j) % 10, m.state
                                 FROM generate_series(0, 2) j) i
           JOIN pool p ON p.pool_key = i.pool_key AND p.idx = i.idx
           JOIN questions q ON q.id = p.question_id`,
      );
      await c.query(
        `UPDATE exam_attempts a
            SET correct_count = s.correct, passed = s.correct >= 17,
                finalized_at = a.created_at + interval '28 minutes'
           FROM (SELECT i.attempt_id, count(*) FILTER (WHERE i.answer = q.correct)::int AS correct
                   FROM exam_attempt_items i JOIN questions q ON q.id = i.question_id
                  GROUP BY i.attempt_id) s
          WHERE s.attempt_id = a.id`,
      );
    });

    await step('bookmarks', async () => {
      await c.query(
        `INSERT INTO bookmarks (user_id, question_id, created_at)
         SELECT u.id, p.question_id, CAST($1 AS timestamptz) - random() * u.span_days * interval '1 day'
           FROM (SELECT u.*, floor(random() * 300)::int AS off,
                        CASE WHEN u.n = 1 THEN $2::int ELSE floor(power(random(), 2) * 30)::int END AS k
                   FROM plan_users u) u
           JOIN pool_size ps ON ps.pool_key = coalesce(u.state, '--')
           CROSS JOIN LATERAL generate_series(0, u.k - 1) j
           JOIN pool p ON p.pool_key = coalesce(u.state, '--') AND p.idx = (u.off + j * 7) % ps.size`,
        [now, TARGET_BOOKMARKS],
      );
    });

    await step('indexes and constraints rebuilt (FKs validated)', async () => {
      for (const s of saved.create) await c.query(s);
    });

    await step('target learner: FSRS replay and write-path check', () => replayTarget(c, targetId));

    await step('VACUUM ANALYZE', async () => {
      await c.query('VACUUM (ANALYZE)');
    });
  } finally {
    await c.end();
  }
  return { targetId, steps, totalMs: performance.now() - t0 };
}

type Progress = {
  seen_count: number;
  correct_count: number;
  incorrect_count: number;
  correct_streak: number;
  last_correct: boolean;
  last_answered_at: Date;
  card: CardColumns;
};

/**
 * Replays the target learner's answers through the write path's rules (recordAnswer: counts, streak, last answer,
 * the FSRS card from the real scheduler), checks the SQL-derived counts agree, and stores the real FSRS cards.
 */
async function replayTarget(c: pg.Client, userId: string): Promise<void> {
  const { rows } = await c.query<{ question_id: number; is_correct: boolean; answered_at: Date }>(
    `SELECT question_id, is_correct, answered_at FROM learn_answers WHERE user_id = $1
      ORDER BY question_id, answered_at, id`,
    [userId],
  );
  const byQuestion = new Map<number, Progress>();
  for (const a of rows) {
    const p = byQuestion.get(a.question_id);
    const card = review(p?.card && p.card.reps > 0 ? p.card : null, ratingFor(a.is_correct), a.answered_at);
    byQuestion.set(a.question_id, {
      seen_count: (p?.seen_count ?? 0) + 1,
      correct_count: (p?.correct_count ?? 0) + (a.is_correct ? 1 : 0),
      incorrect_count: (p?.incorrect_count ?? 0) + (a.is_correct ? 0 : 1),
      correct_streak: a.is_correct ? (p?.correct_streak ?? 0) + 1 : 0,
      last_correct: a.is_correct,
      last_answered_at: a.answered_at,
      card,
    });
  }
  const { rows: stored } = await c.query<Omit<Progress, 'card'> & { question_id: number }>(
    `SELECT question_id, seen_count, correct_count, incorrect_count, correct_streak, last_correct, last_answered_at
       FROM question_progress WHERE user_id = $1`,
    [userId],
  );
  if (stored.length !== byQuestion.size) {
    throw new Error(`target learner: ${stored.length} progress rows, the replay has ${byQuestion.size}`);
  }
  for (const s of stored) {
    const r = byQuestion.get(s.question_id);
    const same =
      r &&
      r.seen_count === s.seen_count &&
      r.correct_count === s.correct_count &&
      r.incorrect_count === s.incorrect_count &&
      r.correct_streak === s.correct_streak &&
      r.last_correct === s.last_correct &&
      r.last_answered_at.getTime() === s.last_answered_at.getTime();
    if (!same)
      throw new Error(`target learner q${s.question_id}: seeded progress differs from the write path`);
  }
  const cards = [...byQuestion].map(([question_id, p]) => ({ question_id, ...p.card }));
  await c.query(
    `UPDATE question_progress p
        SET due = v.due, stability = v.stability, difficulty = v.difficulty, elapsed_days = v.elapsed_days,
            scheduled_days = v.scheduled_days, learning_steps = v.learning_steps, reps = v.reps, lapses = v.lapses,
            fsrs_state = v.fsrs_state, last_review = v.last_review
       FROM json_to_recordset($2::json) AS v(question_id int, due timestamptz, stability float8, difficulty float8,
              elapsed_days int, scheduled_days int, learning_steps int, reps int, lapses int, fsrs_state smallint,
              last_review timestamptz)
      WHERE p.user_id = $1 AND p.question_id = v.question_id`,
    [userId, JSON.stringify(cards)],
  );
}

// ── sign-in and measurement ──────────────────────────────────────────────────────────────────────────────────

/** The browser's part of the local provider's code flow: follow redirects by hand, keep the app's cookies. */
async function signIn(appUrl: string, name: string): Promise<string> {
  const jar = new Map<string, string>();
  const origin = new URL(appUrl).origin;
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = `${appUrl}/auth/local?login_hint=${encodeURIComponent(name)}`;
  for (let hop = 0; hop < 8; hop++) {
    const ours = new URL(url).origin === origin;
    const res = await fetch(url, { redirect: 'manual', headers: ours ? { cookie: cookie() } : {} });
    if (ours) {
      for (const line of res.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const value = pair.slice(eq + 1).trim();
        if (value) jar.set(pair.slice(0, eq).trim(), value);
        else jar.delete(pair.slice(0, eq).trim());
      }
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`sign-in stopped at ${url} with ${res.status}`);
    }
    const next = new URL(location, url);
    if (next.origin === origin && !next.pathname.startsWith('/auth/')) {
      if (next.searchParams.has('error')) throw new Error(`sign-in failed: ${next.pathname}${next.search}`);
      return cookie();
    }
    url = next.toString();
  }
  throw new Error('sign-in did not finish');
}

type CallResult = {
  call: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  kb: number;
  ok: boolean;
};

/** Nearest-rank percentile of sorted values. */
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

async function measure(appUrl: string, cookie: string): Promise<CallResult[]> {
  const times = new Map<string, number[]>(CALLS.map((c) => [c, []]));
  const bytes = new Map<string, number>();
  const once = async (call: string) => {
    const t0 = performance.now();
    const res = await fetch(`${appUrl}${call}`, { headers: { cookie, accept: 'application/json' } });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`${call} answered ${res.status}: ${Buffer.from(body).toString()}`);
    bytes.set(call, body.byteLength);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) for (const call of CALLS) await once(call);
  // Round-robin, one request at a time: each call sees the same conditions over the run.
  for (let i = 0; i < REQUESTS; i++) for (const call of CALLS) times.get(call)?.push(await once(call));
  return CALLS.map((call) => {
    const xs = [...(times.get(call) ?? [])].sort((a, b) => a - b);
    const p95 = pct(xs, 0.95);
    return {
      call,
      n: xs.length,
      p50: pct(xs, 0.5),
      p95,
      p99: pct(xs, 0.99),
      max: xs[xs.length - 1] ?? 0,
      mean: xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1),
      kb: (bytes.get(call) ?? 0) / 1024,
      ok: p95 < BUDGET_MS,
    };
  });
}

type Figures = {
  streak: number;
  answered: number;
  seen: number;
  mastered: number;
  total: number;
  mocks: number;
  bookmarks: number;
};

/** The target learner's dashboard must reflect the seeded record (a wrong login or seed fails the bench). */
async function checkFigures(appUrl: string, cookie: string): Promise<Figures> {
  const res = await fetch(`${appUrl}/api/en/user/dashboard`, { headers: { cookie } });
  if (!res.ok) throw new Error(`dashboard answered ${res.status}`);
  const d = (await res.json()) as {
    streak: { current: number };
    statistics: { answered: number; exams: { taken: number } };
    progress: { seen: number; mastered: number; total: number };
    bookmarks: { count: number };
  };
  const f: Figures = {
    streak: d.streak.current,
    answered: d.statistics.answered,
    seen: d.progress.seen,
    mastered: d.progress.mastered,
    total: d.progress.total,
    mocks: d.statistics.exams.taken,
    bookmarks: d.bookmarks.count,
  };
  if (f.answered !== TARGET_ANSWERS || f.mocks !== TARGET_MOCKS || f.bookmarks !== TARGET_BOOKMARKS) {
    throw new Error(`the target learner's dashboard does not match the seed: ${JSON.stringify(f)}`);
  }
  return f;
}

type Volumes = {
  users: number;
  answers: number;
  progress: number;
  mocks: number;
  bookmarks: number;
  size: string;
};

/** What the database really holds (so a report never states volumes it did not measure). */
async function counts(url: string, name: string): Promise<Volumes> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<Volumes>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM learn_answers)::int AS answers,
              (SELECT count(*) FROM question_progress)::int AS progress,
              (SELECT count(*) FROM exam_attempts WHERE kind = 'mock' AND finalized_at IS NOT NULL)::int AS mocks,
              (SELECT count(*) FROM bookmarks)::int AS bookmarks,
              pg_size_pretty(pg_database_size($1)) AS size`,
      [name],
    );
    const v = rows[0];
    if (!v) throw new Error('no counts');
    return v;
  } finally {
    await c.end();
  }
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────────────────

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const REUSE = process.env.BENCH_DB || '';
const dbName = REUSE || `bf_bench_${Date.now().toString(36)}_${process.pid}`;
const dbUrl = withDbName(SERVER_URL, dbName);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-bench-dashboard-'));
let created = false;
let running: Running | null = null;
let cleaned: Promise<void> | null = null;

function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    await running?.stop().catch((err) => console.error('stopping the BFF failed:', err));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!created) return;
    if (KEEP) {
      console.info(`BENCH_KEEP=1: kept database ${dbName} (${dbUrl})`);
      return;
    }
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)).catch((err) =>
      console.error(`dropping ${dbName} failed:`, err),
    );
    console.info(`dropped database ${dbName}`);
  })();
  return cleaned;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

let failed = true;
try {
  const cpu = os.cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`;
  const pgVersion = await admin(async (c) => {
    const { rows } = await c.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    return rows[0]?.v ?? '?';
  });
  console.info(
    `Dashboard benchmark: ${USERS.toLocaleString('en')} learners, ${ANSWERS.toLocaleString('en')} answers, ` +
      `target learner ${TARGET_ANSWERS.toLocaleString('en')} answers; PostgreSQL ${pgVersion}; ${machine}`,
  );
  let seeded: SeedResult;
  if (REUSE) {
    // An already seeded database (BENCH_KEEP=1 earlier): measure only; start() applies any new migration.
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const found = await c
      .query<{ id: string }>('SELECT id FROM users WHERE username = $1', [TARGET_NAME])
      .then((r) => r.rows[0]?.id)
      .finally(() => c.end());
    if (!found) throw new Error(`BENCH_DB=${dbName} has no seeded target learner`);
    seeded = { targetId: found, steps: [], totalMs: 0 };
    console.info(`reusing database ${dbName} (not seeded, not dropped)`);
  } else {
    await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
    created = true;
    console.info(`database ${dbName}`);
    const t0 = performance.now();
    const db = await openDatabase({ databaseUrl: dbUrl, dataDir, poolMax: 2 });
    try {
      await migrateLatest(db.knex);
      await importCatalog(db.knex, loadConfig({}).catalogPath);
    } finally {
      await db.close();
    }
    console.info(`  ${'migrations and catalog import'.padEnd(52)} ${secs(performance.now() - t0)}`);
    seeded = await seed(dbUrl, new Date());
    console.info(`seeded in ${secs(seeded.totalMs)}`);
  }
  const volumes = await counts(dbUrl, dbName);
  console.info(
    `database ${volumes.size}: ${volumes.users.toLocaleString('en')} users, ` +
      `${volumes.answers.toLocaleString('en')} learn answers, ${volumes.progress.toLocaleString('en')} progress rows, ` +
      `${volumes.mocks.toLocaleString('en')} mock tests, ${volumes.bookmarks.toLocaleString('en')} bookmarks`,
  );

  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl,
  });
  running = await start(config, createLogger('warn'));
  const cookie = await signIn(running.url, TARGET_NAME);
  const linked = await running.db
    .knex('identities')
    .where({ provider: 'local', user_id: seeded.targetId })
    .first('id');
  if (!linked) throw new Error('the sign-in did not reach the seeded target learner');
  const figures = await checkFigures(running.url, cookie);
  console.info(
    `target learner: ${figures.answered} answers, streak ${figures.streak} days, seen ${figures.seen}/${figures.total}, ` +
      `mastered ${figures.mastered}, ${figures.mocks} mock tests, ${figures.bookmarks} bookmarks`,
  );
  console.info(`measuring ${REQUESTS} requests per call after ${WARMUP} warm-up rounds …`);
  const loadBefore = os.loadavg()[0] ?? 0;
  const tMeasure = performance.now();
  const results = await measure(running.url, cookie);
  const measureMs = performance.now() - tMeasure;
  const load = { before: loadBefore, after: os.loadavg()[0] ?? 0 };
  failed = results.some((r) => !r.ok);

  const f = (x: number) => x.toFixed(1);
  const md = [
    `# Dashboard at scale ${new Date().toISOString()}`,
    '',
    `Machine: ${machine}; Node ${process.version}; PostgreSQL ${pgVersion} on the same machine.`,
    `Data: ${volumes.users.toLocaleString('en')} learners, ${volumes.answers.toLocaleString('en')} learn answers ` +
      `over ${DAYS} days, ${volumes.progress.toLocaleString('en')} question_progress rows, ` +
      `${volumes.mocks.toLocaleString('en')} mock tests, ${volumes.bookmarks.toLocaleString('en')} bookmarks ` +
      `(database ${volumes.size}); target learner ${figures.answered.toLocaleString('en')} answers, ` +
      `${figures.streak}-day streak, ${figures.mocks} mock tests, ${figures.bookmarks} bookmarks.`,
    REUSE
      ? `Seeding: not run (BENCH_DB=${dbName}, seeded earlier).`
      : `Seeding: ${secs(seeded.totalMs)} (${seeded.steps.map((s) => `${s.step}: ${secs(s.ms)}`).join('; ')}).`,
    `Method: real BFF (start()), session from the local OAuth sign-in, ${REQUESTS} sequential requests per call ` +
      `after ${WARMUP} warm-up rounds, round-robin over the calls, time to the full response body over loopback HTTP ` +
      `(${secs(measureMs)}; 1-min load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after).`,
    '',
    '| call | p50 ms | p95 ms | p99 ms | max ms | body KB | p95 < 50 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map(
      (r) =>
        `| \`GET ${r.call}\` | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${r.kb.toFixed(1)} | ${r.ok ? 'PASS' : 'FAIL'} |`,
    ),
    '',
  ].join('\n');
  const dir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const json = JSON.stringify(
    {
      at: new Date().toISOString(),
      machine,
      node: process.version,
      postgres: pgVersion,
      volumes: {
        ...volumes,
        targetAnswers: figures.answered,
        days: DAYS,
      },
      seed: {
        totalMs: Math.round(seeded.totalMs),
        steps: seeded.steps.map((s) => ({ ...s, ms: Math.round(s.ms) })),
      },
      target: figures,
      requests: REQUESTS,
      warmup: WARMUP,
      loadAverage: load,
      budgetMs: BUDGET_MS,
      results,
    },
    null,
    2,
  );
  for (const name of [`dashboard-${stamp}`, 'dashboard-latest']) {
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
    fs.writeFileSync(path.join(dir, `${name}.json`), json);
  }
  console.info(`\n${md}`);
  console.info(
    failed
      ? `FAIL: p95 of ${results
          .filter((r) => !r.ok)
          .map((r) => r.call)
          .join(', ')} is not under ${BUDGET_MS} ms`
      : `PASS: every call's p95 is under ${BUDGET_MS} ms`,
  );
  console.info(`written to ${path.relative(repoRoot, dir)}/dashboard-${stamp}.{md,json}`);
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
