import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath, extensionPath } from './extension-path';

/** Where Chromium on Linux reads mandatory policy (root-owned; read at browser start). */
export const POLICY_DIR = process.env.CHROMIUM_POLICY_DIR ?? '/etc/chromium/policies/managed';

/** Chrome derives an extension's id from its public key: the SHA-256 of the DER key, first 32 hex digits mapped to a–p. */
export function extensionIdOf(publicKeyDer: Buffer): string {
  return [...createHash('sha256').update(publicKeyDer).digest('hex').slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 16)))
    .join('');
}

export interface ManagedExtension {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  close(): Promise<void>;
}

/**
 * Launches Chromium with a copy of the built extension under a fresh key (so it has an id of
 * its own that no other spec's browser shares) and a real managed policy file for that id.
 * Chromium applies `3rdparty.extensions.<id>` policy to `chrome.storage.managed` even for an
 * unpacked extension, as long as its id is stable, which the manifest `key` makes it.
 */
export async function launchWithManagedPolicy(policy: Record<string, unknown>): Promise<ManagedExtension> {
  const work = mkdtempSync(join(tmpdir(), 'noclobber-managed-'));
  const extensionDir = join(work, 'extension');
  cpSync(extensionPath, extensionDir, { recursive: true });
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const manifestFile = join(extensionDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, key: der.toString('base64') }));
  const extensionId = extensionIdOf(der);

  mkdirSync(POLICY_DIR, { recursive: true });
  const policyFile = join(POLICY_DIR, `noclobber-spec-${extensionId}.json`);
  writeFileSync(policyFile, JSON.stringify({ '3rdparty': { extensions: { [extensionId]: policy } } }));

  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: chromiumPath,
    headless: false,
    args: chromiumArgs(extensionDir, true),
    viewport: { width: 1280, height: 900 },
  });
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return {
    context,
    serviceWorker,
    extensionId,
    async close() {
      await context.close();
      rmSync(policyFile, { force: true });
      rmSync(work, { recursive: true, force: true });
    },
  };
}
