import { test as base, chromium, type BrowserContext, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath, extensionPath } from './extension-path';

export interface ExtensionFixtures {
  /** A browser profile with the built extension loaded. */
  context: BrowserContext;
  /** The extension's background service worker. */
  serviceWorker: Worker;
  extensionId: string;
}

export const test = base.extend<ExtensionFixtures>({
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const profile = mkdtempSync(join(tmpdir(), 'noclobber-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: false, // --headless=new is passed below: the old headless mode has no extensions
      args: chromiumArgs(extensionPath, true),
      viewport: { width: 1280, height: 900 },
    });
    try {
      await use(context);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
});

export const expect = test.expect;
