// Bad input through the engine against the forge double: the same awkward bodies and op
// fields as bad-input-apply-op.test.ts, now read from the issue page, written over HTTP and
// checked in the double's store. Each case ends in a correct Confirmation (the stored body is
// exactly the one expected) or a clear Rejection with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOp } from '../../src/protocol/index';
import { renderResult } from '../../src/protocol/index';
import {
  checkWrites,
  confirmed,
  expectTruthfulConfirmation,
  openForge,
  OpenPage,
  rejected,
  seedPost,
  stored,
  type Harness,
  type ProfileTraits,
} from './support';

const tick = (match: string): BodyOp => ({ kind: 'task-toggle', match, checked: true });
const START = '<!-- madtea:section:status -->';
const END = '<!-- /madtea:section:status -->';

const PROFILES: ProfileTraits[] = [
  { name: 'gitea-1.26', locked: true, token: false }, // descriptions re-read through /info (stored bytes)
  { name: 'forgejo-11', locked: true, token: true }, // re-read from the page (LF-normalized)
  { name: 'gitea-1.22', locked: false, token: true },
];

describe.each(PROFILES)('bad input through the engine on $name', ({ name, locked }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openForge(name);
  });
  afterAll(async () => {
    await h.close();
  });

  /** Seeds a post with `body`, loads its page, and edits it from there on a clean request log. */
  async function editFresh(body: string, op: BodyOp, kind: 'issue' | 'comment' = 'issue') {
    const target = seedPost(h, kind, body);
    const page = await OpenPage.load(h, target);
    h.forge.clearRequests();
    return { target, result: await page.edit(op) };
  }

  describe('an empty body', () => {
    for (const kind of ['issue', 'comment'] as const) {
      it(`${kind}: append writes the text as the whole body; a tick drifts without a request`, async () => {
        const { target, result } = await editFresh('', { kind: 'append', text: 'first words' }, kind);
        expectTruthfulConfirmation(h, target, confirmed(result), locked);
        expect(stored(h, target)).toBe('first words');
        expect(checkWrites(h, target)).toHaveLength(1);

        const empty = seedPost(h, kind, '');
        const emptyPage = await OpenPage.load(h, empty);
        h.forge.clearRequests();
        expect(rejected(await emptyPage.edit(tick('anything'))).reason).toBe('drifted');
        expect(h.forge.requests()).toHaveLength(0);
      });
    }

    it('ensure adds a section as the whole body', async () => {
      const { target, result } = await editFresh('', { kind: 'section-replace', name: 'status', content: 'ok', ensure: true });
      expectTruthfulConfirmation(h, target, confirmed(result), locked);
      expect(stored(h, target)).toBe(`${START}\nok\n${END}`);
    });
  });

  describe('a body of exactly maxBodyBytes, and one byte over', () => {
    // Default policy: 1 MiB. Two-byte and four-byte characters make the count a byte count.
    const limit = 1024 * 1024;
    const base = `${'ä'.repeat(200_000)}\n- [ ] alpha\n`; // 400,012 bytes
    const baseBytes = Buffer.byteLength(base);
    // Appending to a body that ends in one line break adds one more, then the text.
    const fill = (bytes: number) => `${'€'.repeat(Math.floor(bytes / 3))}${'x'.repeat(bytes % 3)}`;
    const exact = fill(limit - baseBytes - 1);

    it('exactly at the limit: written, byte for byte', async () => {
      expect(h.policy.maxBodyBytes).toBe(limit);
      const { target, result } = await editFresh(base, { kind: 'append', text: exact });
      const c = confirmed(result);
      expect(Buffer.byteLength(c.body)).toBe(limit);
      expect(stored(h, target)).toBe(`${base}\n${exact}`);
      expectTruthfulConfirmation(h, target, c, locked);
    });

    it('one byte over: too-large, and not one request', async () => {
      const { target, result } = await editFresh(base, { kind: 'append', text: `${exact}x` });
      const r = rejected(result);
      expect(r.reason).toBe('too-large');
      expect(r.detail).toBe(`${limit + 1} bytes, limit ${limit}`);
      expect(h.forge.requests()).toHaveLength(0);
      expect(stored(h, target)).toBe(base);
    });

    it('over only on the live body (another writer grew it): too-large, nothing of ours stored', async () => {
      const target = seedPost(h, 'issue', base);
      const page = await OpenPage.load(h, target);
      const theirs = `${base}${'y'.repeat(100)}\n`;
      h.forge.setBody(h.ref(target), theirs);
      h.forge.clearRequests();
      const r = rejected(await page.edit({ kind: 'append', text: exact }));
      expect(r.reason).toBe(locked ? 'too-large' : 'no-lock-changed');
      expect(stored(h, target)).toBe(theirs);
      expect(checkWrites(h, target).every((w) => w.status !== 200)).toBe(true);
    });
  });

  describe('CRLF bodies', () => {
    const crlf = 'Status: draft\r\nOwner: me\r\n\r\n- [ ] alpha\r\n- [ ] beta\r\n';

    it('a tick from a current page: the page shows LF, and the body is written back as the page shows it', async () => {
      const { target, result } = await editFresh(crlf, tick('alpha'));
      const c = confirmed(result);
      // The issue page cannot carry CRLF (the HTML parser turns it into LF), so what the page
      // shows — and what the fast path writes, as the forge's own widget does — is the LF text.
      expect(stored(h, target)).toBe(crlf.replaceAll('\r\n', '\n').replace('[ ] alpha', '[x] alpha'));
      expectTruthfulConfirmation(h, target, c, locked);
    });

    it('a multi-line patch from the page on a stale CRLF body: applied, not refused as drifted', async () => {
      const target = seedPost(h, 'issue', crlf);
      const page = await OpenPage.load(h, target);
      const theirs = crlf.replace('[ ] beta', '[x] beta');
      h.forge.setBody(h.ref(target), theirs);
      h.forge.clearRequests();
      const result = await page.edit({ kind: 'patch', edits: [{ old: 'Status: draft\nOwner: me', new: 'Status: done\nOwner: you' }] });
      if (!locked) {
        expect(rejected(result).reason).toBe('no-lock-changed');
        return;
      }
      const c = confirmed(result);
      expect(c.rebased).toBe(true);
      const body = stored(h, target);
      // Re-read through /info the body keeps its CRLF; re-read from the page it is LF.
      const live = name === 'gitea-1.26' ? theirs : theirs.replaceAll('\r\n', '\n');
      expect(body).toBe(live.replace(/Status: draft(\r?\n)Owner: me/, 'Status: done$1Owner: you'));
      expectTruthfulConfirmation(h, target, c, locked);
    });
  });

  describe('NUL bytes and lone surrogates', () => {
    it('NUL in an op field is written and stored exactly', async () => {
      const { target, result } = await editFresh('- [ ] alpha\n', { kind: 'append', text: 'a\0b' });
      const c = confirmed(result);
      expect(stored(h, target)).toBe('- [ ] alpha\n\na\0b');
      expectTruthfulConfirmation(h, target, c, locked);
    });

    it('NUL in a stored body: the page shows U+FFFD (as the forge renders it), and that is what an edit starts from', async () => {
      const { target, result } = await editFresh('n\0l\n- [ ] alpha\n', tick('alpha'));
      const c = confirmed(result);
      expect(stored(h, target)).toBe('n\uFFFDl\n- [x] alpha\n');
      expectTruthfulConfirmation(h, target, c, locked);
    });

    it('a lone surrogate in a stored body: the page shows U+FFFD (UTF-8 cannot carry it), and that is what an edit starts from', async () => {
      const { target, result } = await editFresh('half \uD800 pair\n- [ ] alpha\n', tick('alpha'));
      const c = confirmed(result);
      expect(stored(h, target)).toBe('half \uFFFD pair\n- [x] alpha\n');
      expectTruthfulConfirmation(h, target, c, locked);
    });

    it('a lone surrogate in the body a message says the page showed: invalid, nothing sent', async () => {
      const target = seedPost(h, 'issue', '- [ ] alpha\n');
      const view = await h.view(target);
      h.forge.clearRequests();
      const r = rejected(await h.engine.edit({ target, op: tick('alpha'), seen: { ...view.seen, body: 'note \uDFFF\n- [ ] alpha\n' }, facts: view.facts }));
      expect(r.reason).toBe('invalid');
      expect(r.detail).toContain('lone surrogate');
      expect(h.forge.requests()).toHaveLength(0);
      expect(stored(h, target)).toBe('- [ ] alpha\n');
    });

    it('a lone surrogate in inserted text: invalid, nothing sent (the forge would store U+FFFD instead)', async () => {
      for (const op of [
        { kind: 'append', text: 'x\uD800y' },
        { kind: 'patch', edits: [{ old: 'alpha', new: 'al\uDC00pha' }] },
        { kind: 'section-replace', name: 'status', content: '\uD83D', ensure: true },
      ] satisfies BodyOp[]) {
        const { target, result } = await editFresh('- [ ] alpha 😀\n', op);
        const r = rejected(result);
        expect(r.reason, op.kind).toBe('invalid');
        expect(renderResult(r)).toContain('the edit is malformed');
        expect(h.forge.requests()).toHaveLength(0);
        expect(stored(h, target)).toBe('- [ ] alpha 😀\n');
      }
    });

    it('a patch that would split a surrogate pair: invalid, nothing sent', async () => {
      const { target, result } = await editFresh('smile 😀\n', { kind: 'patch', edits: [{ old: '\uD83D', new: 'X' }] });
      expect(rejected(result).reason).toBe('invalid');
      expect(h.forge.requests()).toHaveLength(0);
      expect(stored(h, target)).toBe('smile 😀\n');
    });

    it('a lone surrogate only in an anchor: it matches nothing, drifted, nothing sent', async () => {
      const { result } = await editFresh('- [ ] alpha\n', tick('alpha\uD800'));
      expect(rejected(result).reason).toBe('drifted');
      expect(h.forge.requests()).toHaveLength(0);
    });
  });

  it('section markers inside a code fence are left alone; the real section is rewritten', async () => {
    const example = '```markdown\n' + `${START}\nexample\n${END}\n` + '```\n';
    const body = `Docs:\n\n${example}\n${START}\nreal\n${END}\n`;
    const { target, result } = await editFresh(body, { kind: 'section-replace', name: 'status', content: 'rewritten\nin two lines' });
    expectTruthfulConfirmation(h, target, confirmed(result), locked);
    expect(stored(h, target)).toBe(body.replace('real\n', 'rewritten\nin two lines\n'));
    expect(checkWrites(h, target)).toHaveLength(1);
  });

  it('5,000 checkboxes: tick the last, then the first — one write each, exact bodies', async () => {
    const body = Array.from({ length: 5000 }, (_, i) => `- [ ] item ${String(i + 1).padStart(4, '0')}\n`).join('');
    const target = seedPost(h, 'issue', body);
    const page = await OpenPage.load(h, target);
    h.forge.clearRequests();
    const last = confirmed(await page.edit(tick('item 5000')));
    expect(stored(h, target)).toBe(body.replace('- [ ] item 5000', '- [x] item 5000'));
    expectTruthfulConfirmation(h, target, last, locked);
    const first = confirmed(await page.edit(tick('item 0001')));
    expect(stored(h, target)).toBe(body.replace('- [ ] item 5000', '- [x] item 5000').replace('- [ ] item 0001', '- [x] item 0001'));
    expectTruthfulConfirmation(h, target, first, locked);
    expect(checkWrites(h, target).map((w) => w.status)).toEqual([200, 200]);
    expect(first.flips).toEqual([{ label: 'item 0001', checked: true }]);
  });

  describe('hostile markdown', () => {
    const hostile = [
      '<script>alert(document.cookie)</script>',
      '<img src=x onerror="alert(1)">',
      '[click me](javascript:alert(1)) and <a href="javascript:void(0)">raw</a>',
      '</div></textarea><iframe src="https://evil.example"></iframe>',
      '&lt;script&gt; &amp;amp; &#x3C; "quotes" \'single\'',
      '- [ ] <b onclick="x()">bold</b> task',
      '',
    ].join('\n');

    for (const kind of ['issue', 'comment'] as const) {
      it(`${kind}: raw HTML, script and javascript: links survive a tick byte for byte`, async () => {
        const { target, result } = await editFresh(hostile, tick('bold</b> task'), kind);
        const c = confirmed(result);
        expect(stored(h, target)).toBe(hostile.replace('- [ ] <b', '- [x] <b'));
        expectTruthfulConfirmation(h, target, c, locked);
      });
    }

    it('an op carrying a script and a javascript: link is stored as text, exactly', async () => {
      const text = '<script>alert(1)</script> [x](javascript:alert(2))';
      const { target, result } = await editFresh('- [ ] alpha\n', { kind: 'append', text });
      expectTruthfulConfirmation(h, target, confirmed(result), locked);
      expect(stored(h, target)).toBe(`- [ ] alpha\n\n${text}`);
    });

    it('a 1 MB single line: a tick after it and a patch inside it, exactly', async () => {
      const line = `${'a'.repeat(500_000)}NEEDLE${'b'.repeat(500_000)}`;
      const body = `${line}\n- [ ] after the long line\n`;
      const target = seedPost(h, 'issue', body);
      const page = await OpenPage.load(h, target);
      h.forge.clearRequests();
      confirmed(await page.edit(tick('after the long line')));
      const c = confirmed(await page.edit({ kind: 'patch', edits: [{ old: 'NEEDLE', new: 'pin' }] }));
      expect(stored(h, target)).toBe(`${line.replace('NEEDLE', 'pin')}\n- [x] after the long line\n`);
      expectTruthfulConfirmation(h, target, c, locked);
      expect(checkWrites(h, target)).toHaveLength(2);
    });
  });
});
