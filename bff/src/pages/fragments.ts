import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_COOKIE } from '@buergerfit/locales';
import type { Context } from 'koa';
import { isLanguage, type Language } from '../http/lang';

/**
 * The public pages' markup, made when mf_marketing is built (the page pipeline's content for them, see page.ts).
 * Its build writes each public page per language as an HTML fragment (`dist/prerender/<lang>/<page>.html`, published
 * with the remote's versioned folder, so each A/B variant has its own); the BFF puts the visitor's variant's fragment
 * into the page's slot, and the browser hydrates it like a page rendered for the visitor.
 */

export const PRERENDER_REMOTE = 'mf_marketing';

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

export function prerenderLanguage(ctx: Context): Language {
  return pageLanguage(ctx.cookies.get(LANGUAGE_COOKIE), ctx.get('Accept-Language'));
}
