import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOp } from '../body/index';
import { changedSpans } from './changed-spans';

function undo(before: string, after: string, live: string) {
  const spans = changedSpans(before, after);
  return applyOp(live, { kind: 'patch', edits: spans.map((s) => ({ old: s.after, new: s.before })) });
}

describe('changedSpans', () => {
  it('is empty for equal bodies', () => {
    expect(changedSpans('same', 'same')).toEqual([]);
  });

  it('widens a tick until it is unique', () => {
    const before = '- [ ] a\n- [ ] b\n- [ ] a\n';
    const after = '- [ ] a\n- [x] b\n- [ ] a\n';
    expect(changedSpans(before, after)).toEqual([{ before: '- [ ] b\n', after: '- [x] b\n' }]);
    const same = 'x\n- [ ] a\ny\n- [ ] a\n';
    const ticked = 'x\n- [x] a\ny\n- [ ] a\n';
    const spans = changedSpans(same, ticked);
    expect(spans).toHaveLength(1);
    expect(ticked.split(spans[0]!.after).length).toBe(2);
  });

  it('keeps far-apart changes as separate spans', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}\n`);
    const before = lines.join('');
    const after = before.replace('line 2\n', 'line two\n').replace('line 17\n', 'line seventeen\n');
    expect(changedSpans(before, after)).toEqual([
      { before: 'line 2\n', after: 'line two\n' },
      { before: 'line 17\n', after: 'line seventeen\n' },
    ]);
  });

  it('anchors a deletion on the lines around it', () => {
    const spans = changedSpans('a\nb\nc\n', 'a\nc\n');
    expect(spans).toHaveLength(1);
    expect(spans[0]!.after).not.toBe('');
    expect(undo('a\nb\nc\n', 'a\nc\n', 'a\nc\n')).toMatchObject({ status: 'applied', body: 'a\nb\nc\n' });
  });

  it('undoes an append and leaves later edits elsewhere alone', () => {
    const before = 'intro\n\n- [ ] task\n';
    const after = `${before}\nappended note`;
    const later = after.replace('intro', 'introduction');
    expect(undo(before, after, later)).toMatchObject({ status: 'applied', body: before.replace('intro', 'introduction') });
  });

  it('refuses the undo once the changed text itself was edited', () => {
    const before = 'Status: draft\n';
    const after = 'Status: shipped\n';
    expect(undo(before, after, 'Status: shipped to prod\n')).toMatchObject({ status: 'rejected', reason: 'drifted' });
  });

  it('inverts any edit exactly (property)', () => {
    const line = fc.stringMatching(/^[ab\- [\]x]{0,6}$/).map((s) => `${s}\n`);
    const tail = fc.stringMatching(/^[ab\r]{0,3}$/);
    const body = fc.tuple(fc.array(line, { maxLength: 12 }), tail).map(([ls, t]) => ls.join('') + t);
    fc.assert(
      fc.property(body, body, (before, after) => {
        const result = undo(before, after, after);
        if (before === after) return result.status === 'rejected' && result.reason === 'invalid';
        // A span can only fail to anchor when the new body is empty (nothing left to anchor on).
        if (after === '') return result.status === 'rejected';
        return result.status !== 'rejected' && result.body === before;
      }),
      { numRuns: 500 },
    );
  });
});
