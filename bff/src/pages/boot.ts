import fs from 'node:fs/promises';
import path from 'node:path';
import type { BootSession, Language, PageBoot, RemoteDescriptor } from '@buergerfit/contract';
import type { Context } from 'koa';
import { cookieNames } from '../auth/cookies';
import { resolveSession } from '../auth/middleware';
import type { Deps } from '../deps';
import { admitVisitor, visitorId } from '../http/visitor';
import { ensureServedBuilds } from '../remotes/artifacts';
import { manifestUrlFor } from '../remotes/publish';
import { resolveForVisitor } from '../remotes/registry';
import { userJson } from '../users/repository';

/**
 * The page's boot data (contract `PageBoot`): what the shell would fetch first, answered with the page. Every page
 * of the shell carries it, so the shell starts loading the route's remote at once instead of after two round trips
 * (`GET /api/remotes`, `GET /api/user/me`, and for a guest a token refresh that cannot succeed).
 */

/** Who the visitor is, from the request's cookies alone (no token is refreshed here). */
export async function bootSession(ctx: Context, { db, config }: Deps): Promise<BootSession> {
  const auth = await resolveSession(ctx, db, config);
  if (auth) return { status: 'user', user: await userJson(db, auth.user) };
  // An expired access token beside a refresh cookie: the shell refreshes as before.
  return ctx.cookies.get(cookieNames(config).refresh) ? { status: 'unknown' } : { status: 'guest' };
}

/**
 * This visitor's boot data. `remotes` is null past the new-visitor budget of the address (no assignment is stored;
 * the shell's own `GET /api/remotes` then answers 429 as before).
 */
export async function pageBoot(ctx: Context, deps: Deps): Promise<PageBoot> {
  const [admitted, session] = await Promise.all([
    admitVisitor(ctx, deps.db, deps.config),
    bootSession(ctx, deps),
  ]);
  const remotes = admitted ? await resolveForVisitor(deps.db, visitorId(ctx, deps.config)) : null;
  if (remotes) await ensureServedBuilds(deps.db, deps.config.remotesDir, remotes);
  return { remotes, session };
}

type ManifestAssets = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } };
type Manifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; name?: string; assets?: ManifestAssets }[];
};

const SAFE_ASSET = /^[\w./-]+\.(js|css)$/;
const MAX_CACHED = 100;
/**
 * A remote's texts in the page's language, when its build names them `texts-<lang>` (an async chunk loaded only in
 * that language, which the shell fetches right after the remote's module: one round trip later without a preload).
 */
function textsChunk(asyncFiles: string[] | undefined, language: Language | undefined): string[] {
  if (!language) return [];
  const name = new RegExp(`(^|/)texts-${language}\\.[0-9a-f]+\\.js$`);
  return (asyncFiles ?? []).filter((f) => name.test(f));
}

/** Per published version (whose folder never changes) and language: the preload links of its `./App`. */
const preloadCache = new Map<string, string>();

/**
 * `<link rel=preload>` for what loading a remote's `./App` fetches one after the other — its manifest, its remote
 * entry, the exposed module's chunks, its texts in the page's language and its stylesheets — so the browser fetches
 * them in parallel with the shell's own scripts (on a made page they come after its content: the remote's code is
 * what its hydration waits for). Only for a build published on this server (a remote on another origin is left to
 * the runtime); empty when its manifest cannot be read.
 */
export async function remotePreloads(
  remotesDir: string,
  remote: RemoteDescriptor,
  language?: Language,
): Promise<string> {
  const base = `/remotes/${remote.name}/${remote.version}/`;
  if (remote.manifestUrl !== manifestUrlFor(remote.name, remote.version)) return '';
  const key = `${remote.name}/${remote.version}/${language ?? ''}`;
  const manifestFile = path.join(remotesDir, remote.name, remote.version, 'mf-manifest.json');
  let links: string;
  try {
    // Files that are not there are not preloaded: a preloaded 404 would stay in the page's memory cache and fail
    // the remote area's Retry once they are back.
    await fs.access(manifestFile);
    const cached = preloadCache.get(key);
    if (cached !== undefined) return cached;
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
    const entry = manifest.metaData?.remoteEntry;
    const entryFile = [entry?.path, entry?.name].filter(Boolean).join('/');
    const app = manifest.exposes?.find((e) => e.path === './App' || e.name === 'App');
    const safe = (files: string[]) => files.filter((f) => SAFE_ASSET.test(f) && !f.includes('..'));
    const script = (f: string) => `<link rel="preload" href="${base}${f}" as="script">`;
    const texts = safe(textsChunk(app?.assets?.js?.async, language)).map(script);
    links = [
      // The federation runtime fetches the manifest with fetch() (CORS mode, same-origin credentials).
      `<link rel="preload" href="${remote.manifestUrl}" as="fetch" crossorigin>`,
      ...safe([entryFile, ...(app?.assets?.js?.sync ?? [])]).map(script),
      ...texts,
      ...safe(app?.assets?.css?.sync ?? []).map((f) => `<link rel="preload" href="${base}${f}" as="style">`),
    ].join('');
  } catch {
    // Not readable now (a folder being replaced or removed): no preloads, and asked again next time.
    return '';
  }
  if (preloadCache.size >= MAX_CACHED) preloadCache.delete(preloadCache.keys().next().value as string);
  preloadCache.set(key, links);
  return links;
}
