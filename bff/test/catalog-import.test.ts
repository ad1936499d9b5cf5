import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog, SUPPLEMENT_PATH } from '../src/catalog/import';
import { listQuestions } from '../src/catalog/repository';
import { CONTENT_DIR } from '../src/content/content';
import { createTestApp, type TestApp } from './helpers/app';
import { signIn } from './helpers/sign-in';

let app: TestApp;
let dir: string;
let original: { edition: string; questions: Record<string, unknown>[] } & Record<string, unknown>;

let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = await signIn(app);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-catalog-'));
  original = JSON.parse(await fs.readFile(app.config.catalogPath, 'utf8'));
  // Pictures are looked up beside the file.
  await fs.symlink(path.join(path.dirname(app.config.catalogPath), 'images'), path.join(dir, 'images'));
});
afterAll(async () => {
  await app.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function writeCatalog(name: string, mutate: (c: typeof original) => void): Promise<string> {
  const copy = structuredClone(original);
  mutate(copy);
  const file = path.join(dir, name);
  await fs.writeFile(file, JSON.stringify(copy));
  return file;
}

const q = (c: typeof original, id: number) => c.questions.find((x) => x.id === id) as Record<string, unknown>;

describe('catalog import', () => {
  it('is a no-op when the same catalog is imported again', async () => {
    const before = await app.db('questions').max('updated_at as t').first();
    const result = await importCatalog(app.db, app.config.catalogPath);
    expect(result.status).toBe('unchanged');
    const after = await app.db('questions').max('updated_at as t').first();
    expect(after?.t).toEqual(before?.t);
  });

  it.each([
    [
      'a question without 4 answers',
      17,
      (x: Record<string, unknown>) => (x.answers as unknown[]).pop(),
      /q17.*4 answers/,
    ],
    [
      'a correct index out of range',
      18,
      (x: Record<string, unknown>) => (x.correct = 4),
      /q18.*out of range/,
    ],
    [
      'a missing image file',
      21,
      (x: Record<string, unknown>) => (x.image = 'images/missing.png'),
      /q21.*image file missing/,
    ],
  ])('refuses %s, naming the question, and keeps the catalog it had', async (_, id, mutate, message) => {
    const file = await writeCatalog(`broken-${id}.json`, (c) => {
      c.edition = 'broken edition';
      mutate(q(c, id));
    });
    await expect(importCatalog(app.db, file)).rejects.toThrow(message);
    const res = await app.request('/api/de/learn', { headers: { cookie } });
    expect(await res.json()).toHaveLength(300); // a learner without a state: the general questions
    const kept = await app.db('questions').whereNull('retired_at').count({ n: '*' }).first();
    expect(Number(kept?.n)).toBe(460);
    const edition = await app.db('catalog_meta').where({ key: 'edition' }).first('value');
    expect(edition?.value).toBe(original.edition);
  });

  it('refuses a duplicate id, naming it', async () => {
    const file = await writeCatalog('dup.json', (c) => {
      (c.questions[5] as { id: number }).id = 3;
    });
    await expect(importCatalog(app.db, file)).rejects.toThrow(/q3.*duplicate id/);
  });

  it('refuses a file that is not JSON', async () => {
    const file = path.join(dir, 'garbage.json');
    await fs.writeFile(file, '{"edition":');
    await expect(importCatalog(app.db, file)).rejects.toThrow(/not valid JSON/);
  });

  it('updates a newer edition in place and keeps what learners stored against question ids', async () => {
    // A learner's row that points at a question (later issues add answers, bookmarks, …).
    await app.db.schema.createTable('learner_notes_test', (t) => {
      t.integer('question_id').references('questions.id');
      t.text('note');
    });
    await app.db('learner_notes_test').insert([
      { question_id: 1, note: 'kept' },
      { question_id: 460, note: 'kept too' },
    ]);
    const file = await writeCatalog('newer.json', (c) => {
      c.edition = 'Stand: 01.01.2027';
      (q(c, 1).text as { de: string }).de = 'Geänderter Text der Frage 1 …';
      c.questions = c.questions.filter((x) => x.id !== 460);
    });
    // q460 is a state question: ask for its state (a learner gets the general questions plus one state's).
    const { state_code: state } = await app.db('questions').where({ id: 460 }).first('state_code');
    const learnOfState = `/api/de/learn?state=${state}`;
    const result = await importCatalog(app.db, file);
    expect(result).toMatchObject({ status: 'imported', edition: 'Stand: 01.01.2027', questions: 459 });
    // The API serves the catalog from a cache that rechecks the catalog's version at most once a second.
    const learnAfterImport = async (length: number): Promise<{ id: string; text: string }[]> => {
      let qs: { id: string; text: string }[] = [];
      await expect
        .poll(
          async () => {
            qs = await (await app.request(learnOfState, { headers: { cookie } })).json();
            return qs.length;
          },
          { timeout: 5_000, interval: 250 },
        )
        .toBe(length);
      return qs;
    };
    const qs = await learnAfterImport(309);
    expect(qs.some((x) => x.id === 'q460')).toBe(false);
    expect(qs.find((x) => x.id === 'q1')?.text).toBe('Geänderter Text der Frage 1 …');
    expect(await app.db('learner_notes_test').count({ n: '*' }).first()).toEqual({ n: 2 });
    // The dropped question is retired (still referenced), not deleted.
    expect(await app.db('questions').where({ id: 460 }).whereNotNull('retired_at').first('id')).toEqual({
      id: 460,
    });
    // Importing the original again brings it back.
    await importCatalog(app.db, app.config.catalogPath);
    const back = await learnAfterImport(310);
    expect(back.some((x) => x.id === 'q460')).toBe(true);
    await app.db.schema.dropTable('learner_notes_test');
  });

  it('imports a change of this project’s content like a new edition, and the learner reads it', async () => {
    const content = path.join(dir, 'content');
    await fs.cp(CONTENT_DIR, content, { recursive: true });
    const file = path.join(content, 'hr', 'politics', 'grundrechte.json');
    const entries = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, { text: string }>;
    (entries['1'] as { text: string }).text = 'Izmijenjeni tekst pitanja 1 …';
    await fs.writeFile(file, JSON.stringify(entries));
    const result = await importCatalog(app.db, app.config.catalogPath, SUPPLEMENT_PATH, content);
    expect(result.status).toBe('imported');
    const hr = async () =>
      (
        (await (await app.request('/api/hr/learn', { headers: { cookie } })).json()) as {
          id: string;
          translation: { text: string } | null;
        }[]
      ).find((x) => x.id === 'q1')?.translation?.text;
    // The response cache re-reads the catalog version at most once a second: the next answers bring it.
    await expect.poll(hr, { timeout: 5000 }).toBe('Izmijenjeni tekst pitanja 1 …');
    // The repository's content again.
    expect((await importCatalog(app.db, app.config.catalogPath)).status).toBe('imported');
    await expect.poll(hr, { timeout: 5000 }).not.toBe('Izmijenjeni tekst pitanja 1 …');
  });

  it('gives every picture its size in pixels, read from the file, also to a database imported before sizes were read', async () => {
    const berliner = await signIn(app, 'catalog-pictures');
    await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'BE' },
      headers: { cookie: berliner },
    });
    type Pictured = { id: string; image: string | null; imageSize: { width: number; height: number } | null };
    const sizes = async () => {
      const qs: Pictured[] = await (
        await app.request('/api/en/learn', { headers: { cookie: berliner } })
      ).json();
      return Object.fromEntries(
        qs.filter((x) => ['q1', 'q21', 'q55', 'q321'].includes(x.id)).map((x) => [x.id, x]),
      );
    };
    // The sizes `file` reports for these pictures of the catalog (a PNG, a progressive JPEG, Berlin's first).
    const expected = {
      q1: { image: null, imageSize: null },
      q21: { image: '/catalog-images/q021.png', imageSize: { width: 512, height: 512 } },
      q55: { image: '/catalog-images/q055.jpg', imageSize: { width: 480, height: 242 } },
      q321: { image: '/catalog-images/be-1.png', imageSize: { width: 358, height: 640 } },
    };
    expect(await sizes()).toMatchObject(expected);
    const all: Pictured[] = await (
      await app.request('/api/en/learn', { headers: { cookie: berliner } })
    ).json();
    expect(all.filter((x) => x.image !== null && x.imageSize === null)).toEqual([]);

    // A database from before: no sizes stored. The import at the next start (nothing else changed) stores them.
    await app.db('catalog_meta').where({ key: 'image_sizes' }).delete();
    expect((await importCatalog(app.db, app.config.catalogPath)).status).toBe('unchanged');
    const stored = await app.db('catalog_meta').where({ key: 'image_sizes' }).first('value');
    expect(JSON.parse(stored?.value ?? '{}')).toMatchObject({
      'q021.png': { width: 512, height: 512 },
      'q055.jpg': { width: 480, height: 242 },
      'be-1.png': { width: 358, height: 640 },
    });
    expect((await sizes()).q21?.imageSize).toEqual({ width: 512, height: 512 });

    // A database whose catalog was imported before sizes were read, and no import since (a start imports only into
    // an empty database): the first read of the questions reads the sizes from the pictures and keeps them.
    await app.db('catalog_meta').where({ key: 'image_sizes' }).delete();
    const read = await listQuestions(app.db, 'en', { ids: [21, 55] });
    expect(read.map((x) => x.imageSize)).toEqual([
      { width: 512, height: 512 },
      { width: 480, height: 242 },
    ]);
    const kept = await app.db('catalog_meta').where({ key: 'image_sizes' }).first('value');
    expect(JSON.parse(kept?.value ?? '{}')['be-1.png']).toEqual({ width: 358, height: 640 });
  });

  it('refuses a picture that is not a PNG or JPEG, naming the question', async () => {
    const own = path.join(dir, 'own-pictures');
    await fs.mkdir(own);
    await fs.cp(path.join(path.dirname(app.config.catalogPath), 'images'), path.join(own, 'images'), {
      recursive: true,
    });
    await fs.writeFile(path.join(own, 'images', 'not-a-picture.png'), 'GIF89a, or just text');
    const copy = structuredClone(original);
    copy.edition = 'broken pictures';
    q(copy, 21).image = 'images/not-a-picture.png';
    const file = path.join(own, 'catalog.json');
    await fs.writeFile(file, JSON.stringify(copy));
    await expect(importCatalog(app.db, file)).rejects.toThrow(
      /question q21 \(official 21\): image is not a PNG or JPEG picture: images\/not-a-picture\.png/,
    );
    const edition = await app.db('catalog_meta').where({ key: 'edition' }).first('value');
    expect(edition?.value).toBe(original.edition);
  });
});
