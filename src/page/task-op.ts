// Turns a click on a rendered checkbox into an anchored op. The forge tells where the box's
// `[` stands in the source (a byte offset); the op names the line's text instead, so the
// engine can re-apply it to a body that changed meanwhile (design §1.3).
import { applyOp, checklistItems, type BodyOp } from '../body/index';
import { occursOnce } from './occurrences';
import { stringIndexOfUtf8Offset } from './utf8-offset';

export type TaskOpResult =
  | { ok: true; op: BodyOp; label: string }
  | { ok: false; detail: string };

function lineStartAt(body: string, index: number): number {
  return index <= 0 ? 0 : body.lastIndexOf('\n', index - 1) + 1;
}

function lineEndAt(body: string, index: number): number {
  const end = body.indexOf('\n', index);
  return end === -1 ? body.length : end;
}

/**
 * The op that sets the checkbox whose `[` is at UTF-8 byte `byteOffset` of `raw` (the post's
 * source as the page holds it) to `checked`.
 *
 * Prefers `task-toggle` on the line's label, which keeps working when the line moves. When the
 * label would also match another line (or the line is not a checklist line by the body rules,
 * e.g. inside a quote), it falls back to a `patch` of the whole line with as many neighbouring
 * lines as it takes to occur once.
 */
export function taskOpForCheckbox(raw: string, byteOffset: number, checked: boolean): TaskOpResult {
  const bracket = stringIndexOfUtf8Offset(raw, byteOffset);
  if (bracket === null || raw[bracket] !== '[' || raw[bracket + 2] !== ']' || !/[ xX]/.test(raw[bracket + 1] ?? '')) {
    return { ok: false, detail: `The page's copy of the text has no checkbox at byte ${byteOffset}.` };
  }
  const marker = bracket + 1;
  const wanted = checked ? 'x' : ' ';
  const expected = raw.slice(0, marker) + wanted + raw.slice(marker + 1);
  const item = checklistItems(raw).find((candidate) => candidate.markerOffset === marker);
  const lineStart = lineStartAt(raw, marker);
  const lineEnd = lineEndAt(raw, marker);
  const lineText = raw.slice(lineStart, lineEnd).replace(/\r$/, '');
  const label = item?.label ?? lineText.slice(marker + 2 - lineStart).trim();

  if (item !== undefined && item.label.length > 0) {
    const toggle: BodyOp = { kind: 'task-toggle', match: item.label, checked };
    const trial = applyOp(raw, toggle);
    const alreadySo = item.checked === checked;
    if ((trial.status === 'applied' && trial.body === expected) || (trial.status === 'noop' && alreadySo)) {
      return { ok: true, op: toggle, label };
    }
  }
  return { ok: true, op: linePatch(raw, lineStart, lineEnd, marker, wanted), label };
}

/** A patch that rewrites the marker, anchored on its line grown by whole lines until unique. */
function linePatch(raw: string, lineStart: number, lineEnd: number, marker: number, wanted: string): BodyOp {
  let start = lineStart;
  // A line with its line break is often unique where the bare line is a prefix of another.
  let end = occursOnce(raw, raw.slice(lineStart, lineEnd)) ? lineEnd : Math.min(lineEnd + 1, raw.length);
  let growDown = true;
  while (!occursOnce(raw, raw.slice(start, end))) {
    const canGrowDown = end < raw.length;
    const canGrowUp = start > 0;
    if (!canGrowDown && !canGrowUp) break;
    if ((growDown && canGrowDown) || !canGrowUp) end = raw[end - 1] === '\n' ? lineEndAt(raw, end) : lineEndAt(raw, end + 1);
    else start = lineStartAt(raw, start - 1);
    growDown = !growDown;
  }
  const old = raw.slice(start, end);
  const relative = marker - start;
  return { kind: 'patch', edits: [{ old, new: old.slice(0, relative) + wanted + old.slice(relative + 1) }] };
}
