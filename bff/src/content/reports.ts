import { randomUUID } from 'node:crypto';
import { type NewReport, ReportKind } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { oneLine, visible } from '../cli/terminal';
import type { Language } from '../http/lang';

/**
 * Problems learners report with a question (issue 17): stored with the content version they saw, listed for the
 * team by `npm run content -- reports`.
 */

/** The content version in use: the hash of content/ at the last import (`catalog_meta.content_hash`). */
export async function contentVersion(db: Knex): Promise<string | null> {
  const row: { value: string } | undefined = await db('catalog_meta')
    .where({ key: 'content_hash' })
    .first('value');
  return row?.value ?? null;
}

export async function storeReport(
  db: Knex,
  report: NewReport & { questionId: number; lang: Language; userId: string | null },
): Promise<{ id: string; receivedAt: Date }> {
  const [row] = await db('content_reports')
    .insert({
      id: randomUUID(),
      question_id: report.questionId,
      lang: report.lang,
      // The version at the moment of the report, read in the same statement (an import may run meanwhile).
      content_version: db('catalog_meta').where({ key: 'content_hash' }).select('value'),
      kind: report.kind,
      text: report.text.trim(),
      user_id: report.userId,
    })
    .returning(['id', 'created_at']);
  return { id: row.id, receivedAt: row.created_at };
}

export type ReportFilter = {
  /** `YYYY-MM-DD` (from that day's start, Berlin time) or a span back from now: `7d`, `12h`. */
  since?: string;
  /** The official number (`72`, `BY-1`) or the API id (`q72`). */
  question?: string;
  kind?: ReportKind;
  /** At most this many, newest first. */
  limit?: number;
};

export type ListedReport = {
  id: string;
  /** The question's official number: `72`, `BY-1`. */
  question: string;
  lang: string;
  kind: ReportKind;
  contentVersion: string | null;
  /** `YYYY-MM-DD HH:MM`, Berlin time (where the test is taken; the rest of the product shows dates so). */
  createdAt: string;
  text: string;
  signedIn: boolean;
};

/** The stored reports, newest first, filtered; and how many match in all (the list stops at `limit`). */
export async function listReports(
  db: Knex,
  filter: ReportFilter = {},
): Promise<{ reports: ListedReport[]; total: number }> {
  const q = db('content_reports as r').join('questions as q', 'q.id', 'r.question_id');
  if (filter.kind) q.where('r.kind', filter.kind);
  if (filter.question) {
    const id = /^q(\d{1,9})$/i.exec(filter.question);
    if (id) q.where('q.id', Number(id[1]));
    else q.whereRaw('upper(q.official) = upper(?)', [filter.question]);
  }
  if (filter.since) {
    const span = /^(\d{1,5})([dh])$/.exec(filter.since);
    if (span)
      q.whereRaw(`r.created_at >= now() - make_interval(${span[2] === 'd' ? 'days' : 'hours'} => ?)`, [
        Number(span[1]),
      ]);
    else q.whereRaw(`r.created_at >= (?::date)::timestamp AT TIME ZONE 'Europe/Berlin'`, [filter.since]);
  }
  const [{ total }] = (await q.clone().count({ total: '*' })) as [{ total: number }];
  const rows = await q
    .select(
      'r.id',
      'q.official as question',
      'r.lang',
      'r.kind',
      'r.content_version',
      'r.text',
      db.raw(`r.user_id is not null as signed_in`),
      db.raw(`to_char(r.created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') as created`),
    )
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(filter.limit ?? 100);
  return {
    total,
    reports: rows.map((r) => ({
      id: r.id,
      question: r.question,
      lang: r.lang,
      kind: r.kind,
      contentVersion: r.content_version,
      createdAt: r.created,
      text: r.text,
      signedIn: r.signed_in,
    })),
  };
}

export const REPORTS_USAGE = `reports [--since 2026-11-20|7d|12h] [--question 72|BY-1|q72] [--kind KIND] [--limit N]
             the problems learners reported, newest first (Berlin time), with the content version they saw;
             KIND is one of ${ReportKind.options.join(', ')}`;

/** The filters of `npm run content -- reports …`; throws with the usage on anything else. */
export function parseReportArgs(args: readonly string[]): ReportFilter {
  const filter: ReportFilter = {};
  const rest = [...args];
  const fail = (why: string): never => {
    throw new Error(`${why}\nUsage: npm run content -- ${REPORTS_USAGE}`);
  };
  while (rest.length > 0) {
    const flag = rest.shift() as string;
    if (!['--since', '--question', '--kind', '--limit'].includes(flag)) fail(`Unknown option ${flag}`);
    const value = rest.shift();
    if (value === undefined || value.startsWith('--')) fail(`${flag} needs a value`);
    const v = value as string;
    switch (flag) {
      case '--since':
        if (!/^\d{1,5}[dh]$/.test(v) && !isDay(v))
          fail(`--since must be a day (2026-11-20) or a span (7d, 12h)`);
        filter.since = v;
        break;
      case '--question':
        if (!/^(q?\d{1,9}|[A-Za-z]{2}-\d{1,2})$/.test(v)) fail(`--question must be like 72, BY-1 or q72`);
        filter.question = v;
        break;
      case '--kind': {
        const kind = ReportKind.safeParse(v);
        if (!kind.success) fail(`--kind must be one of ${ReportKind.options.join(', ')}`);
        filter.kind = kind.data;
        break;
      }
      case '--limit': {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 10_000) fail('--limit must be a whole number 1-10000');
        filter.limit = n;
        break;
      }
    }
  }
  return filter;
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The first characters of a content version, as `npm run content -- check` prints it. */
export const shortVersion = (hash: string | null) => (hash ? hash.slice(0, 12) : '-');

/**
 * A plain-text table: date, question, language, kind, content version (short), who (learner or guest), and the
 * text on one line (the last column, never cut). What a guest wrote reaches the operator's terminal: its line
 * breaks become spaces and every control or invisible character is shown escaped (`oneLine`), so a report can
 * neither act on the terminal (clear it, retitle it, write the clipboard) nor fake lines of the listing.
 */
export function formatReports(
  { reports, total }: { reports: ListedReport[]; total: number },
  current: string | null,
): string {
  if (total === 0) return `No reports. (Content version now ${visible(shortVersion(current))}.)`;
  const head = ['DATE (Berlin)', 'QUESTION', 'LANG', 'KIND', 'VERSION', 'FROM', 'TEXT'];
  const rows = reports.map((r) => [
    r.createdAt,
    visible(r.question),
    visible(r.lang),
    visible(r.kind),
    visible(shortVersion(r.contentVersion)),
    r.signedIn ? 'learner' : 'guest',
    oneLine(r.text),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  const shown =
    reports.length < total
      ? `${reports.length} of ${total} reports (newest first; --limit shows more)`
      : `${total} report${total === 1 ? '' : 's'} (newest first)`;
  return [
    `${shown}. Content version now ${visible(shortVersion(current))}.`,
    line(head),
    ...rows.map(line),
  ].join('\n');
}
