import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/sign-in';
import { loadConfig } from '../../config';

let app: TestApp;
/** /learn is for signed-in users (spec §6): these tests use a session of a user without a federal state. */
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = await signIn(app);
});
const learn = (path: string) => app.request(path, { headers: { cookie } });
afterAll(() => app.close());

/** The whole catalog through the API: the general questions plus each state's (one `?state=` per state). */
async function everyQuestion(lang: string): Promise<Q[]> {
  const states: { code: string }[] = await (await app.request(`/api/${lang}/german-federal-states`)).json();
  const byId = new Map<string, Q>();
  for (const { code } of states) {
    const qs: Q[] = await (await learn(`/api/${lang}/learn?state=${code}`)).json();
    for (const q of qs) byId.set(q.id, q);
  }
  return [...byId.values()];
}

type Q = {
  id: string;
  text: string;
  answers: string[];
  correct: number;
  state: string | null;
  image: string | null;
  translation: {
    lang: string;
    text: string | null;
    answers: (string | null)[];
    sameAsGerman: boolean[];
  } | null;
  explanation: { lang: string; text: string; source: string | null } | null;
  answerCheckedOn: string | null;
};

/** The explanations the catalog file carries (other projects' texts): none of them may reach a learner. */
async function thirdPartyExplanations(): Promise<Set<string>> {
  const file = JSON.parse(await fs.readFile(loadConfig({}).catalogPath, 'utf8')) as {
    questions: { explanation?: { de?: string; en?: string } }[];
  };
  return new Set(
    file.questions.flatMap((q) => [q.explanation?.de, q.explanation?.en].filter((t) => t !== undefined)),
  );
}

describe('GET /api/{lang}/german-federal-states', () => {
  it('lists the 16 states with names in the requested language', async () => {
    const en = await (await app.request('/api/en/german-federal-states')).json();
    const de = await (await app.request('/api/de/german-federal-states')).json();
    const hr = await (await app.request('/api/hr/german-federal-states')).json();
    expect(en).toHaveLength(16);
    expect(en.find((s: { code: string }) => s.code === 'BY').name).toBe('Bavaria');
    expect(de.find((s: { code: string }) => s.code === 'BY').name).toBe('Bayern');
    expect(hr.find((s: { code: string }) => s.code === 'BY').name).toBe('Bavarska');
  });

  it('answers an unsupported language with a JSON 404 unsupported_language', async () => {
    const res = await app.request('/api/xx/german-federal-states');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect((await res.json()).error.code).toBe('unsupported_language');
  });

  it('refuses an unsupported language on every {lang} path, signed in or out, before asking for a session', async () => {
    for (const path of [
      '/api/xx/learn',
      '/api/fr/user/dashboard',
      '/api/pt-BR/learn-mode',
      '/api/EN/topics',
    ]) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const res = await app.request(path, { headers });
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
        expect((await res.json()).error.code, path).toBe('unsupported_language');
      }
    }
    // Paths without a language keep their own answers.
    expect((await app.request('/api/user/me')).status).toBe(401);
    expect((await (await app.request('/api/nothing-here')).json()).error.code).toBe('not_found');
  });
});

describe('GET /api/{lang}/learn', () => {
  it('refuses a state the catalog does not have', async () => {
    const res = await learn('/api/en/learn?state=ZZ');
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toEqual([
      expect.objectContaining({ path: 'state', message: 'unknown state' }),
    ]);
  });

  it('needs a session', async () => {
    const res = await app.request('/api/de/learn');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('gives a learner without a federal state the 300 general questions, no state questions', async () => {
    const res = await learn('/api/de/learn');
    expect(res.status).toBe(200);
    const qs: Q[] = await res.json();
    expect(qs).toHaveLength(300);
    expect(qs.every((q) => q.state === null)).toBe(true);
    expect(qs[0]?.id).toBe('q1');
    expect(qs[0]?.answers).toHaveLength(4);
  });

  it('lets the user’s own state decide without ?state; ?state picks another one', async () => {
    const berliner = await signIn(app, 'catalog-berliner');
    const own = (path: string) => app.request(path, { headers: { cookie: berliner } });
    const patch = await app.request('/api/user/setting/german-federal-state', {
      method: 'PATCH',
      json: { selected_state: 'BE' },
      headers: { cookie: berliner },
    });
    expect(patch.status).toBe(200);
    const qs: Q[] = await (await own('/api/en/learn')).json();
    expect(qs).toHaveLength(310);
    expect(qs.filter((q) => q.state === null)).toHaveLength(300);
    expect(new Set(qs.filter((q) => q.state).map((q) => q.state))).toEqual(new Set(['BE']));
    const hamburg: Q[] = await (await own('/api/en/learn?state=HH')).json();
    expect(hamburg).toHaveLength(310);
    expect(new Set(hamburg.filter((q) => q.state).map((q) => q.state))).toEqual(new Set(['HH']));
  });

  it('holds 460 questions in all: 300 general and 10 for each of the 16 states', async () => {
    const all = await everyQuestion('de');
    expect(all).toHaveLength(460);
    expect(all.filter((q) => q.state === null)).toHaveLength(300);
    const perState = new Map<string, number>();
    for (const q of all) if (q.state) perState.set(q.state, (perState.get(q.state) ?? 0) + 1);
    expect(perState.size).toBe(16);
    expect([...perState.values()].every((n) => n === 10)).toBe(true);
  });

  it('always has the official German text; en and hr have this project’s translation and explanations', async () => {
    const en: Q[] = await (await learn('/api/en/learn')).json();
    const q1 = en.find((q) => q.id === 'q1');
    expect(q1?.text).toBe('In Deutschland dürfen Menschen offen etwas gegen die Regierung sagen, weil …');
    expect(q1?.translation?.lang).toBe('en');
    expect(q1?.translation?.text).toMatch(/^In Germany, people may openly /);
    expect(q1?.explanation?.lang).toBe('en');
    expect(q1?.explanation?.source).toBe('Basic Law, Article 5(1)');
    const de: Q[] = await (await learn('/api/de/learn')).json();
    expect(de.find((q) => q.id === 'q1')?.translation).toBeNull();
    expect(de.find((q) => q.id === 'q1')?.explanation).toMatchObject({
      lang: 'de',
      source: 'Grundgesetz, Art. 5 Abs. 1',
    });
  });

  it('Croatian for every question and answer of every state, and a Croatian explanation, labelled', async () => {
    const hr = await everyQuestion('hr');
    expect(hr).toHaveLength(460);
    for (const q of hr) {
      expect(q.translation?.lang, q.id).toBe('hr');
      expect(q.translation?.text, q.id).toMatch(/\S/);
      expect(
        q.translation?.answers.every((a) => typeof a === 'string' && a.trim() !== ''),
        q.id,
      ).toBe(true);
      expect(q.explanation?.lang, q.id).toBe('hr');
    }
    const q1 = hr.find((q) => q.id === 'q1');
    expect(q1?.translation?.text).toMatch(/Njemačkoj/);
  });

  it('English for every answer or the explicit same-as-German mark', async () => {
    const en = await everyQuestion('en');
    expect(en).toHaveLength(460);
    let marked = 0;
    for (const q of en) {
      expect(q.translation?.lang, q.id).toBe('en');
      expect(q.translation?.text, q.id).toMatch(/\S/);
      q.translation?.answers.forEach((a, i) => {
        const same = q.translation?.sameAsGerman[i] === true;
        if (same) marked += 1;
        // A text, or the mark (and then no text): never a gap.
        expect(same ? a === null : typeof a === 'string' && a.trim() !== '', `${q.id} answer ${i + 1}`).toBe(
          true,
        );
      });
      expect(q.explanation?.lang, q.id).toBe('en');
    }
    expect(marked).toBeGreaterThan(0);
  });

  it('time-sensitive questions carry the day their answer was checked: the Federal Chancellor, not the flag', async () => {
    const de: Q[] = await (await learn('/api/de/learn')).json();
    expect(de.find((q) => q.id === 'q72')?.answerCheckedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(de.find((q) => q.id === 'q1')?.answerCheckedOn).toBeNull();
  });

  it('no explanation in any language is the catalog file’s third-party text', async () => {
    const theirs = await thirdPartyExplanations();
    expect(theirs.size).toBeGreaterThan(400);
    for (const lang of ['de', 'en', 'hr']) {
      const ours = (await everyQuestion(lang)).map((q) => q.explanation?.text);
      expect(
        ours.every((t) => typeof t === 'string'),
        lang,
      ).toBe(true);
      expect(
        ours.filter((t) => t !== undefined && theirs.has(t)),
        lang,
      ).toEqual([]);
    }
  });

  it('narrows to the general questions plus one state', async () => {
    const qs: Q[] = await (await learn('/api/en/learn?state=BE')).json();
    expect(qs).toHaveLength(310);
    expect(new Set(qs.filter((q) => q.state).map((q) => q.state))).toEqual(new Set(['BE']));
    const bad = await learn('/api/en/learn?state=berlin');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0].path).toBe('state');
  });

  it('serves compressed JSON with an ETag, and 304 on a repeat', async () => {
    const first = await fetch(`${app.url}/api/en/learn`, { headers: { 'accept-encoding': 'gzip', cookie } });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await fetch(`${app.url}/api/en/learn`, {
      // What a browser sends when it revalidates its cached copy (fetch adds no-cache to manual conditionals).
      headers: { 'if-none-match': tag ?? '', 'cache-control': 'max-age=0', cookie },
    });
    expect(again.status).toBe(304);
  });
});

describe('catalog pictures', () => {
  it('serves every image question picture with long cache headers', async () => {
    const qs = await everyQuestion('de');
    const withImage = qs.filter((q) => q.image);
    expect(withImage).toHaveLength(43);
    const res = await app.request(withImage[0]?.image ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('refuses path tricks and unknown files with a 404', async () => {
    for (const p of ['/catalog-images/..%2Fcatalog.json', '/catalog-images/nope.png']) {
      const res = await app.request(p);
      expect(res.status).toBe(404);
    }
  });
});
