// The diff shown when a write is refused: what the page showed → what the forge holds.
import { structuredPatch } from 'diff';
import type { LineDiff } from '../protocol/index';
import { toLf } from './body-compare';

const CONTEXT_LINES = 3;

/** null when the two bodies are the same (line endings aside). */
export function lineDiff(seen: string, live: string): LineDiff | null {
  const a = toLf(seen);
  const b = toLf(live);
  if (a === b) return null;
  const patch = structuredPatch('seen', 'live', a, b, undefined, undefined, { context: CONTEXT_LINES });
  return {
    hunks: patch.hunks.map((h) => ({
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      lines: h.lines,
    })),
  };
}
