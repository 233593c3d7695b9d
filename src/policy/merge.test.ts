import { describe, expect, it } from 'vitest';
import { mergeSettings } from './merge';
import { defaultSettings } from './settings';

describe('mergeSettings', () => {
  it('gives the defaults when nothing is set, with nothing managed or locked', () => {
    const merged = mergeSettings({}, {});
    expect(merged.settings).toEqual(defaultSettings());
    expect(merged.settings.requireVersionLock).toBe(false);
    expect(merged.managed).toEqual([]);
    expect(merged.locked('allowedOps')).toBe(false);
    expect(merged.notices).toEqual([]);
  });

  it('lets managed values win over user values and locks exactly those keys', () => {
    const merged = mergeSettings(
      { allowedOps: ['append'], sectionPrefix: 'mine' },
      { allowedOps: ['task-toggle', 'patch'] },
    );
    expect(merged.settings.allowedOps).toEqual(['task-toggle', 'patch']);
    expect(merged.settings.sectionPrefix).toBe('mine');
    expect(merged.managed).toEqual(['allowedOps']);
    expect(merged.locked('allowedOps')).toBe(true);
    expect(merged.locked('sectionPrefix')).toBe(false);
  });

  it('requires the version lock by default in a managed deployment', () => {
    expect(mergeSettings({}, { sectionPrefix: 'team' }).settings.requireVersionLock).toBe(true);
    expect(mergeSettings({}, { requireVersionLock: false }).settings.requireVersionLock).toBe(false);
  });

  it('locks every key under lockSettings', () => {
    const merged = mergeSettings({}, { lockSettings: true });
    expect(merged.locked('maxBodyBytes')).toBe(true);
    expect(merged.locked('forgeOrigins')).toBe(true);
  });

  it('ignores an invalid managed value whole, with a notice naming it, and keeps the user value', () => {
    const merged = mergeSettings({ allowedOps: ['append'] }, { allowedOps: ['append', 'rewrite-everything'], maxBodyBytes: -4 });
    expect(merged.settings.allowedOps).toEqual(['append']);
    expect(merged.settings.maxBodyBytes).toBe(defaultSettings().maxBodyBytes);
    expect(merged.managed).toEqual([]);
    expect(merged.notices).toHaveLength(2);
    expect(merged.notices[0]).toContain('allowedOps');
    expect(merged.notices[1]).toContain('maxBodyBytes');
  });

  it('names unknown policy keys and rejects malformed origins and prefixes', () => {
    const merged = mergeSettings({}, { colour: 'red', forgeOrigins: ['git.example.org'], sectionPrefix: '-x' });
    expect(merged.notices.join(' ')).toMatch(/"colour".*forgeOrigins.*sectionPrefix/);
    expect(merged.settings.forgeOrigins).toEqual([]);
    expect(merged.settings.sectionPrefix).toBe('madtea');
    expect(mergeSettings({}, { forgeOrigins: ['https://git.example.org', 'http://127.0.0.1:3000'] }).settings.forgeOrigins)
      .toEqual(['https://git.example.org', 'http://127.0.0.1:3000']);
  });
});
