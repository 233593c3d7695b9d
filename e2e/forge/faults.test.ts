// Injected faults, the request log, and test control over HTTP.

import { describe, expect, it } from 'vitest';
import type { ForgeDouble } from './api';
import { postForm, withForge } from './test-support';

const CONTENT = '/owner/repo/issues/1/content';

function write(double: ForgeDouble, content: string, version: number) {
  return postForm(double, CONTENT, { content, content_version: String(version), ignore_attachments: 'true' });
}

describe('faults', () => {
  it('delay: holds the answer for the given time, then answers normally', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'delay', ms: 150 } });
      const started = Date.now();
      const r = await write(double, 'slow', 0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect(r.status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('slow');
    });
  });

  it('error-before-write: answers 500 (or the given status) and stores nothing; applies once by default', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'error-before-write' } });
      const r = await write(double, 'lost', 0);
      expect(r.status).toBe(500);
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'x', version: 0 });
      double.inject({ fault: { kind: 'error-before-write', status: 502 } });
      expect((await write(double, 'lost', 0)).status).toBe(502);
      expect((await write(double, 'kept', 0)).status).toBe(200);
    });
  });

  it('error-after-write: the write commits, then a 500 is answered', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'error-after-write' } });
      const r = await write(double, 'committed', 0);
      expect(r.status).toBe(500);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'committed', version: 1 });
    });
  });

  it('drop-after-write: the write commits, then the connection is destroyed without an answer', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'drop-after-write' } });
      await expect(write(double, 'committed', 0)).rejects.toThrow();
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: 'committed', version: 1 });
      expect(double.requests().at(-1)).toMatchObject({ route: 'issue-content', status: 0 });
    });
  });

  it('html-instead-of-json: answers 200 with an HTML page and stores nothing', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'html-instead-of-json' } });
      const r = await write(double, 'lost', 0);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      await expect(r.clone().json()).rejects.toThrow();
      expect(await r.text()).toMatch(/^<!DOCTYPE html>/);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('x');
    });
  });

  it('applies a rule "times" times, to the web writes by default and not to reads', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      const { commentId } = double.seedComment({ index: 1, body: 'c' });
      double.inject({ fault: { kind: 'error-before-write' }, times: 2 });
      expect((await fetch(`${double.url}/owner/repo/issues/1`)).status).toBe(200);
      expect((await write(double, 'a', 0)).status).toBe(500);
      expect((await postForm(double, `/owner/repo/comments/${commentId}`, { content: 'b', content_version: '0' })).status).toBe(500);
      expect((await write(double, 'a', 0)).status).toBe(200);
    });
  });

  it('matches a rule by method and path (substring or RegExp), reads included', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'html-instead-of-json' }, method: 'GET', path: '/info' });
      double.inject({ fault: { kind: 'error-before-write', status: 503 }, path: /\/issues\/\d+$/ });
      const info = await fetch(`${double.url}/owner/repo/issues/1/info`);
      expect(info.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await fetch(`${double.url}/owner/repo/issues/1/info`)).headers.get('content-type')).toMatch(/^application\/json/);
      expect((await fetch(`${double.url}/owner/repo/issues/1`)).status).toBe(503);
      expect((await fetch(`${double.url}/owner/repo/issues/1`)).status).toBe(200);
    });
  });

  it('clears pending faults and rejects malformed rules with a clear error', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.inject({ fault: { kind: 'error-before-write' }, times: 5 });
      double.clearFaults();
      expect((await write(double, 'a', 0)).status).toBe(200);
      expect(() => double.inject({ fault: { kind: 'explode' } as never })).toThrow(/unknown fault kind "explode"/);
      expect(() => double.inject({ fault: { kind: 'delay', ms: -1 } })).toThrow(/ms/);
      expect(() => double.inject({ fault: { kind: 'delay', ms: 1 }, times: 0 })).toThrow(/times/);
    });
  });
});

describe('request log', () => {
  it('records method, path, route, fields, lower-cased headers, status and user', async () => {
    await withForge({ profile: 'gitea-1.23' }, async (double) => {
      double.seedIssue({ body: 'x', attachments: ['a.txt'] });
      const uuid = double.post({ kind: 'issue', index: 1 }).attachments[0]!.uuid;
      double.clearRequests();
      await postForm(double, `${CONTENT}?from=test`, { content: 'y', content_version: '0', context: '/owner/repo', 'files[]': [uuid, 'other'] }, { multipart: true, headers: { 'X-Custom-Thing': 'Yes' } });
      await fetch(`${double.url}/owner/repo/issues/1/info`);
      await fetch(`${double.url}/-/double/state`); // test control is not logged
      const log = double.requests();
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({
        method: 'POST',
        path: `${CONTENT}?from=test`,
        route: 'issue-content',
        status: 200,
        user: 'owner',
      });
      expect(log[0]!.fields).toEqual({ content: 'y', content_version: '0', context: '/owner/repo', 'files[]': `${uuid},other`, from: 'test' });
      expect(log[0]!.headers['x-custom-thing']).toBe('Yes');
      expect(log[0]!.headers['x-csrf-token']).toBe(double.csrfToken!('owner'));
      expect(log[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(log[1]).toMatchObject({ method: 'GET', route: 'issue-info', status: 200, user: null });
      double.clearRequests();
      expect(double.requests()).toEqual([]);
    });
  });

  it('records API JSON members as fields and the token owner as user', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      await fetch(`${double.url}/api/v1/repos/owner/repo/issues/1`, {
        method: 'PATCH',
        headers: { authorization: `token ${double.apiToken('writer')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'new', content_version: 0 }),
      });
      expect(double.requests()[0]).toMatchObject({ route: 'api-issue-patch', status: 201, user: 'writer', fields: { body: 'new', content_version: '0' } });
    });
  });
});

describe('test control over HTTP', () => {
  async function control(double: ForgeDouble, method: string, action: string, body?: unknown) {
    const r = await fetch(`${double.url}/-/double/${action}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  }

  it('seeds, changes, reads and deletes posts', async () => {
    await withForge({ profile: 'forgejo-11' }, async (double) => {
      const issue = await control(double, 'POST', 'seed-issue', { body: '- [ ] a', title: 'Remote', attachments: ['f.txt'] });
      expect(issue).toMatchObject({ status: 200, json: { index: 1, url: `${double.url}/owner/repo/issues/1` } });
      const comment = await control(double, 'POST', 'seed-comment', { index: 1, body: 'c', poster: 'writer' });
      const commentId = comment.json.commentId as number;
      expect((await control(double, 'POST', 'set-body', { post: { kind: 'issue', index: 1 }, body: '- [x] a' })).json).toMatchObject({ body: '- [x] a', version: 1 });
      expect((await control(double, 'GET', 'post?kind=comment&commentId=' + commentId)).json).toMatchObject({ body: 'c', version: 0, deleted: false });
      expect((await control(double, 'POST', 'delete-post', { post: { kind: 'comment', commentId } })).status).toBe(200);
      expect((await control(double, 'POST', 'post', { post: { kind: 'comment', commentId } })).json).toMatchObject({ deleted: true });
    });
  });

  it('injects faults (RegExp paths too), expires tokens, sets language and reads the log', async () => {
    await withForge({ profile: 'gitea-1.23' }, async (double) => {
      double.seedIssue({ body: 'x' });
      expect((await control(double, 'POST', 'faults', { fault: { kind: 'error-before-write', status: 418 }, pathRegExp: 'issues/\\d+/info$' })).status).toBe(200);
      expect((await fetch(`${double.url}/owner/repo/issues/1/info`)).status).toBe(418);
      await control(double, 'POST', 'faults', { fault: { kind: 'error-before-write' }, times: 3 });
      await control(double, 'POST', 'clear-faults');
      const token = double.csrfToken!('owner');
      await control(double, 'POST', 'expire-csrf');
      expect(double.csrfToken!('owner')).not.toBe(token);
      await control(double, 'POST', 'language', { language: 'fr-FR' });
      double.setBody({ kind: 'issue', index: 1 }, 'y');
      const refused = await write(double, 'z', 0);
      expect(((await refused.json()) as { errorMessage: string }).errorMessage).toMatch(/ticket/);
      const log = (await fetch(`${double.url}/-/double/requests`).then((r) => r.json())) as { route: string }[];
      expect(log.map((e) => e.route)).toEqual(['issue-info', 'issue-content']);
      await control(double, 'POST', 'clear-requests');
      expect(double.requests()).toEqual([]);
    });
  });

  it('hands out session cookie, token and CSRF token, and sets a theme', async () => {
    await withForge({ profile: 'gitea-1.24' }, async (double) => {
      const session = await control(double, 'GET', 'session?user=writer');
      expect(session.json).toEqual({ cookie: double.sessionCookie('writer'), token: double.apiToken('writer'), csrfToken: double.csrfToken!('writer') });
      expect((await control(double, 'POST', 'theme', { user: 'writer', theme: 'dark' })).status).toBe(200);
      const state = await control(double, 'GET', 'state');
      expect(state.json).toMatchObject({ profile: 'gitea-1.24', forge: 'gitea', passwordSuffix: '-pass' });
    });
  });

  it('answers bad input with 400 and a message naming the problem', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      expect(await control(double, 'POST', 'seed-issue', { title: 'no body' })).toEqual({ status: 400, json: { error: '"body" is required (a string)' } });
      expect((await control(double, 'POST', 'seed-comment', { index: 7, body: 'x' })).json.error).toMatch(/no issue or pull request #7/);
      expect((await control(double, 'POST', 'set-body', { post: { kind: 'page', index: 1 }, body: 'x' })).json.error).toMatch(/post.kind/);
      expect((await control(double, 'POST', 'faults', { fault: { kind: 'delay' } })).json.error).toMatch(/"ms"/);
      expect((await control(double, 'POST', 'language', { language: 'es-ES' })).json.error).toMatch(/en-US, de-DE, fr-FR/);
      expect((await control(double, 'GET', 'session?user=root')).status).toBe(400);
      expect((await control(double, 'GET', 'nothing-here')).status).toBe(404);
    });
  });
});
