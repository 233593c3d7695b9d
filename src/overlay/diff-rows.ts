// Rows of a line diff for display: unchanged lines far from any change fold into a gap row,
// and a changed line paired with its replacement carries word-level marks.
import { diffLines, diffWordsWithSpace } from 'diff';
import type { LineDiff } from '../protocol/index';

export interface Piece {
  text: string;
  /** True for the words that differ from the paired line. */
  marked: boolean;
}

export type DiffRow =
  | { kind: 'same'; text: string }
  | { kind: 'add' | 'del'; pieces: Piece[] }
  | { kind: 'gap'; count: number };

const CONTEXT = 2;

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(/\r$/, ''));
}

function plain(kind: 'add' | 'del', text: string): DiffRow {
  return { kind, pieces: [{ text, marked: false }] };
}

/** Pairs removed and added lines one to one and marks the words that differ. */
function pairUp(removed: string[], added: string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  const dels: DiffRow[] = [];
  const adds: DiffRow[] = [];
  for (let i = 0; i < Math.max(removed.length, added.length); i++) {
    const before = removed[i];
    const after = added[i];
    if (before !== undefined && after !== undefined) {
      const parts = diffWordsWithSpace(before, after);
      dels.push({ kind: 'del', pieces: parts.filter((p) => !p.added).map((p) => ({ text: p.value, marked: p.removed })) });
      adds.push({ kind: 'add', pieces: parts.filter((p) => !p.removed).map((p) => ({ text: p.value, marked: p.added })) });
    } else if (before !== undefined) dels.push(plain('del', before));
    else if (after !== undefined) adds.push(plain('add', after));
  }
  rows.push(...dels, ...adds);
  return rows;
}

/** Folds runs of unchanged lines, keeping CONTEXT lines next to each change. */
function fold(rows: DiffRow[]): DiffRow[] {
  const changed = rows.map((row) => row.kind !== 'same');
  const keep = rows.map((_, i) => {
    for (let d = -CONTEXT; d <= CONTEXT; d++) if (changed[i + d]) return true;
    return false;
  });
  const out: DiffRow[] = [];
  let skipped = 0;
  rows.forEach((row, i) => {
    if (keep[i]) {
      if (skipped > 0) out.push({ kind: 'gap', count: skipped });
      skipped = 0;
      out.push(row);
    } else skipped++;
  });
  if (skipped > 0) out.push({ kind: 'gap', count: skipped });
  return out;
}

/** The folded line diff from `before` to `after`; empty when they are equal. */
export function diffRows(before: string, after: string): DiffRow[] {
  if (before === after) return [];
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  for (const part of diffLines(before, after)) {
    const lines = splitLines(part.value);
    if (part.removed) {
      removed = lines;
    } else if (part.added) {
      rows.push(...pairUp(removed, lines));
      removed = [];
    } else {
      rows.push(...pairUp(removed, []));
      removed = [];
      rows.push(...lines.map((text): DiffRow => ({ kind: 'same', text })));
    }
  }
  rows.push(...pairUp(removed, []));
  return fold(rows);
}

/** Rows of a diff the engine computed (hunks whose lines start with ' ', '-' or '+'). */
export function rowsOfLineDiff(diff: LineDiff): DiffRow[] {
  const rows: DiffRow[] = [];
  diff.hunks.forEach((hunk, index) => {
    if (index > 0 || hunk.oldStart > 1) rows.push({ kind: 'gap', count: 0 });
    let removed: string[] = [];
    let added: string[] = [];
    const flush = (): void => {
      rows.push(...pairUp(removed, added));
      removed = [];
      added = [];
    };
    for (const line of hunk.lines) {
      const sign = line[0];
      const text = line.slice(1);
      if (sign === '-') removed.push(text);
      else if (sign === '+') added.push(text);
      else if (sign === ' ') {
        flush();
        rows.push({ kind: 'same', text });
      }
      // '\' lines ("No newline at end of file") are not shown.
    }
    flush();
  });
  return rows;
}
