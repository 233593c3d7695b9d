/**
 * The setting of the browser benchmarks: one forge double and two Debian Chromium profiles
 * signed in as the same user, one with the built extension and one without it (where the
 * forge's own page scripts edit). Each figure is measured in both, side by side, in one run.
 */

import type { BrowserContext } from '@playwright/test';
import { launchBrowser, type LaunchedBrowser } from '../e2e/browser';
import type { ForgeDouble, ProfileName, UserName } from '../e2e/forge/api';
import { startForge } from '../e2e/forge/server';
import { ensureExtensionBuild } from './extension-build';

export interface BrowserPair {
  forge: ForgeDouble;
  /** The profile with the extension. */
  extension: BrowserContext;
  /** The profile without it. */
  plain: BrowserContext;
  close(): Promise<void>;
}

async function signIn(context: BrowserContext, forge: ForgeDouble, user: UserName): Promise<void> {
  const cookie = forge.sessionCookie(user);
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: forge.url }]);
}

export async function openBrowserPair(profile: ProfileName): Promise<BrowserPair> {
  ensureExtensionBuild();
  const forge = await startForge({ profile });
  const opened: LaunchedBrowser[] = [];
  try {
    const withExtension = await launchBrowser({ extension: true });
    opened.push(withExtension);
    const plain = await launchBrowser({ extension: false });
    opened.push(plain);
    await signIn(withExtension.context, forge, 'owner');
    await signIn(plain.context, forge, 'owner');
    return {
      forge,
      extension: withExtension.context,
      plain: plain.context,
      async close() {
        await Promise.all(opened.map((browser) => browser.close()));
        await forge.close();
      },
    };
  } catch (error) {
    await Promise.all(opened.map((browser) => browser.close()));
    await forge.close();
    throw error;
  }
}

/** Waits until the forge has seen no new request for `quietMs` (the last straggler has arrived). */
export async function forgeSettled(forge: ForgeDouble, quietMs = 400, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  let count = forge.requests().length;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() - started > timeoutMs) throw new Error('the forge kept receiving requests');
    await new Promise((resolve) => setTimeout(resolve, 25));
    const now = forge.requests().length;
    if (now !== count) {
      count = now;
      since = Date.now();
    }
  }
}
