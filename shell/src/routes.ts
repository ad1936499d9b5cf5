import type { RemoteName } from '@buergerfit/platform';
import { matchRoutes } from '@buergerfit/platform';

export interface RemoteRoute {
  kind: 'remote';
  path: string;
  remote: RemoteName;
  /** The mount point passed to the remote as `basename`. */
  basename: string;
  protected: boolean;
}
export type ShellRoute = RemoteRoute | { kind: 'start'; path: string };

const remote = (path: string, name: RemoteName, basename: string, isProtected = false): RemoteRoute => ({
  kind: 'remote',
  path,
  remote: name,
  basename,
  protected: isProtected,
});

/** The route table of spec §2: which remote owns which path, and which paths need a session. */
export const ROUTES: readonly ShellRoute[] = [
  remote('/', 'mf_marketing', '/'),
  remote('/knowledge/einburgerungstest', 'mf_marketing', '/'),
  remote('/privacy-policy', 'mf_marketing', '/'),
  remote('/terms-of-service', 'mf_marketing', '/'),
  remote('/about', 'mf_marketing', '/'),
  { kind: 'start', path: '/start' },
  remote('/demo/*', 'mf_exam', '/'),
  remote('/exam/*', 'mf_exam', '/', true),
  remote('/learn/*', 'mf_learn', '/learn', true),
  remote('/dashboard/*', 'mf_dashboard', '/dashboard', true),
  remote('/login', 'mf_account', '/'),
  remote('/welcome', 'mf_account', '/', true),
  remote('/profile-settings', 'mf_account', '/', true),
];

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
