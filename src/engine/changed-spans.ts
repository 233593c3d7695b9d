// The spans an edit changed, each widened with unchanged lines until its new text occurs
// exactly once in the new body. Undo patches each span's new text back to its old text, so
// it re-applies to a later body as long as that text is still there, and is refused otherwise.
import { diffLines } from 'diff';
import type { ChangedSpan } from '../protocol/index';

/** One line shared by both bodies, or one run of changed lines. */
type Piece = { same: string } | { before: string; after: string };

export function changedSpans(before: string, after: string): ChangedSpan[] {
  if (before === after) return [];
  const pieces = toPieces(before, after);
  const ranges: [number, number][] = [];
  pieces.forEach((piece, i) => {
    if (!('same' in piece)) ranges.push(widenUntilUnique(pieces, i, after));
  });
  return mergeRanges(ranges).map(([from, to]) => spanOf(pieces, from, to));
}

function toPieces(before: string, after: string): Piece[] {
  const pieces: Piece[] = [];
  let change: { before: string; after: string } | null = null;
  for (const part of diffLines(before, after)) {
    if (part.added || part.removed) {
      change ??= { before: '', after: '' };
      if (part.added) change.after += part.value;
      else change.before += part.value;
      continue;
    }
    if (change !== null) {
      pieces.push(change);
      change = null;
    }
    for (const line of splitLines(part.value)) pieces.push({ same: line });
  }
  if (change !== null) pieces.push(change);
  return pieces;
}

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function afterText(pieces: Piece[], from: number, to: number): string {
  let text = '';
  for (let i = from; i <= to; i++) {
    const p = pieces[i] as Piece;
    text += 'same' in p ? p.same : p.after;
  }
  return text;
}

function spanOf(pieces: Piece[], from: number, to: number): ChangedSpan {
  let b = '';
  let a = '';
  for (let i = from; i <= to; i++) {
    const p = pieces[i] as Piece;
    b += 'same' in p ? p.same : p.before;
    a += 'same' in p ? p.same : p.after;
  }
  return { before: b, after: a };
}

/** Grow [i, i] a line at a time, alternating sides, until the new text is non-empty and unique. */
function widenUntilUnique(pieces: Piece[], i: number, body: string): [number, number] {
  let from = i;
  let to = i;
  let growBack = true;
  for (;;) {
    const text = afterText(pieces, from, to);
    if (text !== '' && occurrences(body, text) === 1) return [from, to];
    const canBack = from > 0;
    const canForward = to < pieces.length - 1;
    if (!canBack && !canForward) return [from, to];
    if ((growBack && canBack) || !canForward) from--;
    else to++;
    growBack = !growBack;
  }
}

/** Overlapping occurrences count, as src/body counts them for uniqueness. */
function occurrences(body: string, text: string): number {
  let count = 0;
  for (let at = body.indexOf(text); at !== -1; at = body.indexOf(text, at + 1)) {
    if (++count > 1) break;
  }
  return count;
}

/** Ranges that overlap or touch become one span, so the inverse patch never overlaps itself. */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] <= last[1] + 1) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
