import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../catalog/import';
import type { Catalog } from '../catalog/schema';
import { loadConfig } from '../config';
import { checkContent, firstSentence, foreignSentence, MAX_EXPLANATION_WORDS } from './check';
import { CONTENT_DIR, readContent, uiTexts } from './content';

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
        { question: 1, lang: 'hr', message: 'no Croatian text' },
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
