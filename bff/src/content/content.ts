import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../paths';

/** This project's own question texts (content/README.md), merged with the official catalog at import. */
export const CONTENT_DIR = path.join(REPO_ROOT, 'content');

export const CONTENT_LANGUAGES = ['de', 'en', 'hr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const text = z.string().trim().min(1);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
export const SAME_AS_GERMAN = { sameAsGerman: true } as const;
const sameAsGerman = z.object({ sameAsGerman: z.literal(true) }).strict();

const deEntry = z
  .object({
    explanation: text,
    source: text.nullable(),
    timeSensitive: z.object({ checked: date, what: text }).strict().optional(),
  })
  .strict();
const enEntry = z
  .object({
    text,
    answers: z.array(z.union([text, sameAsGerman])).length(4),
    explanation: text,
    source: text.nullable(),
  })
  .strict();
const hrEntry = z
  .object({ text, answers: z.array(text).length(4), explanation: text, source: text.nullable() })
  .strict();

export type DeEntry = z.infer<typeof deEntry>;
export type EnEntry = z.infer<typeof enEntry>;
export type HrEntry = z.infer<typeof hrEntry>;
type Entries = { de: Map<number, DeEntry>; en: Map<number, EnEntry>; hr: Map<number, HrEntry> };

const fileOf = {
  de: z.record(z.string(), deEntry),
  en: z.record(z.string(), enEntry),
  hr: z.record(z.string(), hrEntry),
};

const rendering = z
  .object({
    /** The form to write (alternatives separated by " / ", a parenthesis optional). */
    use: z.string(),
    /** Case-insensitive patterns that must not appear in this language's texts. */
    avoid: z.array(z.string()),
    /** Further accepted renderings (case-insensitive patterns), e.g. the adjective for a genitive (des Bundes → federal). */
    also: z.array(z.string()).optional(),
  })
  .strict();

/** The cases a Croatian state name is written in, in this order (the locative is the dative's form). */
export const HR_CASES = ['nominative', 'genitive', 'dative/locative', 'accusative', 'instrumental'] as const;

export const glossarySchema = z.object({
  terms: z.array(
    z
      .object({
        id: z.string(),
        /** The German term; alternatives separated by "/". */
        de: z.string(),
        /** German phrases (case-insensitive patterns) where those letters mean something else (jüdische Gemeinde). */
        deExcept: z.array(z.string()).optional(),
        en: rendering,
        hr: rendering,
      })
      .strict(),
  ),
  /** The federal states' names: German, English, and the Croatian forms of each case (HR_CASES). */
  states: z
    .array(
      z
        .object({
          code: z.string().length(2),
          de: z.string(),
          en: z.string(),
          hr: z.array(z.string()).length(HR_CASES.length),
        })
        .strict(),
    )
    .default([]),
});
export type Glossary = z.infer<typeof glossarySchema>;

export type Content = Entries & {
  glossary: Glossary;
  /** sha256 over every file's path and bytes: the content's version. */
  hash: string;
  /** Where each question's entry of each language was read (for messages). */
  files: Map<string, string>;
};

export class ContentError extends Error {}

async function jsonFiles(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) found.push(...(await jsonFiles(full)));
    else if (e.name.endsWith('.json')) found.push(full);
  }
  return found.sort();
}

/**
 * Reads and validates the content folder: the glossary and every `<lang>/**.json`. A malformed file, an entry of a
 * wrong shape, or one question in two files of a language is an error naming the file; gaps are for `checkContent`.
 */
export async function readContent(dir = CONTENT_DIR): Promise<Content> {
  const hash = createHash('sha256');
  const read = async (file: string) => {
    const bytes = await fs.readFile(file, 'utf8');
    hash.update(`${path.relative(dir, file)}\0${bytes}\0`);
    try {
      return JSON.parse(bytes) as unknown;
    } catch (err) {
      throw new ContentError(`${path.relative(dir, file)} is not valid JSON: ${(err as Error).message}`);
    }
  };
  const glossaryFile = path.join(dir, 'glossary.json');
  const glossary = glossarySchema.safeParse(
    await read(glossaryFile).catch(() => ({ terms: [], states: [] })),
  );
  if (!glossary.success) throw new ContentError(`glossary.json: ${glossary.error.issues[0]?.message}`);
  const entries: Entries = { de: new Map(), en: new Map(), hr: new Map() };
  const files = new Map<string, string>();
  for (const lang of CONTENT_LANGUAGES) {
    for (const file of await jsonFiles(path.join(dir, lang))) {
      const name = path.relative(dir, file);
      const parsed = fileOf[lang].safeParse(await read(file));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ContentError(`${name}: question ${issue?.path.join('.')}: ${issue?.message}`);
      }
      for (const [key, entry] of Object.entries(parsed.data)) {
        const id = Number(key);
        if (!Number.isInteger(id) || id <= 0)
          throw new ContentError(`${name}: "${key}" is not a question id`);
        const held = files.get(`${lang}:${id}`);
        if (held) throw new ContentError(`${name}: question ${id} is also in ${held}`);
        files.set(`${lang}:${id}`, name);
        (entries[lang] as Map<number, unknown>).set(id, entry);
      }
    }
  }
  return { ...entries, glossary: glossary.data, hash: hash.digest('hex'), files };
}

/** The interface texts of a language (`locales/<lang>/*.json`), each with where it is: held to the glossary too. */
export async function uiTexts(
  lang: 'en' | 'hr',
  localesDir = path.join(REPO_ROOT, 'locales'),
): Promise<{ lang: 'en' | 'hr'; where: string; text: string }[]> {
  const found: { lang: 'en' | 'hr'; where: string; text: string }[] = [];
  const walk = (file: string, value: unknown, key: string) => {
    if (typeof value === 'string') found.push({ lang, where: `locales/${lang}/${file} ${key}`, text: value });
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(file, v, key ? `${key}.${k}` : k);
  };
  for (const file of (await fs.readdir(path.join(localesDir, lang)))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    walk(file, JSON.parse(await fs.readFile(path.join(localesDir, lang, file), 'utf8')), '');
  }
  return found;
}
