import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyOp, type BodyOp } from '../body/index';
import { draftInSeedLineBreaks, draftToOp } from './draft-to-patch';
import { countOccurrences } from './occurrences';

function applied(body: string, op: BodyOp): string {
  const result = applyOp(body, op);
  if (result.status === 'rejected') throw new Error(`${result.reason}: ${result.detail}`);
  return result.body;
}

function edits(op: BodyOp | null): { old: string; new: string }[] {
  if (op === null || op.kind !== 'patch') throw new Error(`expected a patch, got ${JSON.stringify(op)}`);
  return op.edits;
}

describe('draftToOp', () => {
  it('is null when nothing changed', () => {
    expect(draftToOp('same\n', 'same\n')).toBeNull();
  });

  it('anchors a one-word change on its neighbours, not on the whole paragraph', () => {
    const seed = 'Intro line.\n\nThe quick brown fox jumps over the lazy dog.\n';
    const draft = 'Intro line.\n\nThe quick red fox jumps over the lazy dog.\n';
    expect(edits(draftToOp(seed, draft))).toEqual([{ old: 'quick brown fox', new: 'quick red fox' }]);
  });

  it('grows an anchor until it occurs once in the seed', () => {
    const seed = '- a: todo\n- b: todo\n';
    const draft = '- a: todo\n- b: done\n';
    const [edit] = edits(draftToOp(seed, draft));
    expect(countOccurrences(seed, edit!.old)).toBe(1);
    expect(applied(seed, draftToOp(seed, draft)!)).toBe(draft);
  });

  it('anchors an inserted line on a neighbouring line', () => {
    const seed = 'one\ntwo\nthree\n';
    const draft = 'one\ntwo\nnew line\nthree\n';
    const op = draftToOp(seed, draft)!;
    expect(edits(op)).toHaveLength(1);
    expect(applied(seed, op)).toBe(draft);
  });

  it('appends when the seed is empty', () => {
    expect(draftToOp('', 'hello')).toEqual({ kind: 'append', text: 'hello' });
  });

  it('can empty a body', () => {
    expect(applied('all of it\n', draftToOp('all of it\n', '')!)).toBe('');
  });

  it('keeps a concurrent change to another paragraph', () => {
    const seed = 'First paragraph here.\n\nSecond paragraph here.\n\nThird paragraph here.\n';
    const draft = 'First paragraph edited.\n\nSecond paragraph here.\n\nThird paragraph here.\n';
    const live = 'First paragraph here.\n\nSecond paragraph here.\n\nThird paragraph, changed by someone else.\n';
    expect(applied(live, draftToOp(seed, draft)!)).toBe(
      'First paragraph edited.\n\nSecond paragraph here.\n\nThird paragraph, changed by someone else.\n',
    );
  });

  it('refuses (drifts) where the other writer changed the same words', () => {
    const seed = 'Status: draft\n';
    const draft = 'Status: ready\n';
    const live = 'Status: blocked\n';
    expect(applyOp(live, draftToOp(seed, draft)!).status).toBe('rejected');
  });

  it('turns any seed into any draft', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'x', '-', '[', ']', 'é', '😀', '\t') });
    fc.assert(
      fc.property(text, text, (seed, draft) => {
        const op = draftToOp(seed, draft);
        if (op === null) expect(draft).toBe(seed);
        else expect(applied(seed, op)).toBe(draft);
      }),
      { numRuns: 2000 },
    );
  });

  it('turns realistic bodies into their drafts', () => {
    const word = fc.constantFrom('the', 'docs', 'ship', 'it', '- [ ]', '- [x]', '#12', 'and', 'fix', '**bold**', '`code`');
    const line = fc.array(word, { maxLength: 8 }).map((words) => words.join(' '));
    const body = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(body, body, (seed, draft) => {
        const op = draftToOp(seed, draft);
        if (op === null) expect(draft).toBe(seed);
        else expect(applied(seed, op)).toBe(draft);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps another writer’s change to a line at least two lines away from the edit', () => {
    // Lines are unique (each starts with its own tag); the other writer writes in capitals,
    // which never occur in the seed or the draft, so it cannot create a second anchor.
    const words = fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'x', '[ ]', '-'), { minLength: 0, maxLength: 5 });
    const scenario = fc
      .record({
        lines: fc.array(words, { minLength: 4, maxLength: 14 }),
        from: fc.nat(),
        span: fc.nat(3),
        replacement: fc.array(words, { maxLength: 3 }),
        other: fc.nat(),
        otherText: fc.array(fc.constantFrom('ZED', 'QUUX', 'WOMBAT'), { minLength: 1, maxLength: 4 }),
      })
      .map((s) => {
        const seedLines = s.lines.map((w, i) => [`l${i}`, ...w].join(' '));
        const from = s.from % seedLines.length;
        const to = Math.min(seedLines.length, from + s.span);
        const far = seedLines.map((_, i) => i).filter((i) => i < from - 1 || i > to);
        return { ...s, seedLines, from, to, replacement: s.replacement.map((w, i) => [`n${i}`, ...w].join(' ')), far };
      })
      .filter((s) => s.far.length > 0);
    fc.assert(
      fc.property(scenario, (s) => {
        const j = s.far[s.other % s.far.length] as number;
        const draftLines = [...s.seedLines.slice(0, s.from), ...s.replacement, ...s.seedLines.slice(s.to)];
        const liveLines = s.seedLines.map((line, i) => (i === j ? `l${i} ${s.otherText.join(' ')}` : line));
        const mergedLines = liveLines.slice(0, s.from).concat(s.replacement, liveLines.slice(s.to));
        const seed = s.seedLines.join('\n') + '\n';
        const draft = draftLines.join('\n') + '\n';
        const live = liveLines.join('\n') + '\n';
        const op = draftToOp(seed, draft);
        if (op === null) return;
        expect(applied(live, op)).toBe(mergedLines.join('\n') + '\n');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('draftInSeedLineBreaks', () => {
  it('gives the draft CRLF breaks when the seed uses them throughout', () => {
    expect(draftInSeedLineBreaks('a\r\nb\r\n', 'a\nb\nc\n')).toBe('a\r\nb\r\nc\r\n');
  });

  it('keeps LF otherwise', () => {
    expect(draftInSeedLineBreaks('a\nb\r\n', 'a\nb\n')).toBe('a\nb\n');
    expect(draftInSeedLineBreaks('one line', 'a\r\nb')).toBe('a\nb');
  });
});
