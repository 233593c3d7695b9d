// The benchmark table: timing rows and figure rows side by side, ratios against baselines.
import { describe, expect, it } from 'vitest';
import { formatTable, median } from '../../bench/measure';
import { roleOf } from '../../bench/sizes';

describe('bench table', () => {
  it('prints timing rows and counted figures in one table with their ratios', () => {
    const table = formatTable([
      { group: 'body', name: 'patch', medianMs: 2, baselineName: 'scan', baselineMs: 0.5 },
      { group: 'wire', name: 'round trips', value: 3, unit: 'requests', baselineName: 'native widget', baseline: 1 },
      { group: 'wire', name: 'landed', value: 5, unit: 'ticks', baselineName: 'native widget', baseline: 0 },
      { group: 'size', name: 'forge.js', value: 1234, unit: 'bytes', baselineName: '', baseline: null },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^group +measure +value +unit +baseline +baseline value +ratio$/);
    expect(lines[2]).toMatch(/patch +2\.000 +ms +scan +0\.500 +4\.00×$/);
    expect(lines[3]).toMatch(/round trips +3 +requests +native widget +1 +3\.00×$/);
    expect(lines[4]).toMatch(/landed +5 +ticks +native widget +0 +∞$/);
    expect(lines[5]).toMatch(/forge\.js +1234 +bytes$/);
  });

  it('takes the middle sample as the median', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([9])).toBe(9);
  });

  it('names built files by their role', () => {
    expect(roleOf('content-scripts/forge.js')).toBe('content script');
    expect(roleOf('background.js')).toBe('background');
    expect(roleOf('chunks/popup-D1qiT5LB.js')).toBe('popup page');
    expect(roleOf('chunks/engine-policy-MggNSidr.js')).toBe('shared chunk');
    expect(roleOf('overlay.js')).toBe('UI bundle, loaded lazily');
  });
});
