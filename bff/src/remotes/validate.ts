import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { BuildFiles } from './artifacts';

/** Why a build cannot go live (answered as 422 with this text). */
export class InvalidBuild extends Error {}

const assetList = z
  .object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) })
  .partial()
  .default({});
const assets = z.object({ js: assetList, css: assetList }).partial().default({});

/** The parts of a Module Federation manifest (mf-manifest.json) this checks. */
const manifestSchema = z.object({
  name: z.string(),
  metaData: z.object({
    buildInfo: z.object({ buildVersion: z.string() }).partial().optional(),
    remoteEntry: z.object({ name: z.string().min(1), path: z.string().default('') }),
    publicPath: z.string().optional(),
    getPublicPath: z.unknown().optional(),
    ssrPublicPath: z.unknown().optional(),
    ssrRemoteEntry: z.object({ name: z.string().default(''), path: z.string().default('') }).optional(),
  }),
  remotes: z.array(z.object({ entry: z.unknown().optional() })).default([]),
  shared: z
    .array(
      z.object({
        name: z.string(),
        version: z.string().optional(),
        requiredVersion: z.string().optional(),
        singleton: z.boolean().nullable().optional(),
        assets: assets.optional(),
      }),
    )
    .default([]),
  exposes: z.array(z.object({ name: z.string().optional(), path: z.string(), assets: assets.optional() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The shell's shared singletons (name → version), from its build's manifest. */
export type ShellShared = ReadonlyMap<string, string>;

export async function shellShared(shellDist: string): Promise<ShellShared> {
  try {
    const raw = JSON.parse(await fs.readFile(path.join(shellDist, 'mf-manifest.json'), 'utf8')) as {
      shared?: { name: string; version?: string; singleton?: boolean | null }[];
    };
    return new Map(
      (raw.shared ?? []).filter((s) => s.singleton && s.version).map((s) => [s.name, s.version as string]),
    );
  } catch {
    return new Map();
  }
}

/** 19.3.1 → "19"; 0.4.2 → "0.4": versions with the same key are compatible (semver's caret rule). */
function caretKey(version: string): string | null {
  const m = /(\d+)(?:\.(\d+))?/.exec(version);
  if (!m) return null;
  const major = Number(m[1]);
  return major > 0 ? String(major) : `0.${Number(m[2] ?? 0)}`;
}

/** A file of the build as a manifest names it: a relative path inside the build (`static/js/a.js`, `./x.js`). */
const IN_BUILD = /^(\.\/)?([\w-][\w.-]*\/)*[\w-][\w.-]*$/;
/** A folder of the app's own origin as a public path: `/`, `/remotes/mf_learn/`. */
const SAME_ORIGIN_FOLDER = /^\/([\w-][\w.~-]*\/)*$/;

/**
 * Whether a manifest's `publicPath` (where the browser loads the build's files from) keeps them where the manifest
 * is: `auto` (beside the manifest), a folder of the same origin, or for a manifest on another host an https URL of
 * that host.
 */
function isOwnPublicPath(value: unknown, manifestOrigin: string | undefined): boolean {
  if (value === 'auto' || value === '') return true;
  if (typeof value !== 'string') return false;
  if (SAME_ORIGIN_FOLDER.test(value)) return true;
  if (!manifestOrigin || !/^https?:\/\/[^\\]*\/$/.test(value)) return false;
  try {
    return new URL(value).origin === manifestOrigin;
  } catch {
    return false;
  }
}

/**
 * Parses a manifest's text and checks what the shell relies on; throws InvalidBuild with the reason. Every place the
 * manifest points the browser at (its public path, the files it names, remotes it would load) stays within the
 * build: the app's own origin for an upload, the manifest's origin (`manifestOrigin`) for a build hosted elsewhere.
 */
export function checkManifest(
  remote: string,
  text: string,
  shell: ShellShared,
  manifestOrigin?: string,
): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidBuild('mf-manifest.json is not valid JSON.');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidBuild(
      `mf-manifest.json is not a Module Federation manifest (${issue?.path.join('.') || 'root'}: ${issue?.message}).`,
    );
  }
  const manifest = parsed.data;
  const { metaData } = manifest;
  if (metaData.getPublicPath !== undefined) {
    throw new InvalidBuild(
      "mf-manifest.json has a getPublicPath (code run in the browser): build with publicPath 'auto' instead.",
    );
  }
  for (const [field, value] of [
    // Without one the build's files cannot be loaded at all, but nothing points elsewhere either.
    ['publicPath', metaData.publicPath ?? 'auto'],
    ['ssrPublicPath', metaData.ssrPublicPath ?? 'auto'],
    ...manifest.remotes.map((r) => ['remotes.entry', r.entry ?? 'auto'] as const),
  ] as const) {
    if (!isOwnPublicPath(value, manifestOrigin)) {
      throw new InvalidBuild(
        `mf-manifest.json's ${field} ${JSON.stringify(String(value).slice(0, 100))} points elsewhere: use 'auto' or a path of ${manifestOrigin ? 'the manifest’s origin' : 'this server'}.`,
      );
    }
  }
  const outside = [
    [metaData.remoteEntry.path, metaData.remoteEntry.name].filter(Boolean).join('/'),
    ...(metaData.ssrRemoteEntry
      ? [[metaData.ssrRemoteEntry.path, metaData.ssrRemoteEntry.name].filter(Boolean).join('/')]
      : []),
    ...namedAssets(manifest),
  ].find((f) => !IN_BUILD.test(f));
  if (outside !== undefined) {
    throw new InvalidBuild(
      `The manifest names a file outside the build: ${JSON.stringify(outside.slice(0, 100))} (files are paths relative to the manifest).`,
    );
  }
  if (manifest.name !== remote) {
    throw new InvalidBuild(`The manifest is for ${manifest.name || 'an unnamed remote'}, not ${remote}.`);
  }
  if (!manifest.exposes.some((e) => e.path === './App')) {
    throw new InvalidBuild(`${remote} does not expose ./App.`);
  }
  for (const s of manifest.shared) {
    const provided = shell.get(s.name);
    const wanted = s.requiredVersion || s.version;
    if (!provided || !wanted) continue;
    const theirs = caretKey(wanted.replace(/^[\^~>=<\s]+/, ''));
    if (theirs !== null && theirs !== caretKey(provided)) {
      throw new InvalidBuild(
        `${remote} asks for ${s.name} ${wanted}, but the shell shares ${s.name} ${provided} with every remote (one copy per page): build it against ${s.name} ${provided}.`,
      );
    }
  }
  return manifest;
}

/** The JS and CSS files of the manifest's exposes and shared modules, as it names them. */
function namedAssets(manifest: Manifest): string[] {
  const files: string[] = [];
  const add = (a: z.infer<typeof assets> | undefined) => {
    for (const kind of [a?.js, a?.css]) files.push(...(kind?.sync ?? []), ...(kind?.async ?? []));
  };
  for (const e of manifest.exposes) add(e.assets);
  for (const s of manifest.shared) add(s.assets);
  return files;
}

/** Every file the manifest names: the remote entry and the JS and CSS of its exposes and shared modules. */
export function referencedAssets(manifest: Manifest): string[] {
  const { remoteEntry } = manifest.metaData;
  const files = new Set<string>([
    [remoteEntry.path, remoteEntry.name].filter(Boolean).join('/'),
    ...namedAssets(manifest),
  ]);
  return [...files].map((f) => f.replace(/^\.?\//, ''));
}

/** Checks an uploaded build (its dist/ files): manifest, name, ./App, shared singletons, every asset present. */
export function checkBuild(remote: string, files: BuildFiles, shell: ShellShared): Manifest {
  const text = files.get('mf-manifest.json');
  if (!text) throw new InvalidBuild('The build has no mf-manifest.json at its top level.');
  const manifest = checkManifest(remote, text.toString('utf8'), shell);
  const missing = referencedAssets(manifest).filter((f) => !files.has(f));
  if (missing.length > 0) {
    throw new InvalidBuild(
      `The manifest names files the build does not contain: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}.`,
    );
  }
  return manifest;
}
