import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each resource's HTTP tests sit beside it (src/api/<resource>/, src/web/); cross-cutting ones in test/.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two at a time keeps PGlite (one process per file) within CI's 2 cores.
    maxWorkers: 2,
  },
});
