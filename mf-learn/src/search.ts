import type { Question } from '@buergerfit/contract';
import { displayNumber } from './questionNumbers';

/**
 * Text for comparing, not for showing: lower case, accents and umlauts dropped ("München" → "munchen"),
 * ß → ss, runs of white space as one space.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A question number as typed: "BY-1", "by 1", "by1" and "12" compare by letters and digits only. */
const numberKey = (text: string) => foldText(text).replace(/[^a-z0-9]/g, '');

/** Whether `input` names the question's number as the learner sees it ("BY-1", "12"). */
export const isQuestionNumber = (q: Question, input: string): boolean => {
  const key = numberKey(input);
  return key !== '' && key === numberKey(displayNumber(q));
};

/**
 * The question a jump box entry names: the number the learner sees ("12", "BY-1"), else the catalog number
 * ("q12", "301": old links and habits), else undefined.
 */
export function findByNumber(questions: Question[], input: string): Question | undefined {
  const shown = questions.find((q) => isQuestionNumber(q, input));
  if (shown) return shown;
  const n = Number.parseInt(input.trim().replace(/^q/i, ''), 10);
  return Number.isInteger(n) && /^q?\d+$/i.test(input.trim())
    ? questions.find((q) => q.number === n)
    : undefined;
}

/**
 * A search over the question text in German and in the learner's language, case- and diacritic-insensitive,
 * that also finds a question by its number. Make one per question set, then call per query: the folded texts are
 * made at the first query (a page that is only read never pays for them).
 */
export function questionSearch(questions: Question[]): (q: Question, query: string) => boolean {
  let haystacks: Map<string, string> | null = null;
  const folded = () => {
    haystacks ??= new Map(
      // Folded apart and joined with a character no query contains: no match across the two texts.
      questions.map(
        (q) => [q.id, `${foldText(q.text)}\u0000${foldText(q.translation?.text ?? '')}`] as const,
      ),
    );
    return haystacks;
  };
  return (q, query) => {
    const needle = foldText(query);
    if (!needle) return true;
    return isQuestionNumber(q, query) || (folded().get(q.id) ?? foldText(q.text)).includes(needle);
  };
}
