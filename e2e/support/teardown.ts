import fs from 'node:fs';

/**
 * After the run: the fresh data folder the configuration made for this run's server (its embedded database and
 * published builds) is removed; a folder given with E2E_DATA_DIR is the caller's and stays.
 */
export default function teardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_MADE === '1') fs.rmSync(dir, { recursive: true, force: true });
}
