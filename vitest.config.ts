import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

// Unit, property and forge-double tests. Playwright specs (e2e/*.spec.ts) run separately.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/forge/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
