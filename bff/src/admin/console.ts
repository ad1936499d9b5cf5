import type { AbRemote, AbVariant, AuditEntry, ServerRenderHealth } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { deployHistory, rollbackTargets, rollbackVariant } from '../remotes/deploy';
import { REMOTE_NAMES, type RemoteName } from '../remotes/names';
import { listVariants, report, updateVariant } from '../remotes/registry';
import { type SsrHealthRow, ssrHealthOf } from '../remotes/ssr-health';
import { compare, sampleSize, wilson } from './stats';

/** A build's server-render health as the console shows it; null while its renderer never failed. */
export function serverRenderOf(row: SsrHealthRow | undefined): ServerRenderHealth | null {
  if (!row || row.failures === 0) return null;
  return {
    failures: row.failures,
    lastReason: row.lastReason,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
    offSince: row.disabledAt?.toISOString() ?? null,
  };
}

/** Who changes something: an admin (id and display name) or the CLI. */
export type Admin = { userId: string | null; name: string };

const DEFAULT = 'default';

/** Each remote's variants with their figures and intervals, its recent deploys and the sample size to plan for. */
export async function abOverview(db: Knex, lift: number, only?: RemoteName): Promise<AbRemote[]> {
  const [variants, figures, targets] = await Promise.all([
    listVariants(db, only),
    report(db),
    rollbackTargets(db, only),
  ]);
  const byKey = new Map(figures.map((f) => [`${f.remote}/${f.variant}`, f]));
  const health = new Map(
    (
      await ssrHealthOf(
        db,
        variants.map((v) => ({ remote: v.remote, version: v.version })),
      )
    ).map((h) => [`${h.remote}/${h.version}`, h]),
  );
  const remotes: AbRemote[] = [];
  for (const remote of only ? [only] : REMOTE_NAMES) {
    // `default` first (the others are compared with it), then by name.
    const own = variants
      .filter((v) => v.remote === remote)
      .sort(
        (a, b) =>
          Number(b.variant === DEFAULT) - Number(a.variant === DEFAULT) || a.variant.localeCompare(b.variant),
      );
    const base = byKey.get(`${remote}/${DEFAULT}`);
    const rows: AbVariant[] = own.map((v) => {
      const f = byKey.get(`${remote}/${v.variant}`) ?? { visitors: 0, conversions: 0 };
      return {
        variant: v.variant,
        version: v.version,
        manifestUrl: v.manifestUrl,
        weight: v.weight,
        enabled: v.enabled,
        pinned: v.pinned,
        visitors: f.visitors,
        conversions: f.conversions,
        rate: f.visitors > 0 ? f.conversions / f.visitors : 0,
        interval: wilson(f.conversions, f.visitors),
        comparison: v.variant !== DEFAULT && base ? compare(base, f) : null,
        serverRender: serverRenderOf(health.get(`${remote}/${v.version}`)),
        rollbackTo: targets.get(`${remote}/${v.variant}`) ?? null,
      };
    });
    const baseRate = base && base.visitors > 0 ? base.conversions / base.visitors : null;
    remotes.push({
      remote,
      variants: rows,
      deploys: await deployHistory(db, remote, undefined, 10),
      sampleSize: baseRate === null ? null : sampleSize(baseRate, lift),
    });
  }
  return remotes;
}

export async function audit(
  db: Knex | Knex.Transaction,
  who: Admin,
  entry: {
    action: AuditEntry['action'];
    remote?: string;
    variant?: string;
    before?: string | null;
    after?: string | null;
  },
): Promise<void> {
  await db('admin_audit').insert({
    user_id: who.userId,
    actor: who.name,
    action: entry.action,
    remote: entry.remote ?? null,
    variant: entry.variant ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function auditLog(db: Knex, limit = 100): Promise<AuditEntry[]> {
  const rows = await db('admin_audit').orderBy('id', 'desc').limit(limit).select('*');
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    remote: r.remote,
    variant: r.variant,
    before: r.before,
    after: r.after,
  }));
}

/** Changes a variant's weight and/or enabled state, each change written to the audit log; false: no such variant. */
export async function changeVariant(
  db: Knex,
  who: Admin,
  remote: RemoteName,
  variant: string,
  patch: { weight?: number; enabled?: boolean },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const before = await trx('remote_variants')
      .where({ remote, variant })
      .forUpdate()
      .first('weight', 'enabled');
    if (!before) return false;
    await updateVariant(trx, remote, variant, patch);
    if (patch.weight !== undefined && patch.weight !== before.weight) {
      await audit(trx, who, {
        action: 'weight',
        remote,
        variant,
        before: String(before.weight),
        after: String(patch.weight),
      });
    }
    if (patch.enabled !== undefined && patch.enabled !== before.enabled) {
      await audit(trx, who, { action: patch.enabled ? 'enable' : 'disable', remote, variant });
    }
    return true;
  });
}

/** Rolls a variant back (see `rollbackVariant`) and writes it to the audit log; null: nothing to go back to. */
export async function rollbackAsAdmin(db: Knex, who: Admin, remote: RemoteName, variant: string) {
  const done = await rollbackVariant(db, remote, variant, { name: who.name });
  if (done)
    await audit(db, who, {
      action: 'rollback',
      remote,
      variant,
      before: done.previousVersion,
      after: done.version,
    });
  return done;
}

/** Grants or takes back the admin role of a user named by id, e-mail or username; the user, or null if none. */
export async function setAdmin(
  db: Knex,
  who: Admin,
  userRef: string,
  admin: boolean,
): Promise<{ id: string; username: string } | null> {
  const q = db('users').select('id', 'username');
  if (/^[0-9a-f-]{36}$/i.test(userRef)) q.where({ id: userRef.toLowerCase() });
  else q.whereRaw('lower(email) = lower(?)', [userRef]).orWhere({ username: userRef });
  const found = await q;
  if (found.length !== 1) return null;
  const user = found[0] as { id: string; username: string };
  await db('users')
    .where({ id: user.id })
    .update({ role: admin ? 'admin' : 'learner' });
  await audit(db, who, { action: admin ? 'grant' : 'revoke', after: user.username });
  return user;
}
