import { describe, expect, it } from 'vitest';
import { diffChecklists, firstWord } from './index';

describe('firstWord', () => {
  it('lowercases the first token and strips non-letters, non-digits from its ends', () => {
    expect(firstWord('Alpha beta')).toBe('alpha');
    expect(firstWord('**Ship** the docs')).toBe('ship');
    expect(firstWord('`v1.2`: release')).toBe('v1.2');
    expect(firstWord('#123 fix')).toBe('123');
    expect(firstWord('  leading space')).toBe('leading');
    expect(firstWord('')).toBe('');
    expect(firstWord('—')).toBe('');
  });

  it('handles letters and digits beyond ASCII', () => {
    expect(firstWord('«Ärger» über')).toBe('ärger');
    expect(firstWord('שלום עולם')).toBe('שלום');
    expect(firstWord('🚀launch')).toBe('launch');
    expect(firstWord('ΣΟΦΙΑ')).toBe('σοφια');
    expect(firstWord('٣٤ items')).toBe('٣٤');
  });

  it('splits on any whitespace, non-breaking space included', () => {
    expect(firstWord('one\u00a0two')).toBe('one');
  });
});

describe('diffChecklists', () => {
  it('reports a tick with clean pairing', () => {
    expect(diffChecklists('- [ ] alpha\n- [ ] beta', '- [x] alpha\n- [ ] beta')).toEqual({
      flips: [{ label: 'alpha', checked: true }],
      beforeBlocks: '- [ ] alpha\n- [ ] beta',
      afterBlocks: '- [x] alpha\n- [ ] beta',
    });
  });

  it('reports an untick', () => {
    expect(diffChecklists('- [x] alpha\n- [ ] beta', '- [ ] alpha\n- [ ] beta')?.flips).toEqual([{ label: 'alpha', checked: false }]);
  });

  it('returns null for a pure reorder', () => {
    expect(diffChecklists('- [x] a\n- [ ] b', '- [ ] b\n- [x] a')).toBeNull();
  });

  it('returns null for a prose-only edit, item tails included', () => {
    expect(diffChecklists('Intro\n- [x] alpha one\n- [ ] beta', 'Intro, edited\n- [x] alpha two\n- [ ] beta')).toBeNull();
  });

  it('returns null for identical bodies and bodies without checklists', () => {
    expect(diffChecklists('- [ ] a', '- [ ] a')).toBeNull();
    expect(diffChecklists('prose', 'other prose')).toBeNull();
  });

  it('reports a tick and an untick under a reorder, with flips null', () => {
    expect(diffChecklists('- [ ] alpha\n- [x] beta', '- [ ] beta\n- [x] alpha')).toEqual({
      flips: null,
      beforeBlocks: '- [ ] alpha\n- [x] beta',
      afterBlocks: '- [ ] beta\n- [x] alpha',
    });
  });

  it('reports an inserted item above a ticked one with flips null and only checklist lines in the blocks', () => {
    const before = 'Plan:\n\n- [x] alpha\n- [ ] beta\n\nThanks.';
    const after = 'Plan:\n\n- [ ] gamma\n- [x] alpha\n- [ ] beta\n\nThanks.';
    expect(diffChecklists(before, after)).toEqual({
      flips: null,
      beforeBlocks: '- [x] alpha\n- [ ] beta',
      afterBlocks: '- [ ] gamma\n- [x] alpha\n- [ ] beta',
    });
  });

  it('treats a swap of states between items with the same first word as no change', () => {
    expect(diffChecklists('- [x] fix a\n- [ ] fix b', '- [ ] fix a\n- [x] fix b')).toBeNull();
  });

  it('ignores checklists in fenced code and in quotes', () => {
    expect(diffChecklists('```\n- [ ] a\n```', '```\n- [x] a\n```')).toBeNull();
    expect(diffChecklists('~~~\n- [ ] a\n~~~', '~~~\n- [x] a\n~~~')).toBeNull();
    expect(diffChecklists('> - [ ] a', '> - [x] a')).toBeNull();
  });

  it('ignores boxes ticked in quotes and code alongside a real tick', () => {
    const before = '> - [ ] quoted\n```\n- [ ] code\n```\n- [ ] real';
    const after = '> - [x] quoted\n```\n- [x] code\n```\n- [x] real';
    expect(diffChecklists(before, after)).toEqual({ flips: [{ label: 'real', checked: true }], beforeBlocks: '- [ ] real', afterBlocks: '- [x] real' });
    expect(diffChecklists('> - [ ] quoted', '> - [x] quoted')).toBeNull();
  });

  it('reads a box inside a label as part of the label', () => {
    expect(diffChecklists('- [ ] [x]', '- [ ] [ ]')).toEqual({ flips: null, beforeBlocks: '- [ ] [x]', afterBlocks: '- [ ] [ ]' });
  });

  it('treats x and X as the same state', () => {
    expect(diffChecklists('- [x] a', '- [X] a')).toBeNull();
  });

  it('sees items that an edit moves into or out of a code block', () => {
    const change = diffChecklists('- [x] a\n- [ ] b', '```\n- [x] a\n```\n- [ ] b');
    expect(change).toEqual({ flips: null, beforeBlocks: '- [x] a\n- [ ] b', afterBlocks: '- [ ] b' });
  });

  it('sees a later item hidden by a fence that the edit leaves open', () => {
    const before = '- [ ] a\n\ntext\n\n- [x] z';
    const after = '- [ ] a\n```\ntext\n\n- [x] z';
    expect(diffChecklists(before, after)).toEqual({ flips: null, beforeBlocks: '- [ ] a\n\n- [x] z', afterBlocks: '- [ ] a' });
  });

  it('reads ordered items, X boxes and CRLF bodies, with blocks joined by LF', () => {
    expect(diffChecklists('1. [ ] one\r\n2) [X] two\r\n', '1. [x] one\r\n2) [X] two\r\n')).toEqual({
      flips: [{ label: 'one', checked: true }],
      beforeBlocks: '1. [ ] one\n2) [X] two',
      afterBlocks: '1. [x] one\n2) [X] two',
    });
  });

  it('builds blocks up to blank lines, keeping only checklist lines inside a block', () => {
    const before = ['# Title', '- [ ] a', 'a note', '  - [ ] a.1', '', 'prose', '- [ ] b', '```', '', '```', '- [ ] c', '', '', '- [ ] d'].join('\n');
    const after = before.replace('- [ ] d', '- [x] d');
    expect(diffChecklists(before, after)).toEqual({
      flips: [{ label: 'd', checked: true }],
      beforeBlocks: '- [ ] a\n  - [ ] a.1\n\n- [ ] b\n- [ ] c\n\n- [ ] d',
      afterBlocks: '- [ ] a\n  - [ ] a.1\n\n- [ ] b\n- [ ] c\n\n- [x] d',
    });
  });

  it('counts a whitespace-only line as blank', () => {
    expect(diffChecklists('- [ ] a\n \t\n- [ ] b', '- [x] a\n \t\n- [ ] b')?.beforeBlocks).toBe('- [ ] a\n\n- [ ] b');
  });

  it('gives an empty block text for a side without checklist lines', () => {
    expect(diffChecklists('nothing', '- [x] new')).toEqual({ flips: null, beforeBlocks: '', afterBlocks: '- [x] new' });
  });

  it('lists several flips in document order with the labels after the edit', () => {
    const before = '- [ ] one\n- [x] two\n- [ ] three';
    const after = '- [x] one!\n- [ ] two\n- [ ] three';
    expect(diffChecklists(before, after)?.flips).toEqual([
      { label: 'one!', checked: true },
      { label: 'two', checked: false },
    ]);
  });

  it('works on long bodies where the edit sits in the middle', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `- [${i % 2 ? 'x' : ' '}] item ${i}`);
    const before = lines.join('\n');
    const after = before.replace('- [ ] item 1500', '- [x] item 1500');
    const change = diffChecklists(before, after);
    expect(change?.flips).toEqual([{ label: 'item 1500', checked: true }]);
    expect(change?.beforeBlocks).toBe(before);
    expect(change?.afterBlocks).toBe(after);
  });

  it('throws a clear error when a body is not text', () => {
    expect(() => diffChecklists(null as unknown as string, '')).toThrow(/strings/);
  });
});
