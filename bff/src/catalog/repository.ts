import type { FederalState, Question, Topic } from '@buergerfit/contract';
import type { Knex } from 'knex';
import type { Language } from '../http/lang';

/** The catalog as the API answers it: the contract's shapes. */
export type { FederalState, Topic };
export type LearnQuestion = Question;

export async function listStates(db: Knex, lang: Language): Promise<FederalState[]> {
  const rows: { code: string; name: string }[] = await db('states')
    .select('code', db.raw('coalesce(names->>?, name) as name', [lang]))
    .orderBy('position');
  return rows;
}

export async function stateExists(db: Knex, code: string): Promise<boolean> {
  return Boolean(await db('states').where({ code }).first('code'));
}

/** A topic or subtopic of the catalog. */
export async function topicExists(db: Knex, id: string): Promise<boolean> {
  return Boolean(await db('topics').where({ id }).first('id'));
}

export async function listTopics(db: Knex, lang: Language): Promise<Topic[]> {
  const rows: { id: string; parent_id: string | null; name: Record<string, string | undefined> }[] = await db(
    'topics',
  )
    .select('id', 'parent_id', 'name')
    .orderBy([{ column: 'parent_id', nulls: 'first' }, 'position']);
  return rows.map((r) => ({
    id: r.id,
    parent: r.parent_id,
    name: r.name[lang] ?? r.name.en ?? r.name.de ?? r.id,
  }));
}

/**
 * `state`: a code → the general questions plus that state's; `null` → the general questions only (a learner
 * without a federal state); left out → every question (lookups by `ids`).
 */
export type QuestionFilter = { state?: string | null; ids?: number[] };

/** The questions with the German official text and, where there is one, the learner's-language translation. */
export async function listQuestions(
  db: Knex,
  lang: Language,
  filter: QuestionFilter = {},
): Promise<LearnQuestion[]> {
  const translationLang = lang === 'de' ? null : 'en';
  const explanationLang = lang === 'de' ? 'de' : 'en';
  const q = db('questions as q')
    .join('question_translations as de', function () {
      this.on('de.question_id', 'q.id').andOnVal('de.lang', 'de');
    })
    .leftJoin('question_translations as tr', function () {
      this.on('tr.question_id', 'q.id').andOnVal('tr.lang', 'en');
    })
    .leftJoin('catalog_images as img', 'img.file', 'q.image')
    .whereNull('q.retired_at')
    .select(
      db.raw('img.description->>? as image_description', [lang]),
      'q.id',
      'q.official',
      'q.state_code',
      'q.topic',
      'q.subtopic',
      'q.correct',
      'q.image',
      'de.text as de_text',
      'de.answers as de_answers',
      'de.explanation as de_explanation',
      'tr.text as en_text',
      'tr.answers as en_answers',
      'tr.explanation as en_explanation',
    )
    .orderBy('q.id');
  // A learner sees the general questions plus the questions of one state; without a state only the general ones.
  if (filter.state) q.where((w) => w.whereNull('q.state_code').orWhere('q.state_code', filter.state));
  else if (filter.state === null) q.whereNull('q.state_code');
  if (filter.ids) q.whereIn('q.id', filter.ids);
  const rows = await q;
  return rows.map((r) => {
    const explanation =
      (explanationLang === 'en' ? r.en_explanation : r.de_explanation) ?? (r.de_explanation as string | null);
    const explanationIsEn = explanationLang === 'en' && r.en_explanation !== null;
    return {
      id: `q${r.id}` as const,
      number: r.id,
      official: r.official,
      text: r.de_text,
      answers: r.de_answers,
      correct: r.correct,
      topic: r.topic,
      subtopic: r.subtopic,
      state: r.state_code,
      image: r.image ? `/catalog-images/${r.image}` : null,
      imageDescription: r.image_description ?? null,
      translation:
        translationLang && (r.en_text || (r.en_answers as (string | null)[] | null)?.some(Boolean))
          ? { lang: 'en' as const, text: r.en_text, answers: r.en_answers }
          : null,
      explanation: explanation ? { lang: explanationIsEn ? 'en' : 'de', text: explanation } : null,
    };
  });
}

export async function catalogInfo(db: Knex): Promise<{ edition: string | null; imageDir: string | null }> {
  const rows: { key: string; value: string }[] = await db('catalog_meta').whereIn('key', [
    'edition',
    'image_dir',
  ]);
  const get = (k: string) => rows.find((r) => r.key === k)?.value ?? null;
  return { edition: get('edition'), imageDir: get('image_dir') };
}
