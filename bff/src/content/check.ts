import { type Content, type ContentLanguage, type Glossary, HR_CASES } from './content';

/** What the check needs of a catalog question (the official German and the right answer). */
export type CheckedQuestion = {
  id: number;
  text: { de: string };
  answers: { de: string }[];
  correct: number;
  /** The third-party explanations of the catalog file: ours must not be theirs. */
  explanation?: { de: string; en?: string };
};

/** A problem the check found: where, which rule (README's names), and what. */
export type Problem = {
  question: number | null;
  lang: ContentLanguage | null;
  rule: string;
  message: string;
};

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
 * Checks the content against the catalog (content/README.md, "The check"): complete in every language, explanations
 * of their own that name the right answer first and no wrong one, no German or English sentence in a Croatian text,
 * the glossary's words, the lengths, and the translation rules (`translationProblems`). `uiTexts` are further
 * Croatian/English texts held to the glossary's `avoid` patterns (the UI's).
 */
export function checkContent(
  content: Content,
  questions: readonly CheckedQuestion[],
  uiTexts: { lang: 'en' | 'hr'; where: string; text: string }[] = [],
): Problem[] {
  const problems: Problem[] = [];
  const add = (question: number | null, lang: ContentLanguage | null, message: string, rule = 'complete') =>
    problems.push({ question, lang, rule, message });
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
        add(q.id, lang, `the explanation has ${n} words (at most ${MAX_EXPLANATION_WORDS})`, 'length');
      const naming = namesAnswer(explanation, question, answers, q.correct);
      if (naming) add(q.id, lang, naming, 'explanation');
      const theirs = lang === 'hr' ? undefined : q.explanation?.[lang];
      if (theirs && sharedShingles(explanation, theirs) > 0.2)
        add(q.id, lang, 'the explanation repeats the catalog file’s third-party explanation', 'own-words');
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
        glossaryCheck(lang, text, (message) => add(q.id, lang, `${field}: ${message}`, 'glossary'));
        if (lang === 'hr' && field !== 'source') {
          const foreign = foreignSentence(text);
          if (foreign)
            add(q.id, lang, `${field}: a ${foreign} sentence in the Croatian text: „${text}“`, 'foreign');
        }
      }
      const limit = (german: string) => Math.ceil(german.length * MAX_GROWTH) + MAX_GROWTH_SLACK;
      if (entry.text.length > limit(q.text.de))
        add(q.id, lang, 'the question is far longer than the German', 'length');
      entry.answers.forEach((a, i) => {
        const german = germanAnswers[i] ?? '';
        if (typeof a === 'string' && a.length > limit(german))
          add(q.id, lang, `answer ${i + 1} is far longer than the German`, 'length');
      });
    }
    if (de?.timeSensitive && Number.isNaN(Date.parse(de.timeSensitive.checked)))
      add(q.id, 'de', 'timeSensitive.checked is not a date', 'complete');
  }
  for (const { lang, where, text } of uiTexts) {
    glossaryCheck(lang, text, (message) => add(null, lang, `${where}: ${message}`, 'glossary'));
  }
  problems.push(...translationProblems(content, questions));
  return problems;
}

// ——— The translation rules: the glossary's renderings, one German text → one translation, typography, hints, and
// the Croatian state names (content/README.md, "The check").

type Lang = 'en' | 'hr';
/** A German text and its translation, side by side (a question, an answer, the explanation, the source). */
type Pair = { field: string; de: string; text: string };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** German words for matching: lower case, umlauts and ß folded (Bundesländer → bundeslander). */
const germanWords = (s: string) =>
  words(s.replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '')).map((w) => w.normalize('NFC'));

/**
 * Does a German word hold a German term's word? At its start (compounds: Bundestag → Bundestagswahl), a short one
 * (≤ 4 letters) only with a case ending (Bund, Bundes — not Bundestag).
 */
const germanMatch = (word: string, term: string) =>
  word.startsWith(term) && (term.length > 4 || /^(e|es|s|en|n)?$/.test(word.slice(term.length)));

/** Where a German text holds a term (alternatives split by "/"): the words found, or null. */
export function findGermanTerm(text: string, term: string): string | null {
  const ws = germanWords(text);
  const shown = words(text);
  for (const alternative of term.split('/')) {
    const tw = germanWords(alternative);
    if (tw.length === 0) continue;
    for (let i = 0; i + tw.length <= ws.length; i++) {
      if (tw.every((t, k) => germanMatch(ws[i + k] as string, t)))
        return shown.slice(i, i + tw.length).join(' ');
    }
  }
  return null;
}

/** Two words are one (inflected) word: equal, or sharing a stem of most of the shorter one. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4 || /^\d+$/.test(a) || /^\d+$/.test(b)) return false;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= Math.max(4, Math.ceil(0.75 * Math.min(a.length, b.length)));
}

/**
 * Is `x` an inflected form of a glossary word `w`: it begins with `w` but for its last two letters (federacija →
 * federaciju, not federation → federal), a short word with an ending (sud → suda), or so with Croatian's fleeting a
 * (zemlja → zemalja)?
 */
function inflected(x: string, w: string): boolean {
  if (w.length < 4) return x.startsWith(w) && x.length <= w.length + 2;
  const begins = (s: string) => s.startsWith(w.slice(0, Math.max(4, w.length - 2)));
  return begins(x) || [...x].some((c, i) => c === 'a' && i > 0 && begins(x.slice(0, i) + x.slice(i + 1)));
}

/**
 * Does a translated text render a glossary term: every word of one alternative of `use` (a parenthesis optional), a
 * pattern of `also`, or the German term itself kept (not as a note in parentheses after another word)?
 */
function renders(text: string, rendering: { use: string; also?: string[] }, german: string): boolean {
  const ws = words(text);
  const alternatives = rendering.use.split(' / ').map((a) => words(a.replace(/\([^)]*\)/g, ' ')));
  if (alternatives.some((a) => a.every((w) => ws.some((x) => inflected(x, w))))) return true;
  if ((rendering.also ?? []).some((pattern) => new RegExp(pattern, 'iu').test(text))) return true;
  const outside = text.replace(/\([^)]*\)/g, ' ');
  return german.split('/').some((g) => new RegExp(`(?<!\\p{L})${escapeRe(g)}(?!\\p{L})`, 'iu').test(outside));
}

/** Words a hint cannot be made of (question words, auxiliaries, articles, pronouns, prepositions). */
const STOP: Record<'de' | Lang, Set<string>> = {
  de: new Set(
    'der die das den dem des ein eine einen einem einer eines und oder nicht kein keine ist sind war wird werden wurde muss mussen kann konnen darf durfen soll sollen hat haben sich sie ihr ihre sein seine man was wer wie wo welche welcher welches wann warum fur von mit bei nach aus uber unter durch zum zur vom auch nur dass als wenn vor bis ins ans zwei drei vier deutschland deutschen deutsche deutscher'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the a an and or not no is are was were be been being will would shall should must can could may might has have had does did do what which who whom whose when where why how this that these those there their they them it its his her your you for from with into onto upon about than then also only before after between against over through during without germany german'.split(
      ' ',
    ),
  ),
  hr: new Set(
    'koji koja koje kojeg kojem kojoj kojim kojih što tko kako gdje kada zašto je su jest nije nisu biti bio bila bilo bili mora moraju može mogu smije smiju treba ima imaju sebe svoj svoja svoje svojim prije poslije nakon između protiv preko kroz zbog prema osim iznad ispod tijekom njemačkoj njemačka njemačke njemačku njemačkom'.split(
      ' ',
    ),
  ),
};
const contentWords = (text: string, lang: 'de' | Lang) => {
  const ws = lang === 'de' ? germanWords(text) : words(text);
  // German „gut“ is English „well“: German words count from three letters, the others from four.
  const shortest = lang === 'de' ? 3 : 4;
  return [...new Set(ws.filter((w) => (w.length >= shortest || /^\d+$/.test(w)) && !STOP[lang].has(w)))];
};

/**
 * One word, or in German one compound element: four letters that begin one of the two words (Volkssouveränität ~
 * Volke, wählen ~ Wahlrecht) or five anywhere (Bundeskanzler ~ Kanzlerin, anmelden ~ Einwohnermeldeamt).
 */
function related(a: string, b: string, lang: 'de' | Lang): boolean {
  if (sameWord(a, b)) return true;
  if (lang !== 'de') return false;
  if ((a.length >= 4 && b.includes(a.slice(0, 4))) || (b.length >= 4 && a.includes(b.slice(0, 4))))
    return true;
  for (let i = 0; i + 5 <= a.length; i++) if (b.includes(a.slice(i, i + 5))) return true;
  return false;
}

/** The question's words an answer repeats (inflected forms of one word once: protected, protection). */
export function sharedWords(question: string, answer: string, lang: 'de' | Lang): string[] {
  const a = contentWords(answer, lang);
  const shared: string[] = [];
  for (const w of contentWords(question, lang))
    if (a.some((x) => related(w, x, lang)) && !shared.some((s) => sameWord(s, w))) shared.push(w);
  return shared;
}

/**
 * The question's words only the right answer repeats, no wrong one: a hint at the right answer (the question adds a
 * word of the right answer, or the right answer repeats the question's).
 */
export function hintWords(question: string, answers: string[], correct: number, lang: 'de' | Lang): string[] {
  const wrong = answers.filter((_, i) => i !== correct).flatMap((a) => contentWords(a, lang));
  return sharedWords(question, answers[correct] ?? '', lang).filter(
    (w) => !wrong.some((x) => related(w, x, lang)),
  );
}

/** How many of `found` a text has, words that stand side by side in it counted once (a phrase). */
function phrases(text: string[], found: string[]): number {
  const index = (w: string) => found.findIndex((f) => sameWord(f, w));
  const joined = new Set<number>();
  for (let k = 0; k + 1 < text.length; k++) {
    const [a, b] = [index(text[k] as string), index(text[k + 1] as string)];
    if (a >= 0 && b >= 0 && a !== b) joined.add(Math.max(a, b));
  }
  return found.length - joined.size;
}

/** A parenthesis of a translated question the German does not have: neither a German term of the German text nor part of a glossary word. */
export function addedParentheses(
  translated: string,
  german: string,
  glossaryParentheses: string[],
): string[] {
  const germanHas = (german.match(/\([^)]*\)/g) ?? []).length;
  const germanWs = germanWords(german);
  const found = [...translated.matchAll(/\(([^)]*)\)/g)].filter(([, inside]) => {
    const ws = germanWords(inside ?? '');
    if (ws.length > 0 && ws.filter((w) => germanWs.includes(w)).length * 2 >= ws.length) return false;
    const own = words(inside ?? '');
    return !glossaryParentheses.some((g) => {
      const gw = words(g);
      return gw.length === own.length && gw.every((w, i) => sameWord(w, own[i] as string));
    });
  });
  return found.slice(germanHas).map(([whole]) => whole);
}

/** The typography rules of a language (content/README.md): the problems of one text. */
export function typography(text: string, lang: 'de' | Lang): string[] {
  const found: string[] = [];
  const around = (i: number) => `„${text.slice(Math.max(0, i - 15), i + 15).trim()}“`;
  const first = (re: RegExp, message: string) => {
    const m = re.exec(text);
    if (m) found.push(`${message} in ${around(m.index)}`);
  };
  first(/ {2}/, 'a double space');
  first(/ [,.;:?!]/, 'a space before a punctuation mark');
  first(/\.\.\./, 'three full stops for …');
  first(/"/, 'a straight double quote');
  first(/'/, lang === 'en' ? 'a straight apostrophe or quote' : 'a straight quote');
  const [open, close, innerOpen, innerClose, foreign] =
    lang === 'en' ? (['“', '”', '‘', '’', /[„‚«»]/] as const) : (['„', '“', '‚', '‘', /[”’«»]/] as const);
  first(foreign, `a quotation mark other than ${open}…${close} and ${innerOpen}…${innerClose}`);
  // One level of quotation, and inside it one more; in English ’ is also the apostrophe (People’s, workers’).
  const stack: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const top = stack.at(-1);
    if (lang === 'en' && c === '’' && top !== innerOpen && /\p{L}/u.test(`${text[i - 1]}${text[i + 1]}`))
      continue;
    if (lang === 'en' && c === '’' && /\p{L}/u.test(text[i + 1] ?? '')) continue;
    if (c === open || c === innerOpen) {
      if (c === open && stack.length > 0) found.push(`${open} inside a quotation in ${around(i)}`);
      if (c === innerOpen && top !== open)
        found.push(`${innerOpen}…${innerClose} outside a quotation in ${around(i)}`);
      stack.push(c);
    } else if (c === close || c === innerClose) {
      if (top !== (c === close ? open : innerOpen))
        found.push(`${c} closes no ${c === close ? open : innerOpen} in ${around(i)}`);
      else stack.pop();
    }
  }
  if (stack.length > 0) found.push(`a quotation not closed in ${around(text.length - 15)}`);
  return [...new Set(found)];
}

type StateName = Glossary['states'][number];

const namePatterns = new Map<string, RegExp>();
/** Finds any spelling of a Croatian state name: each word's stem its forms share, then letters (Saske-Anhalt too). */
function hrNamePattern(state: StateName): RegExp {
  const key = state.hr.join('|');
  const known = namePatterns.get(key);
  if (known) return known;
  const tokens = state.hr.map((form) => form.split(/([- ])/));
  const parts = (tokens[0] ?? []).map((token, i) => {
    if (token === '-' || token === ' ') return token;
    const all = tokens.map((t) => t[i] ?? '');
    let prefix = token;
    while (!all.every((t) => t.startsWith(prefix))) prefix = prefix.slice(0, -1);
    return `${prefix}\\p{L}*`;
  });
  const pattern = new RegExp(`(?<![\\p{L}-])${parts.join('')}(?![\\p{L}-])`, 'gu');
  namePatterns.set(key, pattern);
  return pattern;
}

/** The Croatian cases the name after „savezna zemlja“ in each case takes (the apposition agrees with it). */
const APPOSITION: [RegExp, number[]][] = [
  [/^savezna zemlja$/i, [0]],
  [/^savezne zemlje$/i, [1]],
  [/^saveznoj zemlji$/i, [2]],
  [/^saveznu zemlju$/i, [3]],
  [/^saveznom zemljom$/i, [4]],
  [/^saveznih zemalja$/i, [1]],
  [/^saveznim zemljama$/i, [2, 4]],
];

/** The Croatian state names of a text: forms that are none of a name's cases, and appositions in the wrong case. */
export function hrStateNames(text: string, states: readonly StateName[]): string[] {
  const found: string[] = [];
  for (const state of states) {
    const pattern = hrNamePattern(state);
    for (const m of text.matchAll(pattern)) {
      const name = m[0];
      const multiPart = /[- ]/.test(state.hr[0] ?? '');
      if (multiPart && !state.hr.includes(name))
        found.push(`„${name}“ is no form of „${state.hr[0]}“ (${[...new Set(state.hr)].join(', ')})`);
      const before = text.slice(0, m.index).match(/(savezn\p{L}* (?:zemlj\p{L}*|zemalja)) $/iu)?.[1];
      if (!before) continue;
      const cases = APPOSITION.find(([re]) => re.test(before))?.[1];
      if (cases && !cases.some((c) => state.hr[c] === name))
        found.push(
          `„${before} ${name}“: the name agrees with „${before}“ (${cases.map((c) => `${HR_CASES[c]} „${state.hr[c]}“`).join(' or ')})`,
        );
    }
  }
  return found;
}

/** A text with every state's name replaced by <S>, so that the ten questions a state has can be compared across states. */
function stateTemplate(states: readonly StateName[], lang: 'de' | Lang): (text: string) => string {
  const names = states
    .flatMap((s) => (lang === 'hr' ? s.hr : [s[lang]]))
    .sort((a, b) => b.length - a.length)
    .map(escapeRe);
  const suffix = lang === 'de' ? '(?:es|s)?' : '';
  const re = new RegExp(`(?<![\\p{L}-])(?:${names.join('|')})${suffix}(?![\\p{L}-])`, 'gu');
  return (text) => {
    let t = text.replace(/\s+/g, ' ').trim().replace(re, '<S>');
    if (lang === 'de')
      t = t
        .replace(/\bim <S>/g, 'in <S>')
        .replace(/\bdes <S>/g, 'von <S>')
        .replace(/\bdas <S>/g, '<S>');
    if (lang === 'en') t = t.replace(/\bthe <S>/g, '<S>');
    return t;
  };
}

/**
 * The translation rules over the whole content: the glossary's renderings, one German text → one translation,
 * typography, added parentheses, hints at the right answer, and the Croatian state names.
 */
export function translationProblems(content: Content, questions: readonly CheckedQuestion[]): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: string, question: number, lang: ContentLanguage, message: string) =>
    problems.push({ question, lang, rule, message });
  const { terms, states } = content.glossary;
  const glossaryParentheses = (lang: Lang) =>
    terms.flatMap((t) => [...t[lang].use.matchAll(/\(([^)]*)\)/g)].map((m) => m[1] as string));
  const parentheses = { en: glossaryParentheses('en'), hr: glossaryParentheses('hr') };
  const template = {
    de: stateTemplate(states, 'de'),
    en: stateTemplate(states, 'en'),
    hr: stateTemplate(states, 'hr'),
  };
  /**
   * One German text → one translation: per group (a German question with its state's name left out, an answer within
   * such questions, in English also an answer across all questions), the translations and where each is.
   */
  type Place = { question: number; field: string };
  const same = new Map<string, { lang: Lang; german: string; byText: Map<string, Place[]> }>();
  const remember = (key: string, lang: Lang, german: string, translated: string, place: Place) => {
    const group = same.get(key) ?? { lang, german, byText: new Map<string, Place[]>() };
    same.set(key, group);
    group.byText.set(translated, [...(group.byText.get(translated) ?? []), place]);
  };
  /** An English answer compared across questions: case, a leading article and a full stop aside. */
  const plainEnglish = (s: string) =>
    s
      .toLowerCase()
      .replace(/^(the|a|an) /, '')
      .replace(/\.$/, '');

  for (const q of questions) {
    const de = content.de.get(q.id);
    if (de) {
      for (const [field, text] of [
        ['explanation', de.explanation],
        ['source', de.source],
        ['timeSensitive', de.timeSensitive?.what],
      ] as const) {
        if (text) for (const p of typography(text, 'de')) add('typography', q.id, 'de', `${field}: ${p}`);
      }
    }
    const germanAnswers = q.answers.map((a) => a.de);
    for (const lang of ['en', 'hr'] as const) {
      const entry = content[lang].get(q.id);
      if (!entry) continue;
      const answers = entry.answers.map((a, i) => (typeof a === 'string' ? a : (germanAnswers[i] ?? '')));
      const pairs: Pair[] = [
        { field: 'question', de: q.text.de, text: entry.text },
        ...entry.answers.flatMap((a, i): Pair[] =>
          typeof a === 'string' ? [{ field: `answer ${i + 1}`, de: germanAnswers[i] ?? '', text: a }] : [],
        ),
      ];
      if (de) pairs.push({ field: 'explanation', de: de.explanation, text: entry.explanation });
      if (de?.source && entry.source) pairs.push({ field: 'source', de: de.source, text: entry.source });

      for (const { field, de: german, text } of pairs) {
        for (const term of field === 'question' || field.startsWith('answer') ? terms : []) {
          const masked = (term.deExcept ?? []).reduce((t, p) => t.replace(new RegExp(p, 'giu'), ' '), german);
          const found = findGermanTerm(masked, term.de);
          if (found && !renders(text, term[lang], term.de))
            add(
              'glossary',
              q.id,
              lang,
              `${field}: the German „${found}“ is not rendered „${term[lang].use}“ (${term.id})`,
            );
        }
        for (const p of typography(text, lang)) add('typography', q.id, lang, `${field}: ${p}`);
        if (
          (field === 'question' || field.startsWith('answer')) &&
          german.includes('…') !== text.includes('…')
        )
          add(
            'typography',
            q.id,
            lang,
            `${field}: the German ${german.includes('…') ? 'has' : 'has no'} … and the translation ${text.includes('…') ? 'has' : 'has not'}`,
          );
        if (lang === 'hr')
          for (const p of hrStateNames(text, states)) add('state-names', q.id, lang, `${field}: ${p}`);
      }
      for (const p of addedParentheses(entry.text, q.text.de, parentheses[lang]))
        add(
          'addition',
          q.id,
          lang,
          `question: „${p}“ has no counterpart in the German question „${q.text.de}“`,
        );
      // A translation may repeat as many of the question's words in the right answer as the German does; where the
      // German repeats a whole word (Rollstuhl), the translation may repeat it as a phrase (invalidska kolica).
      const hints = hintWords(entry.text, answers, q.correct, lang);
      const germanAnswer = germanAnswers[q.correct] ?? '';
      const germanShares = sharedWords(q.text.de, germanAnswer, 'de');
      const wholeWord = germanShares.some((w) => germanWords(germanAnswer).some((x) => sameWord(w, x)));
      const hintCount = wholeWord ? phrases(words(entry.text), hints) : hints.length;
      if (hintCount > germanShares.length)
        add(
          'hint',
          q.id,
          lang,
          `the question’s „${hints.join('“, „')}“ is in the right answer „${answers[q.correct]}“ and in no wrong one; the German question shares ${germanShares.length === 0 ? 'no word' : `only „${germanShares.join('“, „')}“`} with its right answer`,
        );
      const germanQuestion = template.de(q.text.de);
      remember(`q\0${lang}\0${germanQuestion}`, lang, germanQuestion, template[lang](entry.text), {
        question: q.id,
        field: 'question',
      });
      for (const [i, a] of entry.answers.entries()) {
        const german = germanAnswers[i] ?? '';
        const kept = typeof a !== 'string' || a === german || a.startsWith(`${german} (`);
        const place = { question: q.id, field: `answer ${i + 1}` };
        const translated = kept ? '(the German)' : template[lang](a);
        remember(`a\0${lang}\0${germanQuestion}\0${german}`, lang, german, translated, place);
        // Across different questions a Croatian answer takes the case its question asks for: English only.
        if (lang === 'en' && !kept) remember(`x\0en\0${german}`, lang, german, plainEnglish(a), place);
      }
    }
  }

  const reported = new Set<string>();
  for (const { lang, german, byText } of same.values()) {
    if (byText.size < 2) continue;
    // The translation most of them have is the one; the others are reported (a tie: the first question's).
    const variants = [...byText.entries()].sort(
      ([, a], [, b]) => b.length - a.length || (a[0]?.question ?? 0) - (b[0]?.question ?? 0),
    );
    const [[usual, where] = ['', []], ...others] = variants;
    for (const [text, places] of others)
      for (const { question, field } of places) {
        if (reported.has(`${question} ${lang} ${field}`)) continue;
        reported.add(`${question} ${lang} ${field}`);
        add(
          'same-german',
          question,
          lang,
          `${field}: the German „${german}“ is translated „${text}“ here and „${usual}“ in ${where.map((w) => `q${w.question}`).join(', ')}`,
        );
      }
  }
  return problems;
}
