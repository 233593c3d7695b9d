// Reading a post's live state (forge-facts §2): the web /info route per release, and the REST
// API — token-only, with content_version checks only on Gitea ≥1.26, attachment uploads that
// bump the version, and the seeding routes a real-forge driver shares with the double.

import { describe, expect, it } from 'vitest';
import type { ForgeDouble, ProfileName } from './api';
import { PROFILE_NAMES, PROFILES } from './profiles';
import { getAs, withForge } from './test-support';

function api(double: ForgeDouble, path: string, init: { method?: string; token?: string | null; cookie?: string; json?: unknown; body?: BodyInit } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `token ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${double.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

describe.each(PROFILE_NAMES)('GET /info on %s', (profileName: ProfileName) => {
  const profile = PROFILES[profileName];

  it('answers the shape this release answers, with the body as stored (CRLF kept)', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'line one\r\n- [ ] two\r\n' });
      double.setBody({ kind: 'issue', index: 1 }, 'line one\r\n- [x] two\r\n'); // version 1
      const r = await getAs(double, '/owner/repo/issues/1/info');
      expect(r.status).toBe(200);
      const json = (await r.json()) as Record<string, unknown>;
      if (profile.infoShape === 'bare-issue') {
        expect(json.body).toBe('line one\r\n- [x] two\r\n');
        expect(json.number).toBe(1);
        expect('content_version' in json).toBe(false);
        expect('convertedIssue' in json).toBe(false);
      } else {
        expect(Object.keys(json).sort()).toEqual(['convertedIssue', 'renderedLabels']);
        const converted = json.convertedIssue as Record<string, unknown>;
        expect(converted.body).toBe('line one\r\n- [x] two\r\n');
        if (profile.infoShape === 'wrapped-with-version') expect(converted.content_version).toBe(1);
        else expect('content_version' in converted).toBe(false);
      }
    });
  });

  it('answers for a pull request under /pulls/ and /issues/ alike, and 404 once deleted', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'pr', isPull: true });
      expect((await getAs(double, '/owner/repo/pulls/1/info')).status).toBe(200);
      expect((await getAs(double, '/owner/repo/issues/1/info')).status).toBe(200);
      double.deletePost({ kind: 'issue', index: 1 });
      expect((await getAs(double, '/owner/repo/issues/1/info')).status).toBe(404);
    });
  });
});

describe.each(PROFILE_NAMES)('REST API on %s', (profileName: ProfileName) => {
  const profile = PROFILES[profileName];

  it('carries content_version in issue JSON only on Gitea ≥1.26', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'x' });
      const json = (await (await api(double, '/repos/owner/repo/issues/1')).json()) as Record<string, unknown>;
      expect('content_version' in json).toBe(profile.apiContentVersion);
      expect(json.body).toBe('x');
    });
  });

  it('ignores the session cookie: reads are anonymous and writes need a token', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'x' });
      const cookie = double.sessionCookie('owner');
      expect((await api(double, '/repos/owner/repo/issues/1', { cookie })).status).toBe(200);
      const withCookie = await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', cookie, json: { body: 'y' } });
      expect(withCookie.status).toBe(401);
      expect(double.requests().at(-1)?.user).toBeNull();
      expect((await api(double, '/user', { cookie })).status).toBe(401);
      expect((await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', token: 'not-a-token', json: { body: 'y' } })).status).toBe(401);
      const ok = await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', token: double.apiToken('owner'), json: { body: 'y' } });
      expect(ok.status).toBe(201);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('y');
      const me = (await (await api(double, '/user', { token: double.apiToken('writer') })).json()) as { login: string };
      expect(me.login).toBe('writer');
    });
  });

  it('checks content_version on PATCH only where the release has it (409 when stale, nothing changed)', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.setBody({ kind: 'issue', index: 1 }, 'theirs'); // version 1
      const token = double.apiToken('owner');
      const stale = await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', token, json: { body: 'mine', content_version: 0 } });
      if (profile.apiContentVersion) {
        expect(stale.status).toBe(409);
        expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'theirs', version: 1 });
        const fresh = await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', token, json: { body: 'mine', content_version: 1 } });
        expect(fresh.status).toBe(201);
        expect(((await fresh.json()) as { content_version: number }).content_version).toBe(2);
      } else {
        expect(stale.status).toBe(201);
        expect(double.post({ kind: 'issue', index: 1 }).body).toBe('mine');
      }
      // Without the field nothing is checked anywhere.
      expect((await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', token, json: { body: 'unchecked' } })).status).toBe(201);
    });
  });

  it('checks content_version on pull request PATCH like on issues', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'pr', isPull: true });
      double.setBody({ kind: 'issue', index: 1 }, 'theirs');
      const r = await api(double, '/repos/owner/repo/pulls/1', { method: 'PATCH', token: double.apiToken('owner'), json: { body: 'mine', content_version: 0 } });
      expect(r.status).toBe(profile.apiContentVersion ? 409 : 201);
      expect((await api(double, '/repos/owner/repo/pulls/1')).status).toBe(200);
    });
  });

  it('edits comments without any version check', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'x' });
      const { commentId } = double.seedComment({ index: 1, body: 'c' });
      double.setBody({ kind: 'comment', commentId }, 'theirs');
      const r = await api(double, `/repos/owner/repo/issues/comments/${commentId}`, { method: 'PATCH', token: double.apiToken('owner'), json: { body: 'mine', content_version: 0 } });
      expect(r.status).toBe(200);
      const json = (await r.json()) as Record<string, unknown>;
      expect(json.body).toBe('mine');
      expect('content_version' in json).toBe(false);
      expect(double.post({ kind: 'comment', commentId })).toMatchObject({ body: 'mine', version: 2 });
    });
  });

  it('bumps the version on an attachment upload without changing the text', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'same text' });
      const form = new FormData();
      form.append('attachment', new Blob(['file contents']), 'log.txt');
      const r = await api(double, '/repos/owner/repo/issues/1/assets', { method: 'POST', token: double.apiToken('owner'), body: form });
      expect(r.status).toBe(201);
      const attachment = (await r.json()) as { uuid: string; name: string; size: number };
      expect(attachment).toMatchObject({ name: 'log.txt', size: 13 });
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'same text', version: 1, attachments: [{ uuid: attachment.uuid, name: 'log.txt' }] });
      expect(await (await fetch(`${double.url}/attachments/${attachment.uuid}`)).text()).toBe('file contents');
    });
  });

  it('refuses edits by a reader who is not the poster (403), and allows the poster', async () => {
    await withForge({ profile: profileName }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.seedIssue({ body: 'mine', poster: 'reader' });
      expect((await api(double, '/repos/owner/repo/issues/1', { method: 'PATCH', token: double.apiToken('reader'), json: { body: 'y' } })).status).toBe(403);
      expect((await api(double, '/repos/owner/repo/issues/2', { method: 'PATCH', token: double.apiToken('reader'), json: { body: 'y' } })).status).toBe(201);
    });
  });
});

describe('seeding through the REST API', () => {
  it('creates a repository, an issue and a comment that the page then shows', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      const token = double.apiToken('writer');
      expect((await api(double, '/user/repos', { method: 'POST', token, json: { name: 'tracker' } })).status).toBe(201);
      expect((await api(double, '/user/repos', { method: 'POST', token, json: { name: 'tracker' } })).status).toBe(409);
      const issue = await api(double, '/repos/writer/tracker/issues', { method: 'POST', token, json: { title: 'Seeded', body: '- [ ] via API' } });
      expect(issue.status).toBe(201);
      const created = (await issue.json()) as { number: number; html_url: string; content_version: number };
      expect(created).toMatchObject({ number: 1, html_url: `${double.url}/writer/tracker/issues/1`, content_version: 0 });
      const comment = await api(double, '/repos/writer/tracker/issues/1/comments', { method: 'POST', token, json: { body: 'first comment' } });
      expect(comment.status).toBe(201);
      const { id } = (await comment.json()) as { id: number };
      const list = (await (await api(double, '/repos/writer/tracker/issues/1/comments')).json()) as { id: number; body: string }[];
      expect(list).toEqual([expect.objectContaining({ id, body: 'first comment' })]);
      const page = await (await getAs(double, '/writer/tracker/issues/1')).text();
      expect(page).toContain(`id="issuecomment-${id}"`);
      expect(page).toContain('via API');
      expect((await api(double, '/repos/writer/missing/issues', { method: 'POST', token, json: { title: 'x' } })).status).toBe(404);
      expect((await api(double, '/repos/writer/tracker/issues', { method: 'POST', token, json: { body: 'no title' } })).status).toBe(422);
    });
  });

  it('reports the forge version', async () => {
    await withForge({ profile: 'forgejo-11' }, async (double) => {
      expect(await (await api(double, '/version')).json()).toEqual({ version: '11.0.1+gitea-1.22.0' });
    });
  });
});
