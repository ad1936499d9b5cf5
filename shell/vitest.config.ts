import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['test/setup.ts'],
    // Whole-shell renders with user-event: past 5 s on a loaded 2-core CI machine.
    testTimeout: 15_000,
  },
});
