// The production build of the BFF: the server and its command-line tools bundled ahead of time into dist/ (no
// TypeScript compiled at run time). npm packages stay external (node_modules is there in production); the
// workspace packages (@buergerfit/contract, @buergerfit/locales: TypeScript and JSON sources) are bundled in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const pkg = JSON.parse(await fs.readFile(path.join(here, 'package.json'), 'utf8'));

await fs.rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/cli/migrate.ts',
    'catalog-import': 'src/cli/catalog-import.ts',
    remotes: 'src/cli/remotes.ts',
    content: 'src/cli/content.ts',
  },
  absWorkingDir: here,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Every npm dependency is loaded from node_modules as usual; only the workspace packages are bundled.
  external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@buergerfit/')),
  // CommonJS dependencies that call require() inside an ES module bundle.
  banner: {
    js: "import { createRequire as __bfRequire } from 'node:module'; const require = __bfRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The sandboxed server renderer's runner and the memory-model fit's runner are started by file name next to the
// module that starts them.
await fs.copyFile(path.join(here, 'src/remotes/ssr-sandbox.mjs'), path.join(outdir, 'ssr-sandbox.mjs'));
await fs.copyFile(
  path.join(here, 'src/learn/memory-fit-runner.mjs'),
  path.join(outdir, 'memory-fit-runner.mjs'),
);
const files = (await fs.readdir(outdir)).filter((f) => f.endsWith('.mjs'));
console.info(
  `bff: built ${files.length} files into dist/ (${files.filter((f) => !f.startsWith('chunk-')).join(', ')})`,
);
