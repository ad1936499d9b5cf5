import type { Knex } from 'knex';

/** What learners do with questions: every answer, per-question progress with the scheduler state, bookmarks. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('learn_answers', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('question_id').notNullable().references('questions.id');
    t.boolean('is_correct').notNullable();
    /** learn | focus | challenge | state | flashcards | bookmarks */
    t.text('mode').notNullable().defaultTo('learn');
    t.timestamp('answered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'answered_at']);
    t.index(['user_id', 'question_id']);
  });
  await knex.schema.createTable('question_progress', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('question_id').notNullable().references('questions.id');
    t.integer('seen_count').notNullable().defaultTo(0);
    t.integer('correct_count').notNullable().defaultTo(0);
    t.integer('incorrect_count').notNullable().defaultTo(0);
    /** Correct answers in a row, reset by a wrong one: see learn/mastery.ts. */
    t.integer('correct_streak').notNullable().defaultTo(0);
    t.boolean('last_correct');
    t.timestamp('last_answered_at', { useTz: true });
    // FSRS card state (ts-fsrs): the spaced-repetition scheduler, per learner and question.
    t.timestamp('due', { useTz: true });
    t.double('stability');
    t.double('difficulty');
    t.integer('elapsed_days');
    t.integer('scheduled_days');
    t.integer('learning_steps');
    t.integer('reps').notNullable().defaultTo(0);
    t.integer('lapses').notNullable().defaultTo(0);
    /** 0 New, 1 Learning, 2 Review, 3 Relearning (ts-fsrs State) */
    t.smallint('fsrs_state').notNullable().defaultTo(0);
    t.timestamp('last_review', { useTz: true });
    t.primary(['user_id', 'question_id']);
    t.index(['user_id', 'due']);
  });
  await knex.schema.createTable('bookmarks', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('question_id').notNullable().references('questions.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'question_id']);
  });
  await knex.schema.createTable('challenge_scores', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('score').notNullable();
    t.integer('correct').notNullable();
    t.integer('answered').notNullable();
    t.integer('best_streak').notNullable();
    t.integer('duration_seconds').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'score']);
  });
  await knex.schema.createTable('dismissed_recommendations', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('recommendation_id').notNullable();
    t.timestamp('dismissed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'recommendation_id']);
  });
  await knex.schema.alterTable('users', (t) => {
    /** Optional date of the learner's real test: the dashboard counts down to it with a daily plan. */
    t.date('exam_date');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('exam_date'));
  for (const t of [
    'dismissed_recommendations',
    'challenge_scores',
    'bookmarks',
    'question_progress',
    'learn_answers',
  ]) {
    await knex.schema.dropTableIfExists(t);
  }
}
