import { describe, expect, it } from 'vitest';
import { endsWithBlankLine, inBodyLineBreaks, lineBreakOf, lineCount } from './line-endings';

describe('line endings', () => {
  it('reads the convention from the first line break', () => {
    expect(lineBreakOf('a\r\nb\r\n')).toBe('\r\n');
    expect(lineBreakOf('a\nb\r\nc')).toBe('\n');
    expect(lineBreakOf('a\r\nb\nc')).toBe('\r\n');
    expect(lineBreakOf('a\r')).toBe('\r\n');
    expect(lineBreakOf('no breaks')).toBe('\n');
    expect(lineBreakOf('')).toBe('\n');
    expect(lineBreakOf('\r\n')).toBe('\r\n');
  });

  it('rewrites bare LF breaks of inserted text for CRLF bodies only', () => {
    expect(inBodyLineBreaks('a\nb\r\nc\n', '\r\n')).toBe('a\r\nb\r\nc\r\n');
    expect(inBodyLineBreaks('a\nb', '\n')).toBe('a\nb');
    expect(inBodyLineBreaks('a\rb', '\r\n')).toBe('a\rb');
  });

  it('recognises a trailing blank line in LF and CRLF bodies', () => {
    expect(endsWithBlankLine('a\n\n')).toBe(true);
    expect(endsWithBlankLine('a\r\n\r\n')).toBe(true);
    expect(endsWithBlankLine('a\n')).toBe(false);
    expect(endsWithBlankLine('a\r\n')).toBe(false);
    expect(endsWithBlankLine('\n')).toBe(false);
  });

  it('counts lines, a final break not starting another', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\r\nb\r\n')).toBe(2);
  });
});
