import type { Knex } from 'knex';

/** Question id → index of its right answer, for every question in the catalog (retired ones too). */
export async function answerKey(db: Knex): Promise<Map<number, number>> {
  const rows: { id: number; correct: number }[] = await db('questions').select('id', 'correct');
  return new Map(rows.map((r) => [r.id, r.correct]));
}

/** Ids of the live (not retired) questions, in id order: the general ones (`state` null) or one state's. */
export function liveQuestionIds(db: Knex, state: string | null): Promise<number[]> {
  const q = db('questions');
  return (state === null ? q.whereNull('state_code') : q.where({ state_code: state }))
    .whereNull('retired_at')
    .orderBy('id')
    .pluck('id');
}
