import fs from 'node:fs/promises';
import path from 'node:path';
import { type Config, loadConfigOrExit } from '../config';
import { type Database, openDatabase } from '../db/database';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database a command-line tool should use: DATABASE_URL; else the embedded database of a running
 * `npm start` (its socket is in DATA_DIR/pg.url: PGlite has one owner process); else the data folder itself.
 */
export async function connectForCli(): Promise<{ db: Database; config: Config }> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    const marker = await fs.readFile(path.join(config.dataDir, 'pg.url'), 'utf8').catch(() => null);
    const [url, pid] = marker?.split('\n') ?? [];
    if (url && pid && alive(Number(pid))) {
      const db = await openDatabase({ databaseUrl: url, dataDir: config.dataDir, poolMax: 2 });
      return { db: { ...db, kind: 'embedded' }, config };
    }
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  return { db, config };
}

export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
