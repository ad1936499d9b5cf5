import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { CONTENT_DIR, type Content, readContent } from '../content/content';
import { BFF_ROOT } from '../paths';
import { type PictureSize, pictureSize } from './picture-size';
import {
  type Catalog,
  type CatalogQuestion,
  type CatalogSupplement,
  catalogQuestionSchema,
  catalogSchema,
  catalogSupplementSchema,
} from './schema';

/** The project's own additions to the official catalog (state and topic names, picture descriptions). */
export const SUPPLEMENT_PATH = path.join(BFF_ROOT, 'data', 'catalog-supplement.json');

export class CatalogError extends Error {}

export type ImportResult =
  | { status: 'imported'; edition: string; questions: number; previousEdition: string | null }
  | { status: 'unchanged'; edition: string; questions: number };

function label(raw: unknown, index: number): string {
  const r = raw as { id?: unknown; official?: unknown } | null;
  const id = typeof r?.id === 'number' ? `q${r.id}` : `#${index + 1}`;
  return typeof r?.official === 'string' ? `question ${id} (official ${r.official})` : `question ${id}`;
}

async function readJson(file: string, what: string): Promise<{ text: string; json: unknown }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    throw new CatalogError(`${what} not readable: ${file} (${(err as NodeJS.ErrnoException).code ?? err})`);
  }
  try {
    return { text, json: JSON.parse(text) };
  } catch (err) {
    throw new CatalogError(`${what} is not valid JSON: ${(err as Error).message}`);
  }
}

/** Reads and validates a catalog file; every problem names the question it is in. */
export async function readCatalog(file: string): Promise<{
  catalog: Catalog;
  hash: string;
  imageDir: string;
  /** Each picture's size in pixels, by file name (`q021.png`): pages lay a picture out before it loads. */
  pictureSizes: Record<string, PictureSize>;
}> {
  const { text, json } = await readJson(file, 'Catalog file');
  const head = catalogSchema.safeParse(json);
  if (!head.success) {
    const i = head.error.issues[0];
    throw new CatalogError(`Catalog is malformed at ${i?.path.join('.')}: ${i?.message}`);
  }
  const stateCodes = new Set(head.data.states.map((s) => s.code));
  const topicIds = new Set(head.data.topics.map((t) => t.id));
  const subtopicIds = new Set(head.data.topics.flatMap((t) => t.subtopics.map((s) => s.id)));
  const imageDir = path.dirname(file);
  const seenIds = new Set<number>();
  const seenOfficial = new Set<string>();
  const pictureSizes: Record<string, PictureSize> = {};
  const questions: CatalogQuestion[] = [];
  for (const [index, raw] of head.data.questions.entries()) {
    const parsed = catalogQuestionSchema.safeParse(raw);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      const where = i?.path.length ? ` at ${i.path.join('.')}` : '';
      throw new CatalogError(`Catalog ${label(raw, index)} is invalid${where}: ${i?.message}`);
    }
    const q = parsed.data;
    const name = label(q, index);
    if (seenIds.has(q.id)) throw new CatalogError(`Catalog ${name}: duplicate id ${q.id}`);
    if (seenOfficial.has(q.official)) throw new CatalogError(`Catalog ${name}: duplicate official number`);
    seenIds.add(q.id);
    seenOfficial.add(q.official);
    if (q.state !== null && !stateCodes.has(q.state))
      throw new CatalogError(`Catalog ${name}: unknown state ${q.state}`);
    if (!topicIds.has(q.topic)) throw new CatalogError(`Catalog ${name}: unknown topic ${q.topic}`);
    if (q.subtopic !== null && !subtopicIds.has(q.subtopic)) {
      throw new CatalogError(`Catalog ${name}: unknown subtopic ${q.subtopic}`);
    }
    if (q.image) {
      let file: Buffer;
      try {
        file = await fs.readFile(path.join(imageDir, q.image));
      } catch {
        throw new CatalogError(`Catalog ${name}: image file missing: ${q.image}`);
      }
      const size = pictureSize(file);
      if (!size) throw new CatalogError(`Catalog ${name}: image is not a PNG or JPEG picture: ${q.image}`);
      pictureSizes[path.basename(q.image)] = size;
    }
    questions.push(q);
  }
  const hash = createHash('sha256').update(text).digest('hex');
  return { catalog: { ...head.data, questions }, hash, imageDir, pictureSizes };
}

/**
 * Reads the supplement and checks it covers the catalog: every state's and every topic's names, and a description
 * in each language of every picture the questions show. A gap is an import error, not a blank on a screen.
 */
export async function readSupplement(
  file: string,
  catalog: Catalog,
): Promise<{ supplement: CatalogSupplement; hash: string }> {
  const { text, json } = await readJson(file, 'Catalog supplement');
  const parsed = catalogSupplementSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new CatalogError(`Catalog supplement is malformed at ${i?.path.join('.')}: ${i?.message}`);
  }
  const supplement = parsed.data;
  const missing = [
    ...catalog.states.filter((s) => !supplement.states[s.code]).map((s) => `state ${s.code}`),
    ...catalog.topics
      .flatMap((t) => [t.id, ...t.subtopics.map((st) => st.id)])
      .filter((id) => !supplement.topics[id])
      .map((id) => `topic ${id}`),
    ...catalog.questions
      .filter((q) => q.image && !supplement.images[path.basename(q.image)])
      .map((q) => `picture ${q.image}`),
  ];
  if (missing.length > 0) throw new CatalogError(`Catalog supplement lacks ${missing.join(', ')}`);
  return { supplement, hash: createHash('sha256').update(text).digest('hex') };
}

async function meta(trx: Knex | Knex.Transaction, key: string): Promise<string | null> {
  const row = await trx('catalog_meta').where({ key }).first('value');
  return row?.value ?? null;
}

/**
 * Imports a validated catalog in one transaction. Same content again → no-op. A newer edition updates
 * questions in place (ids are stable), so learners' answers and bookmarks keyed by question id survive.
 */
export async function importCatalog(
  knex: Knex,
  file: string,
  supplementFile = SUPPLEMENT_PATH,
  contentDir = CONTENT_DIR,
): Promise<ImportResult> {
  const { catalog, hash: catalogHash, imageDir, pictureSizes } = await readCatalog(file);
  // Where the pictures are and how large they are: kept up to date on every start, also when nothing else changed.
  const pictureMeta = [
    ['image_dir', imageDir],
    ['image_sizes', JSON.stringify(pictureSizes)],
  ] as const;
  const { supplement, hash: supplementHash } = await readSupplement(supplementFile, catalog);
  const content = await readContent(contentDir);
  // Any of them changing is a new import: a content update is imported like a new catalog edition.
  const hash = createHash('sha256').update(`${catalogHash}:${supplementHash}:${content.hash}`).digest('hex');
  return knex.transaction(async (trx) => {
    const previousHash = await meta(trx, 'hash');
    const previousEdition = await meta(trx, 'edition');
    if (previousHash === hash) {
      for (const [key, value] of pictureMeta) {
        await trx('catalog_meta')
          .insert({ key, value })
          .onConflict('key')
          .merge({ value, updated_at: trx.fn.now() });
      }
      return { status: 'unchanged', edition: catalog.edition, questions: catalog.questions.length };
    }
    await trx('states')
      .insert(
        catalog.states.map((s, position) => ({
          code: s.code,
          name: s.name,
          names: JSON.stringify({ de: s.name, ...supplement.states[s.code] }),
          position,
        })),
      )
      .onConflict('code')
      .merge();
    const topicRows = catalog.topics.flatMap((t, i) => [
      { id: t.id, parent_id: null, name: { ...t.name, ...supplement.topics[t.id] }, position: i },
      ...t.subtopics.map((s, j) => ({
        id: s.id,
        parent_id: t.id,
        name: { ...s.name, ...supplement.topics[s.id] },
        position: j,
      })),
    ]);
    // Parents first, so the foreign key holds on a fresh database.
    for (const row of topicRows) {
      await trx('topics')
        .insert({ ...row, name: JSON.stringify(row.name) })
        .onConflict('id')
        .merge();
    }
    const now = trx.fn.now();
    const questionRows = catalog.questions.map((q) => ({
      answer_checked_on: content.de.get(q.id)?.timeSensitive?.checked ?? null,
      id: q.id,
      official: q.official,
      state_code: q.state,
      topic: q.topic,
      subtopic: q.subtopic,
      correct: q.correct,
      image: q.image ? path.basename(q.image) : null,
      edition: catalog.edition,
      retired_at: null,
      updated_at: now,
    }));
    // Official numbers are unique: clear them first so a renumbering edition cannot collide mid-update.
    await trx('questions').update({ official: trx.raw("'~' || id::text") });
    for (let i = 0; i < questionRows.length; i += 200) {
      await trx('questions')
        .insert(questionRows.slice(i, i + 200))
        .onConflict('id')
        .merge();
    }
    const translations = catalog.questions.flatMap((q) => translationRows(q, content));
    for (let i = 0; i < translations.length; i += 200) {
      await trx('question_translations')
        .insert(translations.slice(i, i + 200))
        .onConflict(['question_id', 'lang'])
        .merge();
    }
    await trx('catalog_images').delete();
    await trx('catalog_images').insert(
      Object.entries(supplement.images).map(([file, { description }]) => ({
        file,
        description: JSON.stringify(description),
      })),
    );
    // Questions dropped by a newer edition: keep rows that learners' data points at, remove the rest.
    const ids = catalog.questions.map((q) => q.id);
    const stale = await trx('questions').whereNotIn('id', ids).pluck('id');
    if (stale.length > 0) await removeStaleQuestions(trx, stale);
    for (const [key, value] of [
      ['edition', catalog.edition],
      ['hash', hash],
      ['content_hash', content.hash],
      ...pictureMeta,
    ] as const) {
      await trx('catalog_meta').insert({ key, value }).onConflict('key').merge({ value, updated_at: now });
    }
    return {
      status: 'imported',
      edition: catalog.edition,
      questions: catalog.questions.length,
      previousEdition,
    };
  });
}

/**
 * A question's rows of `question_translations`: the official German with this project's German explanation, and
 * this project's English and Croatian (content/). The catalog file's own English texts and explanations come from
 * other projects and are not imported. A question the content does not cover yet (a newer edition's) has the
 * German alone: its en and hr rows are empty and the learner reads the German.
 */
function translationRows(q: CatalogQuestion, content: Content) {
  const de = content.de.get(q.id);
  const own = { en: content.en.get(q.id), hr: content.hr.get(q.id) };
  return [
    {
      question_id: q.id,
      lang: 'de',
      text: q.text.de,
      answers: JSON.stringify(q.answers.map((a) => a.de)),
      same_as_german: null,
      explanation: de?.explanation ?? null,
      source: de?.source ?? null,
    },
    ...(['en', 'hr'] as const).map((lang) => {
      const entry = own[lang];
      const answers: (string | { sameAsGerman: true })[] = entry?.answers ?? [];
      return {
        question_id: q.id,
        lang,
        text: entry?.text ?? null,
        answers: JSON.stringify(
          q.answers.map((_, i) => (typeof answers[i] === 'string' ? answers[i] : null)),
        ),
        same_as_german: JSON.stringify(q.answers.map((_, i) => typeof answers[i] === 'object')),
        explanation: entry?.explanation ?? null,
        source: entry?.source ?? null,
      };
    }),
  ];
}

/** Tables that reference questions.id; a question they still reference is retired, not deleted. */
async function removeStaleQuestions(trx: Knex.Transaction, ids: number[]): Promise<void> {
  const refs = await trx
    .select('tc.table_name')
    .from('information_schema.table_constraints as tc')
    .join('information_schema.constraint_column_usage as ccu', 'tc.constraint_name', 'ccu.constraint_name')
    .where({ 'tc.constraint_type': 'FOREIGN KEY', 'ccu.table_name': 'questions' })
    .whereNot('tc.table_name', 'question_translations');
  let removable = ids;
  for (const { table_name } of refs as { table_name: string }[]) {
    const used = await trx(table_name).whereIn('question_id', removable).distinct().pluck('question_id');
    removable = removable.filter((id) => !used.includes(id));
  }
  if (removable.length > 0) await trx('questions').whereIn('id', removable).delete();
  const retired = ids.filter((id) => !removable.includes(id));
  if (retired.length > 0) await trx('questions').whereIn('id', retired).update({ retired_at: trx.fn.now() });
}
