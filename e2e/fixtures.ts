import { test as base, type BrowserContext, type Worker } from '@playwright/test';
import { launchBrowser } from './browser';
import { openDriver, type ForgeDriver } from './driver/index';

export interface ExtensionFixtures {
  /** Which forge the spec talks to: a double profile ('gitea-1.26', …) or 'real' (see e2e/driver). */
  forgeTarget: string;
  /** The forge behind the driver interface, opened for the test and closed after it. */
  forge: ForgeDriver;
  /** A browser profile with the built extension loaded. */
  context: BrowserContext;
  /** The extension's background service worker. */
  serviceWorker: Worker;
  extensionId: string;
}

export const test = base.extend<ExtensionFixtures>({
  forgeTarget: ['gitea-1.26', { option: true }],
  forge: async ({ forgeTarget, serviceWorker }, use) => {
    const driver = await openDriver(forgeTarget);
    if (!/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(driver.origin)) {
      // A forge off loopback: the content script is registered for the origins in this setting
      // (the build must also hold the host permission, see e2e/driver/README.md).
      await serviceWorker.evaluate((origin) => chrome.storage.local.set({ settings: { forgeOrigins: [origin] } }), driver.origin);
    }
    try {
      await use(driver);
    } finally {
      await driver.close();
    }
  },
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const browser = await launchBrowser({ extension: true });
    try {
      await use(browser.context);
    } finally {
      await browser.close();
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
