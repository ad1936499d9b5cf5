import path from 'node:path';
import type { FederalState, Question, Topic } from '@buergerfit/contract';
import type { Knex } from 'knex';
import type { Language } from '../http/lang';
import { type PictureSize, readPictureSizes } from './picture-size';

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

/**
 * The questions with the German official text and, in en and hr, this project's translation; the explanation in
 * the learner's language (the German one where that is missing), with its source.
 */
export async function listQuestions(
  db: Knex,
  lang: Language,
  filter: QuestionFilter = {},
): Promise<LearnQuestion[]> {
  const q = db('questions as q')
    .join('question_translations as de', function () {
      this.on('de.question_id', 'q.id').andOnVal('de.lang', 'de');
    })
    .leftJoin('question_translations as tr', function () {
      this.on('tr.question_id', 'q.id').andOnVal('tr.lang', lang);
    })
    .leftJoin('catalog_images as img', 'img.file', 'q.image')
    .whereNull('q.retired_at')
    .select(
      db.raw('img.description->>? as image_description', [lang]),
      db.raw("to_char(q.answer_checked_on, 'YYYY-MM-DD') as answer_checked_on"),
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
      'de.source as de_source',
      'tr.text as tr_text',
      'tr.answers as tr_answers',
      'tr.same_as_german as tr_same',
      'tr.explanation as tr_explanation',
      'tr.source as tr_source',
    )
    .orderBy('q.id');
  // A learner sees the general questions plus the questions of one state; without a state only the general ones.
  if (filter.state) q.where((w) => w.whereNull('q.state_code').orWhere('q.state_code', filter.state));
  else if (filter.state === null) q.whereNull('q.state_code');
  if (filter.ids) q.whereIn('q.id', filter.ids);
  const [rows, sizes] = await Promise.all([q, pictureSizes(db)]);
  return rows.map((r) => {
    const answers = (r.tr_answers ?? [null, null, null, null]) as (string | null)[];
    const same = (r.tr_same ?? [false, false, false, false]) as boolean[];
    const translationLang = lang === 'de' ? null : lang;
    const translated = translationLang !== null && (r.tr_text !== null || answers.some(Boolean));
    const own = r.tr_explanation !== null;
    const explanation = own
      ? { lang, text: r.tr_explanation as string, source: (r.tr_source as string | null) ?? null }
      : r.de_explanation !== null
        ? {
            lang: 'de' as const,
            text: r.de_explanation as string,
            source: (r.de_source as string | null) ?? null,
          }
        : null;
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
      imageSize: r.image ? (sizes[r.image] ?? null) : null,
      translation:
        translated && translationLang
          ? { lang: translationLang, text: r.tr_text, answers, sameAsGerman: same }
          : null,
      explanation,
      answerCheckedOn: r.answer_checked_on ?? null,
    };
  });
}

/**
 * Each catalog picture's size in pixels by file name, as the import read them. A catalog imported before sizes
 * were read (the import runs only on an empty database) has none: they are read from its pictures once and kept.
 */
async function pictureSizes(db: Knex): Promise<Record<string, PictureSize>> {
  const rows: { key: string; value: string }[] = await db('catalog_meta')
    .whereIn('key', ['image_sizes', 'image_dir'])
    .select('key', 'value');
  const stored = rows.find((r) => r.key === 'image_sizes')?.value;
  if (stored) return JSON.parse(stored);
  const dir = rows.find((r) => r.key === 'image_dir')?.value;
  if (!dir) return {};
  const sizes = await readPictureSizes(path.join(dir, 'images'));
  if (Object.keys(sizes).length > 0) {
    await db('catalog_meta')
      .insert({ key: 'image_sizes', value: JSON.stringify(sizes) })
      .onConflict('key')
      .ignore();
  }
  return sizes;
}

export async function catalogInfo(db: Knex): Promise<{ edition: string | null; imageDir: string | null }> {
  const rows: { key: string; value: string }[] = await db('catalog_meta').whereIn('key', [
    'edition',
    'image_dir',
  ]);
  const get = (k: string) => rows.find((r) => r.key === k)?.value ?? null;
  return { edition: get('edition'), imageDir: get('image_dir') };
}
