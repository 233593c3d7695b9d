// The renderer's task-list markup and positions (forge-facts §4): every checkbox carries the
// UTF-8 byte offset of its `[` in the LF-normalized source, front matter included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEol, renderBody, splitFrontMatter } from './render';
import { attr, parseHtml, querySelectorAll, textContent } from './test-support';

function boxes(html: string) {
  return querySelectorAll(parseHtml(html), 'li.task-list-item > input').map((input) => ({
    position: Number(attr(input, 'data-source-position')),
    checked: attr(input, 'checked') !== null,
    disabled: attr(input, 'disabled'),
    attrs: (input.attrs ?? []).map((a) => a.name).sort(),
  }));
}

/** The three bytes at a position of the LF-normalized source. */
function bytesAt(source: string, position: number): string {
  return Buffer.from(normalizeEol(source), 'utf8').subarray(position, position + 3).toString('utf8');
}

describe('task list markup', () => {
  it('renders a disabled checkbox with data-source-position and nothing else', () => {
    const { html } = renderBody('- [ ] one\n- [x] two\n');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled="" data-source-position="2">one</li>');
    expect(boxes(html)).toEqual([
      { position: 2, checked: false, disabled: '', attrs: ['data-source-position', 'disabled', 'type'] },
      { position: 12, checked: true, disabled: '', attrs: ['checked', 'data-source-position', 'disabled', 'type'] },
    ]);
  });

  it('renders [X] checked like [x]', () => {
    expect(boxes(renderBody('- [X] upper\n- [x] lower\n- [ ] open\n').html).map((b) => b.checked)).toEqual([true, true, false]);
  });

  it('counts positions in UTF-8 bytes, not UTF-16 units or characters', () => {
    const source = '# Grüße 🚀\n\n日本語\n\n- [ ] café\n- [x] naïve → ok\n';
    const found = boxes(renderBody(source).html);
    expect(found.map((b) => b.position)).toEqual([
      Buffer.byteLength('# Grüße 🚀\n\n日本語\n\n- ', 'utf8'),
      Buffer.byteLength('# Grüße 🚀\n\n日本語\n\n- [ ] café\n- ', 'utf8'),
    ]);
    // The UTF-16 index differs, so a character-based renderer would fail here.
    expect(found[0]!.position).not.toBe(source.indexOf('[ ]'));
    for (const box of found) expect(bytesAt(source, box.position)).toMatch(/^\[[ x]\]$/);
  });

  it('counts positions in the LF-normalized text of a CRLF body', () => {
    const crlf = 'Intro\r\n\r\n- [ ] a\r\n- [x] b\r\n';
    const lf = crlf.replace(/\r\n/g, '\n');
    expect(boxes(renderBody(crlf).html)).toEqual(boxes(renderBody(lf).html));
    expect(boxes(renderBody(crlf).html).map((b) => b.position)).toEqual([9, 17]);
    expect(crlf.indexOf('[x]')).toBe(20); // the raw CRLF offset, which the forge does not use
  });

  it('counts a lone CR as a line break', () => {
    expect(boxes(renderBody('a\r\r- [ ] b').html).map((b) => b.position)).toEqual([5]);
  });

  it('includes front matter in positions and renders it as a table', () => {
    const source = '---\ntitle: Plan\nowner: ops\n---\n- [ ] first\n';
    const { html, tasks } = renderBody(source);
    expect(tasks).toEqual([{ position: Buffer.byteLength('---\ntitle: Plan\nowner: ops\n---\n- ', 'utf8'), checked: false }]);
    expect(bytesAt(source, tasks[0]!.position)).toBe('[ ]');
    const table = querySelectorAll(parseHtml(html), 'table.frontmatter th').map(textContent);
    expect(table).toEqual(['title', 'owner']);
  });

  it('counts multi-byte front matter and CRLF front matter', () => {
    const source = '---\r\ntitle: Übersicht 🚀\r\n---\r\n- [x] done\r\n';
    const { tasks } = renderBody(source);
    expect(tasks[0]!.position).toBe(Buffer.byteLength('---\ntitle: Übersicht 🚀\n---\n- ', 'utf8'));
    expect(bytesAt(source, tasks[0]!.position)).toBe('[x]');
  });

  it('treats a separator-looking first line without a closing one as markdown', () => {
    expect(splitFrontMatter('---\n- [ ] a\n')).toBeNull();
    expect(boxes(renderBody('---\n- [ ] a\n').html).map((b) => b.position)).toEqual([6]);
  });

  it('renders task items inside block quotes', () => {
    const source = '> quoted list:\n> - [ ] inside\n';
    const found = boxes(renderBody(source).html);
    expect(found).toHaveLength(1);
    expect(bytesAt(source, found[0]!.position)).toBe('[ ]');
    expect(querySelectorAll(parseHtml(renderBody(source).html), 'blockquote li.task-list-item')).toHaveLength(1);
  });

  it('does not render task markers in fenced or indented code', () => {
    const source = '```\n- [ ] fenced\n```\n\n~~~md\n- [x] tilde\n~~~\n\n    - [ ] indented\n\n- [ ] real\n';
    const found = boxes(renderBody(source).html);
    expect(found).toHaveLength(1);
    expect(found[0]!.position).toBe(source.indexOf('- [ ] real') + 2);
  });

  it('renders nested, ordered and loose task lists', () => {
    const source = '1. [ ] one\n   - [x] nested\n2. [ ] two\n\n- [ ] loose a\n\n- [ ] loose b\n';
    const { html, tasks } = renderBody(source);
    expect(tasks).toHaveLength(5);
    for (const t of tasks) expect(bytesAt(source, t.position)).toMatch(/^\[[ x]\]$/);
    expect(querySelectorAll(parseHtml(html), 'ol > li.task-list-item')).toHaveLength(2);
    expect(querySelectorAll(parseHtml(html), 'li.task-list-item > p')).toHaveLength(2);
  });

  it('follows goldmark on what counts as a task marker', () => {
    // goldmark's `^\[([\sxX])\]\s*`: no whitespace needed after the bracket; other letters never count.
    expect(renderBody('- [ ]tight\n').tasks).toHaveLength(1);
    expect(renderBody('- []\n- [a] b\n- [  ] c\n- text [ ] d\n').tasks).toHaveLength(0);
    expect(renderBody('[ ] not in a list\n').tasks).toHaveLength(0);
  });

  it('hides HTML comments (section markers) and escapes other raw HTML', () => {
    const source = '<!-- madtea:section:status -->\n- [ ] in section\n<!-- /madtea:section:status -->\n\n<script>alert(1)</script>\n\nx <b>y</b>\n';
    const { html, tasks } = renderBody(source);
    expect(html).not.toContain('madtea');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;');
    expect(tasks).toHaveLength(1);
    expect(bytesAt(source, tasks[0]!.position)).toBe('[ ]');
  });

  it('points every rendered checkbox at a task marker of the normalized source (property)', () => {
    const line = fc.constantFrom(
      '- [ ] plain',
      '- [x] done',
      '* [X] upper',
      '1. [ ] ordered',
      '  - [ ] nested',
      '> - [ ] quoted',
      '- [ ] Größe 🚀',
      'text with [ ] brackets',
      '```',
      '~~~',
      '',
      '# Überschrift',
      '<!-- c -->',
      '    - [ ] indented',
      '日本語 - [x]',
    );
    const source = fc
      .tuple(fc.boolean(), fc.array(line, { maxLength: 14 }), fc.constantFrom('\n', '\r\n'))
      .map(([front, lines, eol]) => (front ? ['---', 'k: v', '---'] : []).concat(lines).join(eol) + eol);
    fc.assert(
      fc.property(source, (body) => {
        const { tasks } = renderBody(body);
        for (const task of tasks) {
          const bytes = bytesAt(body, task.position);
          if (!/^\[[ xX]\]$/.test(bytes)) return false;
          if (task.checked !== (bytes[1] !== ' ')) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
