import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeSettings } from './merge';

// The sample policy files in docs/policy are what administrators copy: they must be valid.
function sample(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../docs/policy/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

describe('sample policy files', () => {
  it.each([
    ['chrome-policy.json', (p: any) => p['3rdparty'].extensions.EXTENSION_ID],
    ['firefox-policies.json', (p: any) => p.policies['3rdparty'].Extensions['noclobber@noclobber.dev']],
  ])('%s sets only valid values', (name, pick) => {
    const managed = pick(sample(name)) as Record<string, unknown>;
    const merged = mergeSettings({}, managed);
    expect(merged.notices).toEqual([]);
    expect([...merged.managed].sort()).toEqual(Object.keys(managed).sort());
  });
});
