import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeLineBreaks, stringIndexOfUtf8Offset } from './utf8-offset';

describe('stringIndexOfUtf8Offset', () => {
  it('is the identity on ASCII text', () => {
    expect(stringIndexOfUtf8Offset('- [ ] a', 2)).toBe(2);
    expect(stringIndexOfUtf8Offset('abc', 3)).toBe(3);
  });

  it('counts two, three and four byte characters', () => {
    const text = 'é€😀[';
    // é = 2 bytes, € = 3 bytes, 😀 = 4 bytes (two UTF-16 units)
    expect(stringIndexOfUtf8Offset(text, 2)).toBe(1);
    expect(stringIndexOfUtf8Offset(text, 5)).toBe(2);
    expect(stringIndexOfUtf8Offset(text, 9)).toBe(4);
    expect(text[4]).toBe('[');
  });

  it('counts a CRLF as the single LF of the normalized text', () => {
    const text = 'a\r\n- [ ] b';
    expect(stringIndexOfUtf8Offset(text, 4)).toBe(5);
    expect(text[5]).toBe('[');
    expect(stringIndexOfUtf8Offset('a\rb', 2)).toBe(2);
  });

  it('refuses offsets inside a character, negative or past the end', () => {
    expect(stringIndexOfUtf8Offset('é[', 1)).toBeNull();
    expect(stringIndexOfUtf8Offset('😀', 2)).toBeNull();
    expect(stringIndexOfUtf8Offset('ab', 3)).toBeNull();
    expect(stringIndexOfUtf8Offset('ab', -1)).toBeNull();
    expect(stringIndexOfUtf8Offset('ab', 0.5)).toBeNull();
  });

  it('agrees with TextEncoder for every character boundary', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(40), (text, cut) => {
        const at = Math.min(cut, text.length);
        // Only cut between whole code points.
        const safe = at > 0 && /[\uD800-\uDBFF]/.test(text[at - 1] ?? '') ? at - 1 : at;
        const bytes = new TextEncoder().encode(text.slice(0, safe)).length;
        expect(stringIndexOfUtf8Offset(text, bytes)).toBe(safe);
      }),
    );
  });
});

describe('normalizeLineBreaks', () => {
  it('turns CRLF and CR into LF', () => {
    expect(normalizeLineBreaks('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });
});
