import { describe, expect, it } from 'vitest';
import { parseMessage } from './parse-message';

const target = { origin: 'http://127.0.0.1:3000', repoLink: '/owner/repo', kind: 'issue', index: 42 } as const;
const facts = {
  updateUrl: '/owner/repo/issues/42/content',
  context: '/owner/repo',
  contentVersion: 7,
  csrfToken: null,
  forge: 'gitea',
  forgeVersion: '1.26.0',
} as const;
const edit = {
  type: 'edit',
  target,
  op: { kind: 'task-toggle', match: 'ship the docs', checked: true },
  seen: { body: '- [ ] ship the docs', version: 7 },
  facts,
};

describe('parseMessage', () => {
  it('accepts each message type', () => {
    const messages = [
      edit,
      { type: 'read-post', target: { ...target, kind: 'comment', commentId: 9 } },
      { type: 'undo', entryId: 'abc' },
      { type: 'ledger' },
      { type: 'ledger', limit: 10 },
      { type: 'status' },
      { type: 'ping' },
      { type: 'load-ui' },
    ];
    for (const message of messages) {
      const parsed = parseMessage(message);
      expect(parsed, JSON.stringify(message)).toEqual({ ok: true, message });
    }
  });

  it('accepts every op kind', () => {
    const ops = [
      { kind: 'patch', edits: [{ old: 'a', new: 'b' }, { old: 'c', new: 'd', replaceAll: true }] },
      { kind: 'append', text: 'more' },
      { kind: 'task-toggle', match: '#12', checked: false },
      { kind: 'section-replace', name: 'status', content: 'green', ensure: true },
    ];
    for (const op of ops) expect(parseMessage({ ...edit, op }).ok).toBe(true);
  });

  it.each([
    ['not an object', 'edit', 'expected object'],
    ['unknown type', { type: 'write-body', body: 'x' }, 'type'],
    ['an extra field (strict)', { ...edit, body: 'whole body' }, 'body'],
    ['a missing seen', { ...edit, seen: undefined }, 'seen'],
    ['an origin with a path', { ...edit, target: { ...target, origin: 'http://127.0.0.1:3000/evil' } }, 'target.origin'],
    ['a javascript: origin', { ...edit, target: { ...target, origin: 'javascript:alert(1)' } }, 'target.origin'],
    ['a repo link without a leading slash', { ...edit, target: { ...target, repoLink: 'owner/repo' } }, 'target.repoLink'],
    ['a comment target without commentId', { ...edit, target: { ...target, kind: 'comment' } }, 'target.commentId'],
    ['a negative index', { ...edit, target: { ...target, index: -1 } }, 'target.index'],
    ['a fractional version', { ...edit, seen: { body: '', version: 1.5 } }, 'seen.version'],
    ['an unknown op kind', { ...edit, op: { kind: 'replace-body', body: 'x' } }, 'op.kind'],
    ['an op with an extra field', { ...edit, op: { kind: 'append', text: 'x', body: 'y' } }, 'op'],
    ['an unknown forge', { ...edit, facts: { ...facts, forge: 'gitlab' } }, 'facts.forge'],
    ['an empty undo id', { type: 'undo', entryId: '' }, 'entryId'],
    ['a UI request naming files', { type: 'load-ui', files: ['/evil.js'] }, 'files'],
  ])('refuses %s with an error naming the field', (_name, message, field) => {
    const parsed = parseMessage(message);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatch(/^invalid message: /);
      expect(parsed.error).toContain(field);
    }
  });
});
