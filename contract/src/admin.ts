import { z } from 'zod';
import { call } from './call';
import { RemoteName } from './remotes';

/**
 * The A/B console (issue 18): for users with the admin role only (granted with `npm run remotes -- admin grant`);
 * every other caller gets 403 `admin_only`. Every change is written to the audit log.
 */

const Interval = z.object({ low: z.number(), high: z.number() }).strict();

/** B against the remote's `default` variant: difference of conversion rates, its 95 % interval, the z-test. */
export const AbComparison = z
  .object({
    difference: z.number(),
    interval: Interval,
    z: z.number(),
    pValue: z.number().min(0).max(1),
    /** At the 5 % level (two-sided two-proportion z-test). */
    verdict: z.enum(['better', 'worse', 'inconclusive']),
  })
  .strict();
export type AbComparison = z.infer<typeof AbComparison>;

/**
 * How the server renderer of the variant's build fares: null while it never failed. A build whose renderer failed
 * 3 times in a row is no longer rendered on the server (`offSince`); its pages render in the browser.
 */
export const ServerRenderHealth = z
  .object({
    failures: z.number().int().min(0),
    lastReason: z.string().nullable(),
    lastFailureAt: z.string().nullable(),
    offSince: z.string().nullable(),
  })
  .strict();
export type ServerRenderHealth = z.infer<typeof ServerRenderHealth>;

export const AbVariant = z
  .object({
    variant: z.string(),
    version: z.string(),
    manifestUrl: z.string(),
    weight: z.number().int(),
    enabled: z.boolean(),
    pinned: z.boolean(),
    /** Visitors exposed to the variant (each once). */
    visitors: z.number().int().min(0),
    conversions: z.number().int().min(0),
    rate: z.number().min(0).max(1),
    /** 95 % Wilson score interval of the rate; null without visitors. */
    interval: Interval.nullable(),
    /** Against `default`; null for `default` itself or without visitors on either side. */
    comparison: AbComparison.nullable(),
    serverRender: ServerRenderHealth.nullable(),
    /**
     * The version a rollback would bring back (the build before the current one in its deploy history); null when
     * there is none, e.g. a variant never deployed over another build.
     */
    rollbackTo: z.string().nullable(),
  })
  .strict();
export type AbVariant = z.infer<typeof AbVariant>;

export const DeployEntry = z
  .object({
    id: z.number().int(),
    remote: z.string(),
    variant: z.string(),
    action: z.enum(['deploy', 'rollback', 'set']),
    version: z.string(),
    manifestUrl: z.string(),
    previousVersion: z.string().nullable(),
    actor: z.string(),
    at: z.string(),
  })
  .strict();
export type DeployEntry = z.infer<typeof DeployEntry>;

export const AbRemote = z
  .object({
    remote: RemoteName,
    variants: z.array(AbVariant),
    /** The newest 10 deploys and rollbacks of any variant. */
    deploys: z.array(DeployEntry),
    /**
     * Visitors each variant needs to detect the chosen lift on the default's rate (α 0.05, power 0.8); null
     * without a default rate between 0 and 1.
     */
    sampleSize: z.number().int().nullable(),
  })
  .strict();
export type AbRemote = z.infer<typeof AbRemote>;

export const AbOverview = z.object({ lift: z.number(), remotes: z.array(AbRemote) }).strict();
export type AbOverview = z.infer<typeof AbOverview>;

export const AbOverviewQuery = z.object({
  /** The relative lift to plan for: 0.1 = +10 % on the default's conversion rate. */
  lift: z.coerce.number().min(0.01).max(2).default(0.1),
});

export const AbVariantParams = z.object({
  remote: RemoteName,
  variant: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
});

export const AbVariantPatch = z
  .object({
    weight: z.number().int().min(0).max(1000).optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine((p) => p.weight !== undefined || p.enabled !== undefined, 'Give a weight or enabled.');
export type AbVariantPatch = z.infer<typeof AbVariantPatch>;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** Who: the admin's display name, or `cli`. */
    actor: z.string(),
    action: z.enum(['weight', 'enable', 'disable', 'rollback', 'grant', 'revoke']),
    remote: z.string().nullable(),
    variant: z.string().nullable(),
    /** What it was and what it became ("100" → "0", "1.2.0-ab…" → "1.1.0-cd…"). */
    before: z.string().nullable(),
    after: z.string().nullable(),
  })
  .strict();
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLog = z.object({ entries: z.array(AuditEntry) }).strict();
export type AuditLog = z.infer<typeof AuditLog>;

export const adminCalls = {
  overview: call('GET /api/admin/ab', 'required', AbOverview, { query: AbOverviewQuery }),
  /** Changes a variant's weight and/or switches it on or off; answers the remote as it now is. */
  update: call('PATCH /api/admin/ab/:remote/:variant', 'required', AbRemote, {
    params: AbVariantParams,
    body: AbVariantPatch,
  }),
  /** The variant goes back to its previous build; 409 when it has none. */
  rollback: call('POST /api/admin/ab/:remote/:variant/rollback', 'required', AbRemote, {
    params: AbVariantParams,
  }),
  audit: call('GET /api/admin/audit', 'required', AuditLog),
};
