/**
 * The browser benchmarks load the built extension: build it when there is no build or when a
 * source file is newer than the build.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionPath } from '../e2e/extension-path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What goes into the build (tests excepted). */
const SOURCES = ['src', 'entrypoints', 'public', 'wxt.config.ts', 'package.json', 'package-lock.json'];

function isTest(name: string): boolean {
  return /\.test\.tsx?$/.test(name) || name === '__tests__';
}

function newestIn(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (isTest(entry)) continue;
    newest = Math.max(newest, newestIn(join(path, entry)));
  }
  return newest;
}

/** Whether the build is missing or older than its sources. */
export function buildIsStale(): boolean {
  const manifest = join(extensionPath, 'manifest.json');
  if (!existsSync(manifest)) return true;
  const built = statSync(manifest).mtimeMs;
  return SOURCES.some((source) => newestIn(join(ROOT, source)) > built);
}

export function ensureExtensionBuild(): void {
  if (!buildIsStale()) return;
  console.log('building the extension (npx wxt build) …');
  // The build's own output goes to stderr so that stdout keeps only the table.
  execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (!existsSync(join(extensionPath, 'manifest.json'))) throw new Error(`the build did not produce ${extensionPath}/manifest.json`);
}
