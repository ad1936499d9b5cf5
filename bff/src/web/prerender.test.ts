import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import {
  AFTER_PAINT,
  FRAME_CSS,
  OFFLINE_PAGE,
  SHELL_CSS,
  SHELL_SCRIPT,
  SHELL_STYLE,
  SHELL_TITLE,
  THEME,
  writeShellDist,
} from '../../test/helpers/shell-dist';
import { pageLanguage } from '../pages/fragments';

// A stand-in mf-marketing build with prerendered fragments (as its build writes them) and a built shell whose
// frame has the marketing pages' slot.
let root: string;
let app: TestApp;
const HEROES = {
  de: 'Bestehe den Einbürgerungstest',
  en: 'Pass the German naturalisation test',
  hr: 'Položite njemački test za naturalizaciju',
};
const CSS = 'static/css/async/__federation_expose_App.0123456789.css';

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-prerender-'));
  const dist = path.join(root, 'mf-marketing', 'dist');
  await fs.writeFile(
    path.join(await mkdirp(root, 'mf-marketing'), 'package.json'),
    JSON.stringify({ version: '0.1.0' }),
  );
  await fs.mkdir(path.join(dist, 'static', 'css', 'async'), { recursive: true });
  await fs.writeFile(path.join(dist, CSS), '.mkt_hero_x{padding:2rem}');
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      name: 'mf_marketing',
      exposes: [{ name: 'App', path: './App', assets: { css: { sync: [CSS], async: [] } } }],
    }),
  );
  for (const [lang, hero] of Object.entries(HEROES)) {
    await fs.writeFile(
      path.join(await mkdirp(dist, 'prerender', lang), 'index.html'),
      `<div class="mkt_hero_x"><h1 id="hero-title">${hero}</h1></div>`,
    );
    await fs.writeFile(
      path.join(await mkdirp(dist, 'prerender', lang, 'knowledge'), 'einburgerungstest.html'),
      `<article><h1>Knowledge ${lang}</h1></article>`,
    );
  }
  // The build lists what it prerendered, with each page's document title; a fragment it does not list (here
  // /about) is never served.
  await fs.writeFile(
    path.join(dist, 'prerender', 'pages.json'),
    JSON.stringify({
      pages: ['/', '/knowledge/einburgerungstest'],
      titles: {
        de: { '/knowledge/einburgerungstest': 'Der Einbürgerungstest erklärt · Bürgerfit' },
        hr: { '/knowledge/einburgerungstest': 42 },
      },
    }),
  );
  await fs.writeFile(path.join(dist, 'prerender', 'en', 'about.html'), '<h1>About, unlisted</h1>');
  await writeShellDist(root, {
    paths: ['/', '/about', '/knowledge/*', '/learn/*'],
    remotes: [
      { path: '/', remote: 'mf_marketing', protected: false },
      { path: '/about', remote: 'mf_marketing', protected: false },
      { path: '/knowledge/*', remote: 'mf_marketing', protected: false },
    ],
    frame: true,
  });
  app = await createTestApp({ STATIC_ROOT: root });
});
afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function mkdirp(...parts: string[]): Promise<string> {
  const dir = path.join(...parts);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hero = (html: string) => /<h1 id="hero-title">([^<]*)<\/h1>/.exec(html)?.[1];

describe('prerendered marketing pages', () => {
  it('puts the hero of the requested language into the page of /, with the remote stylesheet and <html lang>', async () => {
    const res = await app.request('/', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-buergerfit-prerender')).toBe('mf_marketing');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    const html = await res.text();
    expect(hero(html)).toBe(HEROES.de);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="de"><head>/);
    // The fragment in the frame's slot for its remote.
    expect(html).toContain(
      '<main id="main"><div data-bf-slot="mf_marketing"><div class="mkt_hero_x"><h1 id="hero-title">' +
        `${HEROES.de}</h1></div></div></main>`,
    );
    // After the content (which paints first): the preloads, kept in a template until the learner shows intent, the
    // boot data, then the script that starts the app's scripts on that intent (a public page works without them),
    // inline: the entry scripts start without waiting a round trip for it.
    expect(html).toMatch(
      /<\/footer><\/div><\/div><template id="bf-later">(<link rel="preload"[^>]*>)+<\/template><script id="bf-boot" type="application\/json">\{[^<]*\}<\/script><script data-scripts="\/static\/js\/index\.1234567890\.js" data-hydrate="intent">([^<]*)<\/script><\/body><\/html>$/,
    );
    expect(html).toContain(`>${AFTER_PAINT}</script></body>`);
    expect(html).not.toMatch(/<head>.*(bf-boot|rel="preload").*<\/head>/s);
    // The first paint waits for the page's main heading (not a paint of what comes before it alone).
    expect(html).toMatch(/<link rel="expect" href="#hero-title" blocking="render"><\/head>/);
    // The first paint needs no stylesheet request: the shell's, its frame's and the remote's CSS are in one
    // <style>, which the page's Content-Security-Policy allows by its hash (no 'unsafe-inline').
    expect(html).not.toContain('rel="stylesheet"');
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1] as string);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain(SHELL_CSS);
    expect(styles[0]).toContain(FRAME_CSS);
    expect(styles[0]).toContain('.mkt_hero_x{padding:2rem}');
    const hash = (text: string) =>
      createHash('sha256').update(text).digest('base64').replace(/[+/]/g, '\\$&');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`style-src 'self'[^;]* 'sha256-${hash(styles[0] as string)}'`));
    // The theme and the script that starts the app are allowed by their hashes, nothing else inline (no render
    // wrote React's form replay).
    expect(csp).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash(THEME)}' 'sha256-${hash(AFTER_PAINT)}';`),
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(html).not.toContain('style="');
    expect(
      [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([^<]*)/g)].map(
        (m) => m[1],
      ),
    ).toEqual([THEME, AFTER_PAINT]);
    // The shell's entry script is fetched and run only after the first paint of the text.
    expect(html).not.toContain(`<script defer src="${SHELL_SCRIPT}">`);
    expect(html).not.toContain('src="/after-paint.js"');
  });

  it("counts the visitor's A/B exposure to the variant the page was made with, before any script", async () => {
    const res = await app.request('/', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-buergerfit-prerender')).toBe('mf_marketing');
    const visitor = /bf_vid=([0-9a-f-]{36})/.exec(res.headers.getSetCookie().join('; '))?.[1];
    expect(visitor).toBeDefined();
    const assigned = await app
      .db('remote_assignments')
      .where({ visitor_id: visitor, remote: 'mf_marketing' })
      .first();
    const exposures = await app
      .db('remote_exposures')
      .where({ visitor_id: visitor })
      .select('remote', 'variant');
    expect(exposures).toEqual([{ remote: 'mf_marketing', variant: assigned.variant }]);
    // The next page of the same visitor adds nothing.
    await app.request('/', { headers: { cookie: `bf_vid=${visitor}` } });
    const [row] = await app.db('remote_exposures').where({ visitor_id: visitor }).count({ n: '*' });
    expect(Number(row?.n)).toBe(1);
  });

  it('prefers the language cookie the shell sets, and falls back to English', async () => {
    const cookie = await app.request('/', { headers: { cookie: 'bf_lang=hr', 'accept-language': 'de' } });
    expect(hero(await cookie.text())).toBe(HEROES.hr);
    const none = await app.request('/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(hero(await none.text())).toBe(HEROES.en);
    const knowledge = await app.request('/knowledge/einburgerungstest', {
      headers: { cookie: 'bf_lang=de' },
    });
    expect(await knowledge.text()).toContain('<h1>Knowledge de</h1>');
  });

  it("names the page with the title the build wrote for that page and language, else keeps the shell's", async () => {
    const title = async (p: string, lang: string) =>
      /<title>([^<]*)<\/title>/.exec(
        await (await app.request(p, { headers: { cookie: `bf_lang=${lang}` } })).text(),
      )?.[1];
    expect(await title('/knowledge/einburgerungstest', 'de')).toBe(
      'Der Einbürgerungstest erklärt · Bürgerfit',
    );
    // No title for English; a title that is not text is ignored.
    expect(await title('/knowledge/einburgerungstest', 'en')).toBe('Bürgerfit');
    expect(await title('/knowledge/einburgerungstest', 'hr')).toBe('Bürgerfit');
    expect(await title('/', 'de')).toBe('Bürgerfit');
  });

  it('sends the empty shell page for other paths and for pages without a fragment, and /index.html as built', async () => {
    for (const p of ['/learn', '/about']) {
      const res = await app.request(p, { headers: { 'accept-language': 'hr' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-buergerfit-prerender')).toBeNull();
      expect(res.headers.get('vary')).toBe('Cookie');
      const html = await res.text();
      // Nothing to paint before the app runs: the shell's head, its entry script deferred and its stylesheet
      // linked, and an empty root.
      expect(html).toMatch(
        new RegExp(
          `^<!DOCTYPE html><html lang="hr"><head><meta charset="utf-8"><title>${SHELL_TITLE}</title>` +
            '<meta name="viewport" [^>]*><meta name="description" [^>]*><link rel="icon" [^>]*>' +
            `<script defer src="${escaped(SHELL_SCRIPT)}"></script><link href="${escaped(SHELL_STYLE)}" rel="stylesheet">` +
            '(<link rel="preload"[^>]*>)*</head><body><div id="root"></div><script id="bf-boot" type="application/json">\\{[^<]*\\}</script></body></html>$',
        ),
      );
      expect(html).not.toContain('About, unlisted');
      expect(html).not.toContain('<style');
      expect(res.headers.get('content-security-policy')).not.toContain('sha256-');
    }
    // The service worker's offline copy: the file the shell's build wrote, nobody's page.
    const offline = await app.request('/index.html');
    expect(offline.status).toBe(200);
    expect(offline.headers.get('x-buergerfit-prerender')).toBeNull();
    expect(await offline.text()).toBe(OFFLINE_PAGE);
    expect(offline.headers.get('content-security-policy')).not.toContain('sha256-');
  });

  it('reads Accept-Language by weight and primary subtag', () => {
    expect(pageLanguage(undefined, 'fr;q=1, hr-HR;q=0.5, de;q=0.7')).toBe('de');
    expect(pageLanguage(undefined, 'en-GB')).toBe('en');
    expect(pageLanguage('xx', 'hr')).toBe('hr');
    expect(pageLanguage(undefined, undefined)).toBe('en');
    expect(pageLanguage('de', 'en')).toBe('de');
  });
});
