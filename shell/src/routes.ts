import type { RemoteName } from '@buergerfit/platform';
import { matchRoutes } from '@buergerfit/platform';
import { ROUTES, type ShellRoute } from './route-table';

const routeObjects = ROUTES.map((route, index) => ({ path: route.path, id: String(index) }));

/** The shell route for a pathname, or null (404). */
export function resolveRoute(pathname: string): ShellRoute | null {
  const matches = matchRoutes(routeObjects, pathname);
  const id = matches?.[matches.length - 1]?.route.id;
  return id === undefined ? null : (ROUTES[Number(id)] ?? null);
}

/** The remote that renders a pathname (for preloading on hover). */
export function remoteFor(pathname: string): RemoteName | null {
  const route = resolveRoute(pathname);
  return route?.kind === 'remote' ? route.remote : null;
}
