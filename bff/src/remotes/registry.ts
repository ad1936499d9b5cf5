import type { RemoteDescriptor } from '@buergerfit/contract';
import type { Knex } from 'knex';
import { isRemoteName } from './names';

export type Variant = {
  remote: string;
  variant: string;
  version: string;
  manifestUrl: string;
  weight: number;
  enabled: boolean;
  pinned: boolean;
};

type Row = {
  remote: string;
  variant: string;
  version: string;
  manifest_url: string;
  weight: number;
  enabled: boolean;
  pinned: boolean;
};
const toVariant = (r: Row): Variant => ({
  remote: r.remote,
  variant: r.variant,
  version: r.version,
  manifestUrl: r.manifest_url,
  weight: r.weight,
  enabled: r.enabled,
  pinned: r.pinned,
});

export async function listVariants(db: Knex, remote?: string): Promise<Variant[]> {
  const q = db<Row>('remote_variants').select('*').orderBy(['remote', 'variant']);
  if (remote) q.where({ remote });
  return (await q).map(toVariant);
}

export async function upsertVariant(
  db: Knex,
  v: {
    remote: string;
    variant: string;
    version: string;
    manifestUrl: string;
    weight?: number;
    pinned?: boolean;
    enabled?: boolean;
  },
): Promise<void> {
  const row = {
    remote: v.remote,
    variant: v.variant,
    version: v.version,
    manifest_url: v.manifestUrl,
    ...(v.weight !== undefined ? { weight: v.weight } : {}),
    ...(v.pinned !== undefined ? { pinned: v.pinned } : {}),
    ...(v.enabled !== undefined ? { enabled: v.enabled } : {}),
    updated_at: db.fn.now(),
  };
  await db('remote_variants').insert(row).onConflict(['remote', 'variant']).merge();
}

export async function updateVariant(
  db: Knex,
  remote: string,
  variant: string,
  patch: { enabled?: boolean; weight?: number },
): Promise<boolean> {
  const n = await db('remote_variants')
    .where({ remote, variant })
    .update({ ...patch, updated_at: db.fn.now() });
  return n > 0;
}

function pickWeighted(variants: Variant[], random: () => number): Variant | undefined {
  const total = variants.reduce((s, v) => s + v.weight, 0);
  if (total <= 0) return variants[0];
  let r = random() * total;
  for (const v of variants) {
    r -= v.weight;
    if (r < 0) return v;
  }
  return variants[variants.length - 1];
}

/** The build of a remote a visitor gets: an entry of `GET /api/remotes`. */
export type Resolved = RemoteDescriptor;

/**
 * Which variant of each remote this visitor gets. A visitor's first assignment is drawn by weight and stored;
 * it sticks while that variant stays enabled, whatever the weights do later (weights steer new visitors only).
 */
export async function resolveForVisitor(
  db: Knex,
  visitorId: string,
  random = Math.random,
): Promise<Resolved[]> {
  const [variants, assignments] = await Promise.all([
    db<Row>('remote_variants').where({ enabled: true }).select('*'),
    db('remote_assignments').where({ visitor_id: visitorId }).select('remote', 'variant'),
  ]);
  const byRemote = new Map<string, Variant[]>();
  for (const v of variants.map(toVariant)) byRemote.set(v.remote, [...(byRemote.get(v.remote) ?? []), v]);
  const assigned = new Map(
    assignments.map((a: { remote: string; variant: string }) => [a.remote, a.variant]),
  );
  const result: Resolved[] = [];
  const toStore: { visitor_id: string; remote: string; variant: string }[] = [];
  for (const [remote, list] of [...byRemote.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    // A remote this version of the app no longer knows (its rows outlived it) is not offered.
    if (!isRemoteName(remote)) continue;
    let chosen = list.find((v) => v.variant === assigned.get(remote));
    if (!chosen) {
      const live = list.filter((v) => v.weight > 0);
      chosen = pickWeighted(live.length > 0 ? live : list, random);
      if (!chosen) continue;
      toStore.push({ visitor_id: visitorId, remote, variant: chosen.variant });
    }
    result.push({
      name: remote,
      variant: chosen.variant,
      version: chosen.version,
      manifestUrl: chosen.manifestUrl,
    });
  }
  if (toStore.length > 0) {
    await db('remote_assignments')
      .insert(toStore)
      .onConflict(['visitor_id', 'remote'])
      .merge({ variant: db.raw('excluded.variant'), assigned_at: db.fn.now() });
  }
  return result;
}

/**
 * The variant of `remote` the server assigned this visitor (`resolveForVisitor`, from `GET /api/remotes` or a page
 * load), or null. A beacon never assigns: a visitor the server did not admit has none.
 */
export async function assignedVariant(db: Knex, visitorId: string, remote: string): Promise<string | null> {
  const a = await db('remote_assignments').where({ visitor_id: visitorId, remote }).first('variant');
  return a?.variant ?? null;
}

/** One row per visitor and variant: the report counts exposed visitors, repeats add nothing. */
export async function recordExposure(
  db: Knex,
  visitorId: string,
  remote: string,
  variant: string,
): Promise<void> {
  await db('remote_exposures')
    .insert({ visitor_id: visitorId, remote, variant })
    .onConflict(['visitor_id', 'remote', 'variant'])
    .ignore();
}

/**
 * A conversion of `variant` after this visitor's exposure to it: false (nothing stored) before that exposure. One
 * conversion per visitor and remote: the first counts, repeats and later events add nothing.
 */
export async function storeConversion(
  db: Knex,
  visitorId: string,
  remote: string,
  variant: string,
  event: string,
): Promise<boolean> {
  const exposed = await db('remote_exposures').where({ visitor_id: visitorId, remote, variant }).first('id');
  if (!exposed) return false;
  await db('remote_conversions')
    .insert({ visitor_id: visitorId, remote, variant, event })
    .onConflict(['visitor_id', 'remote'])
    .ignore();
  return true;
}

/**
 * A conversion the server sees itself (a sign-in, a mock test started), counted as a beacon is: only for a visitor
 * the server assigned a variant of `remote` and has seen exposed to it. True when it counts.
 */
export async function recordConversion(
  db: Knex,
  visitorId: string | null,
  remote: string,
  event: string,
): Promise<boolean> {
  if (!visitorId) return false;
  const variant = await assignedVariant(db, visitorId, remote);
  return variant !== null && storeConversion(db, visitorId, remote, variant, event);
}

export type ReportRow = {
  remote: string;
  variant: string;
  visitors: number;
  conversions: number;
  rate: number;
};

/**
 * Exposed visitors, conversions and the rate per variant. Only what the beacons' rules admit is counted, whenever
 * it was stored: an exposure of a visitor the server assigned a variant of that remote, and a conversion after
 * that visitor's exposure to the same variant.
 */
export async function report(db: Knex): Promise<ReportRow[]> {
  const rows: { remote: string; variant: string; visitors: number; conversions: number }[] = await db
    .select('v.remote', 'v.variant')
    .select(
      db.raw(
        `(select count(distinct e.visitor_id) from remote_exposures e
           where e.remote = v.remote and e.variant = v.variant
             and exists (select 1 from remote_assignments a
                          where a.visitor_id = e.visitor_id and a.remote = e.remote))::int as visitors`,
      ),
    )
    .select(
      db.raw(
        `(select count(*) from remote_conversions c
           where c.remote = v.remote and c.variant = v.variant
             and exists (select 1 from remote_exposures e
                          join remote_assignments a on a.visitor_id = e.visitor_id and a.remote = e.remote
                          where e.visitor_id = c.visitor_id and e.remote = c.remote and e.variant = c.variant
                            and e.at <= c.at))::int as conversions`,
      ),
    )
    .from('remote_variants as v')
    .orderBy(['v.remote', 'v.variant']);
  return rows.map((r) => ({ ...r, rate: r.visitors > 0 ? r.conversions / r.visitors : 0 }));
}
