/**
 * patch: anchored replacements. Every anchor is looked up in the body as given, never in the
 * output of an earlier edit, so the edits of one op are independent of their order and the
 * op means the same thing on any body where its anchors hold.
 */

import { applied, noop, rejected, type OpResult, type PatchEdit } from './body-op';
import { countOf, quote } from './wording';

/** A stretch of the input body claimed by one edit. */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
  /** Zero-based index of the edit that claimed it. */
  readonly edit: number;
}

type Located = { ok: true; spans: Span[] } | { ok: false; result: OpResult };

export function applyPatch(body: string, edits: readonly PatchEdit[]): OpResult {
  if (edits.length === 0) return rejected('invalid', 'The patch holds no edits.');
  const spans: Span[] = [];
  for (let index = 0; index < edits.length; index++) {
    const located = locate(body, edits[index] as PatchEdit, index, edits.length);
    if (!located.ok) return located.result;
    for (const span of located.spans) spans.push(span);
  }

  spans.sort((a, b) => a.start - b.start);
  let reach: Span | null = null;
  for (const span of spans) {
    if (reach !== null && span.start < reach.end) {
      const [first, second] = reach.edit < span.edit ? [reach, span] : [span, reach];
      return rejected(
        'overlap',
        `Edits ${first.edit + 1} and ${second.edit + 1} claim overlapping text near ${quote(body.slice(span.start, span.end))}.`,
      );
    }
    if (reach === null || span.end > reach.end) reach = span;
  }

  const changing = spans.filter(
    (span) => span.replacement.length !== span.end - span.start || !body.startsWith(span.replacement, span.start),
  );
  if (changing.length === 0) return noop(body, 'The edits would leave the body exactly as it is.');

  // Concatenation lets the engine share the untouched stretches instead of copying them.
  let next = '';
  let copied = 0;
  for (const span of changing) {
    next += body.slice(copied, span.start) + span.replacement;
    copied = span.end;
  }
  next += body.slice(copied);
  if (next === body) return noop(body, 'The edits would leave the body exactly as it is.');
  return applied(next, `Replaced ${countOf(changing.length, 'span')}.`);
}

function locate(body: string, edit: PatchEdit, index: number, total: number): Located {
  const which = total > 1 ? ` of edit ${index + 1}` : '';
  const old = edit.old;
  if (old.length === 0) {
    return { ok: false, result: rejected('invalid', `The old text${which} is empty, so it anchors nowhere.`) };
  }
  const first = body.indexOf(old);
  if (first === -1) {
    return { ok: false, result: rejected('drifted', `The text ${quote(old)}${which} is not in the body.`) };
  }
  const replacement = edit.new;
  if (edit.replaceAll !== true) {
    // Overlapping occurrences count: `aa` occurs twice in `aaa`, so it is ambiguous there.
    if (body.indexOf(old, first + 1) !== -1) {
      return {
        ok: false,
        result: rejected(
          'ambiguous',
          `The text ${quote(old)}${which} occurs more than once; include more of the text around it to make it unique.`,
        ),
      };
    }
    return { ok: true, spans: [{ start: first, end: first + old.length, replacement, edit: index }] };
  }
  const spans: Span[] = [];
  for (let at = first; at !== -1; at = body.indexOf(old, at + old.length)) {
    spans.push({ start: at, end: at + old.length, replacement, edit: index });
  }
  return { ok: true, spans };
}
