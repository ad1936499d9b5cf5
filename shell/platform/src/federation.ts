/**
 * Node-side Module Federation config shared by the shell and every remote's rsbuild.config.ts:
 * ONE list of shared singletons with versions read from the pinned package.json files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

type SharedConfig = NonNullable<ModuleFederationOptions['shared']>;
type SharedEntry = {
  singleton: true;
  requiredVersion: string;
  version?: string;
  eager?: boolean;
  strictVersion?: boolean;
};

const require = createRequire(import.meta.url);
const platformPkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
  peerDependencies: Record<string, string>;
};
/** The UI package (design tokens, base classes, components): one copy in the browser, like the platform. */
const uiPkg = require('@buergerfit/ui/package.json') as { name: string; version: string };
/** This repository's packages shared as singletons, at their own version. */
const WORKSPACE_SINGLETONS = [platformPkg, uiPkg];

function pinned(pkg: string): string {
  const version = platformPkg.peerDependencies[pkg];
  if (!version) throw new Error(`@buergerfit/platform: ${pkg} is not pinned in peerDependencies`);
  return version;
}

/** The installed version (what the bundle actually contains); fails the build when it drifted. */
function installed(pkg: string): string {
  const { version } = require(`${pkg}/package.json`) as { version: string };
  const wanted = pinned(pkg);
  if (version !== wanted) throw new Error(`${pkg}: installed ${version}, pinned ${wanted}`);
  return version;
}

/**
 * Module request → package whose pinned version it carries. react-router(-dom) is not in the list: apps take
 * routing from @buergerfit/platform (shell/platform/src/router.ts), so the browser has exactly the shell's
 * router, tree-shaken to what the platform re-exports.
 */
const SINGLETONS: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/': 'react-dom',
  '@tanstack/react-query': '@tanstack/react-query',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
};

export const SHARED_PACKAGES = [...Object.keys(SINGLETONS), ...WORKSPACE_SINGLETONS.map((pkg) => pkg.name)];

export function sharedSingletons({ eager = false }: { eager?: boolean } = {}): SharedConfig {
  const shared: Record<string, SharedEntry> = {};
  for (const [request, pkg] of Object.entries(SINGLETONS)) {
    const version = installed(pkg);
    shared[request] = { singleton: true, requiredVersion: version, version, eager };
  }
  for (const pkg of WORKSPACE_SINGLETONS) {
    shared[pkg.name] = { singleton: true, requiredVersion: pkg.version, version: pkg.version, eager };
  }
  return shared;
}

/** The shell: no remotes at build time (they come from GET /api/remotes), eager singletons. */
export function hostFederation(): ModuleFederationOptions {
  return {
    name: 'shell',
    remotes: {},
    shared: sharedSingletons({ eager: true }),
    shareStrategy: 'loaded-first',
    dts: false,
    // The shell provides the federation runtime to every remote (saves ~25 KB gzip per remote entry).
    experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
  };
}

export interface RemoteFederationOptions {
  /** Extra entries besides `./App` (e.g. mf_marketing's `./ContactDialog`). */
  exposes?: Record<string, string>;
  /**
   * Use the shell's federation runtime instead of bundling one. Default: production builds only, so
   * `rsbuild dev` still runs the remote standalone with its own runtime.
   */
  externalRuntime?: boolean;
}

/** A remote: exposes `./App` (its Root.tsx), emits mf-manifest.json; pair with `output.assetPrefix: 'auto'`. */
export function remoteFederation(
  name: string,
  options: RemoteFederationOptions = {},
): ModuleFederationOptions {
  return {
    name,
    filename: 'remoteEntry.js',
    // Root.tsx wraps App.tsx with the build's identity (remote, variant, build id) for support and A/B checks.
    exposes: { './App': './src/Root.tsx', ...options.exposes },
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    manifest: true,
    dts: false,
    experiments: { externalRuntime: options.externalRuntime ?? process.env.NODE_ENV === 'production' },
  };
}

/** Dev-server proxy to the BFF, shared by the shell and the remotes' standalone dev servers. */
export function bffProxy(paths: readonly string[] = ['/api', '/auth', '/remotes', '/catalog-images']) {
  const target = process.env.BFF_URL ?? 'http://localhost:8080';
  return Object.fromEntries(paths.map((p) => [p, { target, changeOrigin: false }]));
}
