import { describe, expect, it } from 'vitest';
import { countOf, quote } from './wording';

describe('quote', () => {
  it('wraps text in curly quotes', () => {
    expect(quote('ship the docs')).toBe('‘ship the docs’');
  });

  it('keeps the quoted text on one line', () => {
    expect(quote('a\r\n\tb  c')).toBe('‘a b c’');
  });

  it('shows other control characters as replacement characters', () => {
    expect(quote('a\u0000b\u0007')).toBe('‘a\uFFFDb\uFFFD’');
  });

  it('cuts long text at a code-point boundary', () => {
    expect(quote('🚀'.repeat(100))).toBe(`‘${'🚀'.repeat(60)}…’`);
    expect(quote('x'.repeat(60))).toBe(`‘${'x'.repeat(60)}’`);
    expect(quote('x'.repeat(61))).toBe(`‘${'x'.repeat(60)}…’`);
  });

  it('stays cheap and short for huge text', () => {
    expect(quote('y'.repeat(10_000_000))).toBe(`‘${'y'.repeat(60)}…’`);
  });
});

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'span')).toBe('1 span');
    expect(countOf(0, 'span')).toBe('0 spans');
    expect(countOf(2, 'checklist line')).toBe('2 checklist lines');
  });
});
