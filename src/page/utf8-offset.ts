// The forge records a checkbox's place as a UTF-8 byte offset into the LF-normalized source;
// JavaScript strings index UTF-16 code units. This converts one into the other.

/** UTF-8 length of the code point starting at `index` (a lone surrogate encodes as U+FFFD: 3 bytes). */
function utf8Width(text: string, index: number): { bytes: number; units: number } {
  const code = text.codePointAt(index) as number;
  if (code < 0x80) return { bytes: 1, units: 1 };
  if (code < 0x800) return { bytes: 2, units: 1 };
  if (code < 0x10000) return { bytes: 3, units: 1 };
  return { bytes: 4, units: 2 };
}

/**
 * The index in `text` of the character that starts at UTF-8 byte `byteOffset` of the
 * LF-normalized form of `text` (a CRLF counts as its LF alone, a lone CR as one LF), or null
 * when the offset is negative, past the end, or falls inside a multi-byte character.
 */
export function stringIndexOfUtf8Offset(text: string, byteOffset: number): number | null {
  if (!Number.isInteger(byteOffset) || byteOffset < 0) return null;
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    // The CR of a CRLF vanishes in the normalized text: it has no offset of its own.
    if (text.charCodeAt(index) === 13 && text.charCodeAt(index + 1) === 10) {
      index += 1;
      continue;
    }
    if (bytes === byteOffset) return index;
    if (bytes > byteOffset) return null;
    const width = utf8Width(text, index);
    bytes += width.bytes;
    index += width.units;
  }
  return bytes === byteOffset ? index : null;
}

/** The body with CRLF and lone CR turned into LF, as the forge normalizes it before counting. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
