import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import { isLanguage, type Language } from '../http/lang';
import { manifestUrlFor } from './publish';

/**
 * Server side of the prerendered public pages. mf_marketing's build writes each public page per language as an
 * HTML fragment (`dist/prerender/<lang>/<page>.html`, published with the remote's versioned folder); when the shell's
 * page is served for one of those paths, the BFF puts the fragment of the visitor's own variant into it, with the
 * remote's stylesheet, so the text is painted before any JavaScript runs. The shell keeps it on screen until the
 * remote has rendered the same content (shell/src/remotes/prerendered.ts).
 */

/** The paths mf_marketing prerenders (its src/prerender.tsx `PAGES`). */
export const PRERENDERED_PATHS = new Set([
  '/',
  '/knowledge/einburgerungstest',
  '/privacy-policy',
  '/terms-of-service',
  '/about',
]);
export const PRERENDER_REMOTE = 'mf_marketing';
/** Set by the shell when the language is chosen or detected (platform `LANGUAGE_COOKIE`). */
export const LANGUAGE_COOKIE = 'bf_lang';
/** Response header naming the remote whose fragment is in the page (the service worker never stores such a page). */
export const PRERENDER_HEADER = 'X-Buergerfit-Prerender';

export const fragmentFile = (pathname: string) => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

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

type Prepared = { fragment: string; stylesheets: string[] };
const MAX_CACHED = 200;
/** Published versions never change, so what was read from one is kept (bounded). */
const cache = new Map<string, Prepared | null>();

async function readPrepared(
  remotesDir: string,
  version: string,
  lang: Language,
  pathname: string,
): Promise<Prepared | null> {
  const root = path.join(remotesDir, PRERENDER_REMOTE, version);
  try {
    const [fragment, manifestText] = await Promise.all([
      fs.readFile(path.join(root, 'prerender', lang, fragmentFile(pathname)), 'utf8'),
      fs.readFile(path.join(root, 'mf-manifest.json'), 'utf8'),
    ]);
    const manifest = JSON.parse(manifestText) as {
      exposes?: Array<{ path?: string; name?: string; assets?: { css?: { sync?: string[] } } }>;
    };
    const app = manifest.exposes?.find((e) => e.path === './App' || e.name === 'App');
    const base = manifestUrlFor(PRERENDER_REMOTE, version).replace(/mf-manifest\.json$/, '');
    const stylesheets = (app?.assets?.css?.sync ?? [])
      .filter((f) => /^[\w./-]+\.css$/.test(f) && !f.includes('..'))
      .map((f) => base + f);
    return { fragment, stylesheets };
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
  const key = `${version}|${lang}|${pathname}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const prepared = await readPrepared(remotesDir, version, lang, pathname);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, prepared);
  return prepared;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell's index.html with the fragment in `#root` (inside `<main id="bf-prerender">`) and `<html lang>`. */
export function injectPrerender(
  html: string,
  { fragment, stylesheets }: Prepared,
  lang: Language,
  pathname: string,
): string | null {
  const ROOT = '<div id="root"></div>';
  if (!html.includes(ROOT) || !html.includes('</head>')) return null;
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${attr(href)}">`).join('');
  const main = `<main id="bf-prerender" data-remote="${PRERENDER_REMOTE}" data-path="${attr(pathname)}" data-lang="${lang}">${fragment}</main>`;
  return html
    .replace(/<html(?![^>]*\blang=)/, `<html lang="${lang}"`)
    .replace('</head>', `${links}</head>`)
    .replace(ROOT, `<div id="root">${main}</div>`);
}

export function prerenderLanguage(ctx: Context): Language {
  return pageLanguage(ctx.cookies.get(LANGUAGE_COOKIE), ctx.get('Accept-Language'));
}
