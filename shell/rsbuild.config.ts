import fs from 'node:fs/promises';
import path from 'node:path';
import { pluginSsrOutput, ssrEnvironment } from '@buergerfit/platform/build';
import { bffProxy, hostFederation } from '@buergerfit/platform/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { routeTableFile } from './src/route-table';

/**
 * After a build: the route table beside the page (`dist/routes.json`), so that the BFF tells a page of the app (200)
 * from an unknown path (404 with the not-found screen), and knows which remote a page needs, without a copy of the
 * routes.
 */
const pluginRouteTable = (): RsbuildPlugin => ({
  name: 'buergerfit:route-table',
  setup(api) {
    api.onAfterBuild(async ({ environments }) => {
      const web = environments.web;
      if (web) await fs.writeFile(path.join(web.distPath, 'routes.json'), JSON.stringify(routeTableFile()));
    });
  },
});

const PRECACHED = /\.(js|css|woff2?|svg|png|jpe?g|webp|ico)$/;

/** Build only: a Node bundle of the shell's frame (src/frame.tsx: header and footer), copied into `dist/ssr/`. */
const frameEnvironment = ssrEnvironment('./src/frame.tsx');

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(hostFederation(), { environment: 'web' }),
    pluginRouteTable(),
    pluginSsrOutput(),
  ],
  environments: { web: {}, ...(command === 'build' ? { ssr: frameEnvironment } : {}) },
  dev: { lazyCompilation: false },
  server: { port: 3000, proxy: bffProxy() },
  html: {
    title: 'Bürgerfit – Einbürgerungstest',
    meta: {
      description:
        'Learn for the German naturalisation test (Einbürgerungstest) in German, English or Croatian.',
      viewport: 'width=device-width, initial-scale=1',
      // The browser's bar: the brand green in the light theme (as the manifest's theme_color), the header's surface
      // in the dark one (ui/src/tokens.css --bf-color-surface). A learner's own choice of theme moves the media
      // queries (platform theme.ts).
      'theme-color': { name: 'theme-color', content: '#14532d', media: '(prefers-color-scheme: light)' },
      'theme-color-dark': { name: 'theme-color', content: '#1c1917', media: '(prefers-color-scheme: dark)' },
    },
    // The web app manifest (public/manifest.webmanifest: name, icons, colours, start page) makes the app
    // installable; every page the BFF sends is this page, so every page links it.
    tags: [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' } },
    ],
  },
  output: {
    cssModules: { localIdentName: 'shell_[local]_[hash:base64:5]' },
    // What the service worker (public/sw.js) stores at install: the shell's emitted scripts, styles and media.
    manifest: {
      filename: 'sw-precache.json',
      generate: ({ manifestData }) => ({
        files: manifestData.allFiles.filter((f) => PRECACHED.test(f) && !f.startsWith('/mf-')).sort(),
      }),
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  // CSS as written for browsers with light-dark(): its polyfill doubled every colour of the page's head CSS and
  // slowed the first paint; older browsers get the light theme from the tokens' @supports fallback.
  tools: { lightningcssLoader: { targets: ['chrome >= 123', 'firefox >= 120', 'safari >= 17.5'] } },
}));
