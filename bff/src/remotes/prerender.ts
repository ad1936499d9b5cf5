import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_COOKIE } from '@buergerfit/locales';
import type { Context } from 'koa';
import { isLanguage, type Language } from '../http/lang';

/**
 * Server side of the prerendered public pages. mf_marketing's build writes each public page per language as an
 * HTML fragment (`dist/prerender/<lang>/<page>.html`, published with the remote's versioned folder); when the shell's
 * page is served for one of those paths, the BFF puts the fragment of the visitor's own variant into it, with the
 * remote's stylesheet, so the text is painted before any JavaScript runs. The shell keeps it on screen until the
 * remote has rendered the same content (shell/src/remotes/prerendered.ts).
 */

export const PRERENDER_REMOTE = 'mf_marketing';
/** Response header naming the remote whose fragment is in the page (the service worker never stores such a page). */
export const PRERENDER_HEADER = 'X-Buergerfit-Prerender';

export const fragmentFile = (pathname: string) => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

const MAX_CACHED = 200;

/** What mf_marketing's build writes beside its fragments: the pages it prerendered (`prerender/pages.json`). */
const PAGE_LIST = 'pages.json';
const PAGE_LIST_TTL_MS = 5_000;
/** A build's page list: the paths, and per language and path the document title the page asks for. */
type PageList = { pages: readonly string[]; titles: ReadonlyMap<string, string> };
/** Per published version, its page list (a version's folder never changes once published). */
const pageLists = new Map<string, PageList>();
let known: { at: number; paths: ReadonlySet<string> } | null = null;

const titleKey = (lang: string, pathname: string) => `${lang} ${pathname}`;

/** `{ "<lang>": { "<path>": "<title>" } }` as a map, strings only. */
function readTitles(value: unknown): Map<string, string> {
  const titles = new Map<string, string>();
  if (!value || typeof value !== 'object') return titles;
  for (const [lang, byPath] of Object.entries(value)) {
    if (!isLanguage(lang) || !byPath || typeof byPath !== 'object') continue;
    for (const [pathname, title] of Object.entries(byPath)) {
      if (typeof title === 'string' && title.length <= 200) titles.set(titleKey(lang, pathname), title);
    }
  }
  return titles;
}

async function pageList(remotesDir: string, version: string): Promise<PageList> {
  const cached = pageLists.get(version);
  if (cached) return cached;
  let list: PageList = { pages: [], titles: new Map() };
  try {
    const text = await fs.readFile(
      path.join(remotesDir, PRERENDER_REMOTE, version, 'prerender', PAGE_LIST),
      'utf8',
    );
    const parsed = JSON.parse(text) as { pages?: unknown; titles?: unknown };
    if (Array.isArray(parsed.pages)) {
      list = {
        pages: parsed.pages.filter((p): p is string => typeof p === 'string' && p.startsWith('/')),
        titles: readTitles(parsed.titles),
      };
    }
  } catch {
    // A build without prerendered pages (or not there yet): nothing to put into the shell's page.
  }
  if (pageLists.size >= MAX_CACHED) pageLists.delete(pageLists.keys().next().value as string);
  pageLists.set(version, list);
  return list;
}

/**
 * The paths some published build of mf_marketing prerenders: the union of what each build lists beside its
 * fragments. The BFF keeps no copy of the marketing pages; a build that adds a page serves it prerendered as soon as
 * it is published. The folder listing is re-read every few seconds; it gates only whether to look further.
 */
export async function prerenderedPaths(remotesDir: string, now = Date.now()): Promise<ReadonlySet<string>> {
  if (known && now - known.at < PAGE_LIST_TTL_MS) return known.paths;
  let versions: string[] = [];
  try {
    versions = await fs.readdir(path.join(remotesDir, PRERENDER_REMOTE));
  } catch {
    // No published build of the remote.
  }
  const lists = await Promise.all(versions.map((v) => pageList(remotesDir, v)));
  known = { at: now, paths: new Set(lists.flatMap((list) => list.pages)) };
  return known.paths;
}

/** The language cookie, else the best of Accept-Language (q-values, primary subtag), else English. */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((x) => x.weight > 0 && isLanguage(x.lang))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const best = wanted[0]?.lang;
  return isLanguage(best) ? best : 'en';
}

/**
 * A page's fragment and the CSS its markup needs (the remote's stylesheets, read from the published build); for a
 * static page, its document title (null: the shell's own).
 */
export type Prepared = { fragment: string; css: string; title?: string | null };
/** Published versions never change, so what was read from one is kept (bounded). */
const cache = new Map<string, Prepared | null>();

/** Per published version: the CSS of its `./App` (what the markup of any of its pages needs). */
const cssCache = new Map<string, string>();

/** The stylesheets of a published build's `./App`, read from its manifest (cached: a version never changes). */
export async function remoteCss(remotesDir: string, remote: string, version: string): Promise<string> {
  const key = `${remote}/${version}`;
  const cached = cssCache.get(key);
  if (cached !== undefined) return cached;
  const root = path.join(remotesDir, remote, version);
  const manifest = JSON.parse(await fs.readFile(path.join(root, 'mf-manifest.json'), 'utf8')) as {
    exposes?: Array<{ path?: string; name?: string; assets?: { css?: { sync?: string[] } } }>;
  };
  const app = manifest.exposes?.find((e) => e.path === './App' || e.name === 'App');
  const files = (app?.assets?.css?.sync ?? []).filter((f) => /^[\w./-]+\.css$/.test(f) && !f.includes('..'));
  const css = (await Promise.all(files.map((f) => fs.readFile(path.join(root, f), 'utf8')))).join('\n');
  if (cssCache.size >= MAX_CACHED) cssCache.delete(cssCache.keys().next().value as string);
  cssCache.set(key, css);
  return css;
}

async function readPrepared(
  remotesDir: string,
  version: string,
  lang: Language,
  pathname: string,
): Promise<Prepared | null> {
  const root = path.join(remotesDir, PRERENDER_REMOTE, version);
  try {
    const [fragment, css] = await Promise.all([
      fs.readFile(path.join(root, 'prerender', lang, fragmentFile(pathname)), 'utf8'),
      remoteCss(remotesDir, PRERENDER_REMOTE, version),
    ]);
    return { fragment, css };
  } catch {
    return null;
  }
}

/** The fragment and stylesheets of `version` for a page and language; null when that build has none. */
export async function prerendered(
  remotesDir: string,
  version: string,
  lang: Language,
  pathname: string,
): Promise<Prepared | null> {
  // Only a page that build lists: no path of a request ever names a file the build did not write.
  const list = await pageList(remotesDir, version);
  if (!list.pages.includes(pathname)) return null;
  const key = `${version}|${lang}|${pathname}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const read = await readPrepared(remotesDir, version, lang, pathname);
  const prepared = read && { ...read, title: list.titles.get(titleKey(lang, pathname)) ?? null };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, prepared);
  return prepared;
}

/** `value` safe inside a double-quoted HTML attribute. */
export const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const decodeAttr = (value: string) =>
  value.replace(/&(?:quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e).replace(/&amp;/g, '&');

/** Marks an element whose `style` attribute became a rule of the page's stylesheet (see `styleAttributesToRules`). */
const STYLE_MARK = 'data-bf-style';

/**
 * The page's policy allows no inline style attribute (`style="…"` in markup is refused; a script setting
 * `element.style` is not), yet a component may render one (a progress bar's width). So each `style` attribute of a
 * fragment becomes a rule of the page's one inline stylesheet, which the policy allows by its hash: the element
 * gets `data-bf-style="<n>"` and the stylesheet `[data-bf-style="<n>"]{…}`, its declarations `!important` as an
 * inline style would win over the classes. Identical styles share one rule.
 */
export function styleAttributesToRules(fragment: string): { fragment: string; css: string } {
  const rules = new Map<string, number>();
  const out = fragment.replace(/(<[a-zA-Z][^<>]*?)\sstyle="([^"]*)"/g, (_, tag: string, raw: string) => {
    const declarations = decodeAttr(raw)
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d.includes(':'))
      .map((d) => (/!important$/i.test(d) ? d : `${d} !important`))
      .join(';');
    // Nothing that could end the stylesheet or open another rule.
    if (!declarations || /[<>{}]|\\/.test(declarations)) return tag;
    let n = rules.get(declarations);
    if (n === undefined) {
      n = rules.size;
      rules.set(declarations, n);
    }
    return `${tag} ${STYLE_MARK}="${n}"`;
  });
  const css = [...rules].map(([declarations, n]) => `[${STYLE_MARK}="${n}"]{${declarations}}`).join('');
  return { fragment: out, css };
}

/**
 * The shell's frame rendered on the server for this visitor (shell/src/frame.tsx): its markup before and after the
 * page's area, and the CSS it needs beyond the shell's page stylesheets (its app chunk's).
 */
export type ShellFrame = { before: string; after: string; css: string };

/** The element of the frame's markup that stands for the page's area. */
export const FRAME_SLOT = '<bf-slot></bf-slot>';

/** The frame's render split at its slot; null unless the slot is there exactly once. */
export function splitFrame(html: string, css: string): ShellFrame | null {
  const at = html.indexOf(FRAME_SLOT);
  if (at < 0 || html.indexOf(FRAME_SLOT, at + 1) >= 0) return null;
  return { before: html.slice(0, at), after: html.slice(at + FRAME_SLOT.length), css };
}

/** A stylesheet of the shell's own page, as a file and what it holds. */
export type ShellStyles = ReadonlyMap<string, string>;

/**
 * The page and the hashes the Content-Security-Policy must allow for its one inline `<style>` and, when the shell's
 * after-paint script is inline, that `<script>`.
 */
export type PrerenderedPage = { html: string; styleHash: string; scriptHashes: string[] };

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * The shell's index.html with the fragment in `#root` (inside `<main id="bf-prerender">`), `<html lang>`, and every
 * style the first paint needs inline: the shell's stylesheets (`shellStyles`, by href) and the remote's CSS go into
 * one `<style>`, allowed by its hash (no 'unsafe-inline'). A separate stylesheet request costs more than its bytes:
 * it blocks rendering until it arrives. The entry scripts start after the first paint (`scriptsAfterPaint`).
 */
export function injectPrerender(
  html: string,
  { fragment, css, title = null }: Prepared,
  lang: Language,
  pathname: string,
  shellStyles: ShellStyles = new Map(),
  {
    remote = PRERENDER_REMOTE,
    wake = 'load',
    afterPaint = null,
    frame = null,
    start = wake === 'interaction' ? 'interaction' : 'paint',
    themeScript = null,
  }: {
    remote?: string;
    wake?: 'load' | 'interaction';
    /** The text of the shell's after-paint.js, to put inline (see `scriptsAfterPaint`). */
    afterPaint?: string | null;
    /** The shell's own frame around the fragment (header, footer: see `ShellFrame`), when it could be rendered. */
    frame?: ShellFrame | null;
    /**
     * When the shell's scripts start: just after the first paint, or — for a page in its frame that a guest can read
     * and use as sent — at the learner's first touch, key or focus (the page does not pay for an app it may not need).
     */
    start?: 'paint' | 'interaction';
    /** The shell's theme.js: the learner's theme on the page before its first paint (inline in the head). */
    themeScript?: string | null;
  } = {},
): PrerenderedPage | null {
  const ROOT = '<div id="root"></div>';
  if (!html.includes(ROOT) || !html.includes('</head>')) return null;
  const styled = styleAttributesToRules(fragment);
  const inlined: string[] = [];
  const page = html.replace(/<link href="([^"]+)" rel="stylesheet">/g, (link, href: string) => {
    const text = shellStyles.get(href);
    if (text === undefined) return link;
    inlined.push(text);
    return '';
  });
  const style = [...inlined, frame?.css ?? '', css, styled.css].filter(Boolean).join('\n');
  // Our own build's CSS. Not put inline: anything that could end the element early, and relative url()s (they
  // would resolve against the page instead of the stylesheet); such a page is sent plain.
  if (/<\/style/i.test(style) || /url\(\s*['"]?(?!data:|https?:|\/)/i.test(style)) return null;
  // `data-wake="interaction"`: the shell starts the live remote only once the learner uses the page (prerendered.ts).
  const wakeAttr = wake === 'interaction' ? ' data-wake="interaction"' : '';
  const data = `data-remote="${attr(remote)}" data-path="${attr(pathname)}" data-lang="${lang}"${wakeAttr}`;
  // In the shell's frame the fragment sits where the live shell renders the page's area; without it, the page is the
  // fragment alone, with room kept for the header the shell adds.
  const main = frame
    ? `${frame.before}<div id="bf-prerender" ${data}>${styled.fragment}</div>${frame.after}`
    : `<main id="bf-prerender" ${data}>${styled.fragment}</main>`;
  // Only a page in its frame is complete without the shell (without it, the shell must add the header).
  const scripted = scriptsAfterPaint(page, afterPaint, frame ? start : 'paint');
  // Our own build's script; not inline if it could end the element early.
  const theme = themeScript !== null && !/<\/script/i.test(themeScript) ? themeScript : null;
  return {
    scriptHashes: [
      ...(scripted.scriptHash ? [scripted.scriptHash] : []),
      ...(theme !== null ? [sha256(theme)] : []),
    ],
    html: scripted.html
      .replace(/<title>[^<]*<\/title>/, (tag) => (title === null ? tag : `<title>${attr(title)}</title>`))
      .replace(/<html(?![^>]*\blang=)/, `<html lang="${lang}"`)
      .replace(
        '</head>',
        `${theme !== null ? `<script>${theme}</script>` : ''}<style>${style}</style>${expectHeading(styled.fragment)}</head>`,
      )
      .replace(ROOT, `<div id="root">${main}</div>`),
    styleHash: sha256(style),
  };
}

/**
 * The page's first paint waits for its main heading (`<link rel="expect" blocking="render">`): on a slow phone the
 * parser would otherwise stop after the header for a paint of the header alone, and the heading — the page's largest
 * text — would come one paint later. Only a heading with an id (the markup's own); without one, nothing waits.
 */
function expectHeading(fragment: string): string {
  const id = /<h1\b[^>]*?\sid="([\w-]+)"/.exec(fragment)?.[1];
  return id ? `<link rel="expect" href="#${id}" blocking="render">` : '';
}

/** The shell's public script that starts the entry scripts once the page has painted. */
export const AFTER_PAINT_SCRIPT = '/after-paint.js';
/** Marks the inline copy of that script (the boot data goes before it: see `atBodyEnd` in web/boot.ts). */
export const AFTER_PAINT_MARK = 'data-bf-after-paint';
const DEFERRED_SCRIPT = /<script defer(?:="")? src="([^"]+)"><\/script>/g;

/**
 * A page that already holds its text should show it before the shell's JavaScript (about 500 KB to compile and run)
 * takes the main thread: deferred scripts run as soon as the HTML is parsed, before the first paint, and even as
 * preloads their download slows the page's own. So the entry scripts are handed to shell/public/after-paint.js,
 * which adds them, in order, just after the first paint. A page without deferred scripts is left as it is.
 *
 * With `afterPaint` (the script's text), the script is put inline at the end of the body, allowed by its hash: the
 * entry scripts then start without first waiting a round trip for it. Without it, it is the script file.
 */
export function scriptsAfterPaint(
  html: string,
  afterPaint: string | null = null,
  start: 'paint' | 'interaction' = 'paint',
): { html: string; scriptHash: string | null } {
  const scripts: string[] = [];
  const rest = html.replace(DEFERRED_SCRIPT, (_, src: string) => {
    scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return { html, scriptHash: null };
  const sources = attr(scripts.join(' '));
  const startAttr = start === 'interaction' ? ' data-start="interaction"' : '';
  // Our own build's script. Not put inline: anything that could end the element early.
  if (afterPaint !== null && !/<\/script/i.test(afterPaint) && rest.includes('</body>')) {
    const end = rest.lastIndexOf('</body>');
    return {
      html: `${rest.slice(0, end)}<script ${AFTER_PAINT_MARK} data-scripts="${sources}"${startAttr}>${afterPaint}</script>${rest.slice(end)}`,
      scriptHash: sha256(afterPaint),
    };
  }
  return {
    html: rest.replace(
      '</head>',
      `<script defer src="${AFTER_PAINT_SCRIPT}" data-scripts="${sources}"${startAttr}></script></head>`,
    ),
    scriptHash: null,
  };
}

export function prerenderLanguage(ctx: Context): Language {
  return pageLanguage(ctx.cookies.get(LANGUAGE_COOKIE), ctx.get('Accept-Language'));
}
