import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bffProxy, remoteFederation } from '@buergerfit/platform/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const CSS_MODULE_NAMES = 'mkt_[local]_[hash:base64:5]';

/**
 * After a build: render the public pages with the `prerender` environment's Node bundle and write them into the
 * web build's folder (`dist/prerender/<lang>/<page>.html`), so they ship with this build of the remote.
 */
const pluginPrerender = (): RsbuildPlugin => ({
  name: 'buergerfit:prerender',
  setup(api) {
    api.onAfterBuild(async ({ environments }) => {
      const web = environments.web;
      const node = environments.prerender;
      if (!web || !node) return;
      const entry = pathToFileURL(path.join(node.distPath, 'prerender.mjs')).href;
      const mod = (await import(`${entry}?t=${Date.now()}`)) as typeof import('./src/prerender');
      let count = 0;
      for (const lng of mod.LANGUAGES) {
        for (const page of mod.PAGES) {
          const file = path.join(web.distPath, 'prerender', lng, mod.fragmentFile(page));
          await fs.mkdir(path.dirname(file), { recursive: true });
          await fs.writeFile(file, await mod.render(lng, page));
          count++;
        }
      }
      api.logger.info(
        `prerendered ${count} pages into ${path.relative(process.cwd(), web.distPath)}/prerender`,
      );
    });
  },
});

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      remoteFederation('mf_marketing', { exposes: { './ContactDialog': './src/ContactDialog.tsx' } }),
      { environment: 'web' },
    ),
    pluginPrerender(),
  ],
  // One build works under any URL (versioned folder, CDN): chunks resolve relative to the remote entry.
  output: {
    assetPrefix: 'auto',
    cssModules: { localIdentName: CSS_MODULE_NAMES },
  },
  environments: {
    web: {
      // `npm run remotes -- deploy` builds a variant into its own folder, leaving dist/ (the default) alone.
      output: { distPath: { root: process.env.BUERGERFIT_DIST_DIR || 'dist' } },
    },
    // Build only: a Node bundle of src/prerender.tsx (same components, same CSS-module names, no CSS emitted).
    ...(command === 'build'
      ? {
          prerender: {
            source: { entry: { prerender: './src/prerender.tsx' } },
            output: {
              target: 'node' as const,
              module: true,
              distPath: { root: 'node_modules/.prerender' },
              filename: { js: '[name].mjs' },
              minify: false,
            },
          },
        }
      : {}),
  },
  // Lazy compilation breaks the federation's async shared chunks in dev.
  dev: { assetPrefix: 'auto', lazyCompilation: false },
  server: {
    port: 3101,
    cors: { origin: ['http://localhost:3000'] },
    proxy: bffProxy(['/api', '/auth', '/catalog-images']),
  },
  html: { title: 'Bürgerfit · mf_marketing (standalone)' },
}));
