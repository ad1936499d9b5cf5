/**
 * Node side: the one Rsbuild config of every remote (`rsbuild.config.ts` is `defineRemoteConfig({ … })`), so the
 * five remotes build alike and differ only in name, dev port and CSS-module prefix.
 */
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { type ConfigParams, mergeRsbuildConfig, type RsbuildConfig } from '@rsbuild/core';
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
}

/** Remote-specific config on top (merged with Rsbuild's mergeRsbuildConfig), or a function of the command. */
export type RemoteConfigExtra = RsbuildConfig | ((params: ConfigParams) => RsbuildConfig);

export function defineRemoteConfig(options: RemoteBuildOptions, extra: RemoteConfigExtra = {}) {
  const { name, port, cssPrefix, exposes, environment } = options;
  const base: RsbuildConfig = {
    plugins: [
      pluginReact(),
      pluginModuleFederation(remoteFederation(name, { exposes }), environment ? { environment } : undefined),
    ],
    // One build works under any URL (versioned folder, CDN): chunks resolve relative to the remote entry.
    output: {
      assetPrefix: 'auto',
      // `npm run remotes -- deploy` builds a variant into its own folder, leaving dist/ (the default) alone.
      distPath: { root: process.env.BUERGERFIT_DIST_DIR || 'dist' },
      cssModules: { localIdentName: `${cssPrefix}_[local]_[hash:base64:5]` },
    },
    // Lazy compilation breaks the federation's async shared chunks in dev.
    dev: { assetPrefix: 'auto', lazyCompilation: false },
    server: {
      port,
      cors: { origin: ['http://localhost:3000'] },
      proxy: bffProxy(['/api', '/auth', '/catalog-images']),
    },
    html: { title: `Bürgerfit · ${name} (standalone)` },
  };
  return (params: ConfigParams): RsbuildConfig =>
    mergeRsbuildConfig(base, typeof extra === 'function' ? extra(params) : extra);
}
