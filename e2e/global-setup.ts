import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extensionPath } from './extension-path';

// Builds the Chrome extension once per test run, so every spec loads the same build.
// NOCLOBBER_SKIP_BUILD=1 reuses an existing build (useful while iterating on specs).
export default function globalSetup(): void {
  if (process.env.NOCLOBBER_SKIP_BUILD === '1' && existsSync(extensionPath)) return;
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  if (!existsSync(`${extensionPath}/manifest.json`)) {
    throw new Error(`The extension build did not produce ${extensionPath}/manifest.json`);
  }
}
