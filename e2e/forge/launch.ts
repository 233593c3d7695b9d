// Building the extension and opening Chromium with it loaded, for the demo (and for any
// harness that wants a visible browser). Chromium comes from the system (/usr/bin/chromium or
// $CHROMIUM_PATH); the flags are the ones known to work in this environment.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const EXTENSION_DIR = join(REPO_ROOT, '.output', 'chrome-mv3');

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Run `npx wxt build` in the repository; resolves when the build succeeded. */
export function buildExtension(cwd: string = REPO_ROOT): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npx', ['wxt', 'build'], { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`wxt build exited with code ${code}`))));
  });
}

export function chromiumArgs(options: { extensionDir: string; userDataDir: string; url: string; headless?: boolean }): string[] {
  return [
    ...(options.headless ? ['--headless=new'] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${options.userDataDir}`,
    `--disable-extensions-except=${options.extensionDir}`,
    `--load-extension=${options.extensionDir}`,
    options.url,
  ];
}

/** Open Chromium with the unpacked extension at `url`, in a fresh profile directory. */
export function launchChromium(url: string, options: { extensionDir?: string; headless?: boolean } = {}): ChildProcess {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`no built extension at ${extensionDir} (run "npx wxt build" first)`);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'noclobber-demo-'));
  const child = spawn(chromiumPath(), chromiumArgs({ extensionDir, userDataDir, url, headless: options.headless }), { stdio: 'ignore' });
  child.on('exit', () => rmSync(userDataDir, { recursive: true, force: true }));
  return child;
}
