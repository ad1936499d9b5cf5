import { createHash } from 'node:crypto';
import {
  FETCH_ATTRIBUTE,
  LATER_ID,
  PAGE_BOOT_ID,
  type PageParts,
  type PageStart,
  ROOT_ID,
  SCRIPTS_ATTRIBUTE,
  START_ATTRIBUTE,
  STYLE_ATTRIBUTE,
} from '@buergerfit/contract/page';
import type { Language } from '../http/lang';

/**
 * The one HTML template of every page the BFF sends: the document is written here from typed parts (the shell
 * build's `page.json`, the visitor's language and boot data, and — for a page sent made — its markup and the CSS it
 * needs), never by editing HTML that a build wrote. With the hashes the Content-Security-Policy must allow for the
 * page's inline `<style>` and `<script>`s (no 'unsafe-inline').
 */

/** `value` safe inside a double-quoted HTML attribute. */
export const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** `value` safe as the text of an element. */
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const sha256 = (value: string) => `sha256-${createHash('sha256').update(value).digest('base64')}`;

/** A page sent with its content (made on the server or at build time), ready to hydrate. */
export type MadeContent = {
  /** The markup inside `#root`: the shell's frame with the page's remote in its slot. */
  markup: string;
  /** Every style its first paint needs beyond the shell's own stylesheets (the frame's and the remote's). */
  css: string;
  /** The page's document title; null keeps the app's. */
  title: string | null;
};

export type PageDocument = {
  parts: PageParts;
  lang: Language;
  /** The page's boot data (contract `PageBoot`), as JSON; null when it could not be had. */
  boot: unknown;
  /** `<link rel=preload>`s of what the page's scripts load next (a remote's files, deferred first data). */
  preloads: string;
  /** For a page sent made: its content and the texts to put inline. Null: the empty shell page. */
  made: {
    content: MadeContent;
    /** The shell's entry stylesheets' texts, by href (put inline: a stylesheet request would block the paint). */
    shellStyles: ReadonlyMap<string, string>;
    /** shell/public/theme.js: the learner's theme on the page before its first paint. */
    themeScript: string | null;
    /** shell/public/after-paint.js: starts the entry scripts once the page has painted. */
    afterPaint: string | null;
    /** React's own script that keeps a form submitted before hydration for React to replay (see replay.ts). */
    formReplay: string | null;
    /** When the page's scripts start (contract `START_ATTRIBUTE`). */
    start: PageStart;
    /**
     * On an `intent` page: whether its files (the shell's scripts, the preloads) are fetched just after the first
     * paint all the same, so that the first tap on a control that needs the app waits only for their evaluation.
     */
    fetchEarly: boolean;
  } | null;
};

export type RenderedDocument = { html: string; scriptHashes: string[]; styleHashes: string[] };

/**
 * A `style="…"` attribute in made markup becomes a rule of the page's one inline stylesheet (the policy allows no
 * inline style attribute, yet a component may render one: a progress bar's width). The element gets
 * `data-bf-style="<n>"` and the stylesheet `[data-bf-style="<n>"]{…}`; identical styles share one rule. The rules
 * are not `!important`: once the page is hydrated, a style React sets on the element (the CSSOM, which the policy
 * allows) wins over them, as it would over any stylesheet.
 */
export function styleAttributesToRules(markup: string): { markup: string; css: string } {
  const rules = new Map<string, number>();
  const out = markup.replace(/(<[a-zA-Z][^<>]*?)\sstyle="([^"]*)"/g, (_, tag: string, raw: string) => {
    const declarations = decodeAttr(raw)
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d.includes(':'))
      .join(';');
    // Nothing that could end the stylesheet or open another rule.
    if (!declarations || /[<>{}]|\\/.test(declarations)) return tag;
    let n = rules.get(declarations);
    if (n === undefined) {
      n = rules.size;
      rules.set(declarations, n);
    }
    return `${tag} ${STYLE_ATTRIBUTE}="${n}"`;
  });
  const css = [...rules].map(([declarations, n]) => `[${STYLE_ATTRIBUTE}="${n}"]{${declarations}}`).join('');
  return { markup: out, css };
}

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const decodeAttr = (value: string) =>
  value.replace(/&(?:quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e).replace(/&amp;/g, '&');

/**
 * Text that may go inline into the page as the content of a `<style>` or `<script>` (our own builds' files): nothing
 * that could end the element early, and for CSS no relative `url()` (it would resolve against the page instead of
 * the stylesheet).
 */
const inlineScript = (value: string | null) => (value !== null && !/<\/script/i.test(value) ? value : null);
const inlineCss = (value: string) =>
  !/<\/style/i.test(value) && !/url\(\s*['"]?(?!data:|https?:|\/)/i.test(value) ? value : null;

/**
 * The page's first paint waits for its main heading (`<link rel="expect" blocking="render">`): on a slow phone the
 * parser would otherwise stop after the header for a paint of the header alone, and the heading — the page's largest
 * text — would come one paint later. Only a heading with an id (the markup's own).
 */
function expectHeading(markup: string): string {
  const id = /<h1\b[^>]*?\sid="([\w-]+)"/.exec(markup)?.[1];
  return id ? `<link rel="expect" href="#${id}" blocking="render">` : '';
}

const bootElement = (boot: unknown) =>
  boot === null
    ? ''
    : `<script id="${PAGE_BOOT_ID}" type="application/json">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>`;

/**
 * The document. An empty shell page links the shell's stylesheets and defers its scripts; a made page has every
 * style of its first paint inline, its content in `#root`, the boot data after the content (the browser paints the
 * content first) and the shell's scripts started just after the first paint or on the first intent. Null when a made page cannot be
 * written safely (then the empty page is sent instead).
 */
export function renderDocument(page: PageDocument): RenderedDocument | null {
  const { parts, lang, made } = page;
  const head = [
    '<meta charset="utf-8">',
    `<title>${text(made?.content.title ?? parts.title)}</title>`,
    ...parts.meta.map(
      (m) =>
        `<meta name="${attr(m.name)}" content="${attr(m.content)}"${m.media ? ` media="${attr(m.media)}"` : ''}>`,
    ),
    ...parts.links.map(
      (l) => `<link rel="${attr(l.rel)}" href="${attr(l.href)}"${l.type ? ` type="${attr(l.type)}"` : ''}>`,
    ),
  ];
  const scripts = parts.scripts.map((src) => `<script defer src="${attr(src)}"></script>`).join('');
  if (!made) {
    const styles = parts.styles.map((href) => `<link href="${attr(href)}" rel="stylesheet">`).join('');
    return {
      html: `<!DOCTYPE html><html lang="${lang}"><head>${head.join('')}${scripts}${styles}${page.preloads}</head><body><div id="${ROOT_ID}"></div>${bootElement(page.boot)}</body></html>`,
      scriptHashes: [],
      styleHashes: [],
    };
  }
  const styled = styleAttributesToRules(made.content.markup);
  const shellCss = parts.styles.map((href) => made.shellStyles.get(href));
  if (shellCss.some((css) => css === undefined)) return null;
  const style = inlineCss([...shellCss, made.content.css, styled.css].filter(Boolean).join('\n'));
  if (style === null) return null;
  const theme = inlineScript(made.themeScript);
  const afterPaint = inlineScript(made.afterPaint);
  const replay = inlineScript(made.formReplay);
  const sources = attr(parts.scripts.join(' '));
  // The entry scripts start after the first paint or on the first intent: inline (no round trip first) when the
  // script is there.
  const starting = `${SCRIPTS_ATTRIBUTE}="${sources}"${
    made.start === 'intent'
      ? ` ${START_ATTRIBUTE}="intent"${made.fetchEarly ? ` ${FETCH_ATTRIBUTE}="paint"` : ''}`
      : ''
  }`;
  const starter = afterPaint
    ? `<script ${starting}>${afterPaint}</script>`
    : `<script defer src="/after-paint.js" ${starting}></script>`;
  // What the scripts fetch next: after the content, or kept until the intent (or, on an intent page that fetches
  // early, until just after the first paint, when after-paint.js adds them with the scripts' own preloads).
  const preloads =
    made.start === 'paint'
      ? page.preloads
      : page.preloads && `<template id="${LATER_ID}">${page.preloads}</template>`;
  const html = [
    `<!DOCTYPE html><html lang="${lang}"><head>`,
    ...head,
    theme !== null ? `<script>${theme}</script>` : '',
    `<style>${style}</style>`,
    expectHeading(styled.markup),
    '</head><body>',
    // React's form replay listens before the content exists: a submit during parsing is kept too.
    replay !== null ? `<script>${replay}</script>` : '',
    `<div id="${ROOT_ID}">${styled.markup}</div>`,
    preloads,
    bootElement(page.boot),
    starter,
    '</body></html>',
  ].join('');
  return {
    html,
    scriptHashes: [theme, afterPaint, replay].filter((s): s is string => s !== null).map(sha256),
    styleHashes: [sha256(style)],
  };
}
