// Bad input straight through applyOp: empty bodies, CRLF, NUL bytes and lone surrogates in
// bodies and op fields, section markers inside code fences, 5,000 checkboxes, hostile
// markdown and a 1 MB line. applyOp never throws; every answer is exact, byte for byte.
import { describe, expect, it } from 'vitest';
import { applyOp, type BodyOp, type OpResult } from '../../src/body/index';

function appliedBody(result: OpResult): string {
  if (result.status !== 'applied') throw new Error(`expected 'applied', got ${JSON.stringify(result).slice(0, 200)}`);
  expect(result.summary).toMatch(/\S/);
  return result.body;
}

function rejection(result: OpResult): string {
  if (result.status !== 'rejected') throw new Error(`expected a rejection, got ${JSON.stringify(result).slice(0, 200)}`);
  expect(result.detail).toMatch(/\S/);
  return result.reason;
}

const tick = (match: string): BodyOp => ({ kind: 'task-toggle', match, checked: true });
const START = '<!-- madtea:section:status -->';
const END = '<!-- /madtea:section:status -->';

describe('an empty body (0 bytes)', () => {
  it('append makes the text the whole body', () => {
    expect(appliedBody(applyOp('', { kind: 'append', text: 'first words' }))).toBe('first words');
  });

  it('anchored ops find nothing: drifted or absent, never a guess', () => {
    expect(rejection(applyOp('', { kind: 'patch', edits: [{ old: 'x', new: 'y' }] }))).toBe('drifted');
    expect(rejection(applyOp('', tick('anything')))).toBe('drifted');
    expect(rejection(applyOp('', { kind: 'section-replace', name: 'status', content: 'ok' }))).toBe('absent-section');
  });

  it('ensure adds the section as the whole body', () => {
    expect(appliedBody(applyOp('', { kind: 'section-replace', name: 'status', content: 'ok', ensure: true }))).toBe(`${START}\nok\n${END}`);
  });

  it('malformed ops on it are invalid', () => {
    expect(rejection(applyOp('', { kind: 'append', text: '' }))).toBe('invalid');
    expect(rejection(applyOp('', { kind: 'patch', edits: [] }))).toBe('invalid');
    expect(rejection(applyOp('', { kind: 'patch', edits: [{ old: '', new: 'y' }] }))).toBe('invalid');
  });
});

describe('CRLF bodies stay CRLF', () => {
  const body = 'Intro\r\n\r\n- [ ] alpha\r\n- [ ] beta\r\n\r\n' + `${START}\r\nold\r\n${END}\r\n`;

  it('a tick changes one character', () => {
    expect(appliedBody(applyOp(body, tick('beta')))).toBe(body.replace('[ ] beta', '[x] beta'));
  });

  it('append and section-replace add CRLF breaks, also for the bare breaks of their text', () => {
    expect(appliedBody(applyOp(body, { kind: 'append', text: 'one\ntwo' }))).toBe(`${body}\r\none\r\ntwo`);
    expect(appliedBody(applyOp(body, { kind: 'section-replace', name: 'status', content: 'new\nlines' }))).toBe(
      body.replace('old\r\n', 'new\r\nlines\r\n'),
    );
  });

  it('a patch is exact: an LF anchor does not match CRLF text, a CRLF anchor does', () => {
    expect(rejection(applyOp(body, { kind: 'patch', edits: [{ old: 'alpha\n- [ ] beta', new: 'x' }] }))).toBe('drifted');
    expect(appliedBody(applyOp(body, { kind: 'patch', edits: [{ old: 'alpha\r\n- [ ] beta', new: 'alpha\r\n- [ ] gamma' }] }))).toBe(
      body.replace('beta', 'gamma'),
    );
  });

  it('a lone CR is text, not a line break', () => {
    const odd = '- [ ] a\rb\n';
    expect(appliedBody(applyOp(odd, tick('a\rb')))).toBe('- [x] a\rb\n');
  });
});

describe('NUL bytes and lone surrogates', () => {
  it('in the body: kept exactly around an edit', () => {
    const body = 'n\0l \uD800 lone\n- [ ] alpha \uDC00\n\0';
    expect(appliedBody(applyOp(body, tick('alpha')))).toBe('n\0l \uD800 lone\n- [x] alpha \uDC00\n\0');
    expect(appliedBody(applyOp(body, { kind: 'append', text: 'end' }))).toBe(`${body}\n\nend`);
  });

  it('in op fields: matched and inserted as given (the engine decides what may be sent)', () => {
    expect(appliedBody(applyOp('a\0b', { kind: 'patch', edits: [{ old: '\0', new: '\uD800' }] }))).toBe('a\uD800b');
    expect(appliedBody(applyOp('- [ ] nul\0label\n', tick('nul\0label')))).toBe('- [x] nul\0label\n');
    expect(appliedBody(applyOp('x', { kind: 'append', text: '\0' }))).toBe('x\n\n\0');
    // Half of a surrogate pair is a string like any other to a pure text op.
    expect(appliedBody(applyOp('smile 😀', { kind: 'patch', edits: [{ old: '\uD83D', new: 'X' }] }))).toBe('smile X\uDE00');
  });

  it('in a section name: invalid, whatever the rest', () => {
    expect(rejection(applyOp(`${START}\nx\n${END}\n`, { kind: 'section-replace', name: 'status\0', content: 'y' }))).toBe('invalid');
    expect(rejection(applyOp('', { kind: 'section-replace', name: '\uD800', content: 'y', ensure: true }))).toBe('invalid');
  });

  it('an anchor that is only a NUL in a body without one drifts', () => {
    expect(rejection(applyOp('plain', { kind: 'patch', edits: [{ old: '\0', new: 'x' }] }))).toBe('drifted');
    expect(rejection(applyOp('- [ ] a\n', tick('\0')))).toBe('drifted');
  });
});

describe('section markers inside code fences are examples, not markers', () => {
  const example = '```markdown\n' + `${START}\nexample text\n${END}\n` + '```\n';

  it('the real section outside the fence is the one replaced', () => {
    const body = `Docs:\n\n${example}\n${START}\nreal\n${END}\n`;
    expect(appliedBody(applyOp(body, { kind: 'section-replace', name: 'status', content: 'rewritten' }))).toBe(
      `Docs:\n\n${example}\n${START}\nrewritten\n${END}\n`,
    );
  });

  it('markers only inside a fence: absent; ensure appends a real section after the fence', () => {
    const body = `Docs:\n\n${example}`;
    expect(rejection(applyOp(body, { kind: 'section-replace', name: 'status', content: 'x' }))).toBe('absent-section');
    expect(appliedBody(applyOp(body, { kind: 'section-replace', name: 'status', content: 'x', ensure: true }))).toBe(
      `${body}\n${START}\nx\n${END}`,
    );
  });

  it('a tilde fence and a longer closing fence count too; an unclosed fence hides everything after it', () => {
    const tilde = `~~~~\n${START}\n~~~\nstill code\n${END}\n~~~~~\n${START}\nreal\n${END}\n`;
    expect(appliedBody(applyOp(tilde, { kind: 'section-replace', name: 'status', content: 'new' }))).toBe(tilde.replace('real', 'new'));
    const unclosed = `${START}\nreal\n\`\`\`\n${END}\n`;
    expect(rejection(applyOp(unclosed, { kind: 'section-replace', name: 'status', content: 'x' }))).toBe('unbalanced-section');
  });

  it('a start marker in a fence and one outside are not a duplicate', () => {
    const body = '```\n' + `${START}\n` + '```\n' + `${START}\nreal\n${END}\n`;
    expect(appliedBody(applyOp(body, { kind: 'section-replace', name: 'status', content: 'ok' }))).toBe(body.replace('real', 'ok'));
  });

  it('checkboxes inside a fence are not checklist items', () => {
    const body = '```\n- [ ] alpha\n```\n- [ ] alpha\n';
    expect(appliedBody(applyOp(body, tick('alpha')))).toBe('```\n- [ ] alpha\n```\n- [x] alpha\n');
  });
});

describe('a body with 5,000 checkboxes', () => {
  const labels = Array.from({ length: 5000 }, (_, i) => `item ${String(i + 1).padStart(4, '0')}`);
  const body = labels.map((l) => `- [ ] ${l}\n`).join('');

  it('ticks the last and then the first, each changing one character', () => {
    const last = appliedBody(applyOp(body, tick('item 5000')));
    expect(last).toBe(`${body.slice(0, -'[ ] item 5000\n'.length)}[x] item 5000\n`);
    const both = appliedBody(applyOp(last, tick('item 0001')));
    expect(both).toBe(`- [x] item 0001\n${last.slice('- [ ] item 0001\n'.length)}`);
    expect(both.split('[x]').length - 1).toBe(2);
  });

  it('a match shared by many items is ambiguous; a missing one drifts; a done one is a no-op', () => {
    expect(rejection(applyOp(body, tick('item 00')))).toBe('ambiguous');
    expect(rejection(applyOp(body, tick('item 5001')))).toBe('drifted');
    const ticked = appliedBody(applyOp(body, tick('item 2500')));
    expect(applyOp(ticked, tick('item 2500'))).toMatchObject({ status: 'noop', body: ticked });
  });
});

describe('hostile markdown is text: edited around, never interpreted', () => {
  const hostile = [
    '<script>alert(document.cookie)</script>',
    '<img src=x onerror="alert(1)">',
    '[click me](javascript:alert(1)) and <a href="javascript:void(0)">raw</a>',
    '<iframe src="https://evil.example"></iframe></div></textarea><!--',
    '&lt;script&gt; &amp;amp; &#x3C;',
    '- [ ] <b onclick="x()">bold</b> task',
    '-->',
    '',
  ].join('\n');

  it('a tick next to raw HTML changes only its marker', () => {
    expect(appliedBody(applyOp(hostile, tick('bold</b> task')))).toBe(hostile.replace('- [ ] <b', '- [x] <b'));
  });

  it('a patch may rewrite a javascript: link exactly; append keeps it all', () => {
    expect(appliedBody(applyOp(hostile, { kind: 'patch', edits: [{ old: '(javascript:alert(1))', new: '(https://example.org)' }] }))).toBe(
      hostile.replace('(javascript:alert(1))', '(https://example.org)'),
    );
    expect(appliedBody(applyOp(hostile, { kind: 'append', text: '<script>x</script>' }))).toBe(`${hostile}\n<script>x</script>`);
  });

  it('a section marker inside an HTML comment line is still a marker line only when alone on its line', () => {
    const body = `<!-- note ${START} -->\n${START}\nkept\n${END}\n`;
    expect(appliedBody(applyOp(body, { kind: 'section-replace', name: 'status', content: 'new' }))).toBe(body.replace('kept', 'new'));
  });

  it('a 1 MB single line: patched in the middle, ticked after, appended to — exactly', () => {
    const line = `${'a'.repeat(500_000)}NEEDLE${'b'.repeat(500_000)}`;
    const body = `${line}\n- [ ] after the long line\n`;
    const patched = appliedBody(applyOp(body, { kind: 'patch', edits: [{ old: 'NEEDLE', new: 'pin' }] }));
    expect(patched).toBe(body.replace('NEEDLE', 'pin'));
    expect(appliedBody(applyOp(patched, tick('after the long line')))).toBe(patched.replace('- [ ]', '- [x]'));
    expect(appliedBody(applyOp(line, { kind: 'append', text: 'tail' }))).toBe(`${line}\n\ntail`);
    expect(rejection(applyOp(body, { kind: 'patch', edits: [{ old: 'a', new: 'c' }] }))).toBe('ambiguous');
  });
});
