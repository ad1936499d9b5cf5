import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { type BuildRef, createSsrRenderer, type RenderFailure, type SsrRenderer } from './ssr';

/**
 * How each build's server renderer fares, shared by every instance through PostgreSQL. A failure (a crash, a hang, a
 * memory limit, an answer that is not a page, a render that threw) costs that one render: the plain page is sent and
 * the renderer's process replaced. A build that fails this many times in a row — no render succeeding in between, on
 * any instance — is no longer rendered on the server: its pages are sent plain and render in the browser, as every
 * page did before server rendering. The build stays live (its browser code may be fine); the A/B console and the
 * CLI's history say so, and the team's next deploy starts afresh.
 */
export const SSR_FAILURE_LIMIT = 3;
/** How long an instance trusts what it last read of a build's health. */
const FRESH_MS = 5000;

export type SsrHealthRow = {
  remote: string;
  version: string;
  failures: number;
  consecutive: number;
  lastReason: string | null;
  lastFailureAt: Date | null;
  disabledAt: Date | null;
};

const TABLE = 'ssr_build_health';

const toRow = (r: Record<string, unknown>): SsrHealthRow => ({
  remote: String(r.remote),
  version: String(r.version),
  failures: Number(r.failures),
  consecutive: Number(r.consecutive),
  lastReason: (r.last_reason as string | null) ?? null,
  lastFailureAt: r.last_failure_at ? new Date(r.last_failure_at as string) : null,
  disabledAt: r.disabled_at ? new Date(r.disabled_at as string) : null,
});

/** The health of these builds (remote/version pairs): one row each that ever failed. */
export async function ssrHealthOf(db: Knex, builds: readonly BuildRef[]): Promise<SsrHealthRow[]> {
  if (builds.length === 0) return [];
  const rows = await db(TABLE).whereIn(
    ['remote', 'version'],
    builds.map((b) => [b.remote, b.version]),
  );
  return rows.map(toRow);
}

/** Charges a build with a failed render; returns its row (disabled once it reached the limit). */
export async function recordSsrFailure(
  db: Knex,
  build: BuildRef,
  failure: RenderFailure,
  detail: string,
): Promise<SsrHealthRow> {
  const reason = `${failure}: ${detail}`.slice(0, 300);
  const { rows } = await db.raw(
    `insert into ${TABLE} as h (remote, version, failures, consecutive, last_reason, last_failure_at, disabled_at)
     values (?, ?, 1, 1, ?, now(), case when 1 >= ? then now() end)
     on conflict (remote, version) do update set
       failures = h.failures + 1,
       consecutive = h.consecutive + 1,
       last_reason = excluded.last_reason,
       last_failure_at = now(),
       disabled_at = coalesce(h.disabled_at, case when h.consecutive + 1 >= ? then now() end)
     returning *`,
    [build.remote, build.version, reason, SSR_FAILURE_LIMIT, SSR_FAILURE_LIMIT],
  );
  return toRow(rows[0]);
}

/** A render of the build succeeded: its run of failures ends (a build no longer rendered stays so). */
export async function recordSsrSuccess(db: Knex, build: BuildRef): Promise<void> {
  await db(TABLE)
    .where({ remote: build.remote, version: build.version })
    .where('consecutive', '>', 0)
    .whereNull('disabled_at')
    .update({ consecutive: 0 });
}

/**
 * The per-instance view the page pipeline asks on every server-rendered page: whether a build may be rendered, read
 * from PostgreSQL at most every few seconds per build, and the outcomes of this instance's renders written back.
 */
export function ssrHealthTracker(db: Knex, logger: Logger) {
  const known = new Map<string, { disabled: boolean; consecutive: number; readAt: number }>();
  const keyOf = (b: BuildRef) => `${b.remote}/${b.version}`;
  const remember = (b: BuildRef, row: SsrHealthRow | undefined) => {
    if (known.size > 500) known.delete(known.keys().next().value as string);
    known.set(keyOf(b), {
      disabled: Boolean(row?.disabledAt),
      consecutive: row?.consecutive ?? 0,
      readAt: Date.now(),
    });
  };
  return {
    /** True unless the build kept failing (a database that cannot answer now does not stop rendering). */
    async allowed(build: BuildRef): Promise<boolean> {
      const seen = known.get(keyOf(build));
      if (seen && Date.now() - seen.readAt < FRESH_MS) return !seen.disabled;
      try {
        const [row] = await ssrHealthOf(db, [build]);
        remember(build, row);
        return !row?.disabledAt;
      } catch {
        return !seen?.disabled;
      }
    },
    /** An outcome of a render on this instance (written without holding up the page). */
    record(build: BuildRef, outcome: { ok: true } | { ok: false; failure: RenderFailure; detail: string }) {
      const seen = known.get(keyOf(build));
      if (outcome.ok) {
        if (!seen || seen.consecutive === 0) return;
        seen.consecutive = 0;
        recordSsrSuccess(db, build).catch((err: unknown) =>
          logger.warn({ err }, 'server render health not written'),
        );
        return;
      }
      recordSsrFailure(db, build, outcome.failure, outcome.detail).then(
        (row) => {
          remember(build, row);
          if (row.disabledAt && row.consecutive === SSR_FAILURE_LIMIT) {
            logger.warn(
              { remote: build.remote, version: build.version, reason: row.lastReason },
              `build no longer rendered on the server after ${SSR_FAILURE_LIMIT} failures in a row`,
            );
          }
        },
        (err: unknown) => logger.warn({ err }, 'server render failure not written'),
      );
    },
  };
}

/** A server's rendering of pages: its sandboxed renderers, and the health of the builds they render. */
export type ServerRendering = { renderer: SsrRenderer; health: ReturnType<typeof ssrHealthTracker> };

export function createServerRendering(db: Knex, logger: Logger, timeoutMs: number): ServerRendering {
  const health = ssrHealthTracker(db, logger);
  const renderer = createSsrRenderer({
    logger,
    timeoutMs,
    onOutcome: (build, outcome) => health.record(build, outcome),
  });
  return { renderer, health };
}
