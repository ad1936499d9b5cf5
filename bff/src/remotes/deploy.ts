import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { type BuildFiles, postgresStore, versionOf, writeLocalBuild } from './artifacts';
import type { RemoteName } from './names';
import { manifestUrlFor } from './publish';

/** Who deployed: a token (its id and name), the CLI, or an admin. */
export type Actor = { tokenId?: string; name: string };

export type DeployRecord = {
  id: number;
  remote: string;
  variant: string;
  action: 'deploy' | 'rollback' | 'set';
  version: string;
  manifestUrl: string;
  previousVersion: string | null;
  actor: string;
  at: string;
};

const TOKEN_PREFIX = 'bfd_';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a deploy token for one remote; the token is returned once (only its hash is kept). */
export async function createDeployToken(
  db: Knex,
  remote: RemoteName,
  name: string,
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db('deploy_tokens').insert({ id, remote, name, token_hash: hashToken(token) });
  return { id, token };
}

/** Revokes a token by its id (or a unique start of it); false when there is none such, or several. */
export async function revokeDeployToken(db: Knex, idOrPrefix: string): Promise<boolean> {
  if (!/^[0-9a-f-]{4,36}$/i.test(idOrPrefix)) return false;
  const matches = await db('deploy_tokens')
    .whereRaw('id::text like ?', [`${idOrPrefix.toLowerCase()}%`])
    .whereNull('revoked_at')
    .select('id');
  if (matches.length !== 1) return false;
  await db('deploy_tokens').where({ id: matches[0].id }).update({ revoked_at: db.fn.now() });
  return true;
}

export type TokenRow = {
  id: string;
  remote: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
};

export async function listDeployTokens(db: Knex): Promise<TokenRow[]> {
  const rows = await db('deploy_tokens').orderBy('created_at').select('*');
  return rows.map((r) => ({
    id: r.id,
    remote: r.remote,
    name: r.name,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    revoked: r.revoked_at !== null,
  }));
}

/** The live token a bearer string names (and marks it used), or null. */
export async function verifyDeployToken(
  db: Knex,
  token: string,
): Promise<{ id: string; remote: string; name: string } | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db('deploy_tokens')
    .where({ token_hash: hashToken(token) })
    .whereNull('revoked_at')
    .first('id', 'remote', 'name');
  if (!row) return null;
  await db('deploy_tokens').where({ id: row.id }).update({ last_used_at: db.fn.now() });
  return row;
}

/**
 * Points a variant at a build and records it in the deploy history, in one transaction (the switch is atomic:
 * a page load sees the old build or the new one). Deployed variants are pinned and enabled.
 */
export async function switchVariant(
  db: Knex,
  target: {
    remote: string;
    variant: string;
    version: string;
    manifestUrl: string;
    weight?: number;
    action: DeployRecord['action'];
  },
  actor: Actor,
): Promise<DeployRecord> {
  return db.transaction(async (trx) => {
    const before = await trx('remote_variants')
      .where({ remote: target.remote, variant: target.variant })
      .forUpdate()
      .first('version', 'manifest_url');
    await trx('remote_variants')
      .insert({
        remote: target.remote,
        variant: target.variant,
        version: target.version,
        manifest_url: target.manifestUrl,
        pinned: true,
        // A deploy or rollback goes live even on a switched-off variant; pointing one by hand (`set`) does not.
        ...(target.action === 'set' ? {} : { enabled: true }),
        ...(target.weight !== undefined ? { weight: target.weight } : {}),
        updated_at: trx.fn.now(),
      })
      .onConflict(['remote', 'variant'])
      .merge();
    const [row] = await trx('remote_deploys')
      .insert({
        remote: target.remote,
        variant: target.variant,
        action: target.action,
        version: target.version,
        manifest_url: target.manifestUrl,
        previous_version: before?.version ?? null,
        previous_manifest_url: before?.manifest_url ?? null,
        token_id: actor.tokenId ?? null,
        actor: actor.name,
      })
      .returning('*');
    return toRecord(row);
  });
}

const toRecord = (r: Record<string, unknown>): DeployRecord => ({
  id: Number(r.id),
  remote: String(r.remote),
  variant: String(r.variant),
  action: r.action as DeployRecord['action'],
  version: String(r.version),
  manifestUrl: String(r.manifest_url),
  previousVersion: (r.previous_version as string | null) ?? null,
  actor: String(r.actor),
  at: new Date(r.at as string).toISOString(),
});

/**
 * Makes an uploaded build live: on this instance's disk first (the others copy it from the store at their next page
 * load), then stored (content-addressed) and switched to in one transaction. When any step fails nothing is kept:
 * the transaction stores no file, and a folder this deploy wrote is removed.
 */
export async function deployBuild(
  db: Knex,
  remotesDir: string,
  deploy: { remote: RemoteName; variant: string; weight?: number; files: BuildFiles; packageVersion: string },
  actor: Actor,
): Promise<DeployRecord> {
  const version = versionOf(deploy.files, deploy.packageVersion);
  let written = false;
  try {
    written = await writeLocalBuild(remotesDir, deploy.remote, version, deploy.files);
    return await db.transaction(async (trx) => {
      await postgresStore(trx).put(deploy.remote, version, deploy.files);
      return switchVariant(
        trx,
        {
          remote: deploy.remote,
          variant: deploy.variant,
          version,
          manifestUrl: manifestUrlFor(deploy.remote, version),
          weight: deploy.weight,
          action: 'deploy',
        },
        actor,
      );
    });
  } catch (err) {
    if (written) await fs.rm(path.join(remotesDir, deploy.remote, version), { recursive: true, force: true });
    throw err;
  }
}

/** The variant's deploy history, newest first. */
export async function deployHistory(
  db: Knex,
  remote: string,
  variant?: string,
  limit = 50,
): Promise<DeployRecord[]> {
  const q = db('remote_deploys').where({ remote }).orderBy('id', 'desc').limit(limit);
  if (variant) q.where({ variant });
  return (await q.select('*')).map(toRecord);
}

/**
 * The version each variant would go back to (what `rollbackVariant` does), by `remote/variant`: the previous build
 * of the newest history entry that made its current version live. A variant with nothing to go back to is absent.
 */
export async function rollbackTargets(db: Knex, remote?: string): Promise<Map<string, string>> {
  const q = db('remote_variants as v')
    .join('remote_deploys as d', function () {
      this.on('d.remote', 'v.remote').andOn('d.variant', 'v.variant').andOn('d.version', 'v.version');
    })
    .whereNotNull('d.previous_version')
    .whereNotNull('d.previous_manifest_url')
    .orderBy('d.id', 'desc')
    .select('v.remote', 'v.variant', 'd.previous_version');
  if (remote) q.where('v.remote', remote);
  const targets = new Map<string, string>();
  for (const r of (await q) as { remote: string; variant: string; previous_version: string }[]) {
    const key = `${r.remote}/${r.variant}`;
    if (!targets.has(key)) targets.set(key, r.previous_version);
  }
  return targets;
}

/**
 * Returns a variant to the build it had before its current one (the previous entry of its history); null when
 * there is nothing to go back to.
 */
export async function rollbackVariant(
  db: Knex,
  remote: string,
  variant: string,
  actor: Actor,
): Promise<DeployRecord | null> {
  const current = await db('remote_variants').where({ remote, variant }).first('version', 'manifest_url');
  if (!current) return null;
  const last = await db('remote_deploys')
    .where({ remote, variant, version: current.version })
    .whereNotNull('previous_version')
    .orderBy('id', 'desc')
    .first('previous_version', 'previous_manifest_url');
  if (!last?.previous_version || !last.previous_manifest_url) return null;
  return switchVariant(
    db,
    {
      remote,
      variant,
      version: last.previous_version,
      manifestUrl: last.previous_manifest_url,
      action: 'rollback',
    },
    actor,
  );
}
