import { defineConfig } from '@playwright/test';

// End-to-end specs: the built extension in Debian's Chromium against real HTTP servers on
// loopback. The extension is built once in global setup; each worker launches its own
// browser profile with the extension loaded (see e2e/fixtures.ts).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
});
