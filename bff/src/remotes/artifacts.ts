import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { servedType } from './build-rules';
import { precompressDir } from './precompress';

/** A build's files by path relative to its dist/ folder ("mf-manifest.json", "static/js/…"). */
export type BuildFiles = Map<string, Buffer>;

/**
 * Where published builds live so that every instance of the BFF can read them. Each instance serves a build from
 * its own disk (`<remotesDir>/<remote>/<version>/`), copied from the store the first time it is needed
 * (`ensureLocalBuild`).
 */
export interface ArtifactStore {
  /** Stores a build; a version already stored is left as it is (a version names one content). */
  put(remote: string, version: string, files: BuildFiles): Promise<void>;
  /** A stored build's files, or null. */
  get(remote: string, version: string): Promise<BuildFiles | null>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** `<package version>-<content hash>` of a build's files: the same build always gets the same version. */
export function versionOf(files: BuildFiles, packageVersion: string): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    hash.update(name);
    hash.update(files.get(name) as Buffer);
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

type FileRow = { path: string; sha256: string; size: number };

/**
 * The default store: PostgreSQL, which every instance already shares. Files are content-addressed
 * (`artifact_blobs`, one row per distinct content: a file two builds share is stored once); `remote_builds` lists a
 * build's files.
 */
export function postgresStore(db: Knex): ArtifactStore {
  return {
    async put(remote, version, files) {
      const rows: FileRow[] = [...files.entries()]
        .map(([p, data]) => ({ path: p, sha256: sha256(data), size: data.length }))
        .sort((a, b) => a.path.localeCompare(b.path));
      await db.transaction(async (trx) => {
        const exists = await trx('remote_builds').where({ remote, version }).first('version');
        if (exists) return;
        const blobs = new Map<string, Buffer>();
        for (const data of files.values()) blobs.set(sha256(data), data);
        const known = new Set(
          (
            await trx('artifact_blobs')
              .whereIn('sha256', [...blobs.keys()])
              .select('sha256')
          ).map((r: { sha256: string }) => r.sha256),
        );
        for (const [hash, content] of blobs) {
          if (known.has(hash)) continue;
          await trx('artifact_blobs')
            .insert({ sha256: hash, content, size: content.length })
            .onConflict('sha256')
            .ignore();
        }
        await trx('remote_builds')
          .insert({ remote, version, files: JSON.stringify(rows) })
          .onConflict(['remote', 'version'])
          .ignore();
      });
    },
    async get(remote, version) {
      const build = await db('remote_builds').where({ remote, version }).first('files');
      if (!build) return null;
      const rows = (typeof build.files === 'string' ? JSON.parse(build.files) : build.files) as FileRow[];
      const blobs = new Map<string, Buffer>();
      const hashes = [...new Set(rows.map((r) => r.sha256))];
      for (let i = 0; i < hashes.length; i += 50) {
        const found: { sha256: string; content: Buffer }[] = await db('artifact_blobs')
          .whereIn('sha256', hashes.slice(i, i + 50))
          .select('sha256', 'content');
        for (const b of found) blobs.set(b.sha256, Buffer.from(b.content));
      }
      const files: BuildFiles = new Map();
      for (const r of rows) {
        const data = blobs.get(r.sha256);
        if (!data || sha256(data) !== r.sha256)
          throw new Error(`Stored build ${remote}/${version} lacks ${r.path}`);
        files.set(r.path, data);
      }
      return files;
    },
  };
}

/** Reads a build folder into memory (every file, by relative path with `/`). */
export async function readBuildDir(dir: string): Promise<BuildFiles> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files: BuildFiles = new Map();
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), await fs.readFile(full));
  }
  return files;
}

/** Whether `<remotesDir>/<remote>/<version>/` holds a complete build (its manifest is written last of all). */
export async function isLocal(remotesDir: string, remote: string, version: string): Promise<boolean> {
  try {
    await fs.access(path.join(remotesDir, remote, version, 'mf-manifest.json'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a build into `<remotesDir>/<remote>/<version>/` atomically (a temporary folder renamed into place), with
 * precompressed siblings of the files served from it; an existing folder is kept. Resolves true when this call put
 * the folder there. The temporary folder is gone afterwards whatever happened.
 */
export async function writeLocalBuild(
  remotesDir: string,
  remote: string,
  version: string,
  files: BuildFiles,
): Promise<boolean> {
  if (await isLocal(remotesDir, remote, version)) return false;
  const target = path.join(remotesDir, remote, version);
  const tmp = `${target}.tmp-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  try {
    for (const [name, data] of files) {
      const file = path.join(tmp, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    }
    // Not the server renderer and the prerendered fragments (the BFF reads them itself), nor the manifest (always
    // sent as it was checked).
    await precompressDir(tmp, (file) => servedType(file) !== null && file !== 'mf-manifest.json');
    await fs.rm(target, { recursive: true, force: true });
    try {
      await fs.rename(tmp, target);
      return true;
    } catch (err) {
      // Another process of this host put the same version in place first: same content, keep theirs.
      if (!(await isLocal(remotesDir, remote, version))) throw err;
      return false;
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

const pending = new Map<string, Promise<boolean>>();
const local = new Set<string>();

/**
 * Makes sure this instance has a published build on its disk, copying it from the store (PostgreSQL) when another
 * instance published it. Resolves false when no such build is stored (an external manifest URL, or a version
 * only on another host's disk from before the store existed). Concurrent calls for one build share one copy.
 */
export function ensureLocalBuild(
  db: Knex,
  remotesDir: string,
  remote: string,
  version: string,
  /** Look at the disk even if this process copied the build before (a file of it was not found). */
  recheck = false,
): Promise<boolean> {
  const key = `${remotesDir}\0${remote}\0${version}`;
  if (recheck) local.delete(key);
  if (local.has(key)) return Promise.resolve(true);
  let job = pending.get(key);
  if (!job) {
    job = (async () => {
      if (await isLocal(remotesDir, remote, version)) return true;
      const files = await postgresStore(db).get(remote, version);
      if (!files) return false;
      await writeLocalBuild(remotesDir, remote, version, files);
      return true;
    })()
      .then((ok) => {
        if (ok) local.add(key);
        return ok;
      })
      .finally(() => pending.delete(key));
    pending.set(key, job);
  }
  return job;
}

/**
 * Before a page or the registry names builds to a visitor: the ones published here (served from /remotes/…) are
 * on this instance's disk. A build that cannot be copied is left to the remote area's error and retry.
 */
export async function ensureServedBuilds(
  db: Knex,
  remotesDir: string,
  remotes: readonly { name: string; version: string; manifestUrl: string }[],
): Promise<void> {
  await Promise.all(
    remotes
      .filter((r) => r.manifestUrl === `/remotes/${r.name}/${r.version}/mf-manifest.json`)
      .map((r) => ensureLocalBuild(db, remotesDir, r.name, r.version).catch(() => false)),
  );
}
