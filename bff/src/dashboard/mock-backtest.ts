import type { Knex } from 'knex';
import { type ProgressRow, stepProgress } from '../learn/repository';
import { DEFAULT_SCHEDULE, type RatingName, ratingFor } from '../learn/scheduler';
import { estimateReadiness, type QuestionEvidence } from './readiness';

/**
 * The readiness back-test on learners' own mock tests: for every finished mock test of a learner who had answered
 * before it, the chance the model gave just before the test started (from their answers until then, replayed with
 * the app's own write step) against whether they passed it. Only a test's own answers are left out; every earlier
 * test's answers count, as they do on the dashboard.
 */
export type MockOutcome = { predicted: number; raw: number; passed: boolean };

type Attempt = { id: string; user_id: string; state_code: string; created_at: Date; passed: boolean };
type Answer = { question_id: number; is_correct: boolean; rating: RatingName | null; answered_at: Date };

export async function mockOutcomes(db: Knex, users?: readonly string[]): Promise<MockOutcome[]> {
  const attempts: Attempt[] = await db('exam_attempts')
    .where({ kind: 'mock' })
    .modify((q) => {
      if (users) q.whereIn('user_id', users);
    })
    .whereNotNull('user_id')
    .whereNotNull('finalized_at')
    .whereNotNull('passed')
    .orderBy([{ column: 'user_id' }, { column: 'created_at' }])
    .select('id', 'user_id', 'state_code', 'created_at', 'passed');
  const questions: { id: number; state_code: string | null }[] = await db('questions')
    .whereNull('retired_at')
    .select('id', 'state_code');
  const out: MockOutcome[] = [];
  const byUser = new Map<string, Attempt[]>();
  for (const a of attempts) byUser.set(a.user_id, [...(byUser.get(a.user_id) ?? []), a]);
  for (const [userId, tests] of byUser) {
    const log: Answer[] = await db('learn_answers')
      .where({ user_id: userId })
      .orderBy([{ column: 'answered_at' }, { column: 'id' }])
      .select('question_id', 'is_correct', 'rating', 'answered_at');
    for (const [i, test] of tests.entries()) {
      const before = log.filter((a) => new Date(a.answered_at) < new Date(test.created_at));
      if (before.length === 0) continue;
      const records = new Map<number, Omit<ProgressRow, 'user_id' | 'question_id'>>();
      for (const a of before) {
        const rating = ratingFor(a.is_correct, a.rating ?? undefined);
        records.set(
          a.question_id,
          stepProgress(
            records.get(a.question_id) ?? null,
            { isCorrect: a.is_correct, rating, at: new Date(a.answered_at) },
            DEFAULT_SCHEDULE,
          ),
        );
      }
      const pool = questions.filter((q) => q.state_code === null || q.state_code === test.state_code);
      const evidence: QuestionEvidence[] = pool.map((q) => {
        const r = records.get(q.id);
        return {
          state: q.state_code !== null,
          answers: r?.seen_count ?? 0,
          firstRight: r ? r.first_correct : null,
          everWrong: (r?.incorrect_count ?? 0) > 0,
          stability: r?.stability ?? null,
          lastReview: r?.last_review ? new Date(r.last_review) : null,
          right: r?.recent_correct ?? 0,
          wrong: r?.recent_incorrect ?? 0,
        };
      });
      const e = estimateReadiness({ questions: evidence, at: new Date(test.created_at), mocks: i });
      out.push({ predicted: e.passChance, raw: e.rawPassChance, passed: test.passed });
    }
  }
  return out;
}
