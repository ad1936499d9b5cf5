import type { RemoteName } from '@buergerfit/platform';

// Plain data with type imports only: the build (rsbuild.config.ts) reads it too, to write `routes.json`.

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

/** The path patterns of `ROUTES`, as the build lists them in `dist/routes.json` for the BFF (404 elsewhere). */
export const routePaths = (): string[] => ROUTES.map((route) => route.path);
