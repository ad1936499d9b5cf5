import type { Knex } from 'knex';

/**
 * The one definition of "mastered", used by learn (focus mode), the dashboard (progress, MASTER_100) and the
 * readiness estimate: a question is mastered when the learner's last MASTERED_STREAK answers to it were correct.
 * Two in a row rules out a lucky guess (1 in 4) far better than one (1 in 16), and stays reachable for a learner
 * who practises for a few days; a wrong answer un-masters it until it is right twice again.
 */
export const MASTERED_STREAK = 2;

export const isMastered = (p: { correct_streak: number }) => p.correct_streak >= MASTERED_STREAK;

/** SQL condition on a `question_progress` row (alias `p` by default). */
export const masteredSql = (knex: Knex, alias = 'p') =>
  knex.raw('??.correct_streak >= ?', [alias, MASTERED_STREAK]);

/**
 * How much less an answer counts as evidence for readiness with every later answer to the same question: the
 * latest answer weighs 1, the one before 0.5, then 0.25 … A learner who got a question wrong three times and then
 * right twice knows it now; a plain count would still say 40 %.
 */
export const EVIDENCE_DECAY = 0.5;
