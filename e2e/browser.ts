// Launching Debian's Chromium in a fresh profile, with the built extension or without it (a
// plain browser, where the forge's own page scripts do the editing). The specs' fixtures, the
// race suite and the browser benchmarks all start their browsers here.
import { chromium, type BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumBaseArgs, chromiumPath, extensionPath } from './extension-path';

export interface LaunchOptions {
  /** Load the built extension (default true). */
  extension?: boolean;
  /** Another build directory than .output/chrome-mv3. */
  extensionDir?: string;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const withExtension = options.extension ?? true;
  const profile = mkdtempSync(join(tmpdir(), withExtension ? 'noclobber-profile-' : 'noclobber-plain-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      // --headless=new is passed in the flags: the old headless mode has no extensions, and the
      // plain browser runs in the same mode so the two are comparable.
      headless: false,
      args: withExtension ? chromiumArgs(options.extensionDir ?? extensionPath, true) : chromiumBaseArgs(true),
      viewport: { width: 1280, height: 900 },
    });
    return {
      context,
      async close() {
        try {
          await context.close();
        } finally {
          rmSync(profile, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
