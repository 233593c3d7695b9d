import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildManagedSchema } from './managed-schema';
import { SETTING_KEYS } from './settings';

const file = JSON.parse(readFileSync(new URL('../../public/managed-schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const CHROME_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);

/** Chrome's managed-storage schema rules: typed everywhere, objects at the top, items for arrays. */
function chromeSchemaProblems(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [`${path}: not an object`];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof node.type !== 'string' || !CHROME_TYPES.has(node.type)) problems.push(`${path}: missing or unknown type`);
  if (node.type === 'array') problems.push(...chromeSchemaProblems(node.items, `${path}.items`));
  if (node.type === 'object') {
    for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
      problems.push(...chromeSchemaProblems(child, `${path}.${key}`));
    }
  }
  return problems;
}

describe('public/managed-schema.json', () => {
  it('equals the schema derived from the settings table (regenerate with: npx tsx scripts/managed-schema.ts)', () => {
    expect(file).toEqual(buildManagedSchema());
  });

  it('declares every setting with a description', () => {
    const properties = file.properties as Record<string, { description?: unknown }>;
    expect(Object.keys(properties).sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) expect(typeof properties[key]?.description).toBe('string');
  });

  it("follows Chrome's schema rules", () => {
    expect(file.type).toBe('object');
    expect(chromeSchemaProblems(file, '$')).toEqual([]);
  });

  it('has a rule check that can fail', () => {
    expect(chromeSchemaProblems({ type: 'object', properties: { a: { type: 'array' } } }, '$')).toEqual(['$.a.items: not an object']);
  });
});
