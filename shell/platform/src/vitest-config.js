// Node side: the one vitest config of the remotes (`vitest.config.ts` is `remoteVitestConfig()`): jsdom,
// `test/**/*.test.ts(x)`, mocks restored after each test, CSS modules processed; their tests render through `@buergerfit/platform/testing`.
// Plain JavaScript (typed by vitest-config.d.ts): vitest loads a config's package imports with Node, which runs no
// TypeScript before Node 22.
import { defineConfig } from 'vitest/config';

/** @param {import('./vitest-config').RemoteVitestOptions} [options] */
export function remoteVitestConfig({ setupFiles, testTimeout } = {}) {
  return defineConfig({
    test: {
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // CSS modules for real (by default vitest stubs each with a proxy that has no keys): a remote's class names
      // combine @buergerfit/ui's base and its own (withBase), and tests look for them.
      css: { include: [/\.module\.css$/] },
      ...(setupFiles ? { setupFiles } : {}),
      ...(testTimeout ? { testTimeout } : {}),
    },
  });
}
