import { READ_ATTEMPTS, unsettledMocks, withAwardsDue } from '../exam/repository';
import { type ExportSection, listSection, ownRows } from '../users/export-section';

/**
 * "Download my data" sections of the dashboard (registered in users/export.ts). A download is a read and writes
 * nothing: a mock test that ran out of time unopened is exported as its finalize will store it (finished at its
 * deadline, scored, its FIRST_TEST/SCORE_80 due), like the dashboard shows it (exam/repository.ts READ_ATTEMPTS).
 */
export const dashboardExportSections: ExportSection[] = [
  {
    name: 'achievements',
    async collect(db, userId) {
      const [stored, unsettled] = await Promise.all([
        db('achievements').where({ user_id: userId }).orderBy(['earned_at', 'code']),
        unsettledMocks(db, userId),
      ]);
      return withAwardsDue(stored, unsettled)
        .map((r) => ({ code: r.code, earnedAt: new Date(r.earned_at) }))
        .sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime() || a.code.localeCompare(b.code));
    },
  },
  listSection(
    'dismissedRecommendations',
    ownRows('dismissed_recommendations', 'dismissed_at', 'recommendation_id'),
    (r) => ({ id: r.recommendation_id, dismissedAt: r.dismissed_at }),
  ),
  {
    name: 'examAttempts',
    async collect(db, userId) {
      const rows = await db
        .from(db.raw(READ_ATTEMPTS))
        .where({ user_id: userId })
        .orderBy('created_at')
        .select(
          'kind',
          'state_code',
          'question_count',
          'created_at',
          'finalized_at',
          'correct_count',
          'passed',
        );
      return rows.map((r) => ({
        kind: r.kind,
        state: r.state_code,
        questions: r.question_count,
        startedAt: r.created_at,
        finishedAt: r.finalized_at,
        correct: r.correct_count,
        passed: r.passed,
      }));
    },
  },
];
