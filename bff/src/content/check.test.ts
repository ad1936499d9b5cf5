import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../catalog/import';
import type { Catalog } from '../catalog/schema';
import { loadConfig } from '../config';
import {
  type CheckedQuestion,
  checkContent,
  firstSentence,
  foreignSentence,
  MAX_EXPLANATION_WORDS,
} from './check';
import { CONTENT_DIR, type Content, type EnEntry, type HrEntry, readContent, uiTexts } from './content';

let catalog: Catalog;
beforeAll(async () => {
  catalog = (await readCatalog(loadConfig({}).catalogPath)).catalog;
});

describe('the content of this repository', () => {
  it('passes the check: complete in de, en and hr, explanations of its own that name the right answer, the glossary kept, the hr and en interface included', async () => {
    const content = await readContent();
    const ui = [...(await uiTexts('en')), ...(await uiTexts('hr'))];
    expect(checkContent(content, catalog.questions, ui)).toEqual([]);
    expect(content.hr.size).toBe(460);
    expect(content.en.size).toBe(460);
    expect(content.de.size).toBe(460);
  });
});

describe('a broken entry fails the check', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-content-'));
    await fs.cp(CONTENT_DIR, dir, { recursive: true });
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  /** Changes question 1's entry of `lang` (in content/<lang>/politics/grundrechte.json) and returns the problems. */
  async function broken(lang: 'de' | 'en' | 'hr', change: (entry: Record<string, unknown>) => void) {
    const file = path.join(dir, lang, 'politics', 'grundrechte.json');
    const original = await fs.readFile(file, 'utf8');
    const data = JSON.parse(original) as Record<string, Record<string, unknown>>;
    change(data['1'] as Record<string, unknown>);
    await fs.writeFile(file, JSON.stringify(data));
    try {
      return checkContent(await readContent(dir), catalog.questions).map(
        (p) => `${p.question} ${p.lang}: ${p.message}`,
      );
    } finally {
      await fs.writeFile(file, original);
    }
  }

  it('the untouched copy passes', async () => {
    expect(checkContent(await readContent(dir), catalog.questions)).toEqual([]);
  });

  it('a missing Croatian question, and a Croatian entry of the wrong shape', async () => {
    const file = path.join(dir, 'hr', 'politics', 'grundrechte.json');
    const original = await fs.readFile(file, 'utf8');
    const data = JSON.parse(original) as Record<string, { answers: string[] }>;
    try {
      const { '1': _, ...rest } = data;
      await fs.writeFile(file, JSON.stringify(rest));
      expect(checkContent(await readContent(dir), catalog.questions)).toEqual([
        { question: 1, lang: 'hr', rule: 'complete', message: 'no Croatian text' },
      ]);
      data['1']?.answers.pop();
      await fs.writeFile(file, JSON.stringify(data));
      await expect(readContent(dir)).rejects.toThrow(
        `${path.join('hr', 'politics', 'grundrechte.json')}: question 1.answers:`,
      );
    } finally {
      await fs.writeFile(file, original);
    }
  });

  it('an explanation whose first sentence names a wrong answer', async () => {
    // Question 1: „… weil …“, right: „hier Meinungsfreiheit gilt.“, wrong e.g. „hier Religionsfreiheit gilt.“
    const problems = await broken('de', (e) => {
      e.explanation =
        'Richtig ist, dass hier Religionsfreiheit gilt. Deshalb darf man die Regierung kritisieren.';
    });
    expect(problems).toEqual([
      '1 de: the first sentence names the wrong answer „hier Religionsfreiheit gilt.“',
    ]);
    const none = await broken('de', (e) => {
      e.explanation = 'Kritik an der Regierung ist erlaubt. Das steht im Grundgesetz.';
    });
    expect(none).toEqual([
      '1 de: the first sentence does not name the correct answer „hier Meinungsfreiheit gilt.“',
    ]);
    const both = await broken('de', (e) => {
      e.explanation =
        'Richtig ist „hier Meinungsfreiheit gilt“, auch Religionsfreiheit gilt. Mehr dazu unten.';
    });
    expect(both).toEqual(['1 de: the first sentence names the wrong answer „hier Religionsfreiheit gilt.“']);
  });

  it('a German sentence left in a Croatian field', async () => {
    const problems = await broken('hr', (e) => {
      e.explanation = `${e.explanation as string} Das ist ein Grundrecht, das für alle Menschen in Deutschland gilt.`;
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^1 hr: explanation: a German sentence in the Croatian text/);
  });

  it('a word the glossary rules out', async () => {
    const problems = await broken('hr', (e) => {
      e.text = (e.text as string).replace(/Njemačkoj/, 'saveznoj državi Njemačkoj');
    });
    expect(problems).toEqual([
      '1 hr: question: „saveznoj državi“ where the glossary says „savezna zemlja“ (bundesland)',
    ]);
  });

  it('an explanation over the length limit', async () => {
    const problems = await broken('en', (e) => {
      e.explanation = `${e.explanation as string} ${'Really. '.repeat(MAX_EXPLANATION_WORDS)}`;
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^1 en: the explanation has \d+ words \(at most 80\)$/);
  });

  it('the catalog file’s third-party explanation taken over', async () => {
    const theirs = catalog.questions[0]?.explanation?.en as string;
    const problems = await broken('en', (e) => {
      e.explanation = `The correct answer is “freedom of expression applies here”. ${theirs}`
        .split(' ')
        .slice(0, 75)
        .join(' ');
    });
    expect(problems).toEqual(['1 en: the explanation repeats the catalog file’s third-party explanation']);
  });
});

/**
 * A small content of five questions, clean under every rule: 1 asks what a German word means, 2 and 3 are one state
 * question for two states, 4 has a right answer that shares a compound element with its question, 5 names the Bund.
 */
function fixture() {
  const questions: CheckedQuestion[] = [
    {
      id: 1,
      text: { de: 'Was bedeutet „Rechtsstaat“ in Deutschland?' },
      answers: [
        { de: 'Der Staat hat Recht.' },
        { de: 'Es gibt nur rechte Parteien.' },
        { de: 'Die Bürgerinnen und Bürger entscheiden über Gesetze.' },
        { de: 'Der Staat muss die Gesetze einhalten.' },
      ],
      correct: 3,
    },
    {
      id: 2,
      text: { de: 'Welche Farben hat die Landesflagge von Sachsen?' },
      answers: [
        { de: 'blau-weiß-rot' },
        { de: 'weiß-grün' },
        { de: 'grün-weiß-rot' },
        { de: 'schwarz-gelb' },
      ],
      correct: 1,
    },
    {
      id: 3,
      text: { de: 'Welche Farben hat die Landesflagge von Sachsen-Anhalt?' },
      answers: [{ de: 'blau-weiß-rot' }, { de: 'gelb-schwarz' }, { de: 'weiß-blau' }, { de: 'rot-weiß' }],
      correct: 1,
    },
    {
      id: 4,
      text: { de: 'Womit finanziert der deutsche Staat die Sozialversicherung?' },
      answers: [
        { de: 'Kirchensteuer' },
        { de: 'Sozialabgaben' },
        { de: 'Spendengeldern' },
        { de: 'Vereinsbeiträgen' },
      ],
      correct: 1,
    },
    {
      id: 5,
      text: { de: 'Die Bundesrepublik Deutschland ist heute gegliedert in …' },
      answers: [
        { de: 'vier Besatzungszonen.' },
        { de: 'einen Oststaat und einen Weststaat.' },
        { de: '16 Kantone.' },
        { de: 'Bund, Länder und Kommunen.' },
      ],
      correct: 3,
    },
  ];
  const de = (explanation: string) => ({ explanation, source: null });
  const en = (text: string, answers: string[], explanation: string): EnEntry => ({
    text,
    answers,
    explanation,
    source: null,
  });
  const hr = (text: string, answers: string[], explanation: string): HrEntry => ({
    text,
    answers,
    explanation,
    source: null,
  });
  const content: Content = {
    de: new Map([
      [
        1,
        de('Richtig ist „Der Staat muss die Gesetze einhalten“. Auch der Staat steht nicht über dem Gesetz.'),
      ],
      [2, de('Richtig ist „weiß-grün“. Das sind seit 1815 die Farben Sachsens.')],
      [3, de('Richtig ist „gelb-schwarz“. So steht es im Landeswappengesetz.')],
      [4, de('Richtig ist „Sozialabgaben“. Beschäftigte und Arbeitgeber zahlen sie.')],
      [5, de('Richtig ist „Bund, Länder und Kommunen“. Das sind die drei Ebenen des Staates.')],
    ]),
    en: new Map([
      [
        1,
        en(
          'What does “Rechtsstaat” mean in Germany?',
          [
            'The state is right.',
            'There are only right-wing parties.',
            'Citizens decide on laws.',
            'The state must abide by the laws.',
          ],
          'The correct answer is “The state must abide by the laws”. The state is not above the law either.',
        ),
      ],
      [
        2,
        en(
          'What are the colours of the state flag of Saxony?',
          ['blue-white-red', 'white-green', 'green-white-red', 'black-yellow'],
          'The correct answer is “white-green”. They have been Saxony’s colours since 1815.',
        ),
      ],
      [
        3,
        en(
          'What are the colours of the state flag of Saxony-Anhalt?',
          ['blue-white-red', 'yellow-black', 'white-blue', 'red-white'],
          'The correct answer is “yellow-black”. The state’s arms act says so.',
        ),
      ],
      [
        4,
        en(
          'What does the German state use to finance social insurance?',
          ['church tax', 'social security contributions', 'donations', 'membership fees of clubs'],
          'The correct answer is “social security contributions”. Employees and employers pay them.',
        ),
      ],
      [
        5,
        en(
          'Today, the Federal Republic of Germany is divided into …',
          [
            'four occupation zones.',
            'an eastern state and a western state.',
            '16 cantons.',
            'the Federation, the federal states and the municipalities.',
          ],
          'The correct answer is “the Federation, the federal states and the municipalities”. These are the three levels.',
        ),
      ],
    ]),
    hr: new Map([
      [
        1,
        hr(
          'Što u Njemačkoj znači „pravna država“ (Rechtsstaat)?',
          [
            'Država je u pravu.',
            'Postoje samo desne stranke.',
            'Građanke i građani odlučuju o zakonima.',
            'Država se mora pridržavati zakona.',
          ],
          'Točan je odgovor „Država se mora pridržavati zakona“. Ni država nije iznad zakona.',
        ),
      ],
      [
        2,
        hr(
          'Koje boje ima zastava savezne zemlje Saske?',
          ['plavo-bijelo-crvena', 'bijelo-zelena', 'zeleno-bijelo-crvena', 'crno-žuta'],
          'Točan je odgovor „bijelo-zelena“. To su boje Saske od 1815.',
        ),
      ],
      [
        3,
        hr(
          'Koje boje ima zastava savezne zemlje Saske-Anhalta?',
          ['plavo-bijelo-crvena', 'žuto-crna', 'bijelo-plava', 'crveno-bijela'],
          'Točan je odgovor „žuto-crna“. Tako propisuje zakon o grbu Saske-Anhalta.',
        ),
      ],
      [
        4,
        hr(
          'Čime njemačka država financira socijalno osiguranje?',
          ['crkvenim porezom', 'socijalnim doprinosima', 'donacijama', 'članarinama udruga'],
          'Točan je odgovor „socijalnim doprinosima“. Plaćaju ih zaposlenici i poslodavci.',
        ),
      ],
      [
        5,
        hr(
          'Savezna Republika Njemačka danas je podijeljena na …',
          [
            'četiri okupacijske zone.',
            'jednu istočnu i jednu zapadnu državu.',
            '16 kantona.',
            'federaciju (Bund), savezne zemlje i općine.',
          ],
          'Točan je odgovor „federaciju (Bund), savezne zemlje i općine“. To su tri razine vlasti.',
        ),
      ],
    ]),
    glossary: {
      terms: [
        {
          id: 'bund',
          de: 'Bund',
          en: { use: 'Federation', avoid: [] },
          hr: { use: 'federacija', avoid: ['\\bsavez\\w* \\(Bund\\)'] },
        },
      ],
      states: [
        { code: 'SN', de: 'Sachsen', en: 'Saxony', hr: ['Saska', 'Saske', 'Saskoj', 'Sasku', 'Saskom'] },
        {
          code: 'ST',
          de: 'Sachsen-Anhalt',
          en: 'Saxony-Anhalt',
          hr: ['Saska-Anhalt', 'Saske-Anhalta', 'Saskoj-Anhaltu', 'Sasku-Anhalt', 'Saskom-Anhaltom'],
        },
      ],
    },
    hash: 'fixture',
    files: new Map(),
  };
  return { content, questions };
}

/** The fixture with one change, checked: each problem as „question lang [rule] message“. */
function checked(change: (content: Content) => void): string[] {
  const { content, questions } = fixture();
  change(content);
  return checkContent(content, questions).map((p) => `${p.question} ${p.lang} [${p.rule}] ${p.message}`);
}
const entry = <L extends 'en' | 'hr'>(content: Content, lang: L, id: number) =>
  content[lang].get(id) as L extends 'en' ? EnEntry : HrEntry;

describe('the translation rules, each broken once in a small fixture', () => {
  it('the fixture passes', () => {
    expect(checked(() => {})).toEqual([]);
  });

  it('glossary: a rendering the glossary rules out, and the German term without the glossary’s word', () => {
    expect(
      checked((c) => {
        entry(c, 'hr', 5).answers[3] = 'savez (Bund), savezne zemlje i općine.';
      }),
    ).toEqual([
      '5 hr [glossary] answer 4: „savez (Bund)“ where the glossary says „federacija“ (bund)',
      '5 hr [glossary] answer 4: the German „bund“ is not rendered „federacija“ (bund)',
    ]);
    expect(
      checked((c) => {
        entry(c, 'en', 5).answers[3] = 'the central state, the federal states and the municipalities.';
      }),
    ).toEqual(['5 en [glossary] answer 4: the German „bund“ is not rendered „Federation“ (bund)']);
  });

  it('one German text, one translation: a state question worded differently for another state, and an answer', () => {
    expect(
      checked((c) => {
        entry(c, 'hr', 3).text = 'Kakve je boje zastava Saske-Anhalta?';
      }),
    ).toEqual([
      '3 hr [same-german] question: the German „Welche Farben hat die Landesflagge von <S>?“ is translated „Kakve je boje zastava <S>?“ here and „Koje boje ima zastava savezne zemlje <S>?“ in q2',
    ]);
    expect(
      checked((c) => {
        entry(c, 'en', 3).answers[0] = 'blue, white and red';
      }),
    ).toEqual([
      '3 en [same-german] answer 1: the German „blau-weiß-rot“ is translated „blue, white and red“ here and „blue-white-red“ in q2',
    ]);
  });

  it('typography: English straight and single quotes, Croatian English quotes, German straight quotes, spaces, dots and …', () => {
    expect(
      checked((c) => {
        const e = entry(c, 'en', 2);
        e.explanation = "The correct answer is ‘white-green’. They have been Saxony's colours since 1815.";
      }),
    ).toEqual([
      "2 en [typography] explanation: a straight apostrophe or quote in „ave been Saxony's colours sinc“",
      '2 en [typography] explanation: ‘…’ outside a quotation in „rect answer is ‘white-green’.“',
    ]);
    expect(
      checked((c) => {
        entry(c, 'hr', 2).explanation = 'Točan je odgovor “bijelo-zelena”.  To su boje Saske od 1815 .';
      }),
    ).toEqual([
      '2 hr [typography] explanation: a double space in „bijelo-zelena”.  To su boje Sa“',
      '2 hr [typography] explanation: a space before a punctuation mark in „e Saske od 1815 .“',
      '2 hr [typography] explanation: a quotation mark other than „…“ and ‚…‘ in „“bijelo-zelena”.  To su boje“',
      '2 hr [typography] explanation: “ closes no „ in „čan je odgovor “bijelo-zelena”“',
    ]);
    expect(
      checked((c) => {
        c.de.set(2, {
          explanation: 'Richtig ist "weiß-grün"... Das sind die Farben Sachsens.',
          source: null,
        });
        entry(c, 'en', 5).text = 'Today, the Federal Republic of Germany is divided into';
      }),
    ).toEqual([
      '2 de [typography] explanation: three full stops for … in „ist "weiß-grün"... Das sind di“',
      '2 de [typography] explanation: a straight double quote in „Richtig ist "weiß-grün"...“',
      '5 en [typography] question: the German has … and the translation has not',
    ]);
  });

  it('an addition: a parenthesis in the question that explains the German word the question asks about', () => {
    expect(
      checked((c) => {
        entry(c, 'en', 1).text = 'What does “Rechtsstaat” (state under the rule of law) mean in Germany?';
      }),
    ).toEqual([
      '1 en [addition] question: „(state under the rule of law)“ has no counterpart in the German question „Was bedeutet „Rechtsstaat“ in Deutschland?“',
    ]);
  });

  it('a hint: the question adds a word only the right answer has, or the right answer repeats the question', () => {
    expect(
      checked((c) => {
        entry(c, 'en', 4).text = 'Which contributions does the German state use to finance social insurance?';
      }),
    ).toEqual([
      '4 en [hint] the question’s „contributions“, „social“ is in the right answer „social security contributions“ and in no wrong one; the German question shares only „sozialversicherung“ with its right answer',
    ]);
    expect(
      checked((c) => {
        entry(c, 'hr', 4).answers[1] = 'doprinosima za socijalno osiguranje';
        entry(c, 'hr', 4).explanation =
          'Točan je odgovor „doprinosima za socijalno osiguranje“. Plaćaju ih zaposlenici.';
      }),
    ).toEqual([
      '4 hr [hint] the question’s „socijalno“, „osiguranje“ is in the right answer „doprinosima za socijalno osiguranje“ and in no wrong one; the German question shares only „sozialversicherung“ with its right answer',
    ]);
  });

  it('Croatian state names: a name half declined, and a name that does not agree with „savezna zemlja“', () => {
    expect(
      checked((c) => {
        entry(c, 'hr', 3).explanation =
          'Točan je odgovor „žuto-crna“. Tako propisuje zakon o grbu Saske-Anhalt.';
      }),
    ).toEqual([
      '3 hr [state-names] explanation: „Saske-Anhalt“ is no form of „Saska-Anhalt“ (Saska-Anhalt, Saske-Anhalta, Saskoj-Anhaltu, Sasku-Anhalt, Saskom-Anhaltom)',
    ]);
    expect(
      checked((c) => {
        entry(c, 'hr', 2).text = 'Koje boje ima zastava savezne zemlje Saska?';
        entry(c, 'hr', 3).text = 'Koje boje ima zastava savezne zemlje Saska-Anhalt?';
      }),
    ).toEqual([
      '2 hr [state-names] question: „savezne zemlje Saska“: the name agrees with „savezne zemlje“ (genitive „Saske“)',
      '3 hr [state-names] question: „savezne zemlje Saska-Anhalt“: the name agrees with „savezne zemlje“ (genitive „Saske-Anhalta“)',
    ]);
  });
});

describe('the heuristics', () => {
  it('find the first sentence past abbreviations, ordinals and quotes', () => {
    expect(firstSentence('Richtig ist 1945. In Europa endete der Krieg am 8. Mai 1945.')).toBe(
      'Richtig ist 1945.',
    );
    expect(firstSentence('Richtig ist „Art. 1“ nach Art. 5 Abs. 1 GG. Mehr.')).toBe(
      'Richtig ist „Art. 1“ nach Art. 5 Abs. 1 GG.',
    );
    expect(firstSentence('Točan je odgovor Slika 1. Grb je crn.')).toBe('Točan je odgovor Slika 1.');
  });
  it('tell a German or English sentence from Croatian, names aside', () => {
    expect(foreignSentence('Das ist ein Grundrecht, das für alle gilt.')).toBe('German');
    expect(foreignSentence('This is the right of all people in the country.')).toBe('English');
    expect(foreignSentence('To je temeljno pravo svih ljudi u Njemačkoj.')).toBeNull();
    expect(foreignSentence('Ursula von der Leyen')).toBeNull();
    expect(foreignSentence('Christlich Demokratische Union (Kršćansko-demokratska unija)')).toBeNull();
  });
});
