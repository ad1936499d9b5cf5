import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Development and tests: a generated SESSION_SECRET kept in `DATA_DIR/session-secret` (mode 600), so a restart
 * keeps everyone signed in. Production always sets SESSION_SECRET (config refuses to start otherwise).
 */
export async function ensureSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  const read = async () => (await fs.readFile(file, 'utf8').catch(() => '')).trim();
  const existing = await read();
  if (existing.length >= 32) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: existing ? 'w' : 'wx' });
    return secret;
  } catch (err) {
    // Another process wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = await read();
      if (theirs.length >= 32) return theirs;
    }
    throw err;
  }
}
