import type { Knex } from 'knex';
import { type CachedBody, catalogVersion, encodeBody } from '../catalog/response-cache';
import type { Language } from '../http/lang';
import type { UserRow } from '../users/repository';

/** The longest a built dashboard is served: bounds how late a rule that turns on an instant (not a day) shows. */
export const DASHBOARD_MAX_AGE_MS = 60_000;
/** Learners whose dashboards are kept (the least recently used go first). */
const MAX_ENTRIES = 10_000;

type Entry = { key: string; expiresAt: number; body: Promise<CachedBody> };

/** Everything a learner's dashboard depends on besides the clock: their progress, settings, and the catalog. */
export function dashboardKey(user: UserRow, lang: Language, catalog: string | null): string {
  const updated = user.updated_at ? new Date(user.updated_at).getTime() : 0;
  const examDate = user.exam_date instanceof Date ? user.exam_date.getTime() : user.exam_date;
  return [
    lang,
    user.progress_version,
    user.federal_state,
    examDate,
    user.desired_retention,
    updated,
    catalog,
  ].join('|');
}

/**
 * Each learner's whole dashboard, built once and sent many times (serialised and compressed, with its ETag).
 * An entry is valid while its key holds — `users.progress_version` (bumped by triggers on every table the dashboard
 * reads: migration 013), the learner's settings and the catalog version — and until the clock changes what it
 * shows: the next Berlin midnight (streak, today's plan, days left), the deadline of a running mock test (it then
 * counts as taken), the moment the next question falls due (the review queue grows), and at most
 * DASHBOARD_MAX_AGE_MS. The user row comes with the session, so a hit costs no query;
 * the key is read before the figures, so a write that lands during a build leaves a newer version behind it and is
 * never hidden.
 */
export class DashboardCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly db: Knex) {}

  async get(
    user: UserRow,
    lang: Language,
    now: Date,
    build: () => Promise<{ value: unknown; tagged: unknown }>,
  ): Promise<CachedBody> {
    const key = dashboardKey(user, lang, await catalogVersion(this.db).current());
    const id = `${user.id}:${lang}`;
    const held = this.entries.get(id);
    if (held && held.key === key && now.getTime() < held.expiresAt) {
      // Most recently used last: the first entry is the one to drop.
      this.entries.delete(id);
      this.entries.set(id, held);
      return held.body;
    }
    const body = Promise.all([build(), this.validUntil(user.id, now)]).then(([{ value, tagged }, until]) => {
      entry.expiresAt = Math.min(until, now.getTime() + DASHBOARD_MAX_AGE_MS);
      return encodeBody(value, tagged);
    });
    // Until it is built, concurrent requests share the build; it expires as soon as it is ready if it failed.
    const entry: Entry = { key, expiresAt: now.getTime() + DASHBOARD_MAX_AGE_MS, body };
    this.entries.delete(id);
    this.entries.set(id, entry);
    body.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return body;
  }

  /**
   * The next instant the clock alone changes the dashboard: Berlin midnight, a running mock test's deadline, or
   * the next due instant of any of the learner's questions (a question outside the pool only ends it early).
   */
  private async validUntil(userId: string, now: Date): Promise<number> {
    const { rows } = await this.db.raw(
      `SELECT ((CAST(? AS timestamptz) AT TIME ZONE 'Europe/Berlin')::date + 1)::timestamp
                AT TIME ZONE 'Europe/Berlin' AS midnight,
              (SELECT min(deadline_at) FROM exam_attempts
                WHERE user_id = ? AND finalized_at IS NULL AND deadline_at > CAST(? AS timestamptz)) AS deadline,
              (SELECT min(due) FROM question_progress
                WHERE user_id = ? AND due > CAST(? AS timestamptz)) AS next_due`,
      [now, userId, now, userId, now],
    );
    const row = rows[0] as {
      midnight: Date | string;
      deadline: Date | string | null;
      next_due: Date | string | null;
    };
    return Math.min(
      ...[row.midnight, row.deadline, row.next_due]
        .filter((t) => t !== null)
        .map((t) => new Date(t).getTime()),
    );
  }
}
