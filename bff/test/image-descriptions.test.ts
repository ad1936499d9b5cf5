import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARMS_PICTURES,
  DESCRIBED_IMAGES,
  imageDescription,
  MAP_PICTURES,
} from '../src/catalog/image-descriptions';
import { stateName } from '../src/catalog/names';
import { LANGUAGES } from '../src/http/lang';
import { createTestApp, type TestApp } from './helpers/app';
import { signIn } from './helpers/sign-in';

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
    expect(imageDescription(null, 'de')).toBeNull();
    expect(imageDescription('nope.png', 'en')).toBeNull();
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
      const options = ARMS_PICTURES[file] ?? MAP_PICTURES[file];
      expect(options, file).toBeDefined();
      expect(options?.[row.correct], `${row.official} (${file})`).toBe(row.state_code?.toLowerCase());
      // Four different states per picture: the descriptions tell the options apart.
      expect(new Set(options).size).toBe(4);
    }
  });

  it('do not give the answer away: arms and maps never name a state', async () => {
    const states: { code: string; name: string }[] = await app.db('states').select('code', 'name');
    const names = states.flatMap((s) => LANGUAGES.map((lang) => stateName(s.code, s.name, lang)));
    for (const file of [...Object.keys(ARMS_PICTURES), ...Object.keys(MAP_PICTURES)]) {
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
