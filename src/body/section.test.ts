import { describe, expect, it } from 'vitest';
import { applyOp, listSections } from './index';

const replace = (name: string, content: string, ensure?: boolean) =>
  ensure === undefined ? { kind: 'section-replace' as const, name, content } : { kind: 'section-replace' as const, name, content, ensure };

const body = 'intro\n<!-- madtea:section:status -->\nold line\n<!-- /madtea:section:status -->\noutro';

describe('section-replace', () => {
  it('replaces the lines between the markers, adding one trailing line break', () => {
    expect(applyOp(body, replace('status', 'All green ✅'))).toEqual({
      status: 'applied',
      body: 'intro\n<!-- madtea:section:status -->\nAll green ✅\n<!-- /madtea:section:status -->\noutro',
      summary: 'Replaced the content of section ‘status’.',
    });
  });

  it('adds no line break to content that already ends with one', () => {
    expect(applyOp(body, replace('status', 'a\nb\n'))).toMatchObject({
      body: 'intro\n<!-- madtea:section:status -->\na\nb\n<!-- /madtea:section:status -->\noutro',
    });
  });

  it('empties the region for empty content', () => {
    expect(applyOp(body, replace('status', ''))).toMatchObject({
      status: 'applied',
      body: 'intro\n<!-- madtea:section:status -->\n<!-- /madtea:section:status -->\noutro',
    });
  });

  it('is a noop when the content is already there, with or without its final line break', () => {
    expect(applyOp(body, replace('status', 'old line'))).toEqual({
      status: 'noop',
      body,
      notice: 'Section ‘status’ already holds this content.',
    });
    expect(applyOp(body, replace('status', 'old line\n'))).toMatchObject({ status: 'noop', body });
  });

  it('recognises markers with odd spacing and without spaces', () => {
    const odd = 'x\n  <!--madtea:section:a-->\t\nold\n\t<!--   /madtea:section:a \t -->  \ny';
    expect(applyOp(odd, replace('a', 'new'))).toMatchObject({
      status: 'applied',
      body: 'x\n  <!--madtea:section:a-->\t\nnew\n\t<!--   /madtea:section:a \t -->  \ny',
    });
  });

  it('reads a name that ends in a dash next to the closing -->', () => {
    expect(applyOp('<!--madtea:section:a--->\nold\n<!--/madtea:section:a--->', replace('a-', 'new'))).toMatchObject({
      status: 'applied',
      body: '<!--madtea:section:a--->\nnew\n<!--/madtea:section:a--->',
    });
  });

  it('ignores marker text that shares its line with other text, or sits in a quote', () => {
    const shared = 'see <!-- madtea:section:a -->\nold\n<!-- /madtea:section:a --> done\n> <!-- madtea:section:a -->';
    expect(applyOp(shared, replace('a', 'x'))).toMatchObject({ status: 'rejected', reason: 'absent-section' });
  });

  it('ignores markers inside fenced code', () => {
    const fenced = [
      '```',
      '<!-- madtea:section:a -->',
      '```',
      '<!-- madtea:section:a -->',
      'old',
      '~~~',
      '<!-- /madtea:section:a -->',
      '~~~',
      '<!-- /madtea:section:a -->',
    ].join('\n');
    expect(applyOp(fenced, replace('a', 'new'))).toMatchObject({
      status: 'applied',
      body: '```\n<!-- madtea:section:a -->\n```\n<!-- madtea:section:a -->\nnew\n<!-- /madtea:section:a -->',
    });
  });

  it('matches names exactly and case-sensitively', () => {
    const other = '<!-- madtea:section:status2 -->\nx\n<!-- /madtea:section:status2 -->\n<!-- madtea:section:Status -->\n<!-- /madtea:section:Status -->';
    expect(applyOp(other, replace('status', 'y'))).toMatchObject({ status: 'rejected', reason: 'absent-section' });
  });

  it('rejects an absent section', () => {
    expect(applyOp('no sections', replace('status', 'x'))).toEqual({
      status: 'rejected',
      reason: 'absent-section',
      detail: 'There is no section ‘status’ in the body.',
    });
  });

  describe('unbalanced markers', () => {
    const cases: [string, string, RegExp][] = [
      ['a duplicated start', '<!-- madtea:section:a -->\n<!-- madtea:section:a -->\n<!-- /madtea:section:a -->', /2 start markers/],
      ['a duplicated end', '<!-- madtea:section:a -->\n<!-- /madtea:section:a -->\n<!-- /madtea:section:a -->', /2 end markers/],
      ['a missing end', 'x\n<!-- madtea:section:a -->\ny', /no end marker/],
      ['a missing start', 'x\n<!-- /madtea:section:a -->\ny', /no start marker/],
      ['the end before the start', '<!-- /madtea:section:a -->\nx\n<!-- madtea:section:a -->', /comes before/],
    ];
    for (const [what, text, detail] of cases) {
      it(`rejects ${what}, even with ensure`, () => {
        for (const ensure of [false, true]) {
          expect(applyOp(text, replace('a', 'x', ensure))).toMatchObject({ status: 'rejected', reason: 'unbalanced-section', detail: expect.stringMatching(detail) });
        }
      });
    }
  });

  it('does not read two markers sharing a line as a section', () => {
    const oneLine = '<!-- madtea:section:a --><!-- /madtea:section:a -->';
    expect(applyOp(oneLine, replace('a', 'x'))).toMatchObject({ status: 'rejected', reason: 'absent-section' });
  });

  describe('ensure', () => {
    it('appends a fresh block to a body without the section, with the append rules', () => {
      expect(applyOp('', replace('s', 'c', true))).toEqual({
        status: 'applied',
        body: '<!-- madtea:section:s -->\nc\n<!-- /madtea:section:s -->',
        summary: 'Added section ‘s’ at the end.',
      });
      expect(applyOp('a', replace('s', 'c', true))).toMatchObject({ body: 'a\n\n<!-- madtea:section:s -->\nc\n<!-- /madtea:section:s -->' });
      expect(applyOp('a\n', replace('s', 'c', true))).toMatchObject({ body: 'a\n\n<!-- madtea:section:s -->\nc\n<!-- /madtea:section:s -->' });
      expect(applyOp('a\n\n', replace('s', 'c', true))).toMatchObject({ body: 'a\n\n<!-- madtea:section:s -->\nc\n<!-- /madtea:section:s -->' });
    });

    it('writes an empty section as two adjacent marker lines', () => {
      expect(applyOp('a', replace('s', '', true))).toMatchObject({ body: 'a\n\n<!-- madtea:section:s -->\n<!-- /madtea:section:s -->' });
    });

    it('uses CRLF in a CRLF body', () => {
      expect(applyOp('a\r\n', replace('s', 'c\nd', true))).toMatchObject({
        body: 'a\r\n\r\n<!-- madtea:section:s -->\r\nc\r\nd\r\n<!-- /madtea:section:s -->',
      });
    });

    it('replaces normally when the section exists', () => {
      expect(applyOp(body, replace('status', 'new', true))).toMatchObject({
        status: 'applied',
        body: 'intro\n<!-- madtea:section:status -->\nnew\n<!-- /madtea:section:status -->\noutro',
      });
    });

    it('is a noop the second time', () => {
      const first = applyOp('a', replace('s', 'c', true));
      if (first.status !== 'applied') throw new Error('expected applied');
      expect(applyOp(first.body, replace('s', 'c', true))).toMatchObject({ status: 'noop', body: first.body });
    });

    it('refuses to add a section inside an unclosed code block', () => {
      expect(applyOp('a\n```\ncode', replace('s', 'c', true))).toMatchObject({ status: 'rejected', reason: 'absent-section' });
    });
  });

  it('keeps a CRLF body CRLF, content included', () => {
    const crlf = 'a\r\n<!-- madtea:section:s -->\r\nold\r\n<!-- /madtea:section:s -->\r\nb\r\n';
    expect(applyOp(crlf, replace('s', 'x\ny'))).toMatchObject({
      status: 'applied',
      body: 'a\r\n<!-- madtea:section:s -->\r\nx\r\ny\r\n<!-- /madtea:section:s -->\r\nb\r\n',
    });
    expect(applyOp(crlf, replace('s', 'old'))).toMatchObject({ status: 'noop', body: crlf });
  });

  it('refuses content that would break the section', () => {
    expect(applyOp(body, replace('status', '<!-- /madtea:section:status -->'))).toMatchObject({ status: 'rejected', reason: 'invalid' });
    expect(applyOp(body, replace('status', '```\nunclosed'))).toMatchObject({ status: 'rejected', reason: 'invalid' });
    expect(applyOp(body, replace('status', '```\n<!-- /madtea:section:status -->\n```'))).toMatchObject({ status: 'applied' });
  });

  it('rejects an invalid section name', () => {
    for (const name of ['', '-a', 'a b', 'a:b', 'ä']) {
      expect(applyOp(body, replace(name, 'x'))).toMatchObject({ status: 'rejected', reason: 'invalid' });
    }
  });

  it('uses a configured prefix and ignores markers of other prefixes', () => {
    const custom = '<!-- team:section:s -->\nold\n<!-- /team:section:s -->\n<!-- madtea:section:s -->\n<!-- /madtea:section:s -->';
    expect(applyOp(custom, replace('s', 'new'), { sectionPrefix: 'team' })).toMatchObject({
      status: 'applied',
      body: '<!-- team:section:s -->\nnew\n<!-- /team:section:s -->\n<!-- madtea:section:s -->\n<!-- /madtea:section:s -->',
    });
    expect(applyOp('x', replace('s', 'c', true), { sectionPrefix: 'team' })).toMatchObject({
      body: 'x\n\n<!-- team:section:s -->\nc\n<!-- /team:section:s -->',
    });
  });

  it('treats a prefix with regular-expression characters literally', () => {
    const dotted = '<!-- a.b:section:s -->\nold\n<!-- /a.b:section:s -->\n<!-- axb:section:s -->';
    expect(applyOp(dotted, replace('s', 'new'), { sectionPrefix: 'a.b' })).toMatchObject({ status: 'applied' });
  });

  it('rejects an invalid prefix', () => {
    for (const sectionPrefix of ['', 'a b', '-x', 'a:b']) {
      expect(applyOp(body, replace('status', 'x'), { sectionPrefix })).toMatchObject({ status: 'rejected', reason: 'invalid' });
    }
    expect(applyOp(body, replace('status', 'x'), { sectionPrefix: 3 } as unknown as { sectionPrefix: string })).toMatchObject({
      status: 'rejected',
      reason: 'invalid',
    });
  });

  it('handles unicode content as text', () => {
    expect(applyOp(body, replace('status', 'שלום 🚀 e\u0301'))).toMatchObject({
      body: 'intro\n<!-- madtea:section:status -->\nשלום 🚀 e\u0301\n<!-- /madtea:section:status -->\noutro',
    });
  });
});

describe('listSections', () => {
  it('lists balanced sections in order with their raw content', () => {
    const text = [
      '<!-- madtea:section:b -->',
      'one',
      '<!-- /madtea:section:b -->',
      '<!-- madtea:section:broken -->',
      '<!--madtea:section:a-->',
      '',
      'two',
      '<!--/madtea:section:a-->',
      '```',
      '<!-- madtea:section:c -->',
      '<!-- /madtea:section:c -->',
      '```',
    ].join('\r\n');
    expect(listSections(text)).toEqual([
      { name: 'b', content: 'one\r\n' },
      { name: 'a', content: '\r\ntwo\r\n' },
    ]);
  });

  it('uses the prefix it is given and rejects a bad one with a clear error', () => {
    expect(listSections('<!-- t:section:x -->\n<!-- /t:section:x -->', 't')).toEqual([{ name: 'x', content: '' }]);
    expect(() => listSections('x', 'bad prefix')).toThrow(/prefix/);
  });
});
