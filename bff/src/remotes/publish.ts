import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { postgresStore, readBuildDir, versionOf, writeLocalBuild } from './artifacts';
import { buildFilesToPublish } from './build-rules';
import { REMOTES, type RemoteName } from './names';
import { listVariants, upsertVariant } from './registry';
import { InvalidBuild } from './validate';

export const manifestUrlFor = (remote: string, version: string) =>
  `/remotes/${remote}/${version}/mf-manifest.json`;

/**
 * Publishes a built remote: stored in the artifact store (every instance can then serve it) and copied into
 * `<remotesDir>/<remote>/<version>/` on this instance. Returns the version, or null if `distDir` holds no build.
 * The files are the ones a deploy over HTTP keeps (`buildFilesToPublish`: the standalone page left out; a file of
 * a type that is not served throws InvalidBuild), so a build is the same version however it is published.
 */
export async function publishRemote(
  db: Knex,
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
  const files = buildFilesToPublish(await readBuildDir(distDir));
  const version = versionOf(files, pkg.version);
  await postgresStore(db).put(remote, version, files);
  await writeLocalBuild(remotesDir, remote, version, files);
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
    let published: Awaited<ReturnType<typeof publishRemote>>;
    try {
      published = await publishRemote(db, repoRoot, remotesDir, remote);
    } catch (err) {
      if (!(err instanceof InvalidBuild)) throw err;
      log.error({ remote, reason: err.message }, `remote ${remote} is not published: ${err.message}`);
      continue;
    }
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
