import type { Knex } from 'knex';
import { finalizeExpiredAttempts } from '../exam/repository';

/**
 * Mock tests that ran out of time unopened are finalized (scored, finish time = deadline, FIRST_TEST/SCORE_80
 * awarded) before they are exported, as before the dashboard reads them: otherwise the export would list an
 * expired test as unfinished. Run by the first section that depends on it (achievements) and again by
 * `examAttempts` (nothing left to do then: one indexed query), so neither depends on the order of the sections.
 */
const settleExpiredMocks = (db: Knex, userId: string) => finalizeExpiredAttempts(db, { userId });

/** "Download my data" sections of the dashboard (registered in users/export.ts). */
export const dashboardExportSections: {
  name: string;
  collect(db: Knex, userId: string): Promise<unknown>;
}[] = [
  {
    name: 'achievements',
    async collect(db, userId) {
      await settleExpiredMocks(db, userId);
      const rows = await db('achievements').where({ user_id: userId }).orderBy(['earned_at', 'code']);
      return rows.map((r) => ({ code: r.code, earnedAt: r.earned_at }));
    },
  },
  {
    name: 'dismissedRecommendations',
    async collect(db, userId) {
      const rows = await db('dismissed_recommendations')
        .where({ user_id: userId })
        .orderBy(['dismissed_at', 'recommendation_id']);
      return rows.map((r) => ({ id: r.recommendation_id, dismissedAt: r.dismissed_at }));
    },
  },
  {
    name: 'examAttempts',
    async collect(db, userId) {
      await settleExpiredMocks(db, userId);
      const rows = await db('exam_attempts')
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
