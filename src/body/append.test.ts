import { describe, expect, it } from 'vitest';
import { applyOp } from './index';

const append = (text: string) => ({ kind: 'append' as const, text });

describe('append', () => {
  it('turns an empty body into the text', () => {
    expect(applyOp('', append('hello'))).toEqual({ status: 'applied', body: 'hello', summary: 'Added 1 line at the end.' });
  });

  it('adds directly after a trailing blank line', () => {
    expect(applyOp('a\n\n', append('b'))).toMatchObject({ status: 'applied', body: 'a\n\nb' });
  });

  it('adds one more line break after a single trailing line break', () => {
    expect(applyOp('a\n', append('b'))).toMatchObject({ status: 'applied', body: 'a\n\nb' });
  });

  it('adds two line breaks after a body without a trailing line break', () => {
    expect(applyOp('a', append('b'))).toMatchObject({ status: 'applied', body: 'a\n\nb' });
  });

  it('uses CRLF line breaks in a CRLF body, for the separator and the text', () => {
    expect(applyOp('a\r\nb', append('c\nd'))).toEqual({ status: 'applied', body: 'a\r\nb\r\n\r\nc\r\nd', summary: 'Added 2 lines at the end.' });
    expect(applyOp('a\r\n', append('c'))).toMatchObject({ body: 'a\r\n\r\nc' });
    expect(applyOp('a\r\n\r\n', append('c'))).toMatchObject({ body: 'a\r\n\r\nc' });
  });

  it('keeps the body as a prefix of the result', () => {
    const body = '# T\n\n- [ ] x';
    const result = applyOp(body, append('## Update\n- shipped'));
    if (result.status !== 'applied') throw new Error('expected applied');
    expect(result.body.startsWith(body)).toBe(true);
    expect(result.body).toBe('# T\n\n- [ ] x\n\n## Update\n- shipped');
  });

  it('rejects empty text as invalid', () => {
    expect(applyOp('a', append(''))).toEqual({ status: 'rejected', reason: 'invalid', detail: 'The text to append is empty.' });
  });

  it('appends unicode text as it is', () => {
    expect(applyOp('a', append('🚀 שלום e\u0301'))).toMatchObject({ body: 'a\n\n🚀 שלום e\u0301' });
  });
});
