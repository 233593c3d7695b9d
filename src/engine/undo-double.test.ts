// Undo through the same protected cycle, against the forge double.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../e2e/forge/api';
import type { Confirmation, EditResult } from '../protocol/index';
import type { UndoFailure } from './engine';
import { renderResult } from '../protocol/index';
import { openForge, type Harness } from './__tests__/forge-harness';

const BODY = 'Status: draft\n\nSome context.\n\n- [ ] alpha\n- [ ] beta\n';

function ok(result: EditResult | UndoFailure): Confirmation {
  if (!result.ok) throw new Error(`expected a confirmation: ${'verb' in result ? renderResult(result) : result.detail}`);
  return result;
}

describe.each(['gitea-1.26', 'forgejo-11', 'gitea-1.22'] as ProfileName[])('undo on %s', (profile) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openForge(profile);
  });
  afterAll(async () => {
    await h.close();
  });

  it('undoes a confirmed patch and keeps later edits elsewhere', async () => {
    const target = h.seedIssue(BODY, { attachments: ['screenshot.png'] });
    const patched = ok(await h.edit(target, { kind: 'patch', edits: [{ old: 'Status: draft', new: 'Status: shipped' }] }, await h.view(target)));
    expect(patched.ledgerId).not.toBe(null);
    // Someone ticks a box afterwards; the undo must keep that.
    const ticked = ok(await h.edit(target, { kind: 'task-toggle', match: 'beta', checked: true }, await h.view(target)));

    h.forge.clearRequests();
    const undone = ok(await h.engine.undo(patched.ledgerId!));
    expect(undone.verb).toBe('undo');
    expect(h.forge.post(h.ref(target)).body).toBe(ticked.body.replace('Status: shipped', 'Status: draft'));
    expect(h.forge.post(h.ref(target)).attachments).toHaveLength(1);
    const writes = h.writes();
    expect(writes).toHaveLength(1);
    expect(h.forge.requests()).toHaveLength(2); // read the live body, write the inverse patch
    expect(writes[0]?.fields.ignore_attachments).toBe('true');

    const entries = await h.engine.ledger();
    expect(entries[0]).toMatchObject({ verb: 'undo', undoes: patched.ledgerId });
    expect(entries.find((e) => e.id === patched.ledgerId)?.undoneBy).toBe(entries[0]?.id);
    // An entry is undone once.
    const again = await h.engine.undo(patched.ledgerId!);
    expect(again).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses the undo when the text has drifted since', async () => {
    const target = h.seedIssue(BODY, { attachments: ['screenshot.png'] });
    const patched = ok(await h.edit(target, { kind: 'patch', edits: [{ old: 'Status: draft', new: 'Status: shipped' }] }, await h.view(target)));
    const theirs = patched.body.replace('Status: shipped', 'Status: shipped to production');
    h.forge.setBody(h.ref(target), theirs);
    h.forge.clearRequests();
    const result = await h.engine.undo(patched.ledgerId!);
    expect(result).toMatchObject({ ok: false, reason: 'drifted', verb: 'undo', liveBody: theirs });
    expect(h.writes()).toHaveLength(0);
    expect(h.forge.requests()).toHaveLength(1); // the read that showed the drift
    expect(h.forge.post(h.ref(target)).body).toBe(theirs);
    if (!result.ok && 'verb' in result) expect(renderResult(result)).toBe('Not saved: the text has changed since, so the edit cannot be undone');
  });

  it('undoes a tick on a comment', async () => {
    const parent = h.seedIssue('parent');
    const target = h.seedComment(parent.index, '- [ ] alpha\n- [ ] beta\n', { attachments: ['screenshot.png'] });
    const ticked = ok(await h.edit(target, { kind: 'task-toggle', match: 'alpha', checked: true }, await h.view(target)));
    const undone = ok(await h.engine.undo(ticked.ledgerId!));
    expect(undone.body).toBe('- [ ] alpha\n- [ ] beta\n');
    expect(h.forge.post(h.ref(target)).body).toBe('- [ ] alpha\n- [ ] beta\n');
  });
});
