// The forge's other answers, against the double: a page where JSON was expected, a 400 that is
// not a conflict, an outcome that stays unclear, no permission, CRLF bodies read from /info,
// and the cost of a read in each profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../e2e/forge/api';
import type { Confirmation, EditResult, Rejection } from '../protocol/index';
import { renderResult } from '../protocol/index';
import { openForge, type Harness } from './__tests__/forge-harness';

const ALL: { name: ProfileName; locked: boolean }[] = [
  { name: 'gitea-1.22', locked: false },
  { name: 'gitea-1.23', locked: true },
  { name: 'gitea-1.24', locked: true },
  { name: 'gitea-1.26', locked: true },
  { name: 'gitea-1.27', locked: true },
  { name: 'forgejo-7', locked: false },
  { name: 'forgejo-11', locked: true },
  { name: 'forgejo-14', locked: true },
];
const CHECKLIST = '- [ ] alpha\n- [ ] beta\n';
const tickAlpha = { kind: 'task-toggle', match: 'alpha', checked: true } as const;

function rejected(result: EditResult): Rejection {
  if (result.ok) throw new Error(`expected a rejection, got: ${renderResult(result)}`);
  return result;
}
function confirmed(result: EditResult): Confirmation {
  if (!result.ok) throw new Error(`expected a confirmation, got: ${renderResult(result)} (${result.detail})`);
  return result;
}

describe.each(ALL)('forge answers on $name', ({ name, locked }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openForge(name);
  });
  afterAll(async () => {
    await h.close();
  });

  it('an HTML page instead of JSON: read back, found unwritten, reported, not re-sent', async () => {
    const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
    const view = await h.view(target);
    h.forge.inject({ fault: { kind: 'html-instead-of-json' } });
    h.forge.clearRequests();
    const r = rejected(await h.edit(target, tickAlpha, view));
    h.forge.clearFaults();
    expect(r.reason).toBe('bad-answer');
    expect(r.liveBody).toBe(CHECKLIST);
    expect(h.writes()).toHaveLength(1);
    expect(h.forge.post(h.ref(target))).toMatchObject({ body: CHECKLIST, version: 0 });
    expect(h.forge.post(h.ref(target)).attachments).toHaveLength(1);
  });

  it('a 400 that is not a version conflict is reported as refused, not retried', async () => {
    const target = h.seedIssue(CHECKLIST);
    const view = await h.view(target);
    h.forge.inject({ fault: { kind: 'error-before-write', status: 400 } });
    h.forge.clearRequests();
    const r = rejected(await h.edit(target, tickAlpha, view));
    h.forge.clearFaults();
    expect(r.reason).toBe('refused');
    expect(h.writes()).toHaveLength(1);
    expect(h.forge.requests()).toHaveLength(2); // locked: write + re-read; unlocked: read + write
    expect(h.forge.post(h.ref(target)).body).toBe(CHECKLIST);
  });

  it('no permission: forbidden, nothing written', async () => {
    const reader = await openForge(name, { user: 'reader' });
    try {
      const target = reader.seedIssue(CHECKLIST);
      const view = await reader.view(target);
      reader.forge.clearRequests();
      const r = rejected(await reader.edit(target, tickAlpha, view));
      expect(r.reason).toBe('forbidden');
      expect(reader.forge.post(reader.ref(target)).body).toBe(CHECKLIST);
      expect(reader.writes().length).toBeLessThanOrEqual(1);
    } finally {
      await reader.close();
    }
  });

  it('read-post: the live body and version at the cost of one request', async () => {
    const issue = h.seedIssue('line one\r\nline two\r\n');
    const comment = h.seedComment(issue.index, 'a comment');
    h.forge.setBody(h.ref(comment), 'a comment, edited');
    for (const [target, body, version] of [
      [issue, 'line one\r\nline two\r\n', 0],
      [comment, 'a comment, edited', 1],
    ] as const) {
      h.forge.clearRequests();
      const read = await h.engine.readPost(target);
      expect(read).toMatchObject({ ok: true, locked, version: locked ? version : null });
      if (!read.ok) return;
      // Only /info (Gitea ≥1.26 descriptions) keeps the stored CRLF; the page is LF-normalized.
      const viaInfo = h.forge.requests().some((r) => r.route === 'issue-info');
      expect(read.body).toBe(viaInfo ? body : body.replace(/\r\n/g, '\n'));
      expect(viaInfo).toBe(target.kind === 'issue' && (name === 'gitea-1.26' || name === 'gitea-1.27'));
      // The first read on a forge without page hints may try /info once before learning it has no version.
      expect(h.forge.requests().length).toBeLessThanOrEqual(2);
    }
    h.forge.clearRequests();
    await h.engine.readPost(issue);
    expect(h.forge.requests()).toHaveLength(1);
  });

  if (locked) {
    it('a post that holds no text answers 204: no-content', async () => {
      const parent = h.seedIssue('parent');
      const { commentId } = h.forge.seedComment({ index: parent.index, body: '', kind: 'event' });
      const target = { ...parent, kind: 'comment' as const, commentId };
      const facts = { updateUrl: `/owner/repo/comments/${commentId}`, context: '/owner/repo', contentVersion: 0, csrfToken: h.forge.csrfToken?.('owner') ?? null, forge: null, forgeVersion: null };
      h.forge.clearRequests();
      const r = rejected(await h.engine.edit({ target, op: { kind: 'append', text: 'note' }, seen: { body: '', version: 0 }, facts }));
      expect(r.reason).toBe('no-content');
      expect(h.writes().map((w) => w.status)).toEqual([204]);
    });

    it('an outcome that stays unclear is reported with both bodies', async () => {
      const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
      const view = await h.view(target);
      h.forge.clearRequests();
      h.forge.inject({ fault: { kind: 'error-after-write' } });
      // The read-back is held up while another writer changes the body after our write landed.
      h.forge.inject({ fault: { kind: 'delay', ms: 300 }, method: 'GET', path: `/issues/${target.index}` });
      const theirs = `${CHECKLIST.replace('- [ ] alpha', '- [x] alpha')}someone else's line\n`;
      const racing = (async () => {
        while (!h.forge.requests().some((r) => r.method === 'POST')) await new Promise((resolve) => setTimeout(resolve, 2));
        h.forge.setBody(h.ref(target), theirs);
      })();
      const r = rejected(await h.edit(target, tickAlpha, view));
      await racing;
      h.forge.clearFaults();
      expect(r.reason).toBe('unknown-outcome');
      expect(r.sentBody).toBe(CHECKLIST.replace('- [ ] alpha', '- [x] alpha'));
      expect(r.liveBody).toBe(theirs);
      expect(h.writes()).toHaveLength(1);
      expect(renderResult(r)).toContain('may or may not have landed');
    });
  }

  if (name === 'gitea-1.26') {
    it('a CRLF description re-read through /info stays CRLF', async () => {
      const target = h.seedIssue('- [ ] alpha\r\n- [ ] beta\r\n', { attachments: ['screenshot.png'] });
      const view = await h.view(target);
      expect(view.seen.body).toBe(CHECKLIST); // the page shows it LF-normalized
      h.forge.setBody(h.ref(target), '- [ ] alpha\r\n- [x] beta\r\n');
      h.forge.clearRequests();
      const c = confirmed(await h.edit(target, tickAlpha, view));
      expect(c.rebased).toBe(true);
      expect(h.forge.post(h.ref(target)).body).toBe('- [x] alpha\r\n- [x] beta\r\n');
      expect(h.forge.requests().map((r) => r.route)).toEqual(['issue-content', 'issue-info', 'issue-content']);
    });
  }
});
