import fs from 'node:fs/promises';
import path from 'node:path';
import { pluginSsrOutput, ssrEnvironment } from '@buergerfit/platform/build';
import { bffProxy, hostFederation } from '@buergerfit/platform/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { PAGE_LINKS, PAGE_META, PAGE_TITLE, type PageParts } from './page-head';
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

/**
 * After a build: the page's parts as data (`dist/page.json`, see page-head.ts): its head, and the entry's scripts
 * and stylesheets as Rsbuild injects them into index.html. The BFF makes its pages from these, not from the HTML.
 */
/** The script React's server renderer writes beside a form whose action is a function (see PageParts). */
async function reactFormReplayScript(): Promise<string | null> {
  const { renderToString } = await import('react-dom/server');
  const { createElement } = await import('react');
  const html = renderToString(createElement('form', { action: () => undefined }));
  return /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? null;
}

const pluginPageParts = (): RsbuildPlugin => ({
  name: 'buergerfit:page-parts',
  setup(api) {
    api.onAfterBuild(async ({ environments, stats }) => {
      const web = environments.web;
      const all = stats && 'stats' in stats ? stats.stats : stats ? [stats] : [];
      const webStats = all.find((s) => s.compilation.name === 'web') ?? all[0];
      if (!web || !webStats) return;
      const entry = webStats.toJson({ all: false, entrypoints: true }).entrypoints?.index;
      const files = (entry?.assets ?? []).map((a) => `/${a.name}`);
      const parts: PageParts = {
        title: PAGE_TITLE,
        meta: PAGE_META,
        links: PAGE_LINKS,
        scripts: files.filter((f) => f.endsWith('.js')),
        styles: files.filter((f) => f.endsWith('.css')),
        formReplay: await reactFormReplayScript(),
      };
      await fs.writeFile(path.join(web.distPath, 'page.json'), JSON.stringify(parts));
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
    pluginPageParts(),
    pluginSsrOutput(),
  ],
  environments: { web: {}, ...(command === 'build' ? { ssr: frameEnvironment } : {}) },
  dev: { lazyCompilation: false },
  server: { port: 3000, proxy: bffProxy() },
  html: {
    title: PAGE_TITLE,
    // Keyed by name (the viewport replaces Rsbuild's default one); the favicon Rsbuild adds itself.
    meta: Object.fromEntries(
      PAGE_META.map((m, i) => [m.name === 'viewport' ? 'viewport' : `${m.name}-${i}`, { ...m }]),
    ),
    tags: PAGE_LINKS.filter((l) => l.rel !== 'icon').map((attrs) => ({ tag: 'link', attrs: { ...attrs } })),
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
