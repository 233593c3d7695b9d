/**
 * Lining up the checklists of two versions of a body. An edit usually touches one spot of a
 * long body, so most checklist lines are the same items on both sides; reading them once and
 * comparing only the lines the edit can have touched keeps a diff of two long bodies close
 * to the cost of reading one.
 */

import { findChecklistLines, type ChecklistLine } from './checklist';
import { findFencedCode, lineStartOf, nextLineStart, type FencedCode } from './prose-lines';

/**
 * Checklist lines of one body, some of them read from the other body: `shift` moves their
 * offsets into this body. Sharing a run of lines this way avoids copying thousands of them.
 */
export interface Segment {
  readonly lines: readonly ChecklistLine[];
  readonly shift: number;
}

/** One body's checklist: the body, its fenced blocks and its checklist lines in order, in segments. */
export interface Side {
  readonly body: string;
  readonly fenced: FencedCode;
  readonly segments: readonly Segment[];
}

/**
 * Both checklists, each in full (for the blocks), and the stretch of each that can differ:
 * the items outside it are the same items, in the same order and state, on both sides.
 */
export interface Alignment {
  readonly before: Side;
  readonly after: Side;
  readonly changedBefore: readonly ChecklistLine[];
  readonly changedAfter: readonly ChecklistLine[];
}

/** Chunked comparison: equal chunks are compared by the engine in bulk, the differing one char by char. */
const CHUNK = 4096;

function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let length = 0;
  while (length + CHUNK <= limit && a.slice(length, length + CHUNK) === b.slice(length, length + CHUNK)) length += CHUNK;
  while (length < limit && a.charCodeAt(length) === b.charCodeAt(length)) length++;
  return length;
}

function commonSuffixLength(a: string, b: string, limit: number): number {
  let length = 0;
  while (
    length + CHUNK <= limit &&
    a.slice(a.length - length - CHUNK, a.length - length) === b.slice(b.length - length - CHUNK, b.length - length)
  ) {
    length += CHUNK;
  }
  while (length < limit && a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length)) length++;
  return length;
}

/** The fenced ranges that reach into `[from, body end)`, clipped to it and moved by `-from`. */
function fencesFrom(fenced: FencedCode, from: number): number[] {
  const ranges: number[] = [];
  fenced.starts.forEach((start, index) => {
    const end = fenced.ends[index] as number;
    if (end > from) ranges.push(Math.max(start, from) - from, end - from);
  });
  return ranges;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Most changed boxes the state-only alignment takes on; beyond it the general one is used. */
const MAX_CHANGED_BOXES = 1024;

/** True when `at` holds a checkbox state character between `[` and `]`. */
function isBoxStateAt(body: string, at: number): boolean {
  const code = body.charCodeAt(at);
  return (code === 32 || code === 120 || code === 88) && body.charCodeAt(at - 1) === 91 && body.charCodeAt(at + 1) === 93;
}

/**
 * The offsets where two bodies of the same length differ, found chunk by chunk, when each
 * difference looks like a changed checkbox on both sides; null otherwise.
 */
function changedBoxOffsets(a: string, b: string): number[] | null {
  if (a.length !== b.length) return null;
  const offsets: number[] = [];
  for (let start = 0; start < a.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, a.length);
    if (a.slice(start, end) === b.slice(start, end)) continue;
    for (let at = start; at < end; at++) {
      if (a.charCodeAt(at) === b.charCodeAt(at)) continue;
      if (!isBoxStateAt(a, at) || !isBoxStateAt(b, at) || offsets.length === MAX_CHANGED_BOXES) return null;
      offsets.push(at);
    }
  }
  return offsets;
}

/** Index of the checklist line that holds `offset`, or -1 when no checklist line does. */
function lineHolding(lines: readonly ChecklistLine[], offset: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const line = lines[middle] as ChecklistLine;
    if (offset < line.lineStart) high = middle - 1;
    else if (offset >= line.lineEnd) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * The alignment for the commonest change of all, boxes ticked or unticked and nothing else: the
 * bodies differ only in checkbox state characters, which move no line and open or close no
 * fence, so both have the same checklist lines and one read serves both sides, wherever the
 * ticks are. Null for any other edit.
 */
function alignStateChanges(before: string, after: string): Alignment | null {
  const offsets = changedBoxOffsets(before, after);
  if (offsets === null) return null;
  const fenced = findFencedCode(before);
  const lines = findChecklistLines(before, fenced);
  const changedBefore: ChecklistLine[] = [];
  const changedAfter: ChecklistLine[] = [];
  for (const offset of offsets) {
    const index = lineHolding(lines, offset);
    // A box outside every checklist line (in code, in a quote, in prose) changes nothing that
    // is compared; one inside a label changes the label, which the general alignment reads.
    if (index === -1) continue;
    const line = lines[index] as ChecklistLine;
    if (line.markerOffset !== offset) return null;
    changedBefore.push(line);
    changedAfter.push({ ...line, checked: after.charCodeAt(offset) !== 32 });
  }
  // A state character moves no line and changes no fence: the lines and fenced blocks of
  // `before` stand for `after` too, apart from the states, which only the changed lists carry.
  return {
    before: { body: before, fenced, segments: [{ lines, shift: 0 }] },
    after: { body: after, fenced, segments: [{ lines, shift: 0 }] },
    changedBefore,
    changedAfter,
  };
}

/** The alignment for any edit: shared head and tail, the stretch between them compared. */
function alignAtCommonEnds(before: string, after: string): Alignment {
  const fencedBefore = findFencedCode(before);
  const fencedAfter = findFencedCode(after);
  const prefix = commonPrefixLength(before, after);
  const suffix = commonSuffixLength(before, after, Math.min(before.length, after.length) - prefix);
  // The head ends, and the tail begins, at line starts whose preceding `\n` both bodies share.
  const headEnd = lineStartOf(before, prefix);
  const lastBreak = suffix === 0 ? -1 : before.indexOf('\n', before.length - suffix);
  const tailBefore = lastBreak === -1 ? before.length : nextLineStart(lastBreak);
  const tailAfter = tailBefore + (after.length - before.length);

  const head = findChecklistLines(before, fencedBefore, 0, headEnd);
  const middleBefore = findChecklistLines(before, fencedBefore, headEnd, tailBefore);
  const middleAfter = findChecklistLines(after, fencedAfter, headEnd, tailAfter);
  const tail = findChecklistLines(before, fencedBefore, tailBefore);
  const side = (body: string, fenced: FencedCode, segments: Segment[]): Side => ({ body, fenced, segments });

  if (sameNumbers(fencesFrom(fencedBefore, tailBefore), fencesFrom(fencedAfter, tailAfter))) {
    return {
      before: side(before, fencedBefore, [{ lines: head, shift: 0 }, { lines: middleBefore, shift: 0 }, { lines: tail, shift: 0 }]),
      after: side(after, fencedAfter, [
        { lines: head, shift: 0 },
        { lines: middleAfter, shift: 0 },
        { lines: tail, shift: tailAfter - tailBefore },
      ]),
      changedBefore: middleBefore,
      changedAfter: middleAfter,
    };
  }
  // The edit opened or closed a code fence, so the tail reads differently on each side.
  const tailOfAfter = findChecklistLines(after, fencedAfter, tailAfter);
  return {
    before: side(before, fencedBefore, [{ lines: head, shift: 0 }, { lines: middleBefore, shift: 0 }, { lines: tail, shift: 0 }]),
    after: side(after, fencedAfter, [{ lines: head, shift: 0 }, { lines: middleAfter, shift: 0 }, { lines: tailOfAfter, shift: 0 }]),
    changedBefore: [...middleBefore, ...tail],
    changedAfter: [...middleAfter, ...tailOfAfter],
  };
}


/** Lines up the checklists of `before` and `after`. */
export function alignChecklists(before: string, after: string): Alignment {
  return alignStateChanges(before, after) ?? alignAtCommonEnds(before, after);
}
