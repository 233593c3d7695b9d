/**
 * Named sections: regions of a body between a start and an end marker, each an HTML comment
 * alone on a prose line, which the forge renders invisibly:
 *
 *     <!-- PREFIX:section:NAME -->
 *     …content…
 *     <!-- /PREFIX:section:NAME -->
 *
 * Spaces or tabs may surround a marker and separate `<!--`, the marker text and `-->` (or be
 * left out: `<!--/madtea:section:status-->` is a marker too). Markers inside fenced code are
 * examples, not markers. The default prefix matches the madtea command-line tool, so a body
 * edited by either is read the same way by both.
 */

import { applied, DEFAULT_SECTION_PREFIX, noop, rejected, type OpResult } from './body-op';
import { withBlockAppended } from './append';
import { inBodyLineBreaks, lineBreakOf, type LineBreak } from './line-endings';
import {
  contentEndOf,
  findFencedCode,
  isProseLine,
  isSpaceOrTab,
  lineEndOf,
  lineStartOf,
  nextLineStart,
  type FencedCode,
} from './prose-lines';
import { countOf, quote } from './wording';

/** What a section name (and a marker prefix) may look like. */
export const SECTION_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function isValidSectionName(name: string): boolean {
  return SECTION_NAME_PATTERN.test(name);
}

export interface Section {
  name: string;
  /** The lines strictly between the two markers, line breaks included. */
  content: string;
}

interface Marker {
  readonly name: string;
  readonly closing: boolean;
  readonly lineStart: number;
  /** Offset of the marker line's `\n`, or the body's length for the last line. */
  readonly lineEnd: number;
}

export function startMarker(prefix: string, name: string): string {
  return `<!-- ${prefix}:section:${name} -->`;
}

export function endMarker(prefix: string, name: string): string {
  return `<!-- /${prefix}:section:${name} -->`;
}

/**
 * Reads the line `[lineStart, contentEnd)` as a marker with the given prefix, or null. The name
 * is whatever stands between `PREFIX:section:` and the closing `-->`, which must end the line.
 */
function readMarkerLine(body: string, lineStart: number, contentEnd: number, prefix: string): Omit<Marker, 'lineEnd'> | null {
  let at = lineStart;
  while (at < contentEnd && isSpaceOrTab(body.charCodeAt(at))) at++;
  if (!body.startsWith('<!--', at)) return null;
  at += 4;
  while (at < contentEnd && isSpaceOrTab(body.charCodeAt(at))) at++;
  const closing = body.charCodeAt(at) === 47; // '/'
  if (closing) at++;
  const lead = `${prefix}:section:`;
  if (!body.startsWith(lead, at)) return null;
  at += lead.length;
  let end = contentEnd;
  while (end > at && isSpaceOrTab(body.charCodeAt(end - 1))) end--;
  if (end - at < 3 || !body.startsWith('-->', end - 3)) return null;
  end -= 3;
  while (end > at && isSpaceOrTab(body.charCodeAt(end - 1))) end--;
  const name = body.slice(at, end);
  return isValidSectionName(name) ? { name, closing, lineStart } : null;
}

/**
 * The prose marker lines with the prefix (and, when given, the name), in body order. Only lines
 * holding `PREFIX:section:NAME` are read; the fenced blocks are looked up only once a marker-shaped
 * line turns up.
 */
function findMarkers(body: string, prefix: string, name?: string): Marker[] {
  const needle = `${prefix}:section:${name ?? ''}`;
  const markers: Marker[] = [];
  let fenced: FencedCode | null = null;
  let from = 0;
  for (;;) {
    const at = body.indexOf(needle, from);
    if (at === -1) break;
    const lineStart = lineStartOf(body, at);
    const lineEnd = lineEndOf(body, at);
    const marker = readMarkerLine(body, lineStart, contentEndOf(body, lineStart, lineEnd), prefix);
    if (marker !== null && (name === undefined || marker.name === name)) {
      fenced ??= findFencedCode(body);
      if (isProseLine(fenced, lineStart)) markers.push({ ...marker, lineEnd });
    }
    from = nextLineStart(lineEnd);
  }
  return markers;
}

type Located =
  | { kind: 'found'; regionStart: number; regionEnd: number }
  | { kind: 'absent' }
  | { kind: 'unbalanced'; detail: string };

function locateSection(markers: readonly Marker[], name: string): Located {
  const starts = markers.filter((marker) => !marker.closing);
  const ends = markers.filter((marker) => marker.closing);
  const start = starts[0];
  const end = ends[0];
  if (start === undefined && end === undefined) return { kind: 'absent' };
  const shown = quote(name);
  if (starts.length > 1) {
    return { kind: 'unbalanced', detail: `Section ${shown} has ${countOf(starts.length, 'start marker')}, so where it begins is unclear.` };
  }
  if (ends.length > 1) {
    return { kind: 'unbalanced', detail: `Section ${shown} has ${countOf(ends.length, 'end marker')}, so where it ends is unclear.` };
  }
  if (start === undefined) return { kind: 'unbalanced', detail: `Section ${shown} has an end marker but no start marker.` };
  if (end === undefined) return { kind: 'unbalanced', detail: `Section ${shown} has a start marker but no end marker.` };
  if (end.lineStart < start.lineStart) {
    return { kind: 'unbalanced', detail: `The end marker of section ${shown} comes before its start marker.` };
  }
  return { kind: 'found', regionStart: nextLineStart(start.lineEnd), regionEnd: end.lineStart };
}

/**
 * The region text for `content`: line breaks in the body's convention, ending in one so the end
 * marker keeps its own line. Content ending in a lone `\r` gets the `\n` that completes a CRLF,
 * since any `\n` written after it would form one anyway.
 */
function regionFor(content: string, lineBreak: LineBreak): string {
  const region = inBodyLineBreaks(content, lineBreak);
  if (region.length === 0 || region.endsWith('\n')) return region;
  return region.endsWith('\r') ? region + '\n' : region + lineBreak;
}

/**
 * True when `region`, placed between the markers of `name`, leaves that section readable: it
 * must not hold a marker of the section itself, nor leave a code fence open, which would hide
 * the end marker. A region starts on a prose line and holds whole lines, so reading it on its
 * own gives the same answer as reading it in place.
 */
function keepsSectionReadable(region: string, prefix: string, name: string): boolean {
  return !findFencedCode(region).endsOpen && findMarkers(region, prefix, name).length === 0;
}

export function applySectionReplace(body: string, name: string, content: string, ensure: boolean, prefix: string): OpResult {
  if (!isValidSectionName(prefix)) {
    return rejected('invalid', `The section marker prefix ${quote(prefix)} is not a valid name.`);
  }
  if (!isValidSectionName(name)) {
    return rejected('invalid', `${quote(name)} is not a valid section name: use letters, digits, ‘_’, ‘.’ and ‘-’, starting with a letter or digit.`);
  }
  const lineBreak = lineBreakOf(body);
  const region = regionFor(content, lineBreak);
  const located = locateSection(findMarkers(body, prefix, name), name);

  if (located.kind === 'unbalanced') return rejected('unbalanced-section', located.detail);
  if (located.kind === 'absent') {
    if (!ensure) return rejected('absent-section', `There is no section ${quote(name)} in the body.`);
    if (findFencedCode(body).endsOpen) {
      return rejected(
        'absent-section',
        `There is no section ${quote(name)}, and one cannot be added because the body ends inside an unclosed code block.`,
      );
    }
    if (!keepsSectionReadable(region, prefix, name)) return unreadable(name);
    const block = startMarker(prefix, name) + lineBreak + region + endMarker(prefix, name);
    return applied(withBlockAppended(body, block, lineBreak), `Added section ${quote(name)} at the end.`);
  }

  const { regionStart, regionEnd } = located;
  if (regionEnd - regionStart === region.length && body.startsWith(region, regionStart)) {
    return noop(body, `Section ${quote(name)} already holds this content.`);
  }
  if (!keepsSectionReadable(region, prefix, name)) return unreadable(name);
  const next = body.slice(0, regionStart) + region + body.slice(regionEnd);
  return applied(next, `Replaced the content of section ${quote(name)}.`);
}

function unreadable(name: string): OpResult {
  return rejected(
    'invalid',
    `The new content would break section ${quote(name)}: it holds one of the section's own markers or leaves a code fence open.`,
  );
}

/** The balanced sections of a body, in the order they start, with the content between their markers. */
export function listSections(body: string, prefix: string = DEFAULT_SECTION_PREFIX): Section[] {
  if (typeof body !== 'string') throw new TypeError('listSections expects the body as a string.');
  if (typeof prefix !== 'string' || !isValidSectionName(prefix)) {
    throw new RangeError(`listSections: ${String(prefix)} is not a valid section marker prefix.`);
  }
  const byName = new Map<string, Marker[]>();
  for (const marker of findMarkers(body, prefix)) {
    const list = byName.get(marker.name);
    if (list === undefined) byName.set(marker.name, [marker]);
    else list.push(marker);
  }
  const found: { start: number; section: Section }[] = [];
  for (const [name, markers] of byName) {
    const located = locateSection(markers, name);
    if (located.kind !== 'found') continue;
    found.push({ start: located.regionStart, section: { name, content: body.slice(located.regionStart, located.regionEnd) } });
  }
  return found.sort((a, b) => a.start - b.start).map((entry) => entry.section);
}
