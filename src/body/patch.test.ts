import { describe, expect, it } from 'vitest';
import { applyOp } from './index';

const patch = (...edits: { old: string; new: string; replaceAll?: boolean }[]) => ({ kind: 'patch' as const, edits });

describe('patch', () => {
  it('replaces a unique span', () => {
    expect(applyOp('Status: in review\nrest', patch({ old: 'in review', new: 'shipped' }))).toEqual({
      status: 'applied',
      body: 'Status: shipped\nrest',
      summary: 'Replaced 1 span.',
    });
  });

  it('rejects as drifted when the old text is absent', () => {
    expect(applyOp('abc', patch({ old: 'x', new: 'y' }))).toEqual({
      status: 'rejected',
      reason: 'drifted',
      detail: 'The text ‘x’ is not in the body.',
    });
  });

  it('rejects as ambiguous when the old text occurs twice', () => {
    expect(applyOp('a b a', patch({ old: 'a', new: 'c' }))).toMatchObject({ status: 'rejected', reason: 'ambiguous' });
  });

  it('counts overlapping occurrences: aa in aaa is ambiguous', () => {
    expect(applyOp('aaa', patch({ old: 'aa', new: 'b' }))).toMatchObject({ status: 'rejected', reason: 'ambiguous' });
  });

  it('rejects empty old text as invalid', () => {
    expect(applyOp('abc', patch({ old: '', new: 'x' }))).toMatchObject({ status: 'rejected', reason: 'invalid' });
  });

  it('rejects a patch without edits as invalid', () => {
    expect(applyOp('abc', patch())).toMatchObject({ status: 'rejected', reason: 'invalid' });
  });

  it('replaces every non-overlapping occurrence left to right with replaceAll', () => {
    expect(applyOp('v0.1 and v0.1, v0.1', patch({ old: 'v0.1', new: 'v0.2', replaceAll: true }))).toEqual({
      status: 'applied',
      body: 'v0.2 and v0.2, v0.2',
      summary: 'Replaced 3 spans.',
    });
    expect(applyOp('aaaaa', patch({ old: 'aa', new: 'b', replaceAll: true }))).toMatchObject({ status: 'applied', body: 'bba' });
  });

  it('rejects replaceAll as drifted when nothing matches', () => {
    expect(applyOp('abc', patch({ old: 'x', new: 'y', replaceAll: true }))).toMatchObject({ status: 'rejected', reason: 'drifted' });
  });

  it('locates every anchor in the body as given, not in earlier output', () => {
    // The second edit's anchor only exists before the first edit runs; it still applies.
    expect(applyOp('one two', patch({ old: 'one', new: 'three' }, { old: 'two', new: 'one' }))).toMatchObject({
      status: 'applied',
      body: 'three one',
    });
    // Text produced by the first edit is not an anchor for the second.
    expect(applyOp('one', patch({ old: 'one', new: 'two' }, { old: 'two', new: 'three' }))).toMatchObject({
      status: 'rejected',
      reason: 'drifted',
      detail: 'The text ‘two’ of edit 2 is not in the body.',
    });
  });

  it('applies edits independently of their order', () => {
    const body = 'alpha beta gamma';
    const forward = applyOp(body, patch({ old: 'alpha', new: 'A' }, { old: 'gamma', new: 'G' }));
    const backward = applyOp(body, patch({ old: 'gamma', new: 'G' }, { old: 'alpha', new: 'A' }));
    expect(forward).toMatchObject({ status: 'applied', body: 'A beta G' });
    expect(backward).toMatchObject({ status: 'applied', body: 'A beta G' });
  });

  it('rejects edits whose spans overlap', () => {
    expect(applyOp('abcdef', patch({ old: 'abcd', new: 'x' }, { old: 'cdef', new: 'y' }))).toEqual({
      status: 'rejected',
      reason: 'overlap',
      detail: 'Edits 1 and 2 claim overlapping text near ‘cdef’.',
    });
    expect(applyOp('xx abc', patch({ old: 'abc', new: '1' }, { old: 'x', new: '2', replaceAll: true }, { old: 'b', new: '3' }))).toMatchObject({
      status: 'rejected',
      reason: 'overlap',
    });
  });

  it('allows edits whose spans only touch', () => {
    expect(applyOp('abcd', patch({ old: 'ab', new: 'x' }, { old: 'cd', new: 'y' }))).toMatchObject({ status: 'applied', body: 'xy' });
  });

  it('rejects the whole patch when any edit fails', () => {
    expect(applyOp('abc', patch({ old: 'a', new: 'x' }, { old: 'zzz', new: 'y' }))).toMatchObject({ status: 'rejected', reason: 'drifted' });
  });

  it('changes nothing for an edit whose new text equals its old text', () => {
    expect(applyOp('abc', patch({ old: 'b', new: 'b' }))).toEqual({
      status: 'noop',
      body: 'abc',
      notice: 'The edits would leave the body exactly as it is.',
    });
    expect(applyOp('abc', patch({ old: 'b', new: 'b' }, { old: 'c', new: 'C' }))).toEqual({
      status: 'applied',
      body: 'abC',
      summary: 'Replaced 1 span.',
    });
  });

  it('still anchors an edit whose new text equals its old text', () => {
    expect(applyOp('abc', patch({ old: 'z', new: 'z' }))).toMatchObject({ status: 'rejected', reason: 'drifted' });
  });

  it('reports noop, never applied, when the result equals the input', () => {
    const result = applyOp('ab', patch({ old: 'a', new: 'ab' }, { old: 'b', new: '' }));
    expect(result).toEqual({ status: 'noop', body: 'ab', notice: 'The edits would leave the body exactly as it is.' });
  });

  it('keeps CRLF line breaks around the span, and inserts new text as given', () => {
    expect(applyOp('a\r\nb\r\nc\r\n', patch({ old: 'b\r\n', new: 'B\r\nB2\r\n' }))).toMatchObject({
      status: 'applied',
      body: 'a\r\nB\r\nB2\r\nc\r\n',
    });
  });

  it('finds anchors in unicode text, emoji and combining marks included', () => {
    expect(applyOp('a 🚀 b cafe\u0301 שלום', patch({ old: '🚀', new: '✅' }, { old: 'e\u0301', new: 'é' }))).toMatchObject({
      status: 'applied',
      body: 'a ✅ b café שלום',
    });
  });

  it('handles NUL characters and lone surrogates as text', () => {
    expect(applyOp('a\u0000b\ud800c', patch({ old: '\u0000b\ud800', new: '-' }))).toMatchObject({ status: 'applied', body: 'a-c' });
  });

  it('shows long or multi-line anchors on one shortened line', () => {
    const old = `${'x'.repeat(100)}\nmissing`;
    const result = applyOp('abc', patch({ old, new: '' }));
    expect(result).toMatchObject({ status: 'rejected', reason: 'drifted' });
    if (result.status !== 'rejected') throw new Error('expected a rejection');
    expect(result.detail).toBe(`The text ‘${'x'.repeat(60)}…’ is not in the body.`);
  });
});
