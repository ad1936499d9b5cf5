import type { RemoteName } from '@buergerfit/platform';

// Plain data with type imports only: the build (rsbuild.config.ts) reads it too, to write `routes.json`.

export interface RemoteRoute {
  kind: 'remote';
  path: string;
  remote: RemoteName;
  /** The mount point passed to the remote as `basename`. */
  basename: string;
  protected: boolean;
  /**
   * The main control of its first view is one the app drives (the demo's Start): the page fetches the app's files
   * right after its first paint, and runs them on the learner's first intent (shell/public/after-paint.js).
   */
  fetchEarly: boolean;
}
export type ShellRoute = RemoteRoute | { kind: 'start'; path: string };

const remote = (
  path: string,
  name: RemoteName,
  basename: string,
  isProtected = false,
  { fetchEarly = false } = {},
): RemoteRoute => ({
  kind: 'remote',
  path,
  remote: name,
  basename,
  protected: isProtected,
  fetchEarly,
});

/** The route table of spec §2: which remote owns which path, and which paths need a session. */
export const ROUTES: readonly ShellRoute[] = [
  remote('/', 'mf_marketing', '/'),
  remote('/knowledge/einburgerungstest', 'mf_marketing', '/'),
  remote('/privacy-policy', 'mf_marketing', '/'),
  remote('/terms-of-service', 'mf_marketing', '/'),
  remote('/about', 'mf_marketing', '/'),
  { kind: 'start', path: '/start' },
  remote('/demo/*', 'mf_exam', '/', false, { fetchEarly: true }),
  remote('/exam/*', 'mf_exam', '/', true),
  remote('/learn/*', 'mf_learn', '/learn', true),
  remote('/dashboard/*', 'mf_dashboard', '/dashboard', true),
  remote('/login', 'mf_account', '/'),
  remote('/welcome', 'mf_account', '/', true),
  remote('/profile-settings', 'mf_account', '/', true),
  // The A/B console: signed in; the BFF answers its calls for admins only.
  remote('/admin/*', 'mf_admin', '/admin', true),
];

/**
 * `dist/routes.json` for the BFF: the path patterns of `ROUTES` (404 elsewhere), and for each remote route the
 * remote that renders it, where it is mounted, whether it needs a session (what the page preloads) and whether its
 * app's files are fetched early.
 */
export const routeTableFile = () => ({
  paths: ROUTES.map((route) => route.path),
  remotes: ROUTES.flatMap((route) =>
    route.kind === 'remote'
      ? [
          {
            path: route.path,
            remote: route.remote,
            basename: route.basename,
            protected: route.protected,
            fetchEarly: route.fetchEarly,
          },
        ]
      : [],
  ),
});
