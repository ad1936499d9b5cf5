import type { Knex } from 'knex';

/** "Download my data" sections of learn mode (registered in users/export.ts). */
export const learnExportSections: { name: string; collect(db: Knex, userId: string): Promise<unknown> }[] = [
  {
    name: 'learnAnswers',
    async collect(db, userId) {
      const rows = await db('learn_answers').where({ user_id: userId }).orderBy('id');
      return rows.map((r) => ({
        questionId: `q${r.question_id}`,
        isCorrect: r.is_correct,
        mode: r.mode,
        rating: r.rating,
        attemptId: r.attempt_id,
        answeredAt: r.answered_at,
      }));
    },
  },
  {
    name: 'questionProgress',
    async collect(db, userId) {
      const rows = await db('question_progress').where({ user_id: userId }).orderBy('question_id');
      return rows.map((r) => ({
        questionId: `q${r.question_id}`,
        seen: r.seen_count,
        correct: r.correct_count,
        incorrect: r.incorrect_count,
        correctStreak: r.correct_streak,
        lastCorrect: r.last_correct,
        lastAnsweredAt: r.last_answered_at,
        firstAnsweredAt: r.first_answered_at,
        firstCorrect: r.first_correct,
        evidence: { recentCorrect: r.recent_correct, recentIncorrect: r.recent_incorrect },
        scheduler: {
          due: r.due,
          stability: r.stability,
          difficulty: r.difficulty,
          scheduledDays: r.scheduled_days,
          reps: r.reps,
          lapses: r.lapses,
          state: r.fsrs_state,
          lastReview: r.last_review,
        },
      }));
    },
  },
  {
    name: 'bookmarks',
    async collect(db, userId) {
      const rows = await db('bookmarks').where({ user_id: userId }).orderBy('created_at');
      return rows.map((r) => ({ questionId: `q${r.question_id}`, createdAt: r.created_at }));
    },
  },
  {
    name: 'challengeScores',
    async collect(db, userId) {
      const rows = await db('challenge_scores').where({ user_id: userId }).orderBy('created_at');
      return rows.map((r) => ({
        score: r.score,
        correct: r.correct,
        answered: r.answered,
        bestStreak: r.best_streak,
        durationSeconds: r.duration_seconds,
        createdAt: r.created_at,
      }));
    },
  },
];
