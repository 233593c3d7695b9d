import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyOp, checklistItems } from '../body/index';
import { taskOpForCheckbox } from './task-op';

/** The UTF-8 byte offset of the `[` of the n-th checklist line, as the forge renders it. */
function sourcePosition(body: string, n: number): number {
  const item = checklistItems(body)[n];
  if (item === undefined) throw new Error(`no checklist item ${n}`);
  return new TextEncoder().encode(body.slice(0, item.markerOffset - 1).replace(/\r\n/g, '\n')).length;
}

function expectSetsOnly(body: string, n: number, checked: boolean): void {
  const result = taskOpForCheckbox(body, sourcePosition(body, n), checked);
  if (!result.ok) throw new Error(result.detail);
  const applied = applyOp(body, result.op);
  const marker = checklistItems(body)[n]!.markerOffset;
  const expected = body.slice(0, marker) + (checked ? 'x' : ' ') + body.slice(marker + 1);
  expect(applied.status === 'applied' || applied.status === 'noop').toBe(true);
  if (applied.status !== 'rejected') expect(applied.body).toBe(expected);
}

describe('taskOpForCheckbox', () => {
  it('names the line by its label', () => {
    const body = '# Plan\n\n- [ ] write the docs\n- [x] ship it\n';
    const result = taskOpForCheckbox(body, sourcePosition(body, 0), true);
    expect(result).toEqual({ ok: true, op: { kind: 'task-toggle', match: 'write the docs', checked: true }, label: 'write the docs' });
    expectSetsOnly(body, 1, false);
  });

  it('finds the line behind multi-byte text and front matter', () => {
    const body = '---\ntitle: café ☕\n---\n- [ ] über 😀\n- [ ] zweite\n';
    const result = taskOpForCheckbox(body, sourcePosition(body, 1), true);
    expect(result.ok && result.op).toEqual({ kind: 'task-toggle', match: 'zweite', checked: true });
  });

  it('reads CRLF text by its LF-normalized offsets', () => {
    const body = 'intro\r\n- [ ] one\r\n- [ ] two\r\n';
    const result = taskOpForCheckbox(body, sourcePosition(body, 1), true);
    expect(result.ok && result.op).toEqual({ kind: 'task-toggle', match: 'two', checked: true });
  });

  it('falls back to a unique line patch when the label is contained in another label', () => {
    const body = '- [ ] docs\n- [ ] docs review\n';
    const result = taskOpForCheckbox(body, sourcePosition(body, 0), true);
    expect(result.ok && result.op).toEqual({ kind: 'patch', edits: [{ old: '- [ ] docs\n', new: '- [x] docs\n' }] });
    expectSetsOnly(body, 0, true);
  });

  it('grows the patch by neighbouring lines when the line itself repeats', () => {
    const body = '## A\n- [ ] test\n## B\n- [ ] test\n';
    const result = taskOpForCheckbox(body, sourcePosition(body, 1), true);
    expect(result.ok && result.op).toEqual({ kind: 'patch', edits: [{ old: '## B\n- [ ] test\n', new: '## B\n- [x] test\n' }] });
    expectSetsOnly(body, 1, true);
  });

  it('patches an item with an empty label', () => {
    const body = 'a\n- [ ]\n- [ ] b\n';
    expectSetsOnly(body, 0, true);
  });

  it('refuses an offset that is not a checkbox', () => {
    expect(taskOpForCheckbox('- [ ] a', 1, true)).toEqual({ ok: false, detail: expect.stringContaining('byte 1') });
    expect(taskOpForCheckbox('- [ ] a', 99, true).ok).toBe(false);
  });

  it('sets exactly the clicked item in any generated checklist', () => {
    const label = fc.constantFrom('a', 'b', 'a b', 'docs', '#1', '#12', 'x', '', 'ü', 'docs review');
    const item = fc.record({ label, checked: fc.boolean(), quote: fc.boolean() });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), fc.nat(), fc.boolean(), fc.boolean(), (items, pick, checked, crlf) => {
        const eol = crlf ? '\r\n' : '\n';
        const body = items.map((it) => `- [${it.checked ? 'x' : ' '}] ${it.label}`.trimEnd()).join(eol) + eol;
        const n = pick % checklistItems(body).length;
        expectSetsOnly(body, n, checked);
      }),
    );
  });
});
