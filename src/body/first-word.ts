/**
 * The first word of a checklist label: what tells items apart when a checklist is compared
 * across an edit (an item keeps its first word when its tail is reworded).
 */

import type { ChecklistLine } from './checklist';
import { isWhitespace } from './whitespace';

const EDGE_NON_WORD_CHARS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/**
 * The label's first word, for telling items apart across an edit: lowercased, the first
 * whitespace-delimited token, without non-letter, non-digit characters at either end.
 * "" for an empty label.
 */
export function firstWord(label: string): string {
  let start = 0;
  while (start < label.length && isWhitespace(label.charCodeAt(start))) start++;
  let end = start;
  let ascii = true;
  while (end < label.length) {
    const code = label.charCodeAt(end);
    if (isWhitespace(code)) break;
    if (code >= 128) ascii = false;
    end++;
  }
  const token = label.slice(start, end).toLowerCase();
  if (!ascii) return token.replace(EDGE_NON_WORD_CHARS, '');
  let from = 0;
  let to = token.length;
  while (from < to && !isAsciiLetterOrDigit(token.charCodeAt(from))) from++;
  while (to > from && !isAsciiLetterOrDigit(token.charCodeAt(to - 1))) to--;
  return token.slice(from, to);
}

/**
 * `firstWord(labelOf(body, line))` read straight from the body: the common all-ASCII label costs
 * one slice instead of three strings.
 */
export function firstWordOf(body: string, line: ChecklistLine): string {
  const end = line.contentEnd;
  let start = line.markerOffset + 2;
  while (start < end && isWhitespace(body.charCodeAt(start))) start++;
  let stop = start;
  let plain = true; // ASCII only, no capitals
  while (stop < end) {
    const code = body.charCodeAt(stop);
    if (code === 32 || code === 9 || (code >= 128 && isWhitespace(code))) break;
    if (code >= 128 || (code >= 65 && code <= 90)) plain = false;
    else if (code >= 10 && code <= 13) break;
    stop++;
  }
  if (!plain) return firstWord(body.slice(start, stop));
  while (start < stop && !isAsciiLetterOrDigit(body.charCodeAt(start))) start++;
  while (stop > start && !isAsciiLetterOrDigit(body.charCodeAt(stop - 1))) stop--;
  return body.slice(start, stop);
}

