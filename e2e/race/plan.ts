// The race scenario as data: one description shared by three writers, each owning its own
// boxes and lines, and the fifty ops each writer makes. Every op changes text only its writer
// touches, so the ops commute: the final body is determined by which ops landed, whatever the
// order, and can be computed exactly.

/** The two browser writers, and the independent writer behind the REST API. */
export type WriterName = 'alpha' | 'beta' | 'api';
export const TAB_WRITERS = ['alpha', 'beta'] as const satisfies readonly WriterName[];

/** How a browser user makes a line edit: the full editor, or the section editor. */
export type LineVia = 'editor' | 'section' | 'api';

export type RaceOp =
  | { writer: WriterName; kind: 'tick'; label: string }
  | {
      writer: WriterName;
      kind: 'line';
      via: LineVia;
      before: string;
      after: string;
      /**
       * The independent writer changes this very line while the user's editor is open on it, so
       * the save must be refused and shown, not merged by guessing.
       */
      contested?: boolean;
    };

export const OPS_PER_WRITER = 50;
const TICKS_PER_TAB = OPS_PER_WRITER / 2;
const LINE_EDITS_PER_TAB = OPS_PER_WRITER - TICKS_PER_TAB;
const EDITOR_LINES = Math.ceil(LINE_EDITS_PER_TAB / 2);
const SECTION_LINES = LINE_EDITS_PER_TAB - EDITOR_LINES;
/** The note line of each tab that the independent writer contests (mid-run, so the tab goes on after the refusal). */
const CONTESTED_NOTE = 7;
/** The independent writer's own lines: its fifty ops less the contested ones. */
const API_LINES = OPS_PER_WRITER - TAB_WRITERS.length;

function two(n: number): string {
  return String(n).padStart(2, '0');
}

export function boxLabel(writer: WriterName, n: number): string {
  return `${writer} box ${two(n)}`;
}
export function noteLine(writer: WriterName, n: number, state: 'open' | 'done'): string {
  return `${writer} note ${two(n)}: ${state}`;
}
export function entryLine(writer: WriterName, n: number, state: 'open' | 'done'): string {
  return `${writer} entry ${two(n)}: ${state}`;
}
/** The section each tab writer edits through the section editor. */
export function sectionName(writer: WriterName): string {
  return `${writer}-log`;
}

function tabPart(writer: WriterName): string[] {
  const lines = [`## ${writer}`, ''];
  for (let n = 1; n <= TICKS_PER_TAB; n++) lines.push(`- [ ] ${boxLabel(writer, n)}`);
  lines.push('');
  for (let n = 1; n <= EDITOR_LINES; n++) lines.push(noteLine(writer, n, 'open'));
  lines.push('', `<!-- madtea:section:${sectionName(writer)} -->`);
  for (let n = 1; n <= SECTION_LINES; n++) lines.push(entryLine(writer, n, 'open'));
  lines.push(`<!-- /madtea:section:${sectionName(writer)} -->`, '');
  return lines;
}

/** The description all three writers start from. */
export function raceBody(): string {
  const lines = ['# Race board', '', 'Three writers change this description at once; each owns its boxes and lines.', ''];
  for (const writer of TAB_WRITERS) lines.push(...tabPart(writer));
  lines.push('## api', '');
  for (let n = 1; n <= API_LINES; n++) lines.push(noteLine('api', n, 'open'));
  lines.push('');
  return lines.join('\n');
}

/**
 * A tab writer's fifty ops: ticks and line edits alternate, and the line edits alternate
 * between the full editor and the section editor.
 */
export function tabOps(writer: WriterName): RaceOp[] {
  const ops: RaceOp[] = [];
  let box = 0;
  let note = 0;
  let entry = 0;
  for (let i = 0; i < OPS_PER_WRITER; i++) {
    if (i % 2 === 0) {
      ops.push({ writer, kind: 'tick', label: boxLabel(writer, ++box) });
    } else if (i % 4 === 1) {
      note++;
      const before = noteLine(writer, note, 'open');
      ops.push({ writer, kind: 'line', via: 'editor', before, after: noteLine(writer, note, 'done'), ...(note === CONTESTED_NOTE ? { contested: true } : {}) });
    } else {
      entry++;
      ops.push({ writer, kind: 'line', via: 'section', before: entryLine(writer, entry, 'open'), after: entryLine(writer, entry, 'done') });
    }
  }
  return ops;
}

/**
 * The independent writer's own ops: one line each, by anchored replacement on the live body.
 * With the contested ops (one per tab, see `contestOf`) they make its fifty.
 */
export function apiOps(): RaceOp[] {
  return Array.from({ length: API_LINES }, (_, i) => ({
    writer: 'api' as const,
    kind: 'line' as const,
    via: 'api' as const,
    before: noteLine('api', i + 1, 'open'),
    after: noteLine('api', i + 1, 'done'),
  }));
}

/** The independent writer's change to a tab's contested line, made while that tab's editor is open on it. */
export function contestOf(op: RaceOp): RaceOp {
  if (op.kind !== 'line' || op.contested !== true) throw new Error('only a contested line edit can be contested');
  return { writer: 'api', kind: 'line', via: 'api', before: op.before, after: `${op.before.replace(/: open$/, '')}: taken over by api` };
}

/** The text an op replaces and the text it leaves, each a whole line of the body. */
export function opSpan(op: RaceOp): { before: string; after: string } {
  return op.kind === 'tick' ? { before: `- [ ] ${op.label}`, after: `- [x] ${op.label}` } : { before: op.before, after: op.after };
}

/** The body's lines without their line breaks (a CRLF body's `\r` is not part of a line). */
function linesOf(body: string): string[] {
  return body.split('\n').map((line) => line.replace(/\r$/, ''));
}

function lineCount(body: string, line: string): number {
  return linesOf(body).filter((candidate) => candidate === line).length;
}

/**
 * `body` with one op applied, line breaks kept as they are (a whole-body save by the forge's
 * own widget leaves CRLF); throws when the op's line is not in the body exactly once.
 */
export function applyRaceOp(body: string, op: RaceOp): string {
  const { before, after } = opSpan(op);
  if (lineCount(body, before) !== 1) throw new Error(`the line “${before}” is not in the body exactly once`);
  return body
    .split('\n')
    .map((line) => (line.replace(/\r$/, '') === before ? after + (line.endsWith('\r') ? '\r' : '') : line))
    .join('\n');
}

/** The body that results from the initial body when exactly `landed` ops took effect. */
export function expectedBody(initial: string, landed: readonly RaceOp[]): string {
  return landed.reduce(applyRaceOp, initial);
}

/** Whether an op's effect is in `body`. */
export function hasLanded(body: string, op: RaceOp): boolean {
  const { before, after } = opSpan(op);
  return lineCount(body, after) === 1 && lineCount(body, before) === 0;
}
