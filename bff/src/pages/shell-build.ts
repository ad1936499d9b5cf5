import fs from 'node:fs/promises';
import path from 'node:path';
import type { PageParts } from '@buergerfit/contract/page';
import { fileExists } from '../http/files';
import { SSR_DIR } from '../remotes/ssr';

/**
 * The shell's build as the page pipeline uses it: its page's parts (`page.json`, written by the shell's build from
 * its own head data and the entry's files), its stylesheets' and small scripts' texts to put inline, and its frame
 * renderer. Read again when a new shell build replaces the old one (`page.json`'s modification time).
 */
export type ShellBuild = {
  /** Changes with every shell build: a frame rendered from another build is not reused. */
  stamp: number;
  parts: PageParts;
  /** The entry's stylesheets, by href. */
  styles: ReadonlyMap<string, string>;
  /** public/theme.js and public/after-paint.js (null when not built). */
  themeScript: string | null;
  afterPaint: string | null;
  /** The frame's server renderer (`ssr/index.mjs`, from src/frame.tsx) and the CSS of the shell's app chunk. */
  frame: { file: string; css: string } | null;
};

const PAGE_PARTS = 'page.json';
const THEME_SCRIPT = 'theme.js';
const AFTER_PAINT_SCRIPT = 'after-paint.js';
const SAFE_FILE = /^\/static\/(js|css)\/[\w.-]+\.(js|css)$/;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** `page.json` as far as it is sound: its own files only, with safe names. */
function readParts(value: unknown): PageParts | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const scripts = strings(v.scripts);
  const styles = strings(v.styles);
  if (
    typeof v.title !== 'string' ||
    scripts.length === 0 ||
    ![...scripts, ...styles].every((f) => SAFE_FILE.test(f))
  )
    return null;
  const records = (x: unknown) =>
    (Array.isArray(x) ? x : []).filter(
      (r): r is Record<string, string> =>
        typeof r === 'object' && r !== null && Object.values(r).every((s) => typeof s === 'string'),
    );
  return {
    title: v.title,
    meta: records(v.meta).flatMap((m) =>
      m.name && m.content
        ? [{ name: m.name, content: m.content, ...(m.media ? { media: m.media } : {}) }]
        : [],
    ),
    links: records(v.links).flatMap((l) =>
      l.rel && l.href ? [{ rel: l.rel, href: l.href, ...(l.type ? { type: l.type } : {}) }] : [],
    ),
    scripts,
    styles,
    formReplay: typeof v.formReplay === 'string' ? v.formReplay : null,
  };
}

export function shellBuildReader(shellDist: string): () => Promise<ShellBuild | null> {
  let cached: ShellBuild | null = null;
  const read = async (file: string) => fs.readFile(path.join(shellDist, file), 'utf8').catch(() => null);
  return async () => {
    const stat = await fs.stat(path.join(shellDist, PAGE_PARTS)).catch(() => null);
    if (!stat) return null;
    if (cached?.stamp === stat.mtimeMs) return cached;
    let parts: PageParts | null = null;
    try {
      parts = readParts(JSON.parse((await read(PAGE_PARTS)) ?? 'null'));
    } catch {
      parts = null;
    }
    if (!parts) return null;
    const styles = new Map<string, string>();
    for (const href of parts.styles) {
      const css = await read(href.slice(1));
      if (css !== null) styles.set(href, css);
    }
    const build: ShellBuild = {
      stamp: stat.mtimeMs,
      parts,
      styles,
      themeScript: await read(THEME_SCRIPT),
      afterPaint: await read(AFTER_PAINT_SCRIPT),
      frame: await readFrame(shellDist),
    };
    // A stylesheet not readable yet (a build being written): this build is read again on the next page.
    if (styles.size === parts.styles.length) cached = build;
    return build;
  };
}

/** The frame's renderer and the stylesheets of the shell's app chunk (what its header and footer need). */
async function readFrame(shellDist: string): Promise<{ file: string; css: string } | null> {
  const file = path.join(shellDist, SSR_DIR, 'index.mjs');
  if (!(await fileExists(file))) return null;
  const dir = path.join(shellDist, 'static', 'css', 'async');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => /^[\w.-]+\.css$/.test(n));
  const css = await Promise.all(names.sort().map((n) => fs.readFile(path.join(dir, n), 'utf8')));
  return { file, css: css.join('\n') };
}
