/**
 * Property tests of the body ops. Bodies are built from markdown-ish lines (checklist items,
 * prose, fences, quotes, section markers, blank lines) with LF, CRLF or mixed breaks and
 * unicode, and ops are drawn partly from the body's own text so that many of them apply. Each
 * result is checked against a slow line-by-line model of the rules (test-support) and against
 * the invariants of the contract: a refusal or noop leaves the body alone, an applied op
 * changes only its target, re-applying a set-state op is a noop, and nothing ever throws.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOpUnguarded } from './apply-op';
import type { BodyOp, OpResult, PatchEdit } from './body-op';
import { applyOp, checklistItems, diffChecklists, listSections } from './index';
import {
  modelChecklistItems,
  modelDiffChecklists,
  modelEndsInOpenFence,
  modelListSections,
  modelMarkers,
  modelSection,
} from './test-support/markdown-model';

/** Runs per property; raise it locally with BODY_PROPERTY_RUNS to search harder. */
const RUNS = Number(process.env.BODY_PROPERTY_RUNS ?? 1000);

// ---------------------------------------------------------------------------------------------
// Bodies

const WORDS = [
  'alpha', 'Beta', 'fix', 'ship the docs', '#12', '#123', 'owner/repo#12', 'repo#1', '🚀', 'שלום', 'cafe\u0301', '中文', 'ü',
  'a', 'aa', 'x', 'X', '[ ]', '[x]', '-', '*', '1.', '>', '<!--', '-->', '```', '~~~', '\t', '\u00a0', '\u0000', '\ud800',
  '\udc00', '\r', 'madtea:section:a', '«Ärger»',
];
const word = fc.constantFrom(...WORDS);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyText = fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate), maxLength: 6 });
const phrase = fc.oneof(
  { weight: 4, arbitrary: fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')) },
  { weight: 1, arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join('')) },
  { weight: 1, arbitrary: anyText },
);

const indent = fc.constantFrom('', '', ' ', '  ', '\t', '    ');
const wellFormedChecklistLine = fc
  .tuple(
    indent,
    fc.constantFrom('-', '-', '*', '+', '1.', '2)', '123456789.'),
    fc.constantFrom(' ', ' ', '  ', '\t'),
    fc.constantFrom(' ', ' ', 'x', 'X'),
    fc.constantFrom(' ', ' ', '\t', ''),
    fc.oneof({ weight: 5, arbitrary: phrase }, { weight: 1, arbitrary: fc.constant('') }),
  )
  .map(([lead, bullet, gap, state, after, label]) => `${lead}${bullet}${gap}[${state}]${label === '' ? '' : after || ' '}${label}`);
const nearMissChecklistLine = fc
  .tuple(
    indent,
    fc.constantFrom('-', '1.', '1234567890.', '>', ''),
    fc.constantFrom(' ', ''),
    fc.constantFrom(' ', 'x', 'y', '', '  '),
    fc.constantFrom(' ', '', 'x'),
    phrase,
  )
  .map(([lead, bullet, gap, state, after, label]) => `${lead}${bullet}${gap}[${state}]${after}${label}`);
const checklistLine = fc.oneof({ weight: 4, arbitrary: wellFormedChecklistLine }, { weight: 1, arbitrary: nearMissChecklistLine });
const fenceLine = fc
  .tuple(indent, fc.constantFrom('```', '~~~', '````', '``', '~~~~', '`````'), fc.constantFrom('', '', 'ts', 'x`y', ' ', ' x'))
  .map(([lead, fence, info]) => `${lead}${fence}${info}`);
const quoteLine = fc.tuple(fc.constantFrom('>', ' > ', '>>', '  >'), fc.oneof(checklistLine, phrase)).map(([quote, rest]) => `${quote}${rest}`);
const SECTION_NAMES = ['a', 'b', 'status', 'a-', 's.1'];
interface MarkerChoices {
  slashes: readonly string[];
  prefixes: readonly string[];
  names: readonly string[];
  closers: readonly string[];
  trails: readonly string[];
}
const markerLine = (choices: MarkerChoices) =>
  fc
    .tuple(
      fc.constantFrom('', '', ' ', '\t'),
      fc.constantFrom('<!--', '<!-- ', '<!--\t ', '<!--  '),
      fc.constantFrom(...choices.slashes),
      fc.constantFrom(...choices.prefixes),
      fc.constantFrom(...choices.names),
      fc.constantFrom('', ' ', '  ', '\t'),
      fc.constantFrom(...choices.closers),
      fc.constantFrom(...choices.trails),
    )
    .map(([lead, open, slash, prefix, name, gap, close, trail]) => `${lead}${open}${slash}${prefix}:section:${name}${gap}${close}${trail}`);
const strayMarkerLine = markerLine({
  slashes: ['', '/'],
  prefixes: ['madtea', 'madtea', 'team', 'Madtea'],
  names: SECTION_NAMES,
  closers: ['-->', '-->', '->'],
  trails: ['', '', ' ', ' x'],
});
const blankLine = fc.constantFrom('', '', ' ', '\t ');

const line = fc.oneof(
  { weight: 6, arbitrary: checklistLine },
  { weight: 4, arbitrary: phrase },
  { weight: 2, arbitrary: blankLine },
  { weight: 1, arbitrary: fenceLine },
  { weight: 1, arbitrary: quoteLine },
  { weight: 1, arbitrary: strayMarkerLine },
);

/** A whole section: start marker, a few lines, end marker (left out now and then), in the default or the custom prefix. */
const sectionBlock = fc
  .tuple(fc.constantFrom('madtea', 'madtea', 'team'), fc.constantFrom(...SECTION_NAMES), fc.array(line, { maxLength: 4 }), fc.nat(6))
  .chain(([prefix, name, inner, dropEnd]) => {
    const marker = (slash: string) => markerLine({ slashes: [slash], prefixes: [prefix], names: [name], closers: ['-->'], trails: ['', ' '] });
    return fc.tuple(marker(''), marker('/')).map(([start, end]) => (dropEnd === 0 ? [start, ...inner] : [start, ...inner, end]));
  });

const chunk = fc.oneof({ weight: 6, arbitrary: line.map((entry) => [entry]) }, { weight: 1, arbitrary: sectionBlock });
const linesArb = fc.array(chunk, { maxLength: 16 }).map((chunks) => chunks.flat());

type Breaks = 'lf' | 'crlf' | 'mixed';

function joinLines(lines: readonly string[], breaks: Breaks, pick: readonly boolean[], trailing: boolean): string {
  const breakAt = (index: number) => (breaks === 'lf' ? '\n' : breaks === 'crlf' ? '\r\n' : pick[index % pick.length] ? '\r\n' : '\n');
  let text = '';
  lines.forEach((entry, index) => {
    text += entry;
    if (index < lines.length - 1 || trailing) text += breakAt(index);
  });
  return text;
}

const bodyArb = fc
  .tuple(linesArb, fc.constantFrom<Breaks>('lf', 'crlf', 'mixed'), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.boolean())
  .map(([lines, breaks, pick, trailing]) => joinLines(lines, breaks, pick, trailing));

// ---------------------------------------------------------------------------------------------
// Ops drawn partly from the body

/** A piece of `text` chosen by two numbers, possibly empty. */
const pieceOf = (text: string) =>
  fc.tuple(fc.nat(), fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 14 }) }, { weight: 1, arbitrary: fc.constant(0) })).map(([start, length]) => {
    const from = start % (text.length + 1);
    return text.slice(from, from + length);
  });

const patchEditArb = (body: string): fc.Arbitrary<PatchEdit> =>
  fc
    .tuple(
      fc.oneof({ weight: 5, arbitrary: pieceOf(body) }, { weight: 1, arbitrary: phrase }),
      fc.oneof({ weight: 4, arbitrary: phrase }, { weight: 1, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constant(null) }),
      fc.constantFrom(undefined, undefined, true, false),
    )
    .map(([old, replacement, replaceAll]) => {
      const edit: PatchEdit = { old, new: replacement ?? old };
      if (replaceAll !== undefined) edit.replaceAll = replaceAll;
      return edit;
    });

const matchArb = (body: string) => {
  const labels = checklistItems(body).map((item) => item.label).filter((label) => label.length > 0);
  const fromLabels =
    labels.length === 0
      ? phrase
      : fc.tuple(fc.constantFrom(...labels), fc.nat(), fc.integer({ min: 1, max: 12 })).map(([label, start, length]) => {
          const refs = label.match(/(?:[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)?#[0-9]+/g);
          if (refs !== null && start % 3 === 0) return refs[start % refs.length] as string;
          const from = start % label.length;
          return label.slice(from, from + length);
        });
  return fc.oneof({ weight: 10, arbitrary: fromLabels }, { weight: 1, arbitrary: phrase }, { weight: 1, arbitrary: fc.constantFrom('#12', '#1', '') });
};

const contentArb = fc.oneof(
  fc.tuple(fc.array(line, { maxLength: 4 }), fc.boolean()).map(([lines, trailing]) => joinLines(lines, 'lf', [false], trailing)),
  fc.constant(''),
);

/** Mostly the names of the body's own sections with `prefix`, sometimes any name, valid or not. */
const sectionNameArb = (body: string, prefix: string) => {
  const names = [...new Set(modelMarkers(body, prefix).map((marker) => marker.name))];
  const anyName = fc.constantFrom(...SECTION_NAMES, 'new', 'bad name');
  return names.length === 0 ? anyName : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: anyName });
};

const opArb = (body: string, prefix = 'madtea'): fc.Arbitrary<BodyOp> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.array(patchEditArb(body), { minLength: 1, maxLength: 3 }).map((edits): BodyOp => ({ kind: 'patch', edits })) },
    { weight: 1, arbitrary: fc.oneof(phrase, contentArb).map((text): BodyOp => ({ kind: 'append', text })) },
    { weight: 3, arbitrary: fc.tuple(matchArb(body), fc.boolean()).map(([match, checked]): BodyOp => ({ kind: 'task-toggle', match, checked })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(sectionNameArb(body, prefix), contentArb, fc.constantFrom(undefined, true, false))
        .map(([name, content, ensure]): BodyOp =>
          ensure === undefined ? { kind: 'section-replace', name, content } : { kind: 'section-replace', name, content, ensure },
        ),
    },
  );

/** The prefix the op runs with: the custom one mostly when the body has sections with it. */
const prefixArb = (body: string) => (body.includes('team:section:') ? fc.constantFrom('madtea', 'team', 'team') : fc.constantFrom('madtea', 'madtea', 'team'));
const caseArb = bodyArb.chain((body) => prefixArb(body).chain((prefix) => opArb(body, prefix).map((op) => ({ body, op, prefix }))));

// ---------------------------------------------------------------------------------------------
// The expected outcome of each op, worked out the slow way

type Expected = { status: 'applied'; body: string } | { status: 'noop' } | { status: 'rejected'; reason: string };

const crlfOf = (body: string) => {
  const first = body.indexOf('\n');
  return first === -1 ? body.endsWith('\r') : first > 0 && body[first - 1] === '\r';
};
const inBreaks = (text: string, crlf: boolean) => (crlf ? text.replace(/(?<!\r)\n/g, '\r\n') : text);
const appended = (body: string, block: string, crlf: boolean) => {
  const lineBreak = crlf ? '\r\n' : '\n';
  if (body === '' || /\n\r?\n$/.test(body)) return body + block;
  if (body.endsWith('\n')) return body + lineBreak + block;
  return body + lineBreak + lineBreak + block;
};

/** Every position where `old` starts, overlapping ones included, by trying each position. */
function positionsOf(body: string, old: string): number[] {
  const found: number[] = [];
  for (let at = 0; at + old.length <= body.length; at++) if (body.startsWith(old, at)) found.push(at);
  return found;
}

function expectedPatch(body: string, edits: readonly PatchEdit[]): Expected {
  const spans: { start: number; end: number; text: string; edit: number }[] = [];
  for (const [index, edit] of edits.entries()) {
    if (edit.old === '') return { status: 'rejected', reason: 'invalid' };
    const positions = positionsOf(body, edit.old);
    if (positions.length === 0) return { status: 'rejected', reason: 'drifted' };
    if (edit.replaceAll !== true) {
      if (positions.length > 1) return { status: 'rejected', reason: 'ambiguous' };
      spans.push({ start: positions[0] as number, end: (positions[0] as number) + edit.old.length, text: edit.new, edit: index });
    } else {
      let reach = 0;
      for (const at of positions) {
        if (at < reach) continue;
        spans.push({ start: at, end: at + edit.old.length, text: edit.new, edit: index });
        reach = at + edit.old.length;
      }
    }
  }
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    for (let j = 0; j < i; j++) if ((spans[j] as { end: number }).end > (spans[i] as { start: number }).start) return { status: 'rejected', reason: 'overlap' };
  }
  let result = '';
  let copied = 0;
  for (const span of spans) {
    result += body.slice(copied, span.start) + span.text;
    copied = span.end;
  }
  result += body.slice(copied);
  return result === body ? { status: 'noop' } : { status: 'applied', body: result };
}

function labelHas(label: string, match: string): boolean {
  if (/^(?:[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)?#[0-9]+$/.test(match)) {
    for (let at = label.indexOf(match); at !== -1; at = label.indexOf(match, at + 1)) {
      if (!/[0-9]/.test(label[at + match.length] ?? '')) return true;
    }
    return false;
  }
  return label.includes(match);
}

function expectedToggle(body: string, match: string, checked: boolean): Expected {
  if (match === '') return { status: 'rejected', reason: 'invalid' };
  const items = modelChecklistItems(body).filter((item) => labelHas(item.label, match));
  const item = items[0];
  if (item === undefined) return { status: 'rejected', reason: 'drifted' };
  if (items.length > 1) return { status: 'rejected', reason: 'ambiguous' };
  if (item.checked === checked) return { status: 'noop' };
  const at = item.markerOffset;
  return { status: 'applied', body: body.slice(0, at) + (checked ? 'x' : ' ') + body.slice(at + 1) };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function expectedSection(body: string, name: string, content: string, ensure: boolean, prefix = 'madtea'): Expected {
  if (!NAME.test(prefix) || !NAME.test(name)) return { status: 'rejected', reason: 'invalid' };
  const crlf = crlfOf(body);
  const lineBreak = crlf ? '\r\n' : '\n';
  let region = inBreaks(content, crlf);
  if (region !== '' && !region.endsWith('\n')) region += region.endsWith('\r') ? '\n' : lineBreak;
  const breaksSection = modelEndsInOpenFence(region) || modelMarkers(region, prefix).some((marker) => marker.name === name);
  const section = modelSection(body, prefix, name);
  if (section === 'unbalanced') return { status: 'rejected', reason: 'unbalanced-section' };
  if (section === 'absent') {
    if (!ensure || modelEndsInOpenFence(body)) return { status: 'rejected', reason: 'absent-section' };
    if (breaksSection) return { status: 'rejected', reason: 'invalid' };
    const block = `<!-- ${prefix}:section:${name} -->${lineBreak}${region}<!-- /${prefix}:section:${name} -->`;
    return { status: 'applied', body: appended(body, block, crlf) };
  }
  if (body.slice(section.start, section.end) === region) return { status: 'noop' };
  if (breaksSection) return { status: 'rejected', reason: 'invalid' };
  return { status: 'applied', body: body.slice(0, section.start) + region + body.slice(section.end) };
}

function expectedOutcome(body: string, op: BodyOp, prefix: string): Expected {
  switch (op.kind) {
    case 'patch':
      return op.edits.length === 0 ? { status: 'rejected', reason: 'invalid' } : expectedPatch(body, op.edits);
    case 'append':
      return op.text === '' ? { status: 'rejected', reason: 'invalid' } : { status: 'applied', body: appended(body, inBreaks(op.text, crlfOf(body)), crlfOf(body)) };
    case 'task-toggle':
      return expectedToggle(body, op.match, op.checked);
    case 'section-replace':
      return expectedSection(body, op.name, op.content, op.ensure === true, prefix);
  }
}

function outcomeOf(result: OpResult): Expected {
  if (result.status === 'applied') return { status: 'applied', body: result.body };
  if (result.status === 'noop') return { status: 'noop' };
  return { status: 'rejected', reason: result.reason };
}

const isPureCrlf = (text: string) => !/(?<!\r)\n/.test(text);

// ---------------------------------------------------------------------------------------------

describe('applyOp properties', () => {
  it('agrees with the line-by-line model on every op', () => {
    fc.assert(
      fc.property(caseArb, ({ body, op, prefix }) => {
        expect(outcomeOf(applyOpUnguarded(body, op, { sectionPrefix: prefix }))).toEqual(expectedOutcome(body, op, prefix));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('(a) leaves the body identical on a refusal or a noop, and returns the input itself for a noop', () => {
    fc.assert(
      fc.property(caseArb, ({ body, op, prefix }) => {
        const copy = `${body}`;
        const result = applyOp(body, op, { sectionPrefix: prefix });
        expect(body).toBe(copy);
        if (result.status === 'noop') expect(result.body).toBe(body);
        if (result.status === 'rejected') expect(result).not.toHaveProperty('body');
        if (result.status === 'applied') expect(result.body).not.toBe(body);
      }),
      { numRuns: RUNS },
    );
  });

  it('(b) patch: changes only the matched spans, everything around them byte-identical', () => {
    const patchCase = bodyArb.chain((body) =>
      fc.array(patchEditArb(body), { minLength: 1, maxLength: 3 }).map((edits) => ({ body, edits })),
    );
    fc.assert(
      fc.property(patchCase, ({ body, edits }) => {
        const result = applyOp(body, { kind: 'patch', edits });
        if (result.status !== 'applied') return;
        // Walk the body and the result together: outside the spans they must agree char for char.
        const expected = expectedPatch(body, edits);
        expect(expected).toEqual({ status: 'applied', body: result.body });
      }),
      { numRuns: RUNS },
    );
  });

  it('(b) append: the original body is a prefix of the result, followed by a separator and the text', () => {
    fc.assert(
      fc.property(bodyArb, fc.oneof(phrase, contentArb), (body, text) => {
        const result = applyOp(body, { kind: 'append', text });
        if (text === '') {
          expect(result).toMatchObject({ status: 'rejected', reason: 'invalid' });
          return;
        }
        if (result.status !== 'applied') throw new Error(`append was ${result.status}`);
        expect(result.body.startsWith(body)).toBe(true);
        const added = result.body.slice(body.length);
        const block = inBreaks(text, crlfOf(body));
        expect(added.endsWith(block)).toBe(true);
        expect(['', '\n', '\r\n', '\n\n', '\r\n\r\n']).toContain(added.slice(0, added.length - block.length));
      }),
      { numRuns: RUNS },
    );
  });

  it('(b, c) task-toggle: exactly one character changes, the state character of one checklist line', () => {
    const toggleCase = bodyArb.chain((body) => fc.tuple(matchArb(body), fc.boolean()).map(([match, checked]) => ({ body, match, checked })));
    fc.assert(
      fc.property(toggleCase, ({ body, match, checked }) => {
        const result = applyOp(body, { kind: 'task-toggle', match, checked });
        if (result.status !== 'applied') return;
        expect(result.body.length).toBe(body.length);
        const changed: number[] = [];
        for (let at = 0; at < body.length; at++) if (result.body.charCodeAt(at) !== body.charCodeAt(at)) changed.push(at);
        expect(changed).toHaveLength(1);
        const at = changed[0] as number;
        expect(modelChecklistItems(body).map((item) => item.markerOffset)).toContain(at);
        expect(result.body[at]).toBe(checked ? 'x' : ' ');
        expect(checked ? ' ' : 'xX').toContain(body[at]);
      }),
      { numRuns: RUNS },
    );
  });

  it('(b) section-replace: everything outside the region is byte-identical', () => {
    const sectionCase = bodyArb.chain((body) =>
      fc.tuple(fc.constantFrom(...SECTION_NAMES), contentArb, fc.boolean()).map(([name, content, ensure]) => ({ body, name, content, ensure })),
    );
    fc.assert(
      fc.property(sectionCase, ({ body, name, content, ensure }) => {
        const result = applyOp(body, { kind: 'section-replace', name, content, ensure });
        if (result.status !== 'applied') return;
        const section = modelSection(body, 'madtea', name);
        if (section === 'absent') {
          expect(result.body.startsWith(body)).toBe(true);
          return;
        }
        if (section === 'unbalanced') throw new Error('an unbalanced section was replaced');
        expect(result.body.slice(0, section.start)).toBe(body.slice(0, section.start));
        expect(result.body.slice(result.body.length - (body.length - section.end))).toBe(body.slice(section.end));
      }),
      { numRuns: RUNS },
    );
  });

  it('(d) applying the same task-toggle or section-replace twice is a noop the second time', () => {
    const repeatCase = bodyArb.chain((body) =>
      opArb(body)
        .filter((op) => op.kind === 'task-toggle' || op.kind === 'section-replace')
        .map((op) => ({ body, op })),
    );
    fc.assert(
      fc.property(repeatCase, ({ body, op }) => {
        const first = applyOp(body, op);
        if (first.status !== 'applied') return;
        expect(applyOp(first.body, op)).toMatchObject({ status: 'noop', body: first.body });
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps a CRLF body CRLF for append, task-toggle and section-replace', () => {
    const crlfCase = fc
      .tuple(linesArb, fc.boolean())
      .map(([lines, trailing]) => joinLines(lines.map((entry) => entry.replace(/[\r\n]/g, '')), 'crlf', [true], trailing))
      .chain((body) => opArb(body).filter((op) => op.kind !== 'patch').map((op) => ({ body, op })));
    fc.assert(
      fc.property(crlfCase, ({ body, op }) => {
        const result = applyOp(body, op);
        if (result.status === 'applied' && body.includes('\r\n') && isPureCrlf(body)) expect(isPureCrlf(result.body)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('(e) never throws on well-formed ops, without the safety net', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(undefined, { sectionPrefix: 'team' }, { sectionPrefix: 'bad prefix' }), ({ body, op }, options) => {
        expect(() => applyOpUnguarded(body, op, options)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  it('(e) never throws on arbitrary junk, and always answers with a well-formed result', () => {
    const junkOp = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withBoxedValues: true, withMap: true, withSet: true, withSparseArray: true }),
      fc.record({ kind: fc.constantFrom('patch', 'append', 'task-toggle', 'section-replace', 'other'), edits: fc.anything(), text: fc.anything(), match: fc.anything(), checked: fc.anything(), name: fc.anything(), content: fc.anything(), ensure: fc.anything() }, { requiredKeys: ['kind'] }),
    );
    fc.assert(
      fc.property(fc.oneof(bodyArb, anyText, fc.anything()), junkOp, fc.anything(), (body, op, options) => {
        const result = applyOp(body as string, op as BodyOp, options as { sectionPrefix?: string });
        expect(['applied', 'noop', 'rejected']).toContain(result.status);
        if (result.status === 'rejected') {
          expect(['drifted', 'ambiguous', 'overlap', 'absent-section', 'unbalanced-section', 'invalid']).toContain(result.reason);
          expect(result.detail).toMatch(/\.$/);
        } else {
          expect(typeof result.body).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------

/** A second body made from the first by small line edits, so most of it stays the same. */
const editedPair = fc
  .tuple(linesArb, fc.constantFrom<Breaks>('lf', 'crlf', 'mixed'), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), fc.boolean())
  .chain(([lines, breaks, pick, trailing]) =>
    fc
      .array(
        fc.tuple(fc.constantFrom('toggle', 'insert', 'delete', 'swap', 'replace'), fc.nat(), fc.nat(), line),
        { maxLength: 3 },
      )
      .map((edits) => {
        const after = [...lines];
        for (const [kind, first, second, extra] of edits) {
          const i = after.length === 0 ? 0 : first % after.length;
          const j = after.length === 0 ? 0 : second % after.length;
          if (kind === 'toggle' && after[i] !== undefined) after[i] = (after[i] as string).replace(/\[([ xX])\]/, (_, s: string) => (s === ' ' ? '[x]' : '[ ]'));
          if (kind === 'insert') after.splice(i, 0, extra);
          if (kind === 'delete') after.splice(i, 1);
          if (kind === 'swap' && after[i] !== undefined && after[j] !== undefined) [after[i], after[j]] = [after[j] as string, after[i] as string];
          if (kind === 'replace' && after[i] !== undefined) after[i] = extra;
        }
        return { before: joinLines(lines, breaks, pick, trailing), after: joinLines(after, breaks, pick, trailing) };
      }),
  );

describe('readers agree with the line-by-line model', () => {
  it('checklistItems', () => {
    fc.assert(
      fc.property(bodyArb, (body) => {
        expect(checklistItems(body)).toEqual(modelChecklistItems(body));
      }),
      { numRuns: RUNS },
    );
  });

  it('listSections, with the default and a custom prefix', () => {
    fc.assert(
      fc.property(bodyArb, fc.constantFrom('madtea', 'team'), (body, prefix) => {
        expect(listSections(body, prefix)).toEqual(modelListSections(body, prefix));
      }),
      { numRuns: RUNS },
    );
  });

  it('diffChecklists, on bodies edited line by line and on unrelated bodies', () => {
    fc.assert(
      fc.property(fc.oneof(editedPair, fc.record({ before: bodyArb, after: bodyArb })), ({ before, after }) => {
        expect(diffChecklists(before, after)).toEqual(modelDiffChecklists(before, after));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('diffChecklists on long bodies with a few distant edits, where most lines are shared', () => {
    const longPair = fc
      .tuple(
        fc.array(line, { minLength: 200, maxLength: 400 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean(), line), { minLength: 1, maxLength: 4 }),
        fc.constantFrom<Breaks>('lf', 'crlf'),
      )
      .map(([lines, edits, breaks]) => {
        const after = [...lines];
        for (const [at, toggle, extra] of edits) {
          const index = at % lines.length;
          // Mostly ticks and unticks (the bodies keep their length), sometimes a rewritten line.
          after[index] = toggle ? (after[index] as string).replace(/\[([ xX])\]/, (_, state: string) => (state === ' ' ? '[x]' : '[ ]')) : extra;
        }
        return { before: joinLines(lines, breaks, [true], true), after: joinLines(after, breaks, [true], true) };
      });
    fc.assert(
      fc.property(longPair, ({ before, after }) => {
        expect(diffChecklists(before, after)).toEqual(modelDiffChecklists(before, after));
      }),
      { numRuns: 200 },
    );
  });
});
