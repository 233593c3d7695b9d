/**
 * The whitespace of JavaScript's `\s` and `String.prototype.trim` (the two sets are the same),
 * tested on one UTF-16 unit so hot loops need not run a regular expression per character.
 */
export function isWhitespace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
