// Principle 1 of the design: one module owns every request to a forge. This scans the
// extension's source (src/ and entrypoints/, test files aside) for the ways a script can
// reach the network and fails, naming the file, when one appears outside src/forge.
// Test files (*.test.*, *.spec.*) and test support in __tests__ folders are not scanned.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const SCANNED = ['src', 'entrypoints'];
const ALLOWED_DIR = join('src', 'forge') + sep;
const NETWORK_APIS: { name: string; pattern: RegExp }[] = [
  { name: 'fetch(', pattern: /\bfetch\s*\(/ },
  { name: 'XMLHttpRequest', pattern: /\bXMLHttpRequest\b/ },
  { name: 'WebSocket', pattern: /\bWebSocket\b/ },
  { name: 'navigator.sendBeacon', pattern: /\bsendBeacon\b/ },
  { name: 'EventSource', pattern: /\bEventSource\b/ },
];

/** Test files, and test support kept in __tests__ folders, are not shipped code. */
function isTestFile(name: string): boolean {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '__tests__' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.[cm]?[jt]sx?$/.test(name) && !isTestFile(name)) files.push(path);
  }
  return files;
}

/** Every use of a network API outside src/forge, as 'path: api'. */
function networkViolations(): string[] {
  const found: string[] = [];
  for (const top of SCANNED) {
    for (const file of sourceFiles(join(ROOT, top))) {
      const rel = relative(ROOT, file);
      if (rel.startsWith(ALLOWED_DIR)) continue;
      const text = readFileSync(file, 'utf8');
      for (const api of NETWORK_APIS) if (api.pattern.test(text)) found.push(`${rel}: ${api.name}`);
    }
  }
  return found;
}

describe('network guard', () => {
  it('finds no network access outside src/forge', () => {
    expect(networkViolations()).toEqual([]);
  });

  it('fires on a planted violation and names the file', () => {
    const dir = mkdtempSync(join(ROOT, 'src', 'engine', 'guard-planted-'));
    const planted = join(dir, 'sneaky.ts');
    try {
      writeFileSync(planted, "export const leak = () => fetch('https://forge.example/owner/repo/issues/1/content');\n");
      expect(networkViolations()).toContain(`${relative(ROOT, planted)}: fetch(`);
      writeFileSync(planted, 'export const socket = new WebSocket("wss://forge.example");\n');
      expect(networkViolations()).toContain(`${relative(ROOT, planted)}: WebSocket`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(networkViolations().filter((v) => v.startsWith(relative(ROOT, dir)))).toEqual([]);
  });
});
