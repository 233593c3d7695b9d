// The web write routes (forge-facts §1): fields, compare-and-swap per profile, refusals and
// their shapes, the attachment trap, permissions, and the comment version rules per release.

import { describe, expect, it } from 'vitest';
import type { ForgeDouble, ProfileName } from './api';
import { PROFILE_NAMES, PROFILES } from './profiles';
import { attr, LOCK_PROFILES, NO_LOCK_PROFILES, parseHtml, postForm, querySelectorAll, withForge } from './test-support';

const CONTENT = '/owner/repo/issues/1/content';

function seedIssue(double: ForgeDouble, body = '- [ ] a\n- [ ] b\n', extra: { attachments?: string[]; isPull?: boolean } = {}) {
  return double.seedIssue({ body, title: 'T', ...extra });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

describe.each(PROFILE_NAMES)('web writes on %s', (profileName: ProfileName) => {
  const profile = PROFILES[profileName];

  it('writes the description and answers 200 JSON with rendered content, attachments and (with a lock) the new version', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double);
      const response = await postForm(double, CONTENT, { content: '- [x] a\n- [ ] b\n', content_version: '0', context: '/owner/repo', ignore_attachments: 'true' });
      expect(response.status).toBe(200);
      const answer = await json(response);
      expect(Object.keys(answer).sort()).toEqual(profile.lock ? ['attachments', 'content', 'contentVersion'] : ['attachments', 'content']);
      if (profile.lock) expect(answer.contentVersion).toBe(1);
      expect(answer.attachments).toBe('');
      // Fresh positions: they point into the body just written.
      const inputs = querySelectorAll(parseHtml(String(answer.content)), 'li.task-list-item > input');
      expect(inputs.map((i) => [attr(i, 'data-source-position'), attr(i, 'checked')])).toEqual([['2', ''], ['10', null]]);
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: '- [x] a\n- [ ] b\n', version: 1 });
    });
  });

  it('accepts multipart/form-data as well as url-encoded forms', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double);
      const response = await postForm(double, CONTENT, { content: 'multipart body', content_version: '0', ignore_attachments: 'true' }, { multipart: true });
      expect(response.status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('multipart body');
    });
  });

  it('reads a JSON body as no fields at all, so the description is emptied (content missing)', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double);
      const cookie = double.sessionCookie('owner');
      const token = double.csrfToken?.('owner');
      const response = await fetch(double.url + CONTENT, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...(token ? { 'x-csrf-token': token } : {}) },
        body: JSON.stringify({ content: 'ignored', content_version: 0 }),
      });
      expect(response.status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('');
    });
  });

  it('empties the body when the content field is missing', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'precious text');
      const response = await postForm(double, CONTENT, { content_version: '0', ignore_attachments: 'true' });
      expect(response.status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('');
      const answer = await json(response);
      // Gitea ≥1.26 answers the "no content" placeholder for an empty description; older releases answer "".
      if (profile.emptyDescriptionAnswerIsNoContent) expect(answer.content).toMatch(/^<span class="no-content">.+<\/span>$/);
      else expect(answer.content).toBe('');
    });
  });

  it('deletes every attachment not listed in files[] unless ignore_attachments is true (the trap)', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'body', { attachments: ['keep.txt', 'lose.txt'] });
      const [keep, lose] = double.post({ kind: 'issue', index: 1 }).attachments;
      let version = 0;

      // ignore_attachments=true (or any ParseBool truth such as 1): nothing is touched.
      for (const flag of ['true', '1']) {
        const r = await postForm(double, CONTENT, { content: 'body', content_version: String(version), ignore_attachments: flag });
        expect(r.status).toBe(200);
        version += 1;
        expect(double.post({ kind: 'issue', index: 1 }).attachments).toHaveLength(2);
      }

      // Without the flag (or with a value ParseBool rejects), only the listed UUIDs survive.
      const partial = await postForm(double, CONTENT, { content: 'body', content_version: String(version), ignore_attachments: 'yes', 'files[]': [keep!.uuid] });
      expect(partial.status).toBe(200);
      version += 1;
      expect(double.post({ kind: 'issue', index: 1 }).attachments).toEqual([keep]);
      expect((await fetch(`${double.url}/attachments/${lose!.uuid}`)).status).toBe(404); // the stored file is gone too
      expect((await fetch(`${double.url}/attachments/${keep!.uuid}`)).status).toBe(200);

      const none = await postForm(double, CONTENT, { content: 'body', content_version: String(version) });
      expect(none.status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).attachments).toEqual([]);
    });
  });

  it('lets writers and the poster edit, and answers 403 to readers and outsiders', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'by owner');
      const own = double.seedIssue({ body: 'by reader', poster: 'reader' });
      for (const user of ['reader', 'outsider'] as const) {
        const r = await postForm(double, CONTENT, { content: 'x', content_version: '0', ignore_attachments: 'true' }, { as: user });
        expect(r.status).toBe(403);
        expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      }
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('by owner');
      const byWriter = await postForm(double, CONTENT, { content: 'by writer', content_version: '0', ignore_attachments: 'true' }, { as: 'writer' });
      expect(byWriter.status).toBe(200);
      const byPoster = await postForm(double, `/owner/repo/issues/${own.index}/content`, { content: 'mine', content_version: '0', ignore_attachments: 'true' }, { as: 'reader' });
      expect(byPoster.status).toBe(200);
    });
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'x');
      // An anonymous visitor's token comes from a page rendered without a session.
      const loginPage = parseHtml(await (await fetch(double.url + '/user/login')).text());
      const anonymousToken = attr(querySelectorAll(loginPage, 'input[name=_csrf]')[0] ?? { nodeName: 'none' }, 'value');
      expect(anonymousToken !== null).toBe(profile.writeProtection === 'token');
      const r = await postForm(double, CONTENT, { content: 'y' }, { as: null, csrf: anonymousToken ? { header: anonymousToken } : 'none' });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/user/login?redirect_to=${encodeURIComponent(CONTENT)}`);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('x');
    });
  });

  it('answers 404 for a deleted or unknown post', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'x');
      const { commentId } = double.seedComment({ index: 1, body: 'c' });
      double.deletePost({ kind: 'comment', commentId });
      expect((await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'y' })).status).toBe(404);
      expect((await postForm(double, '/owner/repo/comments/999999', { content: 'y' })).status).toBe(404);
      double.deletePost({ kind: 'issue', index: 1 });
      const gone = await postForm(double, CONTENT, { content: 'y' });
      expect(gone.status).toBe(404);
      expect(await gone.text()).toBe('Not found.\n');
    });
  });

  it('answers 404 for a comment addressed through another repository', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'x', owner: 'other', repo: 'thing' });
      seedIssue(double, 'y');
      const { commentId } = double.seedComment({ owner: 'other', repo: 'thing', index: 1, body: 'c' });
      expect((await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'z', content_version: '0' })).status).toBe(404);
      expect((await postForm(double, `/other/thing/comments/${commentId}`, { content: 'z', content_version: '0', ignore_attachments: 'true' })).status).toBe(200);
    });
  });

  it('answers 204 for a comment type that holds no text', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'x');
      const { commentId } = double.seedComment({ index: 1, body: '', kind: 'event' });
      const r = await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'text', content_version: '0' });
      expect(r.status).toBe(204);
      expect(await r.text()).toBe('');
    });
  });

  it('answers a comment write with the rendered comment, and the placeholder for an empty one', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'x');
      const { commentId } = double.seedComment({ index: 1, body: '- [ ] c', poster: 'writer' });
      const r = await postForm(double, `/owner/repo/comments/${commentId}`, { content: '', content_version: '0', ignore_attachments: 'true' }, { as: 'writer' });
      expect(r.status).toBe(200);
      const answer = await json(r);
      expect(answer.content).toMatch(/^<span class="no-content">/);
      expect(double.post({ kind: 'comment', commentId }).body).toBe('');
    });
  });

  it('writes a pull request description through the /issues/ URL and the /pulls/ URL', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const pull = seedIssue(double, 'pr body', { isPull: true });
      expect((await postForm(double, `/owner/repo/issues/${pull.index}/content`, { content: 'one', content_version: '0', ignore_attachments: 'true' })).status).toBe(200);
      expect((await postForm(double, `/owner/repo/pulls/${pull.index}/content`, { content: 'two', content_version: '1', ignore_attachments: 'true' })).status).toBe(200);
      expect(double.post({ kind: 'issue', index: pull.index }).body).toBe('two');
    });
  });
});

describe.each(LOCK_PROFILES)('compare-and-swap on %s', (profileName) => {
  it('refuses a stale description version with a 400 JSON refusal and writes nothing', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'original');
      double.setBody({ kind: 'issue', index: 1 }, 'changed elsewhere'); // version 1
      const r = await postForm(double, CONTENT, { content: 'mine', content_version: '0', ignore_attachments: 'true' });
      expect(r.status).toBe(400);
      const answer = await json(r);
      expect(Object.keys(answer).sort()).toEqual(['errorMessage', 'renderFormat']);
      expect(answer.renderFormat).toBe('html');
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'changed elsewhere', version: 1 });
      const ok = await postForm(double, CONTENT, { content: 'mine', content_version: '1', ignore_attachments: 'true' });
      expect(ok.status).toBe(200);
      expect((await json(ok)).contentVersion).toBe(2);
    });
  });

  it('reads a missing or non-numeric content_version as 0 (refused once the post was edited)', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'v0');
      expect((await postForm(double, CONTENT, { content: 'first', ignore_attachments: 'true' })).status).toBe(200); // 0 === 0
      expect((await postForm(double, CONTENT, { content: 'second', ignore_attachments: 'true' })).status).toBe(400);
      expect((await postForm(double, CONTENT, { content: 'second', content_version: 'abc', ignore_attachments: 'true' })).status).toBe(400);
      expect((await postForm(double, CONTENT, { content: 'second', content_version: '1.0', ignore_attachments: 'true' })).status).toBe(400);
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'first', version: 1 });
    });
  });

  it('localizes the refusal text in the user language with an identical JSON shape', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'x');
      const pull = seedIssue(double, 'p', { isPull: true });
      const { commentId } = double.seedComment({ index: 1, body: 'c' });
      double.setBody({ kind: 'issue', index: 1 }, 'y');
      double.setBody({ kind: 'issue', index: pull.index }, 'q');
      double.setBody({ kind: 'comment', commentId }, 'd');
      const messages: Record<string, string[]> = {};
      for (const language of ['en-US', 'de-DE', 'fr-FR'] as const) {
        double.setLanguage(language);
        const answers = [
          await postForm(double, CONTENT, { content: 'z', content_version: '0' }),
          await postForm(double, `/owner/repo/issues/${pull.index}/content`, { content: 'z', content_version: '0' }),
          await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'z', content_version: '0' }),
        ];
        messages[language] = [];
        for (const a of answers) {
          expect(a.status).toBe(400);
          const body = await json(a);
          expect(Object.keys(body).sort()).toEqual(['errorMessage', 'renderFormat']);
          expect(body.renderFormat).toBe('html');
          messages[language]!.push(String(body.errorMessage));
        }
      }
      const all = Object.values(messages).flat();
      expect(new Set(all).size).toBe(9); // three languages × issue, pull request, comment
      expect(messages['de-DE']![0]).toMatch(/Issue/);
      expect(messages['fr-FR']![2]).toMatch(/commentaire/);
    });
  });
});

describe.each(NO_LOCK_PROFILES)('no lock on %s', (profileName) => {
  it('ignores content_version: the last write wins', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedIssue(double, 'original');
      const { commentId } = double.seedComment({ index: 1, body: 'c' });
      double.setBody({ kind: 'issue', index: 1 }, 'changed elsewhere');
      double.setBody({ kind: 'comment', commentId }, 'changed elsewhere');
      expect((await postForm(double, CONTENT, { content: 'mine', content_version: '0', ignore_attachments: 'true' })).status).toBe(200);
      expect((await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'mine', content_version: '0', ignore_attachments: 'true' })).status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('mine');
      expect(double.post({ kind: 'comment', commentId }).body).toBe('mine');
    });
  });
});

describe('comment version rules per release', () => {
  const cases: { profile: ProfileName; staleUnchanged: number; currentUnchangedBumps: boolean }[] = [
    { profile: 'gitea-1.23', staleUnchanged: 400, currentUnchangedBumps: true },
    { profile: 'gitea-1.24', staleUnchanged: 400, currentUnchangedBumps: false },
    { profile: 'gitea-1.26', staleUnchanged: 400, currentUnchangedBumps: false },
    { profile: 'gitea-1.27', staleUnchanged: 400, currentUnchangedBumps: false },
    { profile: 'forgejo-11', staleUnchanged: 400, currentUnchangedBumps: true },
    { profile: 'forgejo-14', staleUnchanged: 400, currentUnchangedBumps: true },
  ];

  it.each(cases)('$profile: unchanged text with the current version bumps = $currentUnchangedBumps', async ({ profile, currentUnchangedBumps }) => {
    await withForge({ profile }, async (double) => {
      seedIssue(double, 'x');
      const { commentId } = double.seedComment({ index: 1, body: 'same text' });
      const r = await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'same text', content_version: '0', ignore_attachments: 'true' });
      expect(r.status).toBe(200);
      const expected = currentUnchangedBumps ? 1 : 0;
      expect((await json(r)).contentVersion).toBe(expected);
      expect(double.post({ kind: 'comment', commentId }).version).toBe(expected);
    });
  });

  it.each(cases)('$profile: unchanged text with a stale version answers $staleUnchanged', async ({ profile, staleUnchanged }) => {
    await withForge({ profile }, async (double) => {
      seedIssue(double, 'x');
      const { commentId } = double.seedComment({ index: 1, body: 'before' });
      double.setBody({ kind: 'comment', commentId }, 'same text'); // version 1
      const r = await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'same text', content_version: '0', ignore_attachments: 'true' });
      expect(r.status).toBe(staleUnchanged);
      expect(double.post({ kind: 'comment', commentId }).version).toBe(1);
    });
  });

  it.each(cases)('$profile: a changed comment with a stale version is refused and kept', async ({ profile }) => {
    await withForge({ profile }, async (double) => {
      seedIssue(double, 'x');
      const { commentId } = double.seedComment({ index: 1, body: 'before' });
      double.setBody({ kind: 'comment', commentId }, 'theirs');
      const stale = await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'mine', content_version: '0', ignore_attachments: 'true' });
      expect(stale.status).toBe(400);
      expect(double.post({ kind: 'comment', commentId }).body).toBe('theirs');
      const fresh = await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'mine', content_version: '1', ignore_attachments: 'true' });
      expect(fresh.status).toBe(200);
      expect((await json(fresh)).contentVersion).toBe(2);
    });
  });

  it('writes a review comment through the comment route', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      const pull = seedIssue(double, 'pr', { isPull: true });
      const { commentId } = double.seedComment({ index: pull.index, body: '- [ ] fix', review: true });
      const r = await postForm(double, `/owner/repo/comments/${commentId}`, { content: '- [x] fix', content_version: '0', ignore_attachments: 'true' });
      expect(r.status).toBe(200);
      expect(double.post({ kind: 'comment', commentId }).body).toBe('- [x] fix');
    });
  });
});
