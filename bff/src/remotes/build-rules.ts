import path from 'node:path';
import type { BuildFiles } from './artifacts';
import { InvalidBuild } from './validate';

const MB = 1024 * 1024;

/**
 * What one build may hold. The real remotes (measured on their production builds): at most 2.3 MB in 55 files, the
 * largest file 1.4 MB (a server renderer), the longest path 65 characters and 4 folders deep. Every limit leaves
 * room many times over; above it the upload is refused while it is still being read.
 */
export const BUILD_LIMITS = {
  /** The gzipped upload as sent. */
  uploadBytes: 32 * MB,
  /** All files together, unpacked. */
  unpackedBytes: 32 * MB,
  /** One file, unpacked. */
  fileBytes: 8 * MB,
  /** Files and folders in the archive. */
  entries: 2_000,
  /** Characters of a path inside the archive. */
  pathChars: 200,
  /** Folders and file name of a path (`static/js/async/x.js` is 4). */
  depth: 8,
} as const;

/** A path segment of a build: letters, digits, `_`, `-` and `.`, not starting with a dot. */
const SEGMENT = /^[\w-][\w.-]*$/;

/**
 * The files a browser loads from a build and the one type each is always served as: scripts, styles, JSON (the
 * manifest, source maps), raster images, fonts and plain text (licence notes). Nothing that a browser would show
 * as a document (HTML, SVG, XML): served from the app's origin, such a file would run script as the app.
 */
export const SERVED_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

/**
 * Folders the BFF reads itself and never serves: the server renderer (`ssr/`) and mf_marketing's prerendered page
 * fragments (`prerender/`, put into the shell's page on the server), with the types each may hold.
 */
const SERVER_SIDE: Readonly<Record<string, ReadonlySet<string>>> = {
  ssr: new Set(['js', 'mjs', 'json']),
  prerender: new Set(['html', 'json']),
};

/** The page a remote's build writes to run on its own (`index.html`): the shell never loads it, it is left out. */
const LEFT_OUT = new Set(['index.html']);

const extension = (file: string) => {
  const ext = path.posix.extname(file);
  return ext ? ext.slice(1).toLowerCase() : '';
};

/** The Content-Type a build's file is served with, or null when it is not served at all. */
export function servedType(file: string): string | null {
  const top = file.split('/')[0] ?? '';
  if (top in SERVER_SIDE) return null;
  return SERVED_TYPES[extension(file)] ?? null;
}

/**
 * Why an archive entry's name cannot be part of a build, or null when it can. `name` is the entry's name as
 * written in the archive; folders may end with `/`.
 */
export function nameProblem(name: string): string | null {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  if (name.length > BUILD_LIMITS.pathChars) {
    return `The archive holds a path longer than ${BUILD_LIMITS.pathChars} characters: ${JSON.stringify(shown)}.`;
  }
  if (name.includes('\0') || name.includes('\\')) {
    return `The archive holds a path with a NUL or a backslash: ${JSON.stringify(shown)}.`;
  }
  if (name.startsWith('/')) return `The archive holds a path outside its folder: ${name}`;
  const clean = stripDot(name);
  // The archive's own top folder (`./` of `tar -C dist .`).
  if (clean === '') return null;
  const segments = clean.split('/');
  if (segments.some((s) => s === '..')) return `The archive holds a path outside its folder: ${name}`;
  if (segments.length > BUILD_LIMITS.depth) {
    return `The archive holds a path more than ${BUILD_LIMITS.depth} folders deep: ${JSON.stringify(shown)}.`;
  }
  if (segments.some((s) => !SEGMENT.test(s))) {
    return `The archive holds a name other than letters, digits, '_', '-' and '.' (not starting with a dot): ${JSON.stringify(shown)}.`;
  }
  return null;
}

/** `./static/js/` → `static/js`; `./` and `.` → `` (the archive's own top folder). */
export function stripDot(name: string): string {
  return name
    .replace(/^(\.\/)+/, '')
    .replace(/^\.$/, '')
    .replace(/\/+$/, '');
}

/**
 * The files of a build as they are stored and served: the standalone page left out, every other file of a type
 * the browser loads (or in a folder the BFF reads itself). Throws InvalidBuild naming the first file of another
 * type: a document (HTML, SVG, XML), or a precompressed copy (`.gz`, `.br`: the server makes its own from the files
 * it checked).
 */
export function buildFilesToPublish(files: BuildFiles): BuildFiles {
  const kept: BuildFiles = new Map();
  const refused: string[] = [];
  for (const [file, data] of files) {
    if (LEFT_OUT.has(file)) continue;
    const top = file.split('/')[0] ?? '';
    const allowed = SERVER_SIDE[top]?.has(extension(file)) ?? servedType(file) !== null;
    if (allowed) kept.set(file, data);
    else refused.push(file);
  }
  if (refused.length > 0) {
    refused.sort();
    throw new InvalidBuild(
      `The build holds a file of a type that is not served: ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}. A build holds scripts, styles, JSON, source maps, raster images, fonts and text; no HTML, SVG or XML, and no .gz or .br (the server compresses the files itself).`,
    );
  }
  return kept;
}
