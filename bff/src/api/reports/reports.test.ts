import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { clearOfWindowEnd } from '../../../test/helpers/rate-window';
import { signIn } from '../../../test/helpers/sign-in';
import {
  contentVersion,
  formatReports,
  listReports,
  parseReportArgs,
  shortVersion,
} from '../../content/reports';
import { rateLimitKey } from '../../http/rate-limit';
import { REPORT_LIMITS } from './reports';

let app: TestApp;
let version: string;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' });
  version = (await contentVersion(app.db)) as string;
});
afterAll(() => app.close());
// Tests here count requests up to a rate limit: none of them may straddle the end of a window.
beforeEach(() => clearOfWindowEnd(app.db, [REPORT_LIMITS.windowSeconds]));

const valid = { kind: 'translation', text: 'U prijevodu nedostaje riječ „sadašnja“.' };
let ip = 0;
/** A client address of its own per test, so the per-network limit of one test does not hit another. */
const report = (
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  lang = 'hr',
): Promise<Response> =>
  app.request(`/api/${lang}/questions/${path}/reports`, {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': `10.1.0.${ip}`, ...headers },
  });
const count = async () => Number((await app.db('content_reports').count({ n: '*' }).first())?.n);

describe('POST /api/{lang}/questions/{id}/reports', () => {
  it('stores a guest report with the question, the language and the content version, and answers 201', async () => {
    ip = 1;
    const res = await report('q72', { ...valid, text: `  ${valid.text}\n` });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), receivedAt: expect.any(String) });
    const row = await app.db('content_reports').where({ id: body.id }).first();
    expect(row).toMatchObject({
      question_id: 72,
      lang: 'hr',
      kind: 'translation',
      text: 'U prijevodu nedostaje riječ „sadašnja“.',
      content_version: version,
      user_id: null,
    });
    expect(version).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(row.created_at).toISOString()).toBe(body.receivedAt);
  });

  it('ties a signed-in learner’s report to them; the id may come without its q', async () => {
    ip = 2;
    const cookie = await signIn(app, 'reporter');
    const res = await report('21', { kind: 'picture', text: 'Bild 3 ist unscharf.' }, { cookie }, 'de');
    expect(res.status).toBe(201);
    const row = await app
      .db('content_reports')
      .where({ id: (await res.json()).id })
      .first();
    expect(row).toMatchObject({ question_id: 21, lang: 'de', kind: 'picture' });
    const me = await (await app.request('/api/user/me', { headers: { cookie } })).json();
    expect(row.user_id).toBe(me.id);
  });

  it('takes every kind and a text of exactly 1000 characters', async () => {
    ip = 3;
    for (const kind of ['explanation', 'answer', 'other'])
      expect((await report('q1', { kind, text: 'ž'.repeat(1000) }, { cookie: '' })).status).toBe(201);
  });

  it.each([
    [
      'an unknown kind',
      { ...valid, kind: 'spelling' },
      'kind',
      'must be one of translation, explanation, answer, picture, other',
    ],
    [
      'no kind',
      { text: valid.text },
      'kind',
      'must be one of translation, explanation, answer, picture, other',
    ],
    ['an empty text', { ...valid, text: '' }, 'text', 'Describe the problem'],
    ['a blank text', { ...valid, text: ' \n\t ' }, 'text', 'Describe the problem'],
    ['no text', { kind: 'other' }, 'text', 'Describe the problem'],
    [
      'a text of 1001 characters',
      { ...valid, text: 'x'.repeat(1001) },
      'text',
      'The text must not exceed 1000 characters',
    ],
    ['a field it does not know', { ...valid, userId: 'someone-else' }, '', 'Unrecognized key: "userId"'],
  ])(
    'refuses %s with 400 naming the field, stores and counts nothing',
    async (_case, body, path, message) => {
      ip = 4;
      const before = await count();
      const res = await report('q72', body);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_input');
      expect(error.details).toContainEqual(expect.objectContaining({ path, message }));
      expect(await count()).toBe(before);
      expect(
        await app
          .db('rate_limits')
          .where({ key: rateLimitKey('report:ip', '10.1.0.4') })
          .first(),
      ).toBeUndefined();
    },
  );

  it.each([
    ['a question not in the catalog', 'q9999', valid, 404, 'question_not_found'],
    ['an id that is no question id', 'BY-1', valid, 400, 'invalid_input'],
    ['an id beyond any integer column', 'q99999999999', valid, 400, 'invalid_input'],
    ['a body that is not JSON', 'q72', '{"kind":', 400, 'invalid_json'],
  ])('refuses %s with the JSON error shape', async (_case, id, body, status, code) => {
    ip = 5;
    const before = await count();
    const res =
      typeof body === 'string'
        ? await app.request(`/api/hr/questions/${id}/reports`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.5' },
          })
        : await report(id, body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect((await res.json()).error).toMatchObject({ code, message: expect.any(String) });
    expect(await count()).toBe(before);
  });

  it('answers 404 for a language it does not speak', async () => {
    ip = 6;
    const res = await report('q72', valid, {}, 'fr');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('unsupported_language');
  });

  it('limits a learner or browser to 5 reports per 10 minutes with a clear 429; another browser still may', async () => {
    ip = 7;
    // One browser: the visitor cookie the first answer sets.
    const first = await report('q72', valid);
    expect(first.status).toBe(201);
    const visitor = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c?.startsWith('bf_vid='));
    expect(visitor).toBeTruthy();
    for (let i = 1; i < REPORT_LIMITS.perReporter; i++)
      expect((await report('q72', valid, { cookie: visitor as string })).status).toBe(201);
    const before = await count();
    const res = await report('q72', valid, { cookie: visitor as string });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const { error } = await res.json();
    expect(error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many reports in a short time\. Try again in \d+ minutes?\.$/),
    });
    expect(await count()).toBe(before);
    // Someone else on the same network is not held up by it.
    expect((await report('q72', valid)).status).toBe(201);

    // A signed-in learner is counted by their account, whichever browser they use.
    ip = 8;
    const cookie = await signIn(app, 'eager-reporter');
    for (let i = 0; i < REPORT_LIMITS.perReporter; i++)
      expect((await report('q1', valid, { cookie })).status).toBe(201);
    ip = 9;
    expect((await report('q1', valid, { cookie })).status).toBe(429);
  });

  it('limits one network to 30 reports per 10 minutes, however many browsers it claims', async () => {
    ip = 10;
    // No cookie at all: every request is a new browser.
    for (let i = 0; i < REPORT_LIMITS.perIp; i++) expect((await report('q5', valid)).status).toBe(201);
    const res = await report('q5', valid);
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe('rate_limited');
  });
});

describe('npm run content -- reports', () => {
  it('lists the stored reports newest first: question number, language, kind, content version, date, text', async () => {
    ip = 11;
    const cookie = await signIn(app, 'cli-reporter');
    // A state question is named by its official number.
    const berlin = await app.db('questions').where({ official: 'BE-3' }).first('id');
    expect(
      (await report(`q${berlin.id}`, { kind: 'answer', text: 'Stimmt das noch?' }, { cookie }, 'en')).status,
    ).toBe(201);
    expect((await report('q72', { kind: 'explanation', text: 'Zeile 1\nZeile 2' }, {}, 'de')).status).toBe(
      201,
    );

    const listed = await listReports(app.db, { limit: 2 });
    expect(listed.total).toBeGreaterThan(2);
    expect(listed.reports.map((r) => [r.question, r.lang, r.kind, r.text, r.signedIn])).toEqual([
      ['72', 'de', 'explanation', 'Zeile 1\nZeile 2', false],
      ['BE-3', 'en', 'answer', 'Stimmt das noch?', true],
    ]);
    const table = formatReports(listed, version).split('\n');
    expect(table[0]).toBe(
      `2 of ${listed.total} reports (newest first; --limit shows more). Content version now ${shortVersion(version)}.`,
    );
    expect(table[1]).toMatch(/^DATE \(Berlin\)\s+QUESTION\s+LANG\s+KIND\s+VERSION\s+FROM\s+TEXT$/);
    expect(table[2]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+72\\s+de\\s+explanation\\s+${version.slice(0, 12)}\\s+guest\\s+Zeile 1 Zeile 2$`,
      ),
    );
    expect(table[3]).toMatch(/\s+BE-3\s+en\s+answer\s+[0-9a-f]{12}\s+learner\s+Stimmt das noch\?$/);

    // Filters: by question (official number or id), kind, since.
    const byQuestion = await listReports(app.db, parseReportArgs(['--question', 'be-3']));
    expect(byQuestion.reports.map((r) => r.text)).toEqual(['Stimmt das noch?']);
    expect((await listReports(app.db, parseReportArgs(['--question', `q${berlin.id}`]))).total).toBe(1);
    const pictures = await listReports(app.db, parseReportArgs(['--kind', 'picture', '--since', '1h']));
    expect(pictures.reports.map((r) => [r.question, r.text])).toEqual([['21', 'Bild 3 ist unscharf.']]);
    expect((await listReports(app.db, parseReportArgs(['--since', '2999-01-01']))).total).toBe(0);
    expect((await listReports(app.db, parseReportArgs(['--since', '2000-01-01']))).total).toBe(listed.total);
    expect(formatReports({ reports: [], total: 0 }, version)).toBe(
      `No reports. (Content version now ${shortVersion(version)}.)`,
    );
  });

  it('refuses options it does not know, with the usage', () => {
    expect(() => parseReportArgs(['--kind', 'spelling'])).toThrow(/--kind must be one of translation/);
    expect(() => parseReportArgs(['--since', 'yesterday'])).toThrow(/--since must be a day/);
    expect(() => parseReportArgs(['--question'])).toThrow(/--question needs a value/);
    expect(() => parseReportArgs(['--all'])).toThrow(
      /Unknown option --all\nUsage: npm run content -- reports/,
    );
  });

  it('is the command an operator runs: exit 0 and the table', async () => {
    ip = 12;
    expect((await report('q72', { kind: 'other', text: 'Gesehen vom Befehl.' }, {}, 'hr')).status).toBe(201);
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'src/cli/content.ts', 'reports', '--question', '72', '--kind', 'other', '--limit', '1'],
      {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        env: { ...process.env, DATABASE_URL: app.running.db.url, LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
    );
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^1 of \d+ reports \(newest first; --limit shows more\)\.|^1 report \(newest first\)\./,
    );
    expect(lines.at(-1)).toMatch(/\s+72\s+hr\s+other\s+[0-9a-f]{12}\s+guest\s+Gesehen vom Befehl\.$/);
  });

  it('prints a report that holds terminal controls with each one visibly escaped: no raw control byte, no faked line', async () => {
    ip = 13;
    const text = [
      'Bad\u001b[2J\u001b[H',
      'No reports. (Content version now 000000000000.)',
      '\u001b]52;c;ZXZpbA==\u0007',
      '\u001b]0;pwned\u0007\u0007',
      '\rOVERWRITE',
      ' txt.\u202Eexe\u2066x\u2069',
      '\u009b2J\u007f\u200b\\x1B',
      '\n2026-01-01 00:00  73  de  answer  0123456789ab  guest  a faked line',
    ].join('');
    expect((await report('q73', { kind: 'answer', text }, {}, 'de')).status).toBe(201);
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'src/cli/content.ts', 'reports', '--question', '73', '--kind', 'answer', '--limit', '1'],
      {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        env: { ...process.env, DATABASE_URL: app.running.db.url, LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
    );
    // Nothing a terminal acts on or that hides text: only printable characters and the listing's own line breaks.
    expect([...stdout].filter((c) => c !== '\n' && /[\p{Cc}\p{Cf}]/u.test(c))).toEqual([]);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+73\s+de\s+answer\s+[0-9a-f]{12}\s+guest\s+/);
    expect(
      lines[2]?.endsWith(
        String.raw`Bad\x1B[2J\x1B[HNo reports. (Content version now 000000000000.)\x1B]52;c;ZXZpbA==\x07\x1B]0;pwned\x07\x07\rOVERWRITE txt.\u202Eexe\u2066x\u2069\x9B2J\x7F\u200B\\x1B 2026-01-01 00:00 73 de answer 0123456789ab guest a faked line`,
      ),
    ).toBe(true);
  });
});
