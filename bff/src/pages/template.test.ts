import type { PageParts, PageStart } from '@buergerfit/contract/page';
import { describe, expect, it } from 'vitest';
import { renderDocument, styleAttributesToRules } from './template';

describe('style attributes of server-made markup', () => {
  it('become rules of the page stylesheet (the policy refuses inline style attributes), one per distinct style', () => {
    const { markup, css } = styleAttributesToRules(
      '<div class="bar"><div class="fill" style="width:40.0%"></div></div><p style="width:40.0%">40 &amp; more</p>' +
        '<svg><circle style="stroke-dashoffset:12.5;color:red !important" r="4"></circle></svg>' +
        '<span style="font-family:&quot;Noto&quot;">x</span>',
    );
    expect(markup).toBe(
      '<div class="bar"><div class="fill" data-bf-style="0"></div></div><p data-bf-style="0">40 &amp; more</p>' +
        '<svg><circle data-bf-style="1" r="4"></circle></svg><span data-bf-style="2">x</span>',
    );
    // Not !important (unless the markup said so): once hydrated, a style React sets on the element wins.
    expect(css).toBe(
      '[data-bf-style="0"]{width:40.0%}' +
        '[data-bf-style="1"]{stroke-dashoffset:12.5;color:red !important}' +
        '[data-bf-style="2"]{font-family:"Noto"}',
    );
  });

  it('drops a style that could break out of its rule, and leaves text that only looks like one', () => {
    const { markup, css } = styleAttributesToRules(
      '<p style="color:red}body{display:none">a</p><p>style="width:1px"</p><p style="">b</p>',
    );
    expect(markup).toBe('<p>a</p><p>style="width:1px"</p><p>b</p>');
    expect(css).toBe('');
  });
});

const PARTS: PageParts = {
  title: 'Bürgerfit',
  meta: [{ name: 'description', content: 'Tests & "quotes"' }],
  links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  scripts: ['/static/js/index.1234567890.js'],
  styles: ['/static/css/index.abcdef0123.css'],
  formReplay: null,
};
const made = (
  content: { markup?: string; css?: string; title?: string | null },
  afterPaint = 'go();',
  start: { start: PageStart; fetchEarly: boolean } = { start: 'paint', fetchEarly: false },
) => ({
  content: { markup: '<h1 id="h">Hi</h1>', css: '', title: null, ...content },
  shellStyles: new Map([['/static/css/index.abcdef0123.css', 'body{margin:0}']]),
  themeScript: null,
  afterPaint,
  formReplay: null,
  ...start,
});
const page = (m: ReturnType<typeof made> | null, preloads = '') =>
  renderDocument({ parts: PARTS, lang: 'de', boot: { x: '</script>' }, preloads, made: m });

describe('the page template', () => {
  it('escapes what it writes from data: attributes, the title and the boot data', () => {
    const html = page(made({ title: '<Demo> & more' }))?.html ?? '';
    expect(html).toContain('<title>&lt;Demo> &amp; more</title>');
    expect(html).toContain('<meta name="description" content="Tests &amp; &quot;quotes&quot;">');
    expect(html).toContain('<script id="bf-boot" type="application/json">{"x":"\\u003c/script>"}</script>');
    expect(page(null)?.html).toContain('{"x":"\\u003c/script>"}');
  });

  it('refuses to write a made page it cannot write safely, so the empty page is sent instead', () => {
    expect(page(made({}))).not.toBeNull();
    // CSS that would end the <style>, or a relative url() that would resolve against the page.
    expect(page(made({ css: '</style><script>x()</script>' }))).toBeNull();
    expect(page(made({ css: '.a{background:url(img/a.png)}' }))).toBeNull();
    expect(page(made({ css: '.a{background:url(/img/a.png)}' }))).not.toBeNull();
    // A stylesheet page.json names that could not be read.
    expect(
      renderDocument({
        parts: { ...PARTS, styles: [...PARTS.styles, '/static/css/other.0123456789.css'] },
        lang: 'de',
        boot: null,
        preloads: '',
        made: made({}),
      }),
    ).toBeNull();
  });

  it('loads the after-paint script from its file when its text cannot go inline', () => {
    const document = page(made({}, 'x("</script>")'));
    expect(document?.html).toContain(
      '<script defer src="/after-paint.js" data-scripts="/static/js/index.1234567890.js"></script></body>',
    );
    expect(document?.scriptHashes).toEqual([]);
  });

  it('starts the scripts after the paint, or on the first intent with the preloads kept until then or fetched early', () => {
    const preload = '<link rel="preload" href="/remotes/mf_x/1/remoteEntry.js" as="script">';
    const boot = '<script id="bf-boot" type="application/json">{"x":"\\u003c/script>"}</script>';
    // A signed-in page: its files after the content, its scripts after the first paint.
    expect(page(made({}), preload)?.html).toContain(
      `<h1 id="h">Hi</h1></div>${preload}${boot}<script data-scripts="/static/js/index.1234567890.js">go();</script></body>`,
    );
    // A public page: nothing fetched until the intent, when the template's preloads go into the head.
    expect(page(made({}, 'go();', { start: 'intent', fetchEarly: false }), preload)?.html).toContain(
      `<h1 id="h">Hi</h1></div><template id="bf-later">${preload}</template>${boot}<script data-scripts="/static/js/index.1234567890.js" data-hydrate="intent">go();</script></body>`,
    );
    // A public page with a control the app drives: its files fetched just after the first paint (after-paint.js
    // adds the template and the scripts' preloads then), evaluated on the intent.
    expect(page(made({}, 'go();', { start: 'intent', fetchEarly: true }), preload)?.html).toContain(
      `<h1 id="h">Hi</h1></div><template id="bf-later">${preload}</template>${boot}<script data-scripts="/static/js/index.1234567890.js" data-hydrate="intent" data-fetch="paint">go();</script></body>`,
    );
    // Nothing to keep: no empty template.
    expect(page(made({}, 'go();', { start: 'intent', fetchEarly: false }))?.html).not.toContain('<template');
  });
});
