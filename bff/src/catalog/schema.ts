import { z } from 'zod';

const localized = z.object({ de: z.string().min(1), en: z.string().min(1).optional() });

export const catalogQuestionSchema = z.object({
  id: z.number().int().positive(),
  official: z.string().min(1),
  state: z.string().length(2).nullable(),
  topic: z.string().min(1),
  subtopic: z.string().min(1).nullable(),
  text: localized,
  answers: z.array(localized).length(4, 'must have exactly 4 answers'),
  correct: z.number().int().min(0, 'correct index out of range').max(3, 'correct index out of range'),
  image: z
    .string()
    .regex(/^images\/[\w.-]+$/, 'must be images/<file>')
    .nullable(),
  explanation: z.object({ de: z.string().min(1), en: z.string().min(1).optional() }).optional(),
});

export const catalogSchema = z.object({
  edition: z.string().min(1),
  states: z.array(z.object({ code: z.string().length(2), name: z.string().min(1) })).length(16),
  topics: z.array(
    z.object({
      id: z.string().min(1),
      name: localized,
      subtopics: z.array(z.object({ id: z.string().min(1), name: localized })),
    }),
  ),
  questions: z.array(z.unknown()).min(1),
});

export type CatalogQuestion = z.infer<typeof catalogQuestionSchema>;
export type Catalog = Omit<z.infer<typeof catalogSchema>, 'questions'> & { questions: CatalogQuestion[] };

const text = z.string().trim().min(1);
const inEveryLanguage = z.object({ de: text, en: text, hr: text }).strict();

/** `bff/data/catalog-supplement.json`: what the project adds to the official catalog (see its `$comment`). */
export const catalogSupplementSchema = z.object({
  $comment: z.string().optional(),
  /** Names of the states in the interface languages other than German (the catalog has the German ones). */
  states: z.record(z.string().length(2), z.object({ en: text, hr: text }).strict()),
  /** Topic and subtopic names the catalog lacks (Croatian). */
  topics: z.record(z.string().min(1), z.object({ hr: text }).strict()),
  /** Per picture file: its description in every language; for arms and maps, the state of each option. */
  images: z.record(
    z.string().regex(/^[\w.-]+\.(?:png|jpe?g)$/),
    z
      .object({
        shows: z.array(z.string().length(2)).length(4).optional(),
        description: inEveryLanguage,
      })
      .strict(),
  ),
});

export type CatalogSupplement = z.infer<typeof catalogSupplementSchema>;
