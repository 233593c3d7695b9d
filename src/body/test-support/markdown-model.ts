/**
 * A plain, line-by-line model of the markdown rules of `src/body`, written for tests only: it
 * splits the body into lines and runs regular expressions on each, the slow and obvious way.
 * The property tests check the optimised scanners against it.
 */

export interface ModelLine {
  /** The line's content, without `\n` and without the `\r` of a CRLF. */
  text: string;
  /** Offset of the line's first character in the body. */
  start: number;
  /** Offset just past the line's `\n`, or the body's length for the last line. */
  next: number;
  prose: boolean;
}

export function modelLines(body: string): ModelLine[] {
  return readModel(body).lines;
}

/** True when the body ends inside a fenced code block that never closes. */
export function modelEndsInOpenFence(body: string): boolean {
  return readModel(body).openAtEnd;
}

function readModel(body: string): { lines: ModelLine[]; openAtEnd: boolean } {
  const parts = body.split('\n');
  const lines: ModelLine[] = [];
  let start = 0;
  let open: { char: string; length: number } | null = null;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const text = !last && part.endsWith('\r') ? part.slice(0, -1) : part;
    const next = last ? body.length : start + part.length + 1;
    const fence = /^[ \t]*(`{3,}|~{3,})([^]*)$/.exec(text);
    let prose = open === null;
    if (fence !== null) {
      const run = fence[1] as string;
      const rest = fence[2] as string;
      const char = run[0] as string;
      if (open === null && (char === '~' || !rest.includes('`'))) {
        open = { char, length: run.length };
        prose = false;
      } else if (open !== null && char === open.char && run.length >= open.length && /^[ \t]*$/.test(rest)) {
        open = null;
        prose = false;
      }
    }
    lines.push({ text, start, next, prose });
    start = next;
  });
  return { lines, openAtEnd: open !== null };
}

const CHECKLIST = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[([ xX])\](?=[ \t]|$)/;

export interface ModelItem {
  label: string;
  checked: boolean;
  lineIndex: number;
  markerOffset: number;
  line: string;
}

export function modelChecklistItems(body: string): ModelItem[] {
  const items: ModelItem[] = [];
  modelLines(body).forEach((line, lineIndex) => {
    if (!line.prose || /^ *>/.test(line.text)) return;
    const match = CHECKLIST.exec(line.text);
    if (match === null) return;
    items.push({
      label: line.text.slice(match[0].length).trim(),
      checked: match[1] !== ' ',
      lineIndex,
      markerOffset: line.start + match[0].length - 2,
      line: line.text,
    });
  });
  return items;
}

function modelFirstWord(label: string): string {
  const token = label.toLowerCase().trim().split(/\s+/)[0] ?? '';
  return token.replace(/^[^\p{L}\p{N}]+/u, '').replace(/[^\p{L}\p{N}]+$/u, '');
}

function modelBlocks(body: string): string {
  const prose = modelLines(body).filter((line) => line.prose);
  const blocks: string[] = [];
  let block: string[] | null = null;
  for (const line of prose) {
    const isItem = !/^ *>/.test(line.text) && CHECKLIST.test(line.text);
    if (block === null) {
      if (isItem) block = [line.text];
      continue;
    }
    if (/^\s*$/.test(line.text)) {
      blocks.push(block.join('\n'));
      block = null;
    } else if (isItem) {
      block.push(line.text);
    }
  }
  if (block !== null) blocks.push(block.join('\n'));
  return blocks.join('\n\n');
}

export function modelDiffChecklists(before: string, after: string) {
  const a = modelChecklistItems(before);
  const b = modelChecklistItems(after);
  const keys = (items: ModelItem[]) => JSON.stringify(items.map((item) => `${modelFirstWord(item.label)}\u0000${item.checked ? 1 : 0}`).sort());
  if (keys(a) === keys(b)) return null;
  const paired = a.length === b.length && a.every((item, index) => modelFirstWord(item.label) === modelFirstWord((b[index] as ModelItem).label));
  const flips = paired
    ? b.filter((item, index) => item.checked !== (a[index] as ModelItem).checked).map((item) => ({ label: item.label, checked: item.checked }))
    : null;
  return { flips, beforeBlocks: modelBlocks(before), afterBlocks: modelBlocks(after) };
}

export interface ModelMarker {
  name: string;
  closing: boolean;
  line: ModelLine;
}

export function modelMarkers(body: string, prefix: string): ModelMarker[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^[ \\t]*<!--[ \\t]*(/?)${escaped}:section:([A-Za-z0-9][A-Za-z0-9_.-]*)[ \\t]*-->[ \\t]*$`);
  const markers: ModelMarker[] = [];
  for (const line of modelLines(body)) {
    if (!line.prose) continue;
    const match = pattern.exec(line.text);
    if (match !== null) markers.push({ name: match[2] as string, closing: match[1] === '/', line });
  }
  return markers;
}

/** The region of a balanced section as body offsets, or why there is none. */
export function modelSection(body: string, prefix: string, name: string): { start: number; end: number } | 'absent' | 'unbalanced' {
  const markers = modelMarkers(body, prefix).filter((marker) => marker.name === name);
  const starts = markers.filter((marker) => !marker.closing);
  const ends = markers.filter((marker) => marker.closing);
  if (starts.length === 0 && ends.length === 0) return 'absent';
  const start = starts[0];
  const end = ends[0];
  if (starts.length !== 1 || ends.length !== 1 || start === undefined || end === undefined || end.line.start < start.line.start) {
    return 'unbalanced';
  }
  return { start: start.line.next, end: end.line.start };
}

export function modelListSections(body: string, prefix: string): { name: string; content: string }[] {
  const names = [...new Set(modelMarkers(body, prefix).map((marker) => marker.name))];
  return names
    .map((name) => ({ name, region: modelSection(body, prefix, name) }))
    .filter((entry): entry is { name: string; region: { start: number; end: number } } => typeof entry.region === 'object')
    .sort((x, y) => x.region.start - y.region.start)
    .map(({ name, region }) => ({ name, content: body.slice(region.start, region.end) }));
}
