import { describe, expect, it } from 'vitest';
import { diffRows, rowsOfLineDiff } from './diff-rows';

describe('diffRows', () => {
  it('is empty for equal texts', () => {
    expect(diffRows('a\nb\n', 'a\nb\n')).toEqual([]);
  });

  it('pairs a changed line with its replacement and marks the words that differ', () => {
    const rows = diffRows('keep\nthe old word\nkeep too\n', 'keep\nthe new word\nkeep too\n');
    expect(rows).toEqual([
      { kind: 'same', text: 'keep' },
      { kind: 'del', pieces: [{ text: 'the ', marked: false }, { text: 'old', marked: true }, { text: ' word', marked: false }] },
      { kind: 'add', pieces: [{ text: 'the ', marked: false }, { text: 'new', marked: true }, { text: ' word', marked: false }] },
      { kind: 'same', text: 'keep too' },
    ]);
  });

  it('folds unchanged lines far from any change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const rows = diffRows(before, after);
    expect(rows[0]).toEqual({ kind: 'gap', count: 8 });
    expect(rows.at(-1)).toEqual({ kind: 'gap', count: 7 });
    expect(rows.filter((row) => row.kind === 'same')).toHaveLength(4);
  });
});

describe('rowsOfLineDiff', () => {
  it('reads the engine’s hunks', () => {
    const rows = rowsOfLineDiff({ hunks: [{ oldStart: 3, oldLines: 2, newStart: 3, newLines: 2, lines: [' same', '-old', '+new'] }] });
    expect(rows.map((row) => row.kind)).toEqual(['gap', 'same', 'del', 'add']);
  });
});
