import { describe, expect, it } from 'vitest';
import { findFencedCode, isProseLine } from './prose-lines';

/** The lines of `body` that are prose, as text, found through the fence finder. */
function proseLines(body: string): string[] {
  const fenced = findFencedCode(body);
  const lines: string[] = [];
  let start = 0;
  for (const line of body.split('\n')) {
    if (isProseLine(fenced, start)) lines.push(line);
    start += line.length + 1;
  }
  return lines;
}

describe('fenced code', () => {
  it('hides the lines of a backtick fence, fence lines included', () => {
    expect(proseLines('a\n```\nb\n```\nc')).toEqual(['a', 'c']);
  });

  it('hides the lines of a tilde fence', () => {
    expect(proseLines('a\n~~~\nb\n~~~\nc')).toEqual(['a', 'c']);
  });

  it('accepts an info string after a backtick fence', () => {
    expect(proseLines('a\n```ts\nb\n```\nc')).toEqual(['a', 'c']);
  });

  it('does not open a backtick fence whose info string holds a backtick (inline code)', () => {
    expect(proseLines('a\n```x`y\nb')).toEqual(['a', '```x`y', 'b']);
  });

  it('opens a tilde fence whatever its info string holds', () => {
    expect(proseLines('a\n~~~x`y\nb')).toEqual(['a']);
  });

  it('needs three or more fence characters', () => {
    expect(proseLines('``\nb\n~~\nc')).toEqual(['``', 'b', '~~', 'c']);
  });

  it('closes only on the same character', () => {
    expect(proseLines('```\n~~~\nb\n```\nc')).toEqual(['c']);
  });

  it('closes only on a fence at least as long as the opening one', () => {
    expect(proseLines('````\n```\nb\n`````\nc')).toEqual(['c']);
  });

  it('does not close on a fence line with text after it', () => {
    expect(proseLines('```\n``` x\nb\n```\nc')).toEqual(['c']);
  });

  it('allows spaces or tabs after a closing fence', () => {
    expect(proseLines('```\nb\n``` \t\nc')).toEqual(['c']);
  });

  it('runs an unclosed fence to the end of the body', () => {
    const fenced = findFencedCode('a\n```\nb\nc');
    expect(proseLines('a\n```\nb\nc')).toEqual(['a']);
    expect(fenced.endsOpen).toBe(true);
  });

  it('reports a closed fence as not open at the end', () => {
    expect(findFencedCode('```\nx\n```').endsOpen).toBe(false);
  });

  it('recognises indented fences, as in list items', () => {
    expect(proseLines('- a\n    ```\n    - [ ] b\n    ```\nc')).toEqual(['- a', 'c']);
  });

  it('does not take a fence that follows other text on its line', () => {
    expect(proseLines('x ```\nb')).toEqual(['x ```', 'b']);
  });

  it('does not track fences behind a quote marker', () => {
    expect(proseLines('> ```\nb')).toEqual(['> ```', 'b']);
  });

  it('reads CRLF bodies the same way', () => {
    const fenced = findFencedCode('a\r\n```\r\nb\r\n```\r\nc');
    expect(fenced.starts).toEqual([3]);
    expect(fenced.ends).toEqual([16]);
    expect(fenced.endsOpen).toBe(false);
  });

  it('finds several blocks in order', () => {
    const fenced = findFencedCode('```\na\n```\nb\n~~~\nc\n~~~\n');
    expect(fenced.starts).toEqual([0, 12]);
    expect(fenced.ends).toEqual([10, 22]);
  });
});
