/**
 * The blocks text of a checklist change: only the checklist lines of a body. A block starts
 * at a checklist line and runs to the next blank prose line; inside it only checklist lines
 * are kept. Lines are joined with `\n` and blocks separated by one blank line, whatever the
 * body's line breaks, so the text reads the same for LF and CRLF bodies.
 */

import type { Segment, Side } from './checklist-alignment';
import type { ChecklistLine } from './checklist';
import { isProseLine } from './prose-lines';

/** A `\n` ending one line, then a line of nothing but whitespace up to the next `\n`. */
const BLANK_LINE_AFTER_BREAK = /\n[^\S\n]*(?=\n)/g;
/** Text of nothing but whitespace on one line. */
const BLANK_TEXT = /^[^\S\n]*$/;

/**
 * True when a prose line in `[from, to)` is blank; `from` starts a line and `to` starts the line
 * after a `\n`. The gap between two checklist lines can be long prose, so it is searched with
 * one regular expression rather than line by line.
 */
function hasBlankProseLine(side: Side, from: number, to: number): boolean {
  if (from >= to) return false;
  const gap = side.body.slice(from, to);
  const first = gap.indexOf('\n');
  if (BLANK_TEXT.test(gap.slice(0, first)) && isProseLine(side.fenced, from)) return true;
  BLANK_LINE_AFTER_BREAK.lastIndex = 0;
  for (let match = BLANK_LINE_AFTER_BREAK.exec(gap); match !== null; match = BLANK_LINE_AFTER_BREAK.exec(gap)) {
    if (isProseLine(side.fenced, from + match.index + 1)) return true;
  }
  return false;
}

/**
 * Where the blocks text of one segment comes from: stretches of the body (`[start, end)` pairs,
 * in the segment's own offsets) and the separator in front of each. It depends only on where
 * the lines are, not on their states, so one plan serves both bodies whenever they share lines.
 */
export interface BlockPlan {
  readonly stretches: readonly number[];
  readonly separators: readonly string[];
}

/**
 * Lines that follow each other directly form one stretch; stretches are joined by `\n`, or by
 * a blank line where a blank prose line lies between them.
 */
function planBlocks(side: Side, segment: Segment): BlockPlan {
  const { lines, shift } = segment;
  const stretches: number[] = [];
  const separators: string[] = [];
  let previousLineEnd = -1;
  for (const line of lines) {
    if (previousLineEnd !== -1 && line.lineStart === previousLineEnd + 1) {
      stretches[stretches.length - 1] = line.contentEnd;
    } else {
      const blank = previousLineEnd !== -1 && hasBlankProseLine(side, previousLineEnd + 1 + shift, line.lineStart + shift);
      separators.push(previousLineEnd === -1 ? '' : blank ? '\n\n' : '\n');
      stretches.push(line.lineStart, line.contentEnd);
    }
    previousLineEnd = line.lineEnd;
  }
  return { stretches, separators };
}

function renderBlocks(body: string, plan: BlockPlan, shift: number): string {
  let text = '';
  plan.separators.forEach((separator, index) => {
    const stretch = body.slice((plan.stretches[2 * index] as number) + shift, (plan.stretches[2 * index + 1] as number) + shift);
    // Inside a stretch of whole lines every `\r\n` is a line break.
    text += separator + (stretch.indexOf('\r') === -1 ? stretch : stretch.replace(/\r\n/g, '\n'));
  });
  return text;
}

/**
 * Only the checklist lines of a body: a block starts at a checklist line and runs to the next
 * blank prose line; inside it only checklist lines are kept. Lines are joined with `\n` and
 * blocks separated by one blank line, whatever the body's line breaks. Segments whose lines
 * both bodies share take their plan from `plans` when the other side made it.
 */
export function checklistBlocks(side: Side, plans: Map<readonly ChecklistLine[], BlockPlan>): string {
  let text = '';
  let previousLineEnd = -1;
  for (const segment of side.segments) {
    const first = segment.lines[0];
    const last = segment.lines[segment.lines.length - 1];
    if (first === undefined || last === undefined) continue;
    let plan = plans.get(segment.lines);
    if (plan === undefined) {
      plan = planBlocks(side, segment);
      plans.set(segment.lines, plan);
    }
    if (previousLineEnd !== -1) {
      text += hasBlankProseLine(side, previousLineEnd + 1, first.lineStart + segment.shift) ? '\n\n' : '\n';
    }
    text += renderBlocks(side.body, plan, segment.shift);
    previousLineEnd = last.lineEnd + segment.shift;
  }
  return text;
}

