/**
 * append: add text as a new block at the end of the body. The end of a body is an anchor
 * that cannot drift, and nothing already there is touched.
 */

import { applied, rejected, type OpResult } from './body-op';
import { endsWithBlankLine, endsWithLineBreak, inBodyLineBreaks, lineBreakOf, lineCount, type LineBreak } from './line-endings';
import { countOf } from './wording';

/**
 * The body with `block` added as a block of its own: directly after a trailing blank line,
 * after one more break when the body ends in a single break, after two otherwise; an empty
 * body becomes the block alone.
 */
export function withBlockAppended(body: string, block: string, lineBreak: LineBreak): string {
  if (body.length === 0 || endsWithBlankLine(body)) return body + block;
  if (endsWithLineBreak(body)) return body + lineBreak + block;
  return body + lineBreak + lineBreak + block;
}

export function applyAppend(body: string, text: string): OpResult {
  if (text.length === 0) return rejected('invalid', 'The text to append is empty.');
  const lineBreak = lineBreakOf(body);
  const block = inBodyLineBreaks(text, lineBreak);
  return applied(withBlockAppended(body, block, lineBreak), `Added ${countOf(lineCount(block), 'line')} at the end.`);
}
