/**
 * Checklist lines. A checklist line is a prose line that is not quoted and matches
 * `^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[([ xX])\](?=[ \t]|$)`; its label is the text after
 * the `]`, trimmed. Nested items are ordinary items. The pattern cannot match a line that
 * starts with optional spaces and `>`, so quoted checklists are left out by the pattern itself.
 */

import {
  contentEndOf,
  findFencedCode,
  isProseLine,
  isSpaceOrTab,
  lineEndOf,
  lineStartOf,
  nextLineStart,
  type FencedCode,
} from './prose-lines';
import { isWhitespace } from './whitespace';

/** One checklist line, located in the body it was read from. */
export interface ChecklistLine {
  readonly lineStart: number;
  /** Offset of the line's `\n`, or the body's length for the last line. */
  readonly lineEnd: number;
  /** End of the line's content: before the `\r` of a CRLF. */
  readonly contentEnd: number;
  /** Offset of the state character between the brackets. */
  readonly markerOffset: number;
  readonly checked: boolean;
}

/** A checklist line as seen by later code: its label, state and place in the body. */
export interface ChecklistItem {
  label: string;
  checked: boolean;
  /** Zero-based index of the line among the body's `\n`-separated lines. */
  lineIndex: number;
  /** UTF-16 index of the state character (`' '`, `'x'` or `'X'`) inside the body. */
  markerOffset: number;
  /** The line's content, without its line break. */
  line: string;
}

/** The checklist-line pattern, for one line's content; the scanners below follow it by hand. */
export const CHECKLIST_LINE_PATTERN = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[([ xX])\](?=[ \t]|$)/;

const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

function isStateChar(code: number): boolean {
  return code === 32 || code === 120 || code === 88; // ' ', 'x', 'X'
}

/** Indentation, bullet, digits, `.` or `)` of a number, spacing: what may stand before a checkbox. */
function mayPrecedeCheckbox(code: number): boolean {
  return code === 32 || code === 9 || (code >= 48 && code <= 57) || code === 45 || code === 42 || code === 43 || code === 46 || code === 41;
}

/**
 * Where the checkbox of a line would start: the offset of the `[` that follows the line's
 * indentation, bullet (or one to nine digits with `.` or `)`) and spacing, or -1 when the
 * line does not begin that way. Written with plain character tests: it runs for every
 * candidate line of a whole-body scan.
 */
function checkboxStart(body: string, lineStart: number, contentEnd: number): number {
  let at = lineStart;
  let code = body.charCodeAt(at);
  while (at < contentEnd && (code === 32 || code === 9)) code = body.charCodeAt(++at);
  if (at >= contentEnd) return -1;
  if (code === 45 || code === 42 || code === 43) {
    at++; // '-', '*', '+'
  } else {
    const digitsStart = at;
    while (at < contentEnd && code >= 48 && code <= 57) code = body.charCodeAt(++at);
    const digits = at - digitsStart;
    if (digits < 1 || digits > 9 || at >= contentEnd || (code !== 46 && code !== 41)) return -1; // '.', ')'
    at++;
  }
  const spacingStart = at;
  code = body.charCodeAt(at);
  while (at < contentEnd && (code === 32 || code === 9)) code = body.charCodeAt(++at);
  return at > spacingStart && at < contentEnd && code === OPEN_BRACKET ? at : -1;
}

/**
 * Reads the line `[lineStart, contentEnd)` as a checklist line, ignoring whether it is prose:
 * a hand-written matcher for CHECKLIST_LINE_PATTERN, which avoids slicing every line into a
 * string just to run a regular expression on it.
 */
export function readChecklistLine(
  body: string,
  lineStart: number,
  lineEnd: number,
  contentEnd: number,
): ChecklistLine | null {
  const bracket = checkboxStart(body, lineStart, contentEnd);
  if (bracket === -1 || bracket + 3 > contentEnd) return null;
  const state = body.charCodeAt(bracket + 1);
  if (!isStateChar(state) || body.charCodeAt(bracket + 2) !== CLOSE_BRACKET) return null;
  if (bracket + 3 < contentEnd && !isSpaceOrTab(body.charCodeAt(bracket + 3))) return null;
  return { lineStart, lineEnd, contentEnd, markerOffset: bracket + 1, checked: state !== 32 };
}

/** Where the trimmed label of a checklist line starts and ends. */
export function labelBoundsOf(body: string, line: ChecklistLine): { start: number; end: number } {
  let start = line.markerOffset + 2;
  let end = line.contentEnd;
  while (start < end && isWhitespace(body.charCodeAt(start))) start++;
  while (end > start && isWhitespace(body.charCodeAt(end - 1))) end--;
  return { start, end };
}

/** The label of a checklist line: the text after its `]`, trimmed. */
export function labelOf(body: string, line: ChecklistLine): string {
  const { start, end } = labelBoundsOf(body, line);
  return body.slice(start, end);
}

/**
 * The checklist lines that start in `[from, to)` (both line starts), in order. A checklist line
 * holds `[ ]`, `[x]` or `[X]` as the first `[` of its line, preceded only by indentation and a
 * bullet or number, so the scan jumps from bracket to bracket and looks back a few characters
 * before it reads a line at all.
 */
export function findChecklistLines(
  body: string,
  fenced: FencedCode = findFencedCode(body),
  from = 0,
  to = body.length,
): ChecklistLine[] {
  const lines: ChecklistLine[] = [];
  const { starts, ends } = fenced;
  let fence = 0; // the first fenced block that does not end before the current line
  let search = from;
  while (search < to) {
    const bracket = body.indexOf('[', search);
    if (bracket === -1 || bracket >= to) break;
    search = bracket + 1;
    const state = body.charCodeAt(bracket + 1);
    if (!isStateChar(state) || body.charCodeAt(bracket + 2) !== CLOSE_BRACKET) continue;
    const after = body.charCodeAt(bracket + 3);
    if (!(after === 32 || after === 9 || after === LINE_FEED || after === CARRIAGE_RETURN || bracket + 3 === body.length)) continue;
    let lineStart = bracket;
    while (lineStart > 0 && mayPrecedeCheckbox(body.charCodeAt(lineStart - 1))) lineStart--;
    if (lineStart > 0 && body.charCodeAt(lineStart - 1) !== LINE_FEED) continue;
    let lineEnd = body.indexOf('\n', bracket + 3);
    if (lineEnd === -1) lineEnd = body.length;
    const contentEnd = lineEnd < body.length && body.charCodeAt(lineEnd - 1) === CARRIAGE_RETURN ? lineEnd - 1 : lineEnd;
    search = lineEnd + 1;
    if (checkboxStart(body, lineStart, contentEnd) !== bracket) continue;
    if (after === CARRIAGE_RETURN && bracket + 3 !== contentEnd) continue; // a lone `\r` is text, not a line end
    while (fence < ends.length && (ends[fence] as number) <= lineStart) fence++;
    if (fence < starts.length && (starts[fence] as number) <= lineStart) continue; // inside fenced code
    lines.push({ lineStart, lineEnd, contentEnd, markerOffset: bracket + 1, checked: state !== 32 });
  }
  return lines;
}

/** The checklist lines of a body with their labels, states, line numbers and marker offsets. */
export function checklistItems(body: string): ChecklistItem[] {
  if (typeof body !== 'string') throw new TypeError('checklistItems expects the body as a string.');
  const items: ChecklistItem[] = [];
  let lineIndex = 0;
  let counted = 0;
  for (const line of findChecklistLines(body)) {
    for (let at = body.indexOf('\n', counted); at !== -1 && at < line.lineStart; at = body.indexOf('\n', at + 1)) {
      lineIndex++;
    }
    counted = line.lineStart;
    items.push({
      label: labelOf(body, line),
      checked: line.checked,
      lineIndex,
      markerOffset: line.markerOffset,
      line: body.slice(line.lineStart, line.contentEnd),
    });
  }
  return items;
}

/** `#123` or `owner/repo#123`: a match that names an issue rather than free text. */
const ISSUE_REFERENCE = /^(?:[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)?#[0-9]+$/;

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isIssueReference(match: string): boolean {
  return ISSUE_REFERENCE.test(match);
}

/**
 * The checklist lines whose label contains `match`: as a case-sensitive substring, or, when
 * `match` is an issue reference, as that reference not followed by another digit (`#12` does
 * not match `#123`). The body is searched for `match` itself and only the lines holding it are
 * read, so a search costs about one pass over the body.
 */
export function findChecklistLinesMatching(body: string, match: string): ChecklistLine[] {
  const found: ChecklistLine[] = [];
  if (match.length === 0 || match.indexOf('\n') !== -1) return found; // labels never span lines
  const reference = isIssueReference(match);
  let fenced: FencedCode | null = null;
  let parsedStart = -1;
  let parsed: { line: ChecklistLine; labelStart: number; labelEnd: number } | null = null;
  let from = 0;
  for (;;) {
    const at = body.indexOf(match, from);
    if (at === -1) break;
    const lineStart = lineStartOf(body, at);
    const lineEnd = lineEndOf(body, at);
    const contentEnd = contentEndOf(body, lineStart, lineEnd);
    // Every later occurrence on this line would run past its content as well.
    if (at + match.length > contentEnd) {
      from = nextLineStart(lineEnd);
      continue;
    }
    if (parsedStart !== lineStart) {
      parsedStart = lineStart;
      parsed = null;
      const line = readChecklistLine(body, lineStart, lineEnd, contentEnd);
      if (line !== null) {
        fenced ??= findFencedCode(body);
        if (isProseLine(fenced, lineStart)) {
          const label = labelBoundsOf(body, line);
          parsed = { line, labelStart: label.start, labelEnd: label.end };
        }
      }
    }
    if (parsed === null) {
      from = nextLineStart(lineEnd);
      continue;
    }
    const end = at + match.length;
    const inLabel = at >= parsed.labelStart && end <= parsed.labelEnd;
    if (inLabel && !(reference && end < parsed.labelEnd && isAsciiDigit(body.charCodeAt(end)))) {
      found.push(parsed.line);
      from = nextLineStart(lineEnd);
    } else {
      from = at + 1;
    }
  }
  return found;
}
