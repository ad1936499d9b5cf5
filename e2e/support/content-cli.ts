import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoRoot } from './remotes-cli';

const run = promisify(execFile);

/**
 * `npm run content -- …` against the running e2e server's database (DATABASE_URL, or the embedded database of
 * the server whose DATA_DIR is E2E_DATA_DIR), exactly as the team runs it; the exit code must be 0.
 */
export async function contentCli(args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'content', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', LOG_LEVEL: 'warn' },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 120_000,
  });
  return stdout;
}
