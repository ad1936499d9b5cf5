import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { REMOTES, type RemoteName } from './names';
import { precompressDir } from './precompress';
import { listVariants, upsertVariant } from './registry';

async function filesOf(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** `<package version>-<content hash>`: a new build gets a new folder, an identical one reuses its folder. */
export async function buildVersion(distDir: string, packageVersion: string): Promise<string> {
  const hash = createHash('sha256');
  for (const f of await filesOf(distDir)) {
    hash.update(f);
    hash.update(await fs.readFile(path.join(distDir, f)));
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

export const manifestUrlFor = (remote: string, version: string) =>
  `/remotes/${remote}/${version}/mf-manifest.json`;

/** Copies a built remote into `<remotesDir>/<remote>/<version>/` (atomically) and returns the version. */
export async function publishRemote(
  repoRoot: string,
  remotesDir: string,
  remote: RemoteName,
  distDir = path.join(repoRoot, REMOTES[remote], 'dist'),
): Promise<{ version: string; manifestUrl: string } | null> {
  const workspace = path.join(repoRoot, REMOTES[remote]);
  try {
    await fs.access(path.join(distDir, 'mf-manifest.json'));
  } catch {
    return null;
  }
  const pkg = JSON.parse(await fs.readFile(path.join(workspace, 'package.json'), 'utf8')) as {
    version: string;
  };
  const version = await buildVersion(distDir, pkg.version);
  const target = path.join(remotesDir, remote, version);
  try {
    await fs.access(path.join(target, 'mf-manifest.json'));
  } catch {
    const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.cp(distDir, tmp, { recursive: true });
    await precompressDir(tmp);
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(tmp, target);
  }
  return { version, manifestUrl: manifestUrlFor(remote, version) };
}

/**
 * At start: publish every built remote and point its `default` variant at the newest build, unless an operator
 * pinned the variant (with `remotes set` or `remotes deploy`).
 */
export async function syncDefaultVariants(
  db: Knex,
  repoRoot: string,
  remotesDir: string,
  log: Logger,
): Promise<void> {
  for (const remote of Object.keys(REMOTES) as RemoteName[]) {
    const published = await publishRemote(repoRoot, remotesDir, remote);
    if (!published) {
      log.warn({ remote }, `remote ${remote} is not built (no ${REMOTES[remote]}/dist/mf-manifest.json)`);
      continue;
    }
    const current = (await listVariants(db, remote)).find((v) => v.variant === 'default');
    if (current?.pinned) continue;
    if (current?.version !== published.version) {
      await upsertVariant(db, { remote, variant: 'default', ...published });
      log.info({ remote, version: published.version }, 'default variant points at the newest build');
    }
  }
}
