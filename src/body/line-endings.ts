/**
 * Line-break conventions of a body. Lines end in `\n` or `\r\n`; a lone `\r` is ordinary
 * text. Bodies saved from a browser form usually arrive as CRLF, and any line break an op
 * adds must follow the body's convention so a CRLF body stays CRLF.
 */

export type LineBreak = '\n' | '\r\n';

/**
 * The body's convention, read from its first line break: ops add lines only after an existing
 * line (or at the end), so they never change which break comes first, and the convention read
 * before and after an op agree. A body without line breaks counts as LF, unless it ends in a
 * lone `\r`: the first `\n` added after it would complete a CRLF.
 */
export function lineBreakOf(body: string): LineBreak {
  const first = body.indexOf('\n');
  if (first === -1) return body.endsWith('\r') ? '\r\n' : '\n';
  return first > 0 && body.charCodeAt(first - 1) === 13 ? '\r\n' : '\n';
}

/**
 * Rewrites the bare `\n` breaks of inserted text as `\r\n` when the body uses CRLF (text from
 * a textarea always uses `\n`); `\r\n` already present is kept as is.
 */
export function inBodyLineBreaks(text: string, lineBreak: LineBreak): string {
  if (lineBreak === '\n' || text.indexOf('\n') === -1) return text;
  return text.replace(/(?<!\r)\n/g, '\r\n');
}

/** True when the body's last line is blank, i.e. it ends in `\n\n` or `\n\r\n`. */
export function endsWithBlankLine(body: string): boolean {
  const n = body.length;
  if (n < 2 || body.charCodeAt(n - 1) !== 10) return false;
  if (body.charCodeAt(n - 2) === 10) return true;
  return n >= 3 && body.charCodeAt(n - 2) === 13 && body.charCodeAt(n - 3) === 10;
}

export function endsWithLineBreak(body: string): boolean {
  return body.length > 0 && body.charCodeAt(body.length - 1) === 10;
}

/** Number of lines in `text`; a final line break does not start another line. */
export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return endsWithLineBreak(text) ? count - 1 : count;
}
