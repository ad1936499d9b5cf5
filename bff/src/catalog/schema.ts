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
