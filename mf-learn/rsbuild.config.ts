import { bffProxy, remoteFederation } from '@buergerfit/platform/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(remoteFederation('mf_learn'))],
  // One build works under any URL (versioned folder, CDN): chunks resolve relative to the remote entry.
  output: {
    assetPrefix: 'auto',
    // `npm run remotes -- deploy` builds a variant into its own folder, leaving dist/ (the default) alone.
    distPath: { root: process.env.BUERGERFIT_DIST_DIR || 'dist' },
    cssModules: { localIdentName: 'learn_[local]_[hash:base64:5]' },
  },
  // Lazy compilation breaks the federation's async shared chunks in dev.
  dev: { assetPrefix: 'auto', lazyCompilation: false },
  server: {
    port: 3103,
    cors: { origin: ['http://localhost:3000'] },
    proxy: bffProxy(['/api', '/auth', '/catalog-images']),
  },
  html: { title: 'Bürgerfit · mf_learn (standalone)' },
});
