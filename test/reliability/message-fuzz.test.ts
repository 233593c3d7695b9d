// Message fuzzing: malformed runtime messages — arbitrary values, and near misses of valid
// ones — fed to the background's handleMessage, from this extension's content script and from
// foreign senders. Each must be refused (a MessageError, an 'invalid' Rejection for an update
// URL that names another post, or no answer at all for a foreign sender), with no request
// reaching the forge double and no ledger entry.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { handleMessage } from '../../src/engine/handle-message';
import type { MessageSenderLike } from '../../src/engine/sender';
import { MessageErrorSchema, RejectionSchema } from '../../src/protocol/index';
import { badOrigin, badNumber, extraKey, mismatchedPost, missingKey, wrongKind, type Json, type Mutation } from './message-mutations';
import { confirmed, openForge, seedPost, type Harness } from './support';

const self = { id: 'noclobber-id', baseUrl: 'chrome-extension://noclobber-id/' };
const RUNS = 150;

describe('malformed messages to the background', () => {
  let h: Harness;
  let contentScript: MessageSenderLike;
  let foreignSenders: MessageSenderLike[];
  /** Valid messages a content script on the forge may send: edits of every kind, reads, an undo. */
  let valid: { edit: Json[]; other: Json[] };

  beforeAll(async () => {
    h = await openForge('forgejo-11'); // locked, old CSRF scheme: a valid edit is one fast write
    const page = `${h.forge.url}/owner/repo/issues/1`;
    contentScript = { id: self.id, url: page, tab: { id: 7 } };
    foreignSenders = [
      { url: page, tab: { id: 7 } }, // the forge page itself (a web page has no extension id)
      { id: 'another-extension', url: 'chrome-extension://another-extension/background.html' },
      { id: 'another-extension', url: page, tab: { id: 7 } }, // another extension's content script
      { id: 'another-extension', url: `${self.baseUrl}popup.html` }, // our URL, someone else's id
      { id: self.id, url: page }, // no tab: not a content script
      { id: self.id, url: 'file:///home/user/page.html', tab: { id: 7 } },
      { id: self.id, url: 'javascript:alert(1)', tab: { id: 7 } },
      { id: self.id },
      {},
    ];

    const issue = seedPost(h, 'issue', 'Status: draft\n\n- [ ] alpha\n\n<!-- madtea:section:notes -->\nold\n<!-- /madtea:section:notes -->\n');
    const comment = seedPost(h, 'comment', '- [ ] beta\n');
    const issueView = await h.view(issue);
    const commentView = await h.view(comment);
    const edit = (target: unknown, view: unknown, op: unknown): Json => JSON.parse(JSON.stringify({ type: 'edit', target, op, ...(view as object) })) as Json;
    valid = {
      edit: [
        edit(issue, issueView, { kind: 'task-toggle', match: 'alpha', checked: true }),
        edit(issue, issueView, { kind: 'patch', edits: [{ old: 'draft', new: 'done', replaceAll: false }] }),
        edit(issue, issueView, { kind: 'append', text: 'more' }),
        edit(issue, issueView, { kind: 'section-replace', name: 'notes', content: 'new', ensure: true }),
        edit(comment, commentView, { kind: 'task-toggle', match: 'beta', checked: true }),
      ],
      other: [
        { type: 'read-post', target: JSON.parse(JSON.stringify(issue)) as Json },
        { type: 'read-post', target: JSON.parse(JSON.stringify(comment)) as Json },
        { type: 'undo', entryId: 'some-entry' },
        { type: 'ledger', limit: 5 },
      ],
    };
  });
  afterAll(async () => {
    await h.close();
  });

  /** Runs one message from one sender; throws unless it was refused without a trace. */
  async function expectRefused(message: unknown, sender: MessageSenderLike, refusal: Mutation['refusal'] | 'any-refusal', what: string): Promise<void> {
    h.forge.clearRequests();
    const pending = handleMessage(h.engine, message, sender, self);
    const foreign = sender !== contentScript;
    if (foreign) {
      expect(pending, `${what}: a foreign sender gets no answer`).toBe(null);
    } else {
      const reply = await pending;
      const isMessageError = MessageErrorSchema.safeParse(reply).success;
      const isInvalidRejection = RejectionSchema.safeParse(reply).success && (reply as { reason: string }).reason === 'invalid';
      if (refusal === 'message-error') expect(isMessageError, `${what}: ${fc.stringify(reply).slice(0, 300)}`).toBe(true);
      else if (refusal === 'invalid-rejection') expect(isInvalidRejection, `${what}: ${fc.stringify(reply).slice(0, 300)}`).toBe(true);
      else expect(isMessageError || isInvalidRejection, `${what}: ${fc.stringify(reply).slice(0, 300)}`).toBe(true);
    }
    expect(h.forge.requests(), `${what}: no request reaches the forge`).toEqual([]);
  }

  /** Every refused message leaves the ledger empty and, a moment later, the forge untouched. */
  async function expectNoTrace(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.forge.requests()).toEqual([]);
    expect(await h.engine.ledger()).toEqual([]);
  }

  it('the detector works: the same valid edit from the content script does write, and is undone', async () => {
    const reply = await handleMessage(h.engine, valid.edit[4], contentScript, self);
    const c = confirmed(reply as Parameters<typeof confirmed>[0]);
    expect(h.writes()).toHaveLength(1);
    expect(await h.engine.ledger()).toHaveLength(1);
    // Put the post back and empty the ledger (kept in the fake browser.storage.local), so every
    // later check starts clean.
    const undone = await h.engine.undo(c.ledgerId!);
    expect(undone.ok).toBe(true);
    await fakeBrowser.storage.local.clear();
    expect(await h.engine.ledger()).toEqual([]);
    h.forge.clearRequests();
  });

  const nearMisses: [string, (m: Json) => fc.Arbitrary<Mutation>, (m: Json) => boolean][] = [
    ['a value of the wrong kind', wrongKind, () => true],
    ['an extra key', extraKey, () => true],
    ['a missing key', missingKey, () => true],
    ['a bad number (negative, zero, fractional, huge, not finite)', badNumber, hasNumber],
  ];
  for (const [name, mutate, applies] of nearMisses) {
    it(`near misses of valid messages — ${name}: refused from the content script and ignored from foreign senders`, async () => {
      const bases = [...valid.edit, ...valid.other].filter(applies);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...bases).chain((m) => mutate(m)),
          fc.nat(),
          async (mutation, pick) => {
            // Every message is refused from the content script; popup-only ones are refused
            // from it either way ('not-allowed'), so any MessageError counts.
            await expectRefused(mutation.message, contentScript, mutation.refusal, mutation.what);
            const foreign = foreignSenders[pick % foreignSenders.length]!;
            await expectRefused(mutation.message, foreign, mutation.refusal, `${mutation.what} from ${JSON.stringify(foreign)}`);
          },
        ),
        { numRuns: RUNS },
      );
      await expectNoTrace();
    });
  }

  it('near misses — a target origin that is not the forge (javascript:, file:, userinfo, paths, other hosts)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...valid.edit, ...valid.other.filter((m) => typeof m === 'object' && m !== null && 'target' in m)).chain((m) => badOrigin(m, h.forge.url)),
        async (mutation) => {
          await expectRefused(mutation.message, contentScript, 'message-error', mutation.what);
        },
      ),
      { numRuns: RUNS },
    );
    await expectNoTrace();
  });

  it('near misses — page facts whose update URL names another post, repository or origin', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...valid.edit).chain((m) => mismatchedPost(m, h.forge.url)),
        async (mutation) => {
          await expectRefused(mutation.message, contentScript, mutation.refusal, mutation.what);
        },
      ),
      { numRuns: RUNS },
    );
    await expectNoTrace();
  });

  it('arbitrary values: refused from the content script, ignored from everyone else', async () => {
    const arbitrary = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true, withSparseArray: true, withBoxedValues: true }),
      fc.jsonValue(),
      fc.record({ type: fc.constantFrom('edit', 'read-post', 'undo', 'ledger', 'status', 'write', 'EDIT', ''), target: fc.anything(), op: fc.anything() }, { requiredKeys: ['type'] }),
    );
    await fc.assert(
      fc.asyncProperty(arbitrary, fc.nat(), async (value, pick) => {
        await expectRefused(value, contentScript, 'message-error', `arbitrary ${fc.stringify(value).slice(0, 80)}`);
        await expectRefused(value, foreignSenders[pick % foreignSenders.length]!, 'message-error', 'arbitrary value, foreign sender');
      }),
      { numRuns: RUNS * 2 },
    );
    await expectNoTrace();
  });

  it('valid messages from a content script of another origin, or from foreign senders: refused', async () => {
    const otherOrigins = fc.oneof(
      fc.constantFrom('http://evil.example', `https://${new URL(h.forge.url).host}`, 'http://127.0.0.1:1', 'http://localhost', 'http://[::1]:8080'),
      fc.webUrl({ validSchemes: ['http', 'https'] }).map((u) => new URL(u).origin),
    ).filter((o) => o !== h.forge.url);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...valid.edit, ...valid.other.filter((m) => (m as { type: string }).type === 'read-post')),
        otherOrigins,
        fc.nat(),
        async (message, origin, pick) => {
          const elsewhere = { id: self.id, url: `${origin}/owner/repo/issues/1`, tab: { id: 9 } };
          h.forge.clearRequests();
          const reply = await handleMessage(h.engine, message, elsewhere, self);
          expect(reply).toMatchObject({ ok: false, reason: 'not-allowed' });
          expect(h.forge.requests()).toEqual([]);
          await expectRefused(message, foreignSenders[pick % foreignSenders.length]!, 'message-error', 'valid message, foreign sender');
        },
      ),
      { numRuns: RUNS },
    );
    await expectNoTrace();
  });

  it('messages only the extension pages may send, from the content script: not-allowed', async () => {
    for (const message of [{ type: 'ledger' }, { type: 'ledger', limit: 5 }, { type: 'status' }]) {
      h.forge.clearRequests();
      expect(await handleMessage(h.engine, message, contentScript, self)).toMatchObject({ ok: false, reason: 'not-allowed' });
    }
    await expectNoTrace();
  });

  it('an own __proto__ key (as JSON.parse makes it) is an unknown field, not a prototype', async () => {
    const smuggled = JSON.parse(`{"type":"edit","__proto__":{"admin":true},${JSON.stringify(valid.edit[0]).slice(1)}`) as unknown;
    expect(Object.prototype.hasOwnProperty.call(smuggled, '__proto__')).toBe(true);
    await expectRefused(smuggled, contentScript, 'message-error', 'own __proto__');
    await expectNoTrace();
  });
});

function hasNumber(message: Json): boolean {
  return JSON.stringify(message).match(/"(index|commentId|limit|version|contentVersion)":\d/) !== null;
}
