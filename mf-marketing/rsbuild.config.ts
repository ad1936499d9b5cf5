import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineRemoteConfig } from '@buergerfit/platform/build';
import type { RsbuildPlugin } from '@rsbuild/core';

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
      const titles: Record<string, Record<string, string>> = {};
      for (const lng of mod.LANGUAGES) {
        titles[lng] = {};
        for (const page of mod.PAGES) {
          const file = path.join(web.distPath, 'prerender', lng, mod.fragmentFile(page));
          await fs.mkdir(path.dirname(file), { recursive: true });
          const { html, title } = await mod.render(lng, page);
          await fs.writeFile(file, html);
          if (title !== null) titles[lng][page] = title;
          count++;
        }
      }
      // The list of what was prerendered, beside the fragments: the BFF serves a page prerendered only when the
      // build that visitor gets lists it (it keeps no copy of the marketing pages), with the title each page asks
      // for (the page is on screen long before this remote runs, if it ever does).
      await fs.writeFile(
        path.join(web.distPath, 'prerender', 'pages.json'),
        JSON.stringify({ pages: mod.PAGES, titles }),
      );
      api.logger.info(
        `prerendered ${count} pages into ${path.relative(process.cwd(), web.distPath)}/prerender`,
      );
    });
  },
});

export default defineRemoteConfig(
  {
    name: 'mf_marketing',
    port: 3101,
    cssPrefix: 'mkt',
    exposes: { './ContactDialog': './src/ContactDialog.tsx' },
    environment: 'web',
  },
  ({ command }) => ({
    plugins: [pluginPrerender()],
    environments: {
      // The browser build: the remote itself (federation, CSS), into dist/ or BUERGERFIT_DIST_DIR.
      web: {},
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
  }),
);
