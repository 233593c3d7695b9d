// The background's message entry point: only this extension's pages and content scripts are
// heard, every message is validated, and a refused message has no effect on the forge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditResponseSchema, LedgerResponseSchema, ReadPostResponseSchema, StatusResponseSchema } from '../protocol/index';
import { openForge, type Harness } from './__tests__/forge-harness';
import { handleMessage } from './handle-message';

const self = { id: 'noclobber-id', baseUrl: 'chrome-extension://noclobber-id/' };
const popup = { id: self.id, url: `${self.baseUrl}popup.html` };

describe('runtime messages', () => {
  let h: Harness;
  let contentScript: { id: string; url: string; tab: { id: number } };
  beforeAll(async () => {
    h = await openForge('gitea-1.26');
    contentScript = { id: self.id, url: `${h.forge.url}/owner/repo/issues/1`, tab: { id: 7 } };
  });
  afterAll(async () => {
    await h.close();
  });

  async function editMessage() {
    const target = h.seedIssue('- [ ] alpha\n', { attachments: ['screenshot.png'] });
    const view = await h.view(target);
    return { target, message: { type: 'edit', target, op: { kind: 'task-toggle', match: 'alpha', checked: true }, ...view } };
  }

  it('carries out a valid edit from a content script on the same forge', async () => {
    const { target, message } = await editMessage();
    h.forge.clearRequests();
    const reply = await handleMessage(h.engine, message, contentScript, self);
    const parsed = EditResponseSchema.safeParse(reply);
    expect(parsed.success).toBe(true);
    expect(reply).toMatchObject({ ok: true, verb: 'tick' });
    expect(h.writes()).toHaveLength(1);
    expect(h.forge.post(h.ref(target)).body).toBe('- [x] alpha\n');
  });

  it('ignores foreign senders entirely', async () => {
    const { target, message } = await editMessage();
    h.forge.clearRequests();
    const foreign = [
      { id: 'another-extension', url: 'chrome-extension://another-extension/bg.html' },
      { url: `${h.forge.url}/owner/repo/issues/1`, tab: { id: 1 } },
      { id: self.id, url: 'https://evil.example/' },
      {},
    ];
    for (const sender of foreign) expect(handleMessage(h.engine, message, sender, self)).toBe(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.forge.requests()).toHaveLength(0);
    expect(h.forge.post(h.ref(target)).body).toBe('- [ ] alpha\n');
    expect(await h.engine.ledger()).toHaveLength(1); // only the first test's edit
  });

  it('refuses malformed messages with a clear error and no effect', async () => {
    const { target, message } = await editMessage();
    h.forge.clearRequests();
    const malformed: unknown[] = [
      null,
      'edit',
      { ...message, type: 'write-body' },
      { ...message, body: '- [x] alpha\n' }, // a whole body smuggled in: unknown field
      { ...message, op: { kind: 'replace', body: '' } },
      { ...message, seen: { body: 1, version: 1 } },
      { ...message, target: { ...target, origin: 'javascript:alert(1)' } },
    ];
    for (const m of malformed) {
      const reply = await handleMessage(h.engine, m, contentScript, self);
      expect(reply).toMatchObject({ ok: false, reason: 'invalid-message' });
      expect((reply as { detail: string }).detail).toMatch(/^invalid message: /);
    }
    expect(h.forge.requests()).toHaveLength(0);
    expect(h.forge.post(h.ref(target)).body).toBe('- [ ] alpha\n');
  });

  it('keeps a content script to its own forge and away from the popup-only messages', async () => {
    const { message } = await editMessage();
    h.forge.clearRequests();
    const elsewhere = { ...contentScript, url: 'http://other-forge.test/owner/repo/issues/1' };
    expect(await handleMessage(h.engine, message, elsewhere, self)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await handleMessage(h.engine, { type: 'ledger' }, contentScript, self)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(h.forge.requests()).toHaveLength(0);
  });

  it('answers read-post, ledger and status in their declared shapes', async () => {
    const { target } = await editMessage();
    const read = await handleMessage(h.engine, { type: 'read-post', target }, contentScript, self);
    expect(ReadPostResponseSchema.safeParse(read).success).toBe(true);
    expect(read).toMatchObject({ ok: true, body: '- [ ] alpha\n', locked: true });
    const ledger = await handleMessage(h.engine, { type: 'ledger', limit: 5 }, popup, self);
    expect(LedgerResponseSchema.safeParse(ledger).success).toBe(true);
    const status = await handleMessage(h.engine, { type: 'status' }, popup, self);
    expect(StatusResponseSchema.safeParse(status).success).toBe(true);
    expect(status).toMatchObject({ ok: true, forges: [{ origin: h.forge.url, forge: 'gitea', locked: true }] });
  });

  it('refuses disallowed and oversized ops before any request', async () => {
    const { message } = await editMessage();
    h.forge.clearRequests();
    const before = h.policy;
    try {
      h.policy = { ...before, allowedOps: ['append'] };
      expect(await handleMessage(h.engine, message, contentScript, self)).toMatchObject({ ok: false, reason: 'op-not-allowed' });
      // 12 bytes of body, one more line break, 10 two-byte letters: 33 bytes.
      h.policy = { ...before, maxBodyBytes: 32 };
      const big = { ...message, op: { kind: 'append', text: 'ä'.repeat(10) } };
      expect(await handleMessage(h.engine, big, contentScript, self)).toMatchObject({ ok: false, reason: 'too-large' });
      h.policy = { ...before, maxBodyBytes: 33 };
      expect(await handleMessage(h.engine, big, contentScript, self)).toMatchObject({ ok: true });
    } finally {
      h.policy = before;
    }
    expect(h.writes()).toHaveLength(1);
  });

  it('answers without a request when the page already shows the wanted state or names another post', async () => {
    const { message } = await editMessage();
    h.forge.clearRequests();
    const already = { ...message, op: { kind: 'task-toggle', match: 'alpha', checked: false } };
    expect(await handleMessage(h.engine, already, contentScript, self)).toMatchObject({ ok: true, noop: true, ledgerId: null });
    const elsewhere = { ...message, facts: { ...message.facts, updateUrl: '/owner/repo/issues/999/content' } };
    expect(await handleMessage(h.engine, elsewhere, contentScript, self)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(h.forge.requests()).toHaveLength(0);
  });
});
