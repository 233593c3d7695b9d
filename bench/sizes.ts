/**
 * Size of each built entrypoint, as shipped (minified by the build) and gzipped: the content
 * script is injected into every forge page, so its size is what each page pays. The content
 * script is compared with its budget of 80 KB minified (design §5); every gzip figure with its
 * minified size.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extensionPath } from '../e2e/extension-path';
import { ensureExtensionBuild } from './extension-build';
import type { FigureRow } from './measure';

const CONTENT_SCRIPT_BUDGET = 80_000;

/** Every script in the build, relative to its root. */
function scriptsIn(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return scriptsIn(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/** What a built file is, from its path (chunk names carry a hash). */
export function roleOf(path: string): string {
  if (path === 'background.js') return 'background';
  if (path.startsWith('content-scripts/')) return 'content script';
  const chunk = /^chunks\/(.+?)-[A-Za-z0-9_-]{8}\.js$/.exec(path);
  if (chunk !== null) return chunk[1] === 'popup' || chunk[1] === 'options' ? `${chunk[1]} page` : 'shared chunk';
  return 'UI bundle, loaded lazily';
}

/** Orders the rows as a reader looks for them: what every page loads first. */
function rank(path: string): number {
  if (path.startsWith('content-scripts/')) return 0;
  if (!path.includes('/') && path !== 'background.js') return 1;
  if (path === 'background.js') return 2;
  return 3;
}

export async function runSizeBench(): Promise<FigureRow[]> {
  ensureExtensionBuild();
  const files = scriptsIn(extensionPath)
    .map((path) => relative(extensionPath, path))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return files.flatMap((path): FigureRow[] => {
    const bytes = readFileSync(join(extensionPath, path));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const name = `${path} (${roleOf(path)})`;
    const isContentScript = path.startsWith('content-scripts/');
    return [
      {
        group: 'size',
        name: `${name}, minified`,
        value: bytes.length,
        unit: 'bytes',
        baselineName: isContentScript ? 'budget 80 KB' : '',
        baseline: isContentScript ? CONTENT_SCRIPT_BUDGET : null,
      },
      { group: 'size', name: `${name}, gzip`, value: gzip, unit: 'bytes', baselineName: 'minified', baseline: bytes.length },
    ];
  });
}
