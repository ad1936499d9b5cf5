import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Whole exams typed key by key in jsdom: 5 s is too tight when the machine is busy.
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
