/**
 * Node side: the one Rsbuild config of every remote (`rsbuild.config.ts` is `defineRemoteConfig({ … })`), so the
 * five remotes build alike and differ only in name, dev port and CSS-module prefix.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { type ConfigParams, mergeRsbuildConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { bffProxy, type RemoteFederationOptions, remoteFederation } from './federation';

export interface RemoteBuildOptions extends Pick<RemoteFederationOptions, 'exposes'> {
  /** Federation name, e.g. `mf_exam`. */
  name: string;
  /** Port of the standalone dev server (`npm run dev`). */
  port: number;
  /** Prefix of the CSS-module class names (`exam_card_x1y2z`), so that no remote's styles reach another. */
  cssPrefix: string;
  /** The Rsbuild environment that is the browser build, when the remote has several (mf_marketing: `web`). */
  environment?: string;
  /**
   * The remote's server renderer (`./src/ssr.tsx`, `export default defineSsr({ … })` from platform's ssr.tsx):
   * built as a Node bundle into the build's `ssr/` folder, published and versioned with the rest of it.
   */
  ssr?: string;
}

/**
 * In the browser @buergerfit/ui is the shell's copy (a federation singleton): its CSS-module classes are named
 * `shell_<local>_<hash>` and its CSS is in the shell's own stylesheet. A Node bundle of a remote (server render,
 * prerender) bundles its own copy of ui, and every remote bundles ui's question entry (`@buergerfit/ui/question`,
 * not shared): both name ui's classes the shell's way (same hash: the hash is of the
 * file's path relative to the project and the class, and every project sits next to ui/). Then the server's
 * markup of a ui component has the classes the live page has: styled before any script, and no shift when the
 * app takes over.
 */
const UI_SOURCE = `${path.sep}ui${path.sep}src${path.sep}`;
type GetLocalIdent = (
  context: { resourcePath: string },
  name: string,
  local: string,
  options?: object,
) => string;
const cssLoaderRequire = createRequire(import.meta.url);
let defaultGetLocalIdent: GetLocalIdent | null = null;
export const shellNamesForUi =
  (cssPrefix: string): GetLocalIdent =>
  (context, name, local, options) => {
    if (!context.resourcePath.includes(UI_SOURCE)) return null as unknown as string; // css-loader's own naming
    defaultGetLocalIdent ??= (
      cssLoaderRequire(
        path.join(
          path.dirname(cssLoaderRequire.resolve('@rsbuild/core/package.json')),
          'compiled/css-loader/index.js',
        ),
      ) as { defaultGetLocalIdent: GetLocalIdent }
    ).defaultGetLocalIdent;
    return defaultGetLocalIdent(
      context,
      name.replace(new RegExp(`^${cssPrefix}_`), 'shell_'),
      local,
      options,
    ).replace(/\[local\]/g, local);
  };

/** The list of the files a remote's exposed modules load at once, beside its mf-manifest.json. */
export const OFFLINE_LIST = 'offline.json';
/** Rspack names the chunk group of an exposed module `__federation_expose_<name>`. */
const EXPOSE_GROUP = '__federation_expose_';

/**
 * The scripts and styles each exposed module's chunk group loads, from the build's stats. The manifest's `exposes`
 * leaves out a chunk that an exposed module shares with a shared package's fallback (mf_dashboard's texts are
 * counted under `@buergerfit/platform`), yet the remote entry loads it with the module: the service worker stores
 * this list with the manifest's files, so a page's remote runs offline even when it never ran online (a page used as
 * sent until the learner's first touch).
 */
export function exposedFiles(stats: {
  namedChunkGroups?: Record<string, { assets?: { name: string }[] }>;
}): string[] {
  const files = new Set<string>();
  for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    if (!name.startsWith(EXPOSE_GROUP)) continue;
    for (const { name: file } of group.assets ?? []) if (/\.(js|css)$/.test(file)) files.add(file);
  }
  return [...files].sort();
}

/** After a browser build of a remote: its `offline.json` (see `exposedFiles`). */
export const pluginOfflineList = (environment: string): RsbuildPlugin => ({
  name: 'buergerfit:offline-list',
  setup(api) {
    api.onAfterEnvironmentCompile(async ({ stats, environment: env }) => {
      if (!stats || env.name !== environment) return;
      const files = exposedFiles(stats.toJson({ all: false, chunkGroups: true }));
      await fs.writeFile(path.join(env.distPath, OFFLINE_LIST), JSON.stringify({ files }));
    });
  },
});

/** Where the `ssr` environment writes its bundle before it is copied into the build (`<dist>/ssr/`). */
const SSR_OUT = 'node_modules/.ssr';

/**
 * After a build: the server renderer's bundle into the browser build's folder (`ssr/index.mjs` and its chunks),
 * with `ssr/pages.json` listing the paths it renders and those used at once (read from the bundle), so the BFF
 * knows them without loading it.
 */
export const pluginSsrOutput = (): RsbuildPlugin => ({
  name: 'buergerfit:ssr-output',
  setup(api) {
    api.onAfterBuild(async ({ environments }) => {
      const web = environments.web;
      const server = environments.ssr;
      if (!web || !server) return;
      const target = path.join(web.distPath, 'ssr');
      await fs.rm(target, { recursive: true, force: true });
      await fs.cp(server.distPath, target, { recursive: true });
      const entry = pathToFileURL(path.join(target, 'index.mjs')).href;
      const mod = (await import(`${entry}?t=${Date.now()}`)) as {
        default?: { pages?: unknown };
      };
      const pages = Array.isArray(mod.default?.pages) ? mod.default.pages : [];
      await fs.writeFile(path.join(target, 'pages.json'), JSON.stringify({ pages }));
      api.logger.info(`server renderer for ${pages.join(', ')} in ${path.relative(process.cwd(), target)}`);
    });
  },
});

/**
 * A Node bundle of `entry` (a server renderer: same components, same CSS-module names, no CSS) into `SSR_OUT`, for
 * `pluginSsrOutput` to copy into the browser build's `ssr/` folder. Build only.
 */
export const ssrEnvironment = (entry: string) => ({
  source: { entry: { index: entry } },
  output: {
    target: 'node' as const,
    module: true,
    distPath: { root: SSR_OUT },
    filename: { js: '[name].mjs' },
    minify: false,
    manifest: false,
  },
});

/** Remote-specific config on top (merged with Rsbuild's mergeRsbuildConfig), or a function of the command. */
export type RemoteConfigExtra = RsbuildConfig | ((params: ConfigParams) => RsbuildConfig);

export function defineRemoteConfig(options: RemoteBuildOptions, extra: RemoteConfigExtra = {}) {
  const { name, port, cssPrefix, exposes, ssr } = options;
  const environment = options.environment ?? (ssr ? 'web' : undefined);
  const base: RsbuildConfig = {
    plugins: [
      pluginReact(),
      pluginModuleFederation(remoteFederation(name, { exposes }), environment ? { environment } : undefined),
      ...(ssr ? [pluginSsrOutput()] : []),
      pluginOfflineList(environment ?? 'web'),
    ],
    // One build works under any URL (versioned folder, CDN): chunks resolve relative to the remote entry.
    output: {
      assetPrefix: 'auto',
      // `npm run remotes -- deploy` builds a variant into its own folder, leaving dist/ (the default) alone.
      distPath: { root: process.env.BUERGERFIT_DIST_DIR || 'dist' },
      cssModules: { localIdentName: `${cssPrefix}_[local]_[hash:base64:5]` },
    },
    // ui's own CSS modules (its question entry is bundled into the remote) named as in the server render.
    tools: { cssLoader: { modules: { getLocalIdent: shellNamesForUi(cssPrefix) } } },
    // Lazy compilation breaks the federation's async shared chunks in dev.
    dev: { assetPrefix: 'auto', lazyCompilation: false },
    server: {
      port,
      cors: { origin: ['http://localhost:3000'] },
      proxy: bffProxy(['/api', '/auth', '/catalog-images']),
    },
    html: { title: `Bürgerfit · ${name} (standalone)` },
  };
  const server = (params: ConfigParams): RsbuildConfig =>
    ssr && params.command === 'build'
      ? {
          environments: {
            web: {},
            ssr: ssrEnvironment(ssr),
          },
        }
      : {};
  return (params: ConfigParams): RsbuildConfig =>
    mergeRsbuildConfig(base, server(params), typeof extra === 'function' ? extra(params) : extra);
}
