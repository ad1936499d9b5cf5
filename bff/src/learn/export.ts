import { type ExportSection, listSection, ownRows } from '../users/export-section';
import type { Outcome } from './memory-model';

/** "Download my data" sections of learn mode (registered in users/export.ts). */
export const learnExportSections: ExportSection[] = [
  listSection('learnAnswers', ownRows('learn_answers', 'id'), (r) => ({
    questionId: `q${r.question_id}`,
    isCorrect: r.is_correct,
    mode: r.mode,
    rating: r.rating,
    attemptId: r.attempt_id,
    answeredAt: r.answered_at,
  })),
  listSection('questionProgress', ownRows('question_progress', 'question_id'), (r) => ({
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
  })),
  listSection('bookmarks', ownRows('bookmarks', 'created_at'), (r) => ({
    questionId: `q${r.question_id}`,
    createdAt: r.created_at,
  })),
  listSection('challengeScores', ownRows('challenge_scores', 'created_at'), (r) => ({
    score: r.score,
    correct: r.correct,
    answered: r.answered,
    bestStreak: r.best_streak,
    durationSeconds: r.duration_seconds,
    createdAt: r.created_at,
  })),
  // The memory model fitted to the learner's answers (learn/memory-model.ts); null before the job counted any.
  {
    name: 'memoryModel',
    async collect(db, userId) {
      const r = await db('memory_models as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('m.user_id', userId)
        .first('m.*', 'u.memory_parameters');
      if (!r) return null;
      return {
        answersCounted: r.answers_counted,
        checkedAt: r.checked_at,
        outcome: r.outcome as Outcome | null,
        heldOutLogLoss: { personal: r.loss_personal, standard: r.loss_standard },
        heldOutReviews: r.held_out,
        parameters: r.memory_parameters,
        fittedAt: r.fitted_at,
        fittedAnswers: r.fitted_answers,
      };
    },
  },
];
