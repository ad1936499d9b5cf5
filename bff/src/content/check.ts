import type { Content, ContentLanguage } from './content';

/** What the check needs of a catalog question (the official German and the right answer). */
export type CheckedQuestion = {
  id: number;
  text: { de: string };
  answers: { de: string }[];
  correct: number;
  /** The third-party explanations of the catalog file: ours must not be theirs. */
  explanation?: { de: string; en?: string };
};

export type Problem = { question: number | null; lang: ContentLanguage | null; message: string };

/** An explanation's longest length in words (content/README.md). */
export const MAX_EXPLANATION_WORDS = 80;
/** A translated text may be longer than the German, within reason. */
const MAX_GROWTH = 2.5;
const MAX_GROWTH_SLACK = 60;

const words = (s: string) => s.match(/[\p{L}\p{N}]+/gu)?.map((w) => w.toLowerCase()) ?? [];
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The part of a word that stays when Croatian, German or English inflect it. */
const stem = (w: string) => w.slice(0, Math.max(4, Math.ceil(w.length * 0.7)));

/** The words that make an answer itself: the long ones and numbers, else all (a short answer like "ja"). */
function keyWords(answer: string): string[] {
  const all = words(answer);
  const key = all.filter((w) => w.length >= 4 || /^\d+$/.test(w));
  return key.length > 0 ? key : all;
}

const mentions = (sentence: string[], word: string, strict = false) => {
  if (/^\d+$/.test(word) || word.length < 4) return sentence.includes(word);
  const s = strict ? word.slice(0, Math.max(4, Math.ceil(word.length * 0.85))) : stem(word);
  return sentence.some((w) => w.startsWith(s));
};

/** Words a full stop follows without ending the sentence (de, en, hr). */
const ABBREVIATIONS = new Set(
  'art abs nr bzw ca z b d h u a vgl s ff st čl tzv npr itd sv dr mr no para sog'.split(' '),
);
/** What follows a day's or a century's ordinal number ("8. Mai", "20. stoljeća"). */
const AFTER_ORDINAL =
  /^(jan|feb|mär|apr|mai|jun|jul|aug|sep|okt|nov|dez|jahrh|jänner|january|february|march|may|june|july|october|december|century|siječ|veljač|ožuj|travn|svib|lipn|srpn|kolov|rujn|listop|studen|prosin|stolje)/i;

/** The first sentence of a text (a quoted answer may hold full stops: quotes are kept whole). */
export function firstSentence(text: string): string {
  let quoted = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '„' || c === '«' || (c === '“' && quoted === 0) || (c === '"' && quoted === 0)) quoted += 1;
    else if ((c === '“' || c === '”' || c === '»' || c === '"') && quoted > 0) quoted -= 1;
    if ((c !== '.' && c !== '!' && c !== '?') || quoted > 0) continue;
    const rest = text.slice(i + 1);
    if (rest !== '' && !/^\s/.test(rest)) continue;
    const before = text.slice(0, i).match(/[\p{L}\p{N}]+$/u)?.[0] ?? '';
    const next = rest.match(/^\s+["„“(]?([\p{L}\p{N}]+)/u)?.[1] ?? '';
    if (c === '.' && ABBREVIATIONS.has(before.toLowerCase())) continue;
    if (c === '.' && /^\d{1,2}$/.test(before) && (AFTER_ORDINAL.test(next) || /^\d/.test(next))) continue;
    if (next !== '' && next[0] === next[0]?.toLowerCase() && !/^\d/.test(next)) continue;
    return text.slice(0, i + 1);
  }
  return text;
}

/**
 * Does the first sentence name the right answer (at least half of its own words, inflected forms counted) and no
 * wrong one (every word that tells a wrong option from the right one and from the question)?
 */
export function namesAnswer(
  explanation: string,
  question: string,
  answers: string[],
  correct: number,
): string | null {
  const first = words(firstSentence(explanation));
  const right = answers[correct] ?? '';
  const key = keyWords(right);
  const hits = key.filter((w) => mentions(first, w)).length;
  if (hits < Math.ceil(key.length / 2))
    return `the first sentence does not name the correct answer „${right}“`;
  const rightWords = words(right);
  const questionWords = words(question);
  for (const [i, wrong] of answers.entries()) {
    if (i === correct) continue;
    const telling = keyWords(wrong).filter(
      (w) => !rightWords.some((r) => mentions([r], w) || mentions([w], r)) && !mentions(questionWords, w),
    );
    if (telling.length > 0 && telling.every((w) => mentions(first, w, true)))
      return `the first sentence names the wrong answer „${wrong}“`;
  }
  return null;
}

const GERMAN = new Set(
  'der die das und ist nicht ein eine einen mit für von zu den dem des sich auf wird werden sind auch im bei nach oder wer wie was welche welcher kann muss hat haben wurde dass'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the and is are of which that with for from this was were has have who what can must not an by it its their'.split(
    ' ',
  ),
);

/** A sentence in German or English inside a Croatian text (names and terms in parentheses are fine). */
export function foreignSentence(text: string): 'German' | 'English' | null {
  const plain = text.replace(/\([^)]*\)/g, ' ');
  for (const sentence of plain.split(/[.!?;:]\s/)) {
    const ws = words(sentence);
    // A name ("Ursula von der Leyen", "Die Linke") is short and repeats one article: a sentence is neither.
    if (ws.length < 5) continue;
    for (const [language, stop] of [
      ['German', GERMAN],
      ['English', ENGLISH],
    ] as const) {
      const hits = ws.filter((w) => stop.has(w));
      if (new Set(hits).size >= 2 && hits.length / ws.length >= 0.25) return language;
    }
  }
  return null;
}

/** Six-word sequences two texts share, as a share of `ours`'s (a rewritten text shares next to none). */
function sharedShingles(ours: string, theirs: string): number {
  const grams = (s: string) => {
    const ws = words(s);
    return new Set(ws.slice(0, Math.max(0, ws.length - 5)).map((_, i) => ws.slice(i, i + 6).join(' ')));
  };
  const a = grams(ours);
  if (a.size === 0) return 0;
  const b = grams(theirs);
  return [...a].filter((g) => b.has(g)).length / a.size;
}

/**
 * Checks the content against the catalog (content/README.md): complete in every language, explanations of their
 * own that name the right answer first and no wrong one, no German or English sentence in a Croatian text, the
 * glossary's words, and the lengths. `uiTexts` are further Croatian/English texts held to the glossary (the UI's).
 */
export function checkContent(
  content: Content,
  questions: readonly CheckedQuestion[],
  uiTexts: { lang: 'en' | 'hr'; where: string; text: string }[] = [],
): Problem[] {
  const problems: Problem[] = [];
  const add = (question: number | null, lang: ContentLanguage | null, message: string) =>
    problems.push({ question, lang, message });
  const ids = new Set(questions.map((q) => q.id));
  for (const lang of ['de', 'en', 'hr'] as const) {
    for (const id of content[lang].keys())
      if (!ids.has(id))
        add(id, lang, `${content.files.get(`${lang}:${id}`)}: no question ${id} in the catalog`);
  }
  const avoid = (lang: 'en' | 'hr') =>
    content.glossary.terms.flatMap((t) =>
      t[lang].avoid.map((pattern) => ({ term: t.id, use: t[lang].use, re: new RegExp(pattern, 'iu') })),
    );
  const rules = { en: avoid('en'), hr: avoid('hr') };
  const glossaryCheck = (lang: 'en' | 'hr', text: string, report: (message: string) => void) => {
    for (const rule of rules[lang]) {
      const found = text.match(rule.re);
      if (found) report(`„${found[0]}“ where the glossary says „${rule.use}“ (${rule.term})`);
    }
  };

  for (const q of questions) {
    const de = content.de.get(q.id);
    const en = content.en.get(q.id);
    const hr = content.hr.get(q.id);
    const germanAnswers = q.answers.map((a) => a.de);
    if (!de) add(q.id, 'de', 'no German explanation');
    if (!en) add(q.id, 'en', 'no English text');
    if (!hr) add(q.id, 'hr', 'no Croatian text');
    const explained: [ContentLanguage, string, string, string[]][] = [];
    if (de) explained.push(['de', de.explanation, q.text.de, germanAnswers]);
    if (en)
      explained.push([
        'en',
        en.explanation,
        en.text,
        en.answers.map((a, i) => (typeof a === 'string' ? a : (germanAnswers[i] ?? ''))),
      ]);
    if (hr) explained.push(['hr', hr.explanation, hr.text, hr.answers]);
    for (const [lang, explanation, question, answers] of explained) {
      const n = wordCount(explanation);
      if (n > MAX_EXPLANATION_WORDS)
        add(q.id, lang, `the explanation has ${n} words (at most ${MAX_EXPLANATION_WORDS})`);
      const naming = namesAnswer(explanation, question, answers, q.correct);
      if (naming) add(q.id, lang, naming);
      const theirs = lang === 'hr' ? undefined : q.explanation?.[lang];
      if (theirs && sharedShingles(explanation, theirs) > 0.2)
        add(q.id, lang, 'the explanation repeats the catalog file’s third-party explanation');
    }
    for (const [lang, entry] of [
      ['en', en],
      ['hr', hr],
    ] as const) {
      if (!entry) continue;
      const fields: [string, string][] = [
        ['question', entry.text],
        ['explanation', entry.explanation],
        ...entry.answers.flatMap((a, i): [string, string][] =>
          typeof a === 'string' ? [[`answer ${i + 1}`, a]] : [],
        ),
      ];
      if (entry.source) fields.push(['source', entry.source]);
      for (const [field, text] of fields) {
        glossaryCheck(lang, text, (message) => add(q.id, lang, `${field}: ${message}`));
        if (lang === 'hr' && field !== 'source') {
          const foreign = foreignSentence(text);
          if (foreign) add(q.id, lang, `${field}: a ${foreign} sentence in the Croatian text: „${text}“`);
        }
      }
      const limit = (german: string) => Math.ceil(german.length * MAX_GROWTH) + MAX_GROWTH_SLACK;
      if (entry.text.length > limit(q.text.de)) add(q.id, lang, 'the question is far longer than the German');
      entry.answers.forEach((a, i) => {
        const german = germanAnswers[i] ?? '';
        if (typeof a === 'string' && a.length > limit(german))
          add(q.id, lang, `answer ${i + 1} is far longer than the German`);
      });
    }
    if (de?.timeSensitive && Number.isNaN(Date.parse(de.timeSensitive.checked)))
      add(q.id, 'de', 'timeSensitive.checked is not a date');
  }
  for (const { lang, where, text } of uiTexts) {
    glossaryCheck(lang, text, (message) => add(null, lang, `${where}: ${message}`));
  }
  return problems;
}
