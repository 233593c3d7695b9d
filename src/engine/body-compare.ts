// Comparing bodies that may have come through different channels. A body read from the issue
// page is LF-normalized by the HTML parser, while /info JSON keeps the stored bytes (possibly
// CRLF), so a difference in line endings alone cannot be seen reliably and does not count.
export function toLf(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function sameBody(a: string, b: string): boolean {
  return a === b || toLf(a) === toLf(b);
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
