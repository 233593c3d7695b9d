import { describe, expect, it } from 'vitest';
import { checklistItems, findChecklistLinesMatching, isIssueReference, labelOf } from './checklist';

const labels = (body: string) => checklistItems(body).map((item) => `${item.checked ? 'x' : ' '}|${item.label}`);

describe('checklist lines', () => {
  it('recognises the three bullets and both ordered delimiters', () => {
    expect(labels('- [ ] a\n* [x] b\n+ [X] c\n1. [ ] d\n2) [x] e')).toEqual([' |a', 'x|b', 'x|c', ' |d', 'x|e']);
  });

  it('accepts up to nine digits in an ordered item', () => {
    expect(labels('123456789. [ ] nine\n1234567890. [ ] ten')).toEqual([' |nine']);
  });

  it('treats nested and tab-indented items as ordinary items', () => {
    expect(labels('- [ ] top\n  - [x] nested\n\t* [ ] tabbed\n        1) [ ] deep')).toEqual([' |top', 'x|nested', ' |tabbed', ' |deep']);
  });

  it('needs space or tab between the bullet and the box, and after the box', () => {
    expect(labels('-[ ] a\n- [ ]b\n- [ ]\tc\n-\t[x] d')).toEqual([' |c', 'x|d']);
  });

  it('accepts a box that ends the line and gives it an empty label', () => {
    expect(labels('- [ ]\n- [x]   ')).toEqual([' |', 'x|']);
  });

  it('rejects other box contents', () => {
    expect(labels('- [y] a\n- [] b\n- [  ] c\n- [-] d')).toEqual([]);
  });

  it('ignores quoted checklists', () => {
    expect(labels('> - [ ] quoted\n  > - [x] indented quote\n>- [ ] tight')).toEqual([]);
  });

  it('ignores checklists inside fenced code, ``` and ~~~', () => {
    expect(labels('```\n- [ ] a\n```\n~~~md\n- [ ] b\n~~~\n- [ ] c')).toEqual([' |c']);
  });

  it('ignores checklists inside an unclosed fence', () => {
    expect(labels('- [ ] before\n````\n- [ ] after')).toEqual([' |before']);
  });

  it('takes the label trimmed, inner spacing kept', () => {
    expect(labels('- [ ]   ship  the docs  ')).toEqual([' |ship  the docs']);
  });

  it('reads CRLF lines without the carriage return', () => {
    const items = checklistItems('intro\r\n- [ ] a\r\n- [x] b\r\n');
    expect(items).toEqual([
      { label: 'a', checked: false, lineIndex: 1, markerOffset: 10, line: '- [ ] a' },
      { label: 'b', checked: true, lineIndex: 2, markerOffset: 19, line: '- [x] b' },
    ]);
  });

  it('treats a lone carriage return as text, not a line end', () => {
    expect(labels('- [ ]\rx\n- [ ] y\r')).toEqual([' |y']);
  });

  it('gives marker offsets that point at the state character', () => {
    const body = 'é 🚀\n  * [X] rocket 🚀\n';
    const [item] = checklistItems(body);
    expect(item?.markerOffset).toBe(body.indexOf('X'));
    expect(body[item?.markerOffset ?? -1]).toBe('X');
    expect(item?.lineIndex).toBe(1);
  });

  it('throws a clear error for a body that is not text', () => {
    expect(() => checklistItems(42 as unknown as string)).toThrow(/string/);
  });
});

describe('issue references', () => {
  it('recognises #N and owner/repo#N only', () => {
    expect(isIssueReference('#12')).toBe(true);
    expect(isIssueReference('owner/repo#12')).toBe(true);
    expect(isIssueReference('my.org/my-repo_2#7')).toBe(true);
    expect(isIssueReference('#')).toBe(false);
    expect(isIssueReference('#12a')).toBe(false);
    expect(isIssueReference('fix #12')).toBe(false);
    expect(isIssueReference('repo#12')).toBe(false);
  });

  it('matches #12 but not #123', () => {
    const body = '- [ ] fix #123\n- [ ] fix #12';
    expect(findChecklistLinesMatching(body, '#12').map((line) => labelOf(body, line))).toEqual(['fix #12']);
  });

  it('matches a reference followed by text that is not a digit', () => {
    const body = '- [ ] see #12, then #123';
    expect(findChecklistLinesMatching(body, '#12')).toHaveLength(1);
    expect(findChecklistLinesMatching('- [ ] see #123', '#12')).toHaveLength(0);
  });

  it('matches owner/repo#12 and not owner/repo#120', () => {
    const body = '- [ ] port owner/repo#120\n- [ ] port owner/repo#12 too';
    expect(findChecklistLinesMatching(body, 'owner/repo#12').map((line) => labelOf(body, line))).toEqual(['port owner/repo#12 too']);
  });

  it('uses plain substring matching for text that is not a reference', () => {
    const body = '- [ ] fix #123 now';
    expect(findChecklistLinesMatching(body, 'fix #12')).toHaveLength(1);
  });
});

describe('label matching', () => {
  it('is case-sensitive', () => {
    expect(findChecklistLinesMatching('- [ ] Ship it', 'ship')).toHaveLength(0);
    expect(findChecklistLinesMatching('- [ ] Ship it', 'Ship')).toHaveLength(1);
  });

  it('looks only inside the trimmed label, not the box or the bullet', () => {
    expect(findChecklistLinesMatching('- [ ] a', '[ ]')).toHaveLength(0);
    expect(findChecklistLinesMatching('- [ ]  a', ' a')).toHaveLength(0);
    expect(findChecklistLinesMatching('- [ ] a b', 'a b')).toHaveLength(1);
  });

  it('counts a line once however often the match occurs in it', () => {
    expect(findChecklistLinesMatching('- [ ] a a a', 'a')).toHaveLength(1);
  });

  it('does not match across lines', () => {
    expect(findChecklistLinesMatching('- [ ] a\n- [ ] b', 'a\n- [ ] b')).toHaveLength(0);
  });
});
