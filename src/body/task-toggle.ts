/**
 * task-toggle: set one checklist line to a wanted state. Setting a state (instead of flipping)
 * makes the op safe to re-apply: a second identical request finds the line already there.
 */

import { applied, noop, rejected, type OpResult } from './body-op';
import { findChecklistLinesMatching, labelOf } from './checklist';
import { countOf, quote } from './wording';

export function applyTaskToggle(body: string, match: string, checked: boolean): OpResult {
  if (match.length === 0) {
    return rejected('invalid', 'The checklist match is empty, so it cannot pick out one line.');
  }
  const lines = findChecklistLinesMatching(body, match);
  const line = lines[0];
  if (line === undefined) {
    return rejected('drifted', `No checklist line matches ${quote(match)}.`);
  }
  if (lines.length > 1) {
    return rejected(
      'ambiguous',
      `${countOf(lines.length, 'checklist line')} match ${quote(match)}; use more of the label to pick one.`,
    );
  }
  if (line.checked === checked) {
    return noop(body, `${quote(labelOf(body, line))} is already ${checked ? 'ticked' : 'unticked'}.`);
  }
  // Only the state character changes; `X` unticks to a space like `x` does.
  const marker = checked ? 'x' : ' ';
  const next = body.slice(0, line.markerOffset) + marker + body.slice(line.markerOffset + 1);
  return applied(next, `${checked ? 'Ticked' : 'Unticked'} ${quote(labelOf(body, line))}.`);
}

