import { describe, expect, it } from 'vitest';
import { applyOp, type BodyOp } from './index';

/** Calls applyOp with values its static type forbids, as a message from elsewhere could. */
const applyLoose = (body: unknown, op: unknown, options?: unknown) =>
  applyOp(body as string, op as BodyOp, options as { sectionPrefix?: string });

describe('applyOp on malformed input', () => {
  const malformed: [string, unknown][] = [
    ['null', null],
    ['a string', 'patch'],
    ['an object without kind', {}],
    ['an unknown kind', { kind: 'replace-body', text: 'x' }],
    ['a patch without edits', { kind: 'patch' }],
    ['a patch whose edits are not a list', { kind: 'patch', edits: { old: 'a', new: 'b' } }],
    ['a patch edit that is not an object', { kind: 'patch', edits: ['a'] }],
    ['a patch edit without old text', { kind: 'patch', edits: [{ new: 'b' }] }],
    ['a patch edit with numeric new text', { kind: 'patch', edits: [{ old: 'a', new: 1 }] }],
    ['a patch edit with a non-boolean replaceAll', { kind: 'patch', edits: [{ old: 'a', new: 'b', replaceAll: 'yes' }] }],
    ['an append without text', { kind: 'append' }],
    ['a task-toggle without checked', { kind: 'task-toggle', match: 'a' }],
    ['a task-toggle with a string checked', { kind: 'task-toggle', match: 'a', checked: 'true' }],
    ['a section-replace without content', { kind: 'section-replace', name: 'a' }],
    ['a section-replace with a non-boolean ensure', { kind: 'section-replace', name: 'a', content: '', ensure: 1 }],
  ];
  for (const [what, op] of malformed) {
    it(`rejects ${what} as invalid`, () => {
      const result = applyLoose('- [ ] a\n<!-- madtea:section:a -->\n<!-- /madtea:section:a -->', op);
      expect(result).toMatchObject({ status: 'rejected', reason: 'invalid', detail: expect.stringMatching(/^[A-Z‘].*\.$/) });
    });
  }

  it('rejects a body that is not text', () => {
    expect(applyLoose(undefined, { kind: 'append', text: 'x' })).toEqual({
      status: 'rejected',
      reason: 'invalid',
      detail: 'The body to edit is not text.',
    });
  });

  it('answers instead of throwing when reading the op throws', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(applyLoose('a', hostile)).toMatchObject({ status: 'rejected', reason: 'invalid' });
    const getter = { kind: 'append', get text(): string { throw new Error('getter'); } };
    expect(applyLoose('a', getter)).toMatchObject({ status: 'rejected', reason: 'invalid' });
  });

  it('answers instead of throwing when the result would be too long for a string', () => {
    const body = 'a'.repeat(1 << 19);
    const result = applyOp(body, { kind: 'patch', edits: [{ old: 'a', new: 'b'.repeat(1 << 11), replaceAll: true }] });
    expect(result).toEqual({ status: 'rejected', reason: 'invalid', detail: 'The edited body would be too long to build.' });
  });

  it('ignores options for ops that do not use them', () => {
    expect(applyLoose('a', { kind: 'append', text: 'b' }, { sectionPrefix: 'bad prefix' })).toMatchObject({ status: 'applied' });
  });

  it('rejects options that are not an object for section ops', () => {
    expect(applyLoose('a', { kind: 'section-replace', name: 's', content: '' }, 'madtea')).toMatchObject({
      status: 'rejected',
      reason: 'invalid',
    });
  });
});

describe('applyOp results', () => {
  it('returns the input itself for a noop', () => {
    const body = '- [x] a';
    const result = applyOp(body, { kind: 'task-toggle', match: 'a', checked: true });
    expect(result.status).toBe('noop');
    expect(result.status === 'noop' && result.body).toBe(body);
  });

  it('does not mutate the op it is given', () => {
    const op: BodyOp = { kind: 'patch', edits: [{ old: 'a', new: 'b' }] };
    const copy = structuredClone(op);
    applyOp('a', op);
    expect(op).toEqual(copy);
  });
});
