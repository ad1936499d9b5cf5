import type { Knex } from 'knex';
import { listSessions } from '../auth/sessions';
import { dashboardExportSections } from '../dashboard/export';
import { learnExportSections } from '../learn/export';
import { type ExportSection, listSection, ownRows } from './export-section';
import { findUser, listIdentities, userJson } from './repository';

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    name: 'profile',
    async collect(db, userId) {
      const u = await findUser(db, userId);
      if (!u) return null;
      return {
        ...(await userJson(db, u)),
        username: u.username,
        hasPassword: u.password_hash !== null,
        createdAt: u.created_at,
        updatedAt: u.updated_at,
      };
    },
  },
  listSection('identities', listIdentities, (i) => ({
    provider: i.provider,
    subject: i.subject,
    username: i.username,
    email: i.email,
    emailVerified: i.email_verified,
    createdAt: i.created_at,
    lastUsedAt: i.last_used_at,
  })),
  listSection('sessions', listSessions, (s) => ({
    method: s.method,
    userAgent: s.user_agent,
    createdAt: s.created_at,
    lastUsedAt: s.last_used_at,
    revokedAt: s.revoked_at,
  })),
  // Learn mode: answers, per-question progress (FSRS), bookmarks, challenge scores.
  ...learnExportSections,
  // Dashboard: achievements, dismissed recommendations, a summary of exam attempts.
  ...dashboardExportSections,
  // The questions each exam attempt drew and what the learner answered (rows of `exam_attempt_items`, owned
  // through `exam_attempts.user_id`); `attemptStartedAt` matches `examAttempts[].startedAt`.
  listSection(
    'examAnswers',
    (db, userId) =>
      db('exam_attempt_items as i')
        .join('exam_attempts as a', 'a.id', 'i.attempt_id')
        .where('a.user_id', userId)
        .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }, { column: 'i.position' }])
        .select('a.created_at', 'i.position', 'i.question_id', 'i.answer', 'i.unsure', 'i.answered_at'),
    (r) => ({
      attemptStartedAt: r.created_at,
      position: r.position,
      questionId: `q${r.question_id}`,
      answer: r.answer,
      unsure: r.unsure,
      answeredAt: r.answered_at,
    }),
  ),
  // Messages sent through the contact form while signed in.
  listSection('contactMessages', ownRows('contact_messages', 'created_at', 'id'), (r) => ({
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    language: r.lang,
    sentAt: r.created_at,
  })),
  // Problems reported with a question while signed in (issue 17).
  listSection(
    'contentReports',
    (db, userId) =>
      db('content_reports')
        .where({ user_id: userId })
        .orderBy(['created_at', 'id'])
        .select('question_id', 'kind', 'text', 'lang', 'content_version', 'created_at'),
    (r) => ({
      questionId: `q${r.question_id}`,
      kind: r.kind,
      text: r.text,
      language: r.lang,
      contentVersion: r.content_version,
      sentAt: r.created_at,
    }),
  ),
  // Product analytics recorded while signed in (e.g. `plan_selected` from the pricing buttons), with the
  // anonymous visitor id they were stored under.
  listSection('analyticsEvents', ownRows('analytics_events', 'id'), (r) => ({
    event: r.name,
    properties: r.props,
    visitorId: r.visitor_id,
    recordedAt: r.created_at,
  })),
  // What an administrator changed in the A/B console (issue 18's audit log), oldest first.
  listSection('adminActions', ownRows('admin_audit', 'id'), (r) => ({
    action: r.action,
    remote: r.remote,
    variant: r.variant,
    before: r.before,
    after: r.after,
    at: r.at,
  })),
];

export type UserExport = { exportedAt: string; format: 'buergerfit-user-export/1' } & Record<string, unknown>;

export async function exportUserData(db: Knex, userId: string): Promise<UserExport> {
  const out: UserExport = { format: 'buergerfit-user-export/1', exportedAt: new Date().toISOString() };
  for (const section of EXPORT_SECTIONS) out[section.name] = await section.collect(db, userId);
  return out;
}
