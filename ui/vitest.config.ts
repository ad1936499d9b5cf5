import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Real CSS-module class names: the tests look for them.
    css: { include: [/\.module\.css$/] },
  },
});
