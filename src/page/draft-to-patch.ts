// Turns an edited draft into anchored edits. The editor is seeded with a body; saving must not
// send the draft (that would be a whole-body write) but the changes the user made, each anchored
// on text that occurs exactly once in the seed, so the engine can re-apply them to a body that
// someone else changed meanwhile and keep both changes (design §1.1, §6).
import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';
import type { BodyOp } from '../body/index';
import { occursOnce } from './occurrences';

/** `seed[start, end)` becomes `text`. */
interface Change {
  start: number;
  end: number;
  text: string;
}

/** A stretch of the seed that occurs once and covers one or more changes. */
interface Anchor {
  start: number;
  end: number;
  changes: Change[];
}

/** Consecutive removed/added parts of a diff, as changes of the old text starting at `offset`. */
function changesOf(parts: ChangeObject<string>[], offset: number): Change[] {
  const changes: Change[] = [];
  let at = offset;
  let open: Change | null = null;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      if (open !== null) changes.push(open);
      open = null;
      at += part.value.length;
      continue;
    }
    open ??= { start: at, end: at, text: '' };
    if (part.removed) {
      open.end += part.value.length;
      at += part.value.length;
    } else {
      open.text += part.value;
    }
  }
  if (open !== null) changes.push(open);
  return changes;
}

/**
 * Line changes, each refined to the words that changed inside it: a one-word fix in a long
 * paragraph anchors on that word and its neighbours, not on the paragraph, so another writer's
 * change elsewhere in the same paragraph survives.
 */
function findChanges(seed: string, draft: string): Change[] {
  const changes: Change[] = [];
  for (const line of changesOf(diffLines(seed, draft), 0)) {
    if (line.start === line.end || line.text.length === 0) {
      changes.push(line);
      continue;
    }
    const words = diffWordsWithSpace(seed.slice(line.start, line.end), line.text);
    changes.push(...changesOf(words, line.start));
  }
  return changes;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

type CharKind = 'word' | 'blank' | 'break' | 'other';

function kindAt(text: string, index: number): CharKind {
  const char = text[index] ?? '';
  if (char === '\n') return 'break';
  if (char === ' ' || char === '\t' || char === '\r') return 'blank';
  return WORD_CHAR.test(char) ? 'word' : 'other';
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

/** One token to the left of `pos` (a word, a run of blanks, a line break or one other character). */
function tokenLeft(text: string, pos: number): number {
  if (pos <= 0) return 0;
  const kind = kindAt(text, pos - 1);
  if (kind === 'break' || kind === 'other') return isLowSurrogate(text, pos - 1) && pos >= 2 ? pos - 2 : pos - 1;
  let at = pos - 1;
  while (at > 0 && kindAt(text, at - 1) === kind) at--;
  return at;
}

/** One token to the right of `pos`. */
function tokenRight(text: string, pos: number): number {
  if (pos >= text.length) return text.length;
  const kind = kindAt(text, pos);
  if (kind === 'break' || kind === 'other') return isLowSurrogate(text, pos + 1) ? pos + 2 : pos + 1;
  let at = pos + 1;
  while (at < text.length && kindAt(text, at) === kind) at++;
  return at;
}

/** Moves left past blanks and then one more token, without crossing a line break. */
function contextLeft(text: string, pos: number): number {
  let at = pos;
  while (at > 0 && kindAt(text, at - 1) === 'blank') at--;
  return at > 0 && kindAt(text, at - 1) !== 'break' ? tokenLeft(text, at) : at;
}

function contextRight(text: string, pos: number): number {
  let at = pos;
  while (at < text.length && kindAt(text, at) === 'blank') at++;
  return at < text.length && kindAt(text, at) !== 'break' ? tokenRight(text, at) : at;
}

function lineStartBefore(text: string, pos: number): number {
  return pos <= 0 ? 0 : text.lastIndexOf('\n', pos - 1) + 1;
}

function lineEndAfter(text: string, pos: number): number {
  const end = text.indexOf('\n', pos);
  return end === -1 ? text.length : end;
}

/**
 * Grows `[start, end)` into a span that occurs once in the seed: first one neighbouring token
 * on each side (a bare word is a weak anchor), then token by token within the lines it touches,
 * then line by line. Anchors stay inside the lines a change touches whenever those lines are
 * unique, so changes to other lines by someone else do not disturb them.
 */
function anchorFor(seed: string, change: Change): Anchor {
  let start = contextLeft(seed, change.start);
  let end = contextRight(seed, change.end);
  const unique = (): boolean => end > start && occursOnce(seed, seed.slice(start, end));

  const lineStart = lineStartBefore(seed, start);
  const lineEnd = lineEndAfter(seed, end);
  let left = true;
  while (!unique() && (start > lineStart || end < lineEnd)) {
    if ((left && start > lineStart) || end >= lineEnd) start = tokenLeft(seed, start);
    else end = tokenRight(seed, end);
    left = !left;
  }
  while (!unique() && (start > 0 || end < seed.length)) {
    // Take the neighbouring line together with the break between them.
    if ((left && start > 0) || end >= seed.length) start = lineStartBefore(seed, start - 1);
    else end = lineEndAfter(seed, end + 1);
    left = !left;
  }
  return { start, end, changes: [change] };
}

/** Anchors sorted by position, with overlapping ones joined (a patch may not claim text twice). */
function mergeAnchors(anchors: Anchor[]): Anchor[] {
  const sorted = [...anchors].sort((a, b) => a.start - b.start);
  const merged: Anchor[] = [];
  for (const anchor of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && anchor.start < last.end) {
      last.end = Math.max(last.end, anchor.end);
      last.changes.push(...anchor.changes);
    } else {
      merged.push({ ...anchor, changes: [...anchor.changes] });
    }
  }
  return merged;
}

function replacementOf(seed: string, anchor: Anchor): string {
  let out = '';
  let at = anchor.start;
  const inOrder = [...anchor.changes].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const change of inOrder) {
    out += seed.slice(at, change.start) + change.text;
    at = change.end;
  }
  return out + seed.slice(at, anchor.end);
}

/**
 * The op that turns `seed` into `draft`: a patch whose edits each anchor on text found exactly
 * once in the seed, or an append when the seed is empty (there is nothing to anchor on). Null
 * when the draft equals the seed.
 */
export function draftToOp(seed: string, draft: string): BodyOp | null {
  if (seed === draft) return null;
  if (seed.length === 0) return { kind: 'append', text: draft };
  const anchors = mergeAnchors(findChanges(seed, draft).map((change) => anchorFor(seed, change)));
  return {
    kind: 'patch',
    edits: anchors.map((anchor) => ({ old: seed.slice(anchor.start, anchor.end), new: replacementOf(seed, anchor) })),
  };
}

/**
 * A textarea hands back LF line breaks whatever it was given. When the seed uses CRLF
 * throughout, the draft gets CRLF too, so an edit does not rewrite every line break.
 */
export function draftInSeedLineBreaks(seed: string, draft: string): string {
  const lf = draft.replace(/\r\n?/g, '\n');
  const breaks = seed.split('\n').length - 1;
  const crlfBreaks = seed.split('\r\n').length - 1;
  return breaks > 0 && breaks === crlfBreaks ? lf.replace(/\n/g, '\r\n') : lf;
}
