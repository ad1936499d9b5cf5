import { z } from 'zod';

/** Challenge mode: a round of 20 questions against a 5-minute clock. */
export const CHALLENGE = { questions: 20, seconds: 300, graceSeconds: 30 } as const;

/**
 * A round as the client reports it, within what a round can be: no more answers than questions, no more correct
 * than answered, a streak no longer than the correct answers, no longer than the clock (plus network grace),
 * and not faster than one answer per half second.
 */
export const challengeBody = z
  .object({
    correct: z.number().int().min(0).max(CHALLENGE.questions),
    answered: z.number().int().min(1).max(CHALLENGE.questions),
    best_streak: z.number().int().min(0).max(CHALLENGE.questions),
    duration_seconds: z
      .number()
      .int()
      .min(1)
      .max(CHALLENGE.seconds + CHALLENGE.graceSeconds),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.correct > b.answered)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'cannot exceed answered' });
    if (b.best_streak > b.correct)
      ctx.addIssue({ code: 'custom', path: ['best_streak'], message: 'cannot exceed correct' });
    if (b.answered > b.duration_seconds * 2)
      ctx.addIssue({ code: 'custom', path: ['duration_seconds'], message: 'too fast to be real' });
  });

export type ChallengeRound = z.infer<typeof challengeBody>;

/**
 * Score: 10 per correct answer, 5 per answer of the best streak, and, for a round finished with every question
 * answered, one point per 10 seconds left on the clock. Max 20·10 + 20·5 + 29 = 329.
 */
export function challengeScore(r: ChallengeRound): number {
  const left = Math.max(0, CHALLENGE.seconds - r.duration_seconds);
  const timeBonus = r.answered === CHALLENGE.questions ? Math.floor(left / 10) : 0;
  return r.correct * 10 + r.best_streak * 5 + timeBonus;
}
