import { CHALLENGE, type ChallengeRound } from '@buergerfit/contract';
/**
 * Score: 10 per correct answer, 5 per answer of the best streak, and, for a round finished with every question
 * answered, one point per 10 seconds left on the clock. Max 20·10 + 20·5 + 29 = 329.
 */
export function challengeScore(r: ChallengeRound): number {
  const left = Math.max(0, CHALLENGE.seconds - r.duration_seconds);
  const timeBonus = r.answered === CHALLENGE.questions ? Math.floor(left / 10) : 0;
  return r.correct * 10 + r.best_streak * 5 + timeBonus;
}
