import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run remotes -- …` against the running e2e server's database (DATABASE_URL, or the embedded database of
 * the server whose DATA_DIR is E2E_DATA_DIR), exactly as an operator would run it.
 */
export async function remotesCli(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'remotes', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', LOG_LEVEL: 'warn', ...env },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 180_000,
  });
  return stdout;
}
