import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog, readSupplement, SUPPLEMENT_PATH } from '../src/catalog/import';
import type { CatalogSupplement } from '../src/catalog/schema';
import { LANGUAGES, type Language } from '../src/http/lang';
import { createTestApp, type TestApp } from './helpers/app';
import { signIn } from './helpers/sign-in';

// The data under test: what the project adds to the official catalog, as the import reads it.
const supplement: CatalogSupplement = JSON.parse(fs.readFileSync(SUPPLEMENT_PATH, 'utf8'));
const DESCRIBED_IMAGES = Object.keys(supplement.images).sort();
const imageDescription = (file: string, lang: Language) => supplement.images[file]?.description[lang];
const PICTURES_OF_STATES = Object.entries(supplement.images).filter(([, image]) => image.shows);

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = await signIn(app, 'describer');
});
afterAll(() => app.close());

type Row = { id: number; official: string; state_code: string | null; image: string | null; correct: number };
type Q = { id: string; image: string | null; imageDescription: string | null };

const imageRows = async (): Promise<Row[]> =>
  app.db('questions').whereNotNull('image').select('id', 'official', 'state_code', 'image', 'correct');

describe('written descriptions of the catalog pictures', () => {
  it('describe every picture of the catalog (43 questions, 42 files) in de, en and hr', async () => {
    const rows = await imageRows();
    expect(rows).toHaveLength(43);
    const files = new Set(rows.map((r) => r.image as string));
    expect(files.size).toBe(42);
    expect(rows.filter((r) => r.image === 'q021.png').map((r) => r.id)).toEqual([21, 209]);
    expect([...files].sort()).toEqual([...DESCRIBED_IMAGES]);
    for (const file of files) {
      const texts = LANGUAGES.map((lang) => imageDescription(file, lang));
      for (const text of texts) expect(text?.length, file).toBeGreaterThan(60);
      expect(new Set(texts).size, `${file}: three different languages`).toBe(3);
    }
  });

  it('name each numbered option the way the answers do ("Bild 1".."Bild 4" or "1".."4")', async () => {
    for (const row of await imageRows()) {
      const answers: string[] = (
        await app.db('question_translations').where({ question_id: row.id, lang: 'de' }).first('answers')
      ).answers;
      const file = row.image as string;
      const de = imageDescription(file, 'de') as string;
      if (answers.every((a, i) => a === `Bild ${i + 1}`)) {
        for (const n of [1, 2, 3, 4]) {
          expect(de, file).toContain(`Bild ${n}:`);
          expect(imageDescription(file, 'en'), file).toContain(`Picture ${n} (Bild ${n}):`);
          expect(imageDescription(file, 'hr'), file).toContain(`Slika ${n} (Bild ${n}):`);
        }
      } else if (answers.every((a, i) => a === String(i + 1))) {
        for (const n of [1, 2, 3, 4]) {
          expect(de, file).toContain(`Nummer ${n}:`);
          expect(imageDescription(file, 'en'), file).toContain(`Number ${n}:`);
          expect(imageDescription(file, 'hr'), file).toContain(`Broj ${n}:`);
        }
      }
    }
  });

  it('match the pictures: on every state arms/map picture the correct option shows that state', async () => {
    const stateRows = (await imageRows()).filter((r) => r.state_code);
    expect(stateRows).toHaveLength(32);
    for (const row of stateRows) {
      const file = row.image as string;
      const options = supplement.images[file]?.shows;
      expect(options, file).toBeDefined();
      expect(options?.[row.correct], `${row.official} (${file})`).toBe(row.state_code);
      // Four different states per picture: the descriptions tell the options apart.
      expect(new Set(options).size).toBe(4);
    }
  });

  it('do not give the answer away: arms and maps never name a state', async () => {
    const states: { name: string; names: Record<Language, string> }[] = await app
      .db('states')
      .select('name', 'names');
    const names = states.flatMap((s) => [s.name, ...Object.values(s.names)]);
    expect(new Set(names).size).toBeGreaterThan(20);
    expect(PICTURES_OF_STATES).toHaveLength(32);
    for (const [file] of PICTURES_OF_STATES) {
      for (const lang of LANGUAGES) {
        const text = imageDescription(file, lang) as string;
        for (const name of names) expect(text, `${file} ${lang}`).not.toContain(name);
      }
    }
  });
});

describe('imageDescription in the payloads', () => {
  it('comes with the learn questions in the request language, null without a picture', async () => {
    const codes = (await app.db('states').pluck('code')) as string[];
    for (const lang of LANGUAGES) {
      // The whole catalog: the general questions plus each state's (`?state=`, one request per state).
      const byId = new Map<string, Q>();
      for (const code of codes) {
        const url = `/api/${lang}/learn?state=${code}`;
        for (const q of (await (await app.request(url, { headers: { cookie } })).json()) as Q[])
          byId.set(q.id, q);
      }
      const qs = [...byId.values()];
      expect(qs).toHaveLength(460);
      const withImage = qs.filter((q) => q.image);
      expect(withImage).toHaveLength(43);
      for (const q of withImage) {
        const file = q.image?.split('/').pop() ?? '';
        expect(q.imageDescription).toBe(imageDescription(file, lang));
      }
      expect(qs.filter((q) => !q.image).every((q) => q.imageDescription === null)).toBe(true);
    }
    const hr: Q[] = await (await app.request('/api/hr/learn', { headers: { cookie } })).json();
    expect(hr.find((q) => q.id === 'q21')?.imageDescription).toMatch(/^Četiri znaka/);
  });

  it('comes with the exam questions (guests too) without revealing the correct answer', async () => {
    // 33 of 460 questions are drawn; most attempts hold a picture question, a few tries make it certain.
    let found: Q | undefined;
    for (let i = 0; i < 12 && !found; i++) {
      const res = await app.request('/api/de/exams', { method: 'POST', json: { kind: 'demo', state: 'BE' } });
      expect(res.status).toBe(201);
      const attempt: { questions: Q[] } = await res.json();
      for (const q of attempt.questions) expect(q).toHaveProperty('imageDescription');
      found = attempt.questions.find((q) => q.image);
    }
    expect(found).toBeDefined();
    const file = found?.image?.split('/').pop() ?? '';
    expect(found?.imageDescription).toBe(imageDescription(file, 'de'));
  });
});

describe('names imported with the catalog', () => {
  it('name the states in the request language (German: the official names)', async () => {
    const names = async (lang: Language) =>
      (
        (await (await app.request(`/api/${lang}/german-federal-states`)).json()) as {
          code: string;
          name: string;
        }[]
      )
        .filter((s) => ['BY', 'NW', 'TH'].includes(s.code))
        .map((s) => s.name);
    expect(await names('de')).toEqual(['Bayern', 'Nordrhein-Westfalen', 'Thüringen']);
    expect(await names('en')).toEqual(['Bavaria', 'North Rhine-Westphalia', 'Thuringia']);
    expect(await names('hr')).toEqual(['Bavarska', 'Sjeverna Rajna-Vestfalija', 'Tiringija']);
  });

  it('name the topics in Croatian', async () => {
    const topics = (await (await app.request('/api/hr/topics')).json()) as { id: string; name: string }[];
    expect(topics.find((t) => t.id === 'politics')?.name).toBe('Politika u demokraciji');
    expect(topics.find((t) => t.id === 'kommune')?.name).toBe('Općina');
  });
});

describe('the supplement is checked on import', () => {
  const folders: string[] = [];
  const write = (data: unknown) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-supplement-'));
    folders.push(folder);
    const file = path.join(folder, 'supplement.json');
    fs.writeFileSync(file, JSON.stringify(data));
    return file;
  };
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a supplement that leaves a picture, a state or a topic without words', async () => {
    const { catalog } = await readCatalog(app.config.catalogPath);
    const { 'q021.png': _, ...images } = supplement.images;
    const { BY: __, ...states } = supplement.states;
    await expect(readSupplement(write({ ...supplement, images }), catalog)).rejects.toThrow(
      'Catalog supplement lacks picture images/q021.png',
    );
    await expect(readSupplement(write({ ...supplement, states }), catalog)).rejects.toThrow(
      'Catalog supplement lacks state BY',
    );
  });

  it('refuses a description missing a language', async () => {
    const { catalog } = await readCatalog(app.config.catalogPath);
    const broken = structuredClone(supplement) as { images: Record<string, { description: object }> };
    broken.images['q235.jpg'] = { description: { de: 'Ein Foto', en: 'A photo' } };
    await expect(readSupplement(write(broken), catalog)).rejects.toThrow(
      /Catalog supplement is malformed at images\.q235\.jpg\.description\.hr/,
    );
  });
});
