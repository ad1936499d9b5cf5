import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { pageLanguage, styleAttributesToRules } from '../remotes/prerender';

// A stand-in mf-marketing build with prerendered fragments (as its build writes them) and a built shell.
let root: string;
let app: TestApp;
const HEROES = {
  de: 'Bestehe den Einbürgerungstest',
  en: 'Pass the German naturalisation test',
  hr: 'Položite njemački test za naturalizaciju',
};
const CSS = 'static/css/async/__federation_expose_App.0123456789.css';
/** The shell's script that starts the entry scripts after the first paint (shell/public/after-paint.js). */
const AFTER_PAINT = '(()=>{window.__started=document.currentScript.dataset.scripts})();';

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
  await fs.writeFile(
    path.join(await mkdirp(root, 'shell', 'dist'), 'index.html'),
    '<!doctype html><html><head><title>Bürgerfit</title><script defer src="/static/js/index.1234567890.js"></script><link href="/static/css/index.abcdef0123.css" rel="stylesheet"></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(
    path.join(await mkdirp(root, 'shell', 'dist', 'static', 'css'), 'index.abcdef0123.css'),
    'body{margin:0}',
  );
  await fs.writeFile(path.join(root, 'shell', 'dist', 'after-paint.js'), AFTER_PAINT);
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
    expect(html).toContain('<html lang="de">');
    // A static page: the shell starts its remote only once the learner uses the page.
    expect(html).toMatch(
      /<div id="root"><main id="bf-prerender" data-remote="mf_marketing" data-path="\/" data-lang="de" data-wake="interaction">/,
    );
    // The boot data comes after the content (the content paints first), then the script that starts the app,
    // inline: the entry scripts start without waiting a round trip for it.
    expect(html).toMatch(
      /<\/main><\/div><script id="bf-boot" type="application\/json">\{[^<]*\}<\/script><script data-bf-after-paint data-scripts="\/static\/js\/index\.1234567890\.js">([^<]*)<\/script><\/body>/,
    );
    expect(html).toContain(`>${AFTER_PAINT}</script></body>`);
    expect(html).not.toMatch(/<head>.*bf-boot.*<\/head>/s);
    // The first paint waits for the page's main heading (not a paint of what comes before it alone).
    expect(html).toMatch(/<link rel="expect" href="#hero-title" blocking="render"><\/head>/);
    // The first paint needs no stylesheet request: the shell's and the remote's CSS are in one <style>, which the
    // page's Content-Security-Policy allows by its hash (no 'unsafe-inline'); nothing else is inline.
    expect(html).not.toContain('rel="stylesheet"');
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1] as string);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('body{margin:0}');
    expect(styles[0]).toContain('.mkt_hero_x{padding:2rem}');
    const hash = createHash('sha256')
      .update(styles[0] as string)
      .digest('base64');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`style-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    // The one inline script is allowed by its hash, nothing else inline.
    const scriptHash = createHash('sha256').update(AFTER_PAINT).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${scriptHash.replace(/[+/]/g, '\\$&')}';`));
    expect(csp).not.toContain('unsafe-inline');
    expect(html).not.toMatch(/<script>|style="/);
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)]).toHaveLength(
      1,
    );
    // The shell's entry script is fetched and run only after the first paint of the text.
    expect(html).not.toContain('<script defer src="/static/js/index.1234567890.js">');
    expect(html).not.toContain('src="/after-paint.js"');
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

  it('sends the plain shell page for other paths, for /index.html (the offline copy) and for pages without a fragment', async () => {
    for (const p of ['/learn', '/index.html', '/about']) {
      const res = await app.request(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-buergerfit-prerender')).toBeNull();
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('bf-prerender');
      // Nothing to paint before the app runs: the entry script stays a plain deferred script.
      expect(html).toContain('<script defer src="/static/js/index.1234567890.js">');
      expect(html).not.toContain('after-paint');
      expect(html).toContain('<link href="/static/css/index.abcdef0123.css" rel="stylesheet">');
      expect(html).not.toContain('<style');
      expect(res.headers.get('content-security-policy')).not.toContain('sha256-');
    }
  });

  it('reads Accept-Language by weight and primary subtag', () => {
    expect(pageLanguage(undefined, 'fr;q=1, hr-HR;q=0.5, de;q=0.7')).toBe('de');
    expect(pageLanguage(undefined, 'en-GB')).toBe('en');
    expect(pageLanguage('xx', 'hr')).toBe('hr');
    expect(pageLanguage(undefined, undefined)).toBe('en');
    expect(pageLanguage('de', 'en')).toBe('de');
  });
});

describe('style attributes of server-made markup', () => {
  it('become rules of the page stylesheet (the policy refuses inline style attributes), one per distinct style', () => {
    const { fragment, css } = styleAttributesToRules(
      '<div class="bar"><div class="fill" style="width:40.0%"></div></div><p style="width:40.0%">40 &amp; more</p>' +
        '<svg><circle style="stroke-dashoffset:12.5;color:red !important" r="4"></circle></svg>' +
        '<span style="font-family:&quot;Noto&quot;">x</span>',
    );
    expect(fragment).toBe(
      '<div class="bar"><div class="fill" data-bf-style="0"></div></div><p data-bf-style="0">40 &amp; more</p>' +
        '<svg><circle data-bf-style="1" r="4"></circle></svg><span data-bf-style="2">x</span>',
    );
    expect(css).toBe(
      '[data-bf-style="0"]{width:40.0% !important}' +
        '[data-bf-style="1"]{stroke-dashoffset:12.5 !important;color:red !important}' +
        '[data-bf-style="2"]{font-family:"Noto" !important}',
    );
  });

  it('drops a style that could break out of its rule, and leaves text that only looks like one', () => {
    const { fragment, css } = styleAttributesToRules(
      '<p style="color:red}body{display:none">a</p><p>style="width:1px"</p><p style="">b</p>',
    );
    expect(fragment).toBe('<p>a</p><p>style="width:1px"</p><p>b</p>');
    expect(css).toBe('');
  });
});
