/**
 * diffChecklists: whether an edit changed the state of any checklist item, and which. Items
 * are compared by the first word of their label and their state, so a pure reorder or an
 * edit of the prose around a checklist is not a change, while a tick hidden in a reorder is.
 */

import { alignChecklists } from './checklist-alignment';
import { checklistBlocks, type BlockPlan } from './checklist-blocks';
import { labelOf, type ChecklistLine } from './checklist';
import { firstWordOf } from './first-word';

export interface ChecklistFlip {
  label: string;
  /** The item's state after the edit. */
  checked: boolean;
}

export interface ChecklistChange {
  /** The items whose state changed, or null when the two lists do not pair up position by position. */
  flips: ChecklistFlip[] | null;
  /** Only the checklist lines of the body before the edit, block by block; "" when it had none. */
  beforeBlocks: string;
  /** Only the checklist lines of the body after the edit. */
  afterBlocks: string;
}

/**
 * True when both lists hold the same multiset of (first word, state). Counting in a map gives
 * the same answer as comparing the two sorted lists, without sorting.
 */
function sameStates(
  beforeWords: readonly string[],
  before: readonly ChecklistLine[],
  afterWords: readonly string[],
  after: readonly ChecklistLine[],
): boolean {
  const counts = new Map<string, number>();
  before.forEach((line, index) => {
    const key = (line.checked ? '1' : '0') + (beforeWords[index] as string);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return after.every((line, index) => {
    const key = (line.checked ? '1' : '0') + (afterWords[index] as string);
    const left = counts.get(key) ?? 0;
    counts.set(key, left - 1);
    return left > 0;
  });
}

type Comparison = { same: true } | { same: false; flips: ChecklistFlip[] | null };

/** True when two checklist lines read the same, so they have the same first word and state. */
function sameLine(beforeBody: string, was: ChecklistLine, afterBody: string, now: ChecklistLine): boolean {
  // Comparing two slices is a bulk compare in the engine; startsWith with an offset is not.
  return (
    was.contentEnd - was.lineStart === now.contentEnd - now.lineStart &&
    beforeBody.slice(was.lineStart, was.contentEnd) === afterBody.slice(now.lineStart, now.contentEnd)
  );
}

/**
 * Compares two lists of items. When they pair up position by position with equal first words,
 * the multisets can only differ through the paired items whose state changed, so those alone
 * are weighed; otherwise every item is counted. Pairs of identical lines, the bulk of any
 * real edit, are recognised without reading their words.
 */
function compareItems(
  beforeBody: string,
  before: readonly ChecklistLine[],
  afterBody: string,
  after: readonly ChecklistLine[],
): Comparison {
  if (before.length !== after.length) return { same: false, flips: null };
  const flipped: number[] = [];
  const flippedWords: string[] = [];
  for (let index = 0; index < before.length; index++) {
    const was = before[index] as ChecklistLine;
    const now = after[index] as ChecklistLine;
    if (sameLine(beforeBody, was, afterBody, now)) continue;
    const word = firstWordOf(afterBody, now);
    if (firstWordOf(beforeBody, was) !== word) {
      const words = (body: string, lines: readonly ChecklistLine[]) => lines.map((line) => firstWordOf(body, line));
      const same = sameStates(words(beforeBody, before), before, words(afterBody, after), after);
      return same ? { same: true } : { same: false, flips: null };
    }
    if (was.checked !== now.checked) {
      flipped.push(index);
      flippedWords.push(word);
    }
  }

  // For each first word, ticks and unticks among the flipped items must cancel out for the multisets to agree.
  const balance = new Map<string, number>();
  flipped.forEach((index, nth) => {
    const word = flippedWords[nth] as string;
    balance.set(word, (balance.get(word) ?? 0) + ((after[index] as ChecklistLine).checked ? 1 : -1));
  });
  if ([...balance.values()].every((count) => count === 0)) return { same: true };
  return {
    same: false,
    flips: flipped.map((index) => {
      const now = after[index] as ChecklistLine;
      return { label: labelOf(afterBody, now), checked: now.checked };
    }),
  };
}

export function diffChecklists(before: string, after: string): ChecklistChange | null {
  if (typeof before !== 'string' || typeof after !== 'string') {
    throw new TypeError('diffChecklists expects two bodies as strings.');
  }
  if (before === after) return null;
  const parts = alignChecklists(before, after);
  const comparison = compareItems(before, parts.changedBefore, after, parts.changedAfter);
  if (comparison.same) return null;
  const plans = new Map<readonly ChecklistLine[], BlockPlan>();
  return {
    flips: comparison.flips,
    beforeBlocks: checklistBlocks(parts.before, plans),
    afterBlocks: checklistBlocks(parts.after, plans),
  };
}
