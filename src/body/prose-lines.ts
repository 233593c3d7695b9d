/**
 * Lines of a body and which of them are prose. A line runs up to its `\n`; its content leaves
 * out that `\n` and a `\r` just before it, so CRLF and LF bodies read alike while every offset
 * still points into the original string.
 *
 * A line is prose unless it belongs to a fenced code block: an opening line whose first
 * non-blank characters are three or more backticks (with no backtick after them) or tildes,
 * up to a closing line made of the same character, at least as many, and nothing else but
 * spaces or tabs; a block that never closes runs to the end of the body. Indentation in front
 * of a fence is allowed at any depth so that fences nested in list items are recognised.
 * Fences behind `>` are not tracked: quoted lines never count as checklist lines or markers.
 */

/** The fenced code blocks of a body, as sorted, disjoint `[start, end)` ranges of whole lines. */
export interface FencedCode {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** True when the last block is still open at the end of the body. */
  readonly endsOpen: boolean;
}

const BACKTICK = 96;
const TILDE = 126;
const SPACE = 32;
const TAB = 9;
const CARRIAGE_RETURN = 13;

export function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** Offset of the first character of the line holding `offset`. */
export function lineStartOf(body: string, offset: number): number {
  return offset <= 0 ? 0 : body.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset of the `\n` ending the line holding `offset`, or the body's length for the last line. */
export function lineEndOf(body: string, offset: number): number {
  const end = body.indexOf('\n', offset);
  return end === -1 ? body.length : end;
}

/** Where the content of the line `[lineStart, lineEnd)` ends: before the `\r` of a CRLF. */
export function contentEndOf(body: string, lineStart: number, lineEnd: number): number {
  return lineEnd > lineStart && lineEnd < body.length && body.charCodeAt(lineEnd - 1) === CARRIAGE_RETURN
    ? lineEnd - 1
    : lineEnd;
}

/** Offset where the line after the one ending at `lineEnd` starts (past the body when none). */
export function nextLineStart(lineEnd: number): number {
  return lineEnd + 1;
}

/**
 * Finds the fenced code blocks. Only lines holding ``` or ~~~ can open or close one, so the
 * body is searched for those two strings instead of being walked line by line.
 */
export function findFencedCode(body: string): FencedCode {
  const starts: number[] = [];
  const ends: number[] = [];
  let open: { char: number; length: number; start: number } | null = null;
  let nextBackticks = body.indexOf('```');
  let nextTildes = body.indexOf('~~~');

  while (nextBackticks !== -1 || nextTildes !== -1) {
    const at =
      nextBackticks === -1 ? nextTildes : nextTildes === -1 ? nextBackticks : Math.min(nextBackticks, nextTildes);
    const lineStart = lineStartOf(body, at);
    const lineEnd = lineEndOf(body, at);
    const fence = readFence(body, lineStart, contentEndOf(body, lineStart, lineEnd), at);

    if (fence !== null) {
      if (open === null) {
        if (fence.canOpen) open = { char: fence.char, length: fence.length, start: lineStart };
      } else if (fence.canClose && fence.char === open.char && fence.length >= open.length) {
        starts.push(open.start);
        ends.push(Math.min(nextLineStart(lineEnd), body.length));
        open = null;
      }
    }

    const resume = nextLineStart(lineEnd);
    if (nextBackticks !== -1 && nextBackticks < resume) nextBackticks = body.indexOf('```', resume);
    if (nextTildes !== -1 && nextTildes < resume) nextTildes = body.indexOf('~~~', resume);
  }

  if (open !== null) {
    starts.push(open.start);
    ends.push(body.length);
  }
  return { starts, ends, endsOpen: open !== null };
}

/**
 * Reads a fence from a line whose first ``` or ~~~ is at `at`, or null when the line does not
 * begin (after spaces or tabs) with that run.
 */
function readFence(
  body: string,
  lineStart: number,
  contentEnd: number,
  at: number,
): { char: number; length: number; canOpen: boolean; canClose: boolean } | null {
  for (let i = lineStart; i < at; i++) if (!isSpaceOrTab(body.charCodeAt(i))) return null;
  const char = body.charCodeAt(at);
  let runEnd = at;
  while (runEnd < contentEnd && body.charCodeAt(runEnd) === char) runEnd++;
  let onlyBlanksAfter = true;
  let backtickAfter = false;
  for (let i = runEnd; i < contentEnd; i++) {
    const code = body.charCodeAt(i);
    if (!isSpaceOrTab(code)) onlyBlanksAfter = false;
    if (code === BACKTICK) backtickAfter = true;
  }
  return {
    char,
    length: runEnd - at,
    // A backtick after the run would make the line inline code, not a fence.
    canOpen: char === TILDE || !backtickAfter,
    canClose: onlyBlanksAfter,
  };
}

/** True when the line starting at `lineStart` is prose, i.e. outside every fenced block. */
export function isProseLine(fenced: FencedCode, lineStart: number): boolean {
  const { starts, ends } = fenced;
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (lineStart < (starts[middle] as number)) high = middle - 1;
    else if (lineStart >= (ends[middle] as number)) low = middle + 1;
    else return false;
  }
  return true;
}
