import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The shell's route table as its build lists it beside its page: `shell/dist/routes.json`, `{ "paths": [...] }`,
 * the path patterns of shell/src/routes.ts (`/`, `/about`, `/learn/*`, `/users/:id`). The BFF reads the list, not
 * the frontend's code, to tell a page of the app (200) from an unknown path (the same page with status 404, where
 * the shell shows its not-found screen).
 */
export const ROUTE_TABLE_FILE = 'routes.json';

const pattern = z.string().startsWith('/').or(z.literal('*'));
const routeTableFile = z.object({
  paths: z.array(pattern).min(1),
  /** Which remote renders each remote route, and whether it needs a session (builds before issue 16 lack it). */
  remotes: z
    .array(
      z.object({
        path: pattern,
        remote: z.string(),
        protected: z.boolean(),
        /** Where the shell mounts the remote (its `basename`); builds before the server render lack it. */
        basename: z.string().startsWith('/').optional().default('/'),
        /** Fetch the app's files right after the first paint (the demo); builds before issue 31 lack it. */
        fetchEarly: z.boolean().optional().default(false),
      }),
    )
    .optional()
    .default([]),
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern as React Router matches it: segments case-insensitively, `:name` one segment, a trailing `*` the
 * rest of the path (or nothing), a trailing slash ignored.
 */
function patternToRegExp(pattern: string): RegExp {
  const rest = pattern === '*' || pattern.endsWith('/*');
  const segments = (rest ? pattern.slice(0, -1) : pattern)
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(s)}`));
  return new RegExp(`^${segments.join('')}${rest ? '(?:/.*)?' : ''}/?$`, 'i');
}

/** A matcher for a list of patterns: true when a pathname is a page of the app. */
export function routeMatcher(paths: readonly string[]): (pathname: string) => boolean {
  const patterns = paths.map(patternToRegExp);
  return (pathname) => patterns.some((p) => p.test(pathname));
}

/**
 * The remote that renders a page, where the shell mounts it, whether the page needs a session, and whether it
 * fetches the app's files right after its first paint.
 */
export type PageRemote = { remote: string; protected: boolean; basename: string; fetchEarly: boolean };

export type RouteTable = {
  isPage(pathname: string): boolean;
  /** The first remote route matching `pathname` (the route table's order), or null. */
  remoteOf(pathname: string): PageRemote | null;
};

function remoteFinder(
  routes: readonly (PageRemote & { path: string })[],
): (pathname: string) => PageRemote | null {
  const compiled = routes.map((r) => ({
    test: patternToRegExp(r.path),
    route: { remote: r.remote, protected: r.protected, basename: r.basename, fetchEarly: r.fetchEarly },
  }));
  return (pathname) => compiled.find((r) => r.test.test(pathname))?.route ?? null;
}

/**
 * Reads `routes.json` of a shell build directory, again only when a new build replaced it. Null when the build
 * wrote none (an older build) or an unreadable one: then every path is served as a page, as before.
 */
export function routeTableReader(shellDist: string, onInvalid: (err: unknown) => void) {
  const file = path.join(shellDist, ROUTE_TABLE_FILE);
  let cached: { mtimeMs: number; table: RouteTable | null } | null = null;
  return async function readRouteTable(): Promise<RouteTable | null> {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs === mtimeMs) return cached.table;
    let table: RouteTable | null = null;
    try {
      const { paths, remotes } = routeTableFile.parse(JSON.parse(await fs.readFile(file, 'utf8')));
      table = { isPage: routeMatcher(paths), remoteOf: remoteFinder(remotes) };
    } catch (err) {
      onInvalid(err);
    }
    cached = { mtimeMs, table };
    return table;
  };
}
