import { describe, expect, it } from 'vitest';
import { applyOp } from './index';

const tick = (match: string) => ({ kind: 'task-toggle' as const, match, checked: true });
const untick = (match: string) => ({ kind: 'task-toggle' as const, match, checked: false });

describe('task-toggle', () => {
  it('ticks the one matching line, changing only its state character', () => {
    expect(applyOp('intro\n- [ ] ship the docs\n- [ ] tag', tick('ship'))).toEqual({
      status: 'applied',
      body: 'intro\n- [x] ship the docs\n- [ ] tag',
      summary: 'Ticked ‘ship the docs’.',
    });
  });

  it('unticks x and X alike, to a space', () => {
    expect(applyOp('- [x] a', untick('a'))).toEqual({ status: 'applied', body: '- [ ] a', summary: 'Unticked ‘a’.' });
    expect(applyOp('- [X] a', untick('a'))).toEqual({ status: 'applied', body: '- [ ] a', summary: 'Unticked ‘a’.' });
  });

  it('is a noop with a notice when the line is already in the wanted state', () => {
    const body = '- [X] done';
    expect(applyOp(body, tick('done'))).toEqual({ status: 'noop', body, notice: '‘done’ is already ticked.' });
    expect(applyOp('- [ ] open', untick('open'))).toEqual({ status: 'noop', body: '- [ ] open', notice: '‘open’ is already unticked.' });
  });

  it('rejects as drifted when no checklist line matches', () => {
    expect(applyOp('- [ ] a\nfoo', tick('foo'))).toEqual({
      status: 'rejected',
      reason: 'drifted',
      detail: 'No checklist line matches ‘foo’.',
    });
  });

  it('rejects as ambiguous when several lines match', () => {
    expect(applyOp('- [ ] fix a\n- [x] fix b', tick('fix'))).toEqual({
      status: 'rejected',
      reason: 'ambiguous',
      detail: '2 checklist lines match ‘fix’; use more of the label to pick one.',
    });
  });

  it('rejects an empty match as invalid', () => {
    expect(applyOp('- [ ] a', tick(''))).toMatchObject({ status: 'rejected', reason: 'invalid' });
  });

  it('matches an issue reference without a following digit', () => {
    const body = '- [ ] fix #123\n- [ ] fix #12';
    expect(applyOp(body, tick('#12'))).toMatchObject({ status: 'applied', body: '- [ ] fix #123\n- [x] fix #12' });
    expect(applyOp(body, tick('#123'))).toMatchObject({ status: 'applied', body: '- [x] fix #123\n- [ ] fix #12' });
    expect(applyOp(body, tick('#1'))).toMatchObject({ status: 'rejected', reason: 'drifted' });
  });

  it('matches owner/repo#N references', () => {
    const body = '- [ ] a/b#12\n- [ ] a/b#120';
    expect(applyOp(body, tick('a/b#12'))).toMatchObject({ status: 'applied', body: '- [x] a/b#12\n- [ ] a/b#120' });
  });

  it('ignores quoted and fenced checklists when matching', () => {
    const body = '> - [ ] ship\n```\n- [ ] ship\n```\n~~~\n- [ ] ship\n~~~\n- [ ] ship it';
    expect(applyOp(body, tick('ship'))).toMatchObject({ status: 'applied', body: body.replace('- [ ] ship it', '- [x] ship it') });
  });

  it('finds items after a longer closing fence and none inside an unclosed one', () => {
    expect(applyOp('````\n- [ ] a\n```\n- [ ] b\n`````\n- [ ] a', tick('a'))).toMatchObject({ status: 'applied', body: '````\n- [ ] a\n```\n- [ ] b\n`````\n- [x] a' });
    expect(applyOp('```\n- [ ] a', tick('a'))).toMatchObject({ status: 'rejected', reason: 'drifted' });
  });

  it('toggles ordered items with . and )', () => {
    expect(applyOp('1. [ ] one\n2) [ ] two', tick('two'))).toMatchObject({ status: 'applied', body: '1. [ ] one\n2) [x] two' });
  });

  it('keeps a CRLF body CRLF', () => {
    expect(applyOp('a\r\n- [ ] b\r\n- [x] c\r\n', tick('b'))).toMatchObject({ status: 'applied', body: 'a\r\n- [x] b\r\n- [x] c\r\n' });
  });

  it('treats emoji, combining marks and right-to-left text as plain text', () => {
    const body = '- [ ] 🚀 launch\n- [ ] cafe\u0301 open\n- [ ] שלום עולם';
    expect(applyOp(body, tick('🚀'))).toMatchObject({ status: 'applied', body: body.replace('[ ] 🚀', '[x] 🚀') });
    expect(applyOp(body, tick('e\u0301'))).toMatchObject({ status: 'applied', body: body.replace('[ ] cafe', '[x] cafe') });
    expect(applyOp(body, tick('עולם'))).toMatchObject({ status: 'applied', summary: 'Ticked ‘שלום עולם’.' });
  });
});
