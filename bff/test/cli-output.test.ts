import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertVariant } from '../src/remotes/registry';
import { signInWithIdentity } from '../src/users/repository';
import { createTestApp, type TestApp } from './helpers/app';

// What the operator CLIs print from stored data that others wrote (an OAuth name, a deploy's manifest URL) reaches
// a terminal with every control and invisible character escaped, tables and JSON alike.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// 35 characters: within the 40 a provider's name is stored with (a longer one is cut with an ellipsis).
const HOSTILE = 'ok\u001b[2J\u001b]52;c;ZQ==\u0007\u001b]0;t\u0007\r\u009b31m\u202Eevil\u2066';
const ESCAPED = String.raw`ok\x1B[2J\x1B]52;c;ZQ==\x07\x1B]0;t\x07\r\x9B31m\u202Eevil\u2066`;

async function remotesCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/remotes.ts', ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: app.running.db.url, LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return stdout;
}

/** The characters a terminal would act on or not show, besides the output's own line breaks. */
const raw = (out: string) => [...out].filter((c) => c !== '\n' && /[\p{Cc}\p{Cf}]/u.test(c));

describe('npm run remotes', () => {
  it('admin grant prints a hostile username escaped', async () => {
    const { user } = await signInWithIdentity(app.db, {
      provider: 'github',
      subject: 'cli-output-1',
      username: HOSTILE,
      email: 'hostile-name@example.org',
      emailVerified: true,
      avatarUrl: null,
    });
    const out = await remotesCli(['admin', 'grant', user.id]);
    expect(raw(out)).toEqual([]);
    expect(out).toContain(`${ESCAPED} may now use the A/B console at /admin.`);
  });

  it('list, as a table and as JSON, prints a hostile manifest URL escaped; the JSON still reads back the same', async () => {
    const manifestUrl = `https://cdn.example/${HOSTILE}/mf-manifest.json`;
    await upsertVariant(app.db, { remote: 'mf_exam', variant: 'x', version: 'external', manifestUrl });
    const table = await remotesCli(['list']);
    expect(raw(table)).toEqual([]);
    // console.table quotes each string as JavaScript would, doubling the backslashes of the escapes.
    expect(table).toContain(ESCAPED.replaceAll('\\', '\\\\'));
    const json = await remotesCli(['list', '--json']);
    expect(raw(json)).toEqual([]);
    expect(JSON.parse(json)).toContainEqual(
      expect.objectContaining({ remote: 'mf_exam', variant: 'x', manifestUrl }),
    );
  }, 60_000);
});
