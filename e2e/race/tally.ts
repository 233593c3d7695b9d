// What each writer asked for against what the final body holds: the figures the race suite
// asserts on (for the extension) and reports (for the forge's own widget).
import { hasLanded, type RaceOp, type WriterName } from './plan';

/**
 * How the writer's UI answered an op:
 * - `saved`: it said the change was saved (the extension's confirmation toast, the native
 *   widget's 200 without an error toast, the REST API's success);
 * - `refused`: it said the change was not saved (a refusal toast, the conflict view, the native
 *   error toast);
 * - `swallowed`: it said nothing and sent nothing (a click on a box the native widget keeps
 *   blocked).
 */
export type Outcome = 'saved' | 'refused' | 'swallowed';

export interface OpRecord {
  op: RaceOp;
  outcome: Outcome;
  /** What the user was shown (toast text), if anything. */
  message: string;
  /** Native widget: after a refused tick the box kept showing the unsaved state. */
  stuckBox?: boolean;
}

export interface WriterTally {
  writer: WriterName;
  ops: number;
  saved: number;
  refused: number;
  swallowed: number;
  /** Ops whose effect is in the final body. */
  landed: number;
  /** Ops reported saved whose effect is not in the final body: undone by a later write. */
  savedButLost: number;
  /** Ops that neither landed nor were refused: lost without a word. */
  silentlyLost: number;
  stuckBoxes: number;
}

export function tallyWriters(records: readonly OpRecord[], finalBody: string): WriterTally[] {
  const writers = [...new Set(records.map((record) => record.op.writer))];
  return writers.map((writer) => {
    const mine = records.filter((record) => record.op.writer === writer);
    const landed = mine.filter((record) => hasLanded(finalBody, record.op));
    return {
      writer,
      ops: mine.length,
      saved: mine.filter((record) => record.outcome === 'saved').length,
      refused: mine.filter((record) => record.outcome === 'refused').length,
      swallowed: mine.filter((record) => record.outcome === 'swallowed').length,
      landed: landed.length,
      savedButLost: mine.filter((record) => record.outcome === 'saved' && !hasLanded(finalBody, record.op)).length,
      silentlyLost: mine.filter((record) => record.outcome !== 'refused' && !hasLanded(finalBody, record.op)).length,
      stuckBoxes: mine.filter((record) => record.stuckBox === true).length,
    };
  });
}

/** The tallies as a small aligned table, one line per writer and a total. */
export function formatTally(title: string, tallies: readonly WriterTally[]): string {
  const columns: (keyof Omit<WriterTally, 'writer'>)[] = ['ops', 'saved', 'refused', 'swallowed', 'landed', 'savedButLost', 'silentlyLost', 'stuckBoxes'];
  const total = Object.fromEntries(columns.map((column) => [column, tallies.reduce((sum, t) => sum + t[column], 0)]));
  const rows = [...tallies.map((t) => [t.writer, ...columns.map((c) => String(t[c]))]), ['total', ...columns.map((c) => String(total[c]))]];
  const header = ['writer', ...columns];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join('  ');
  return [title, line(header), ...rows.map(line)].join('\n');
}
