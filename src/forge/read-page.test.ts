import { describe, expect, it } from 'vitest';
import { readPostFromPage } from './read-page';

const issue = { origin: 'http://f.test', repoLink: '/owner/repo', kind: 'issue', index: 4 } as const;
const comment = { origin: 'http://f.test', repoLink: '/owner/repo', kind: 'comment', index: 4, commentId: 31 } as const;

function post(raw: string, rawId: string, updateUrl: string, version: string | null): string {
  const versionAttr = version === null ? '' : ` data-content-version="${version}"`;
  return `<div class="ui segment comment-body">
  <div class="render-content markup" data-can-edit="true"><p>rendered</p></div>
  <div id="${rawId}" class="raw-content tw-hidden">${raw}</div>
  <div class="edit-content-zone tw-hidden" data-update-url="${updateUrl}"${versionAttr} data-context="/owner/repo"></div>
</div>`;
}

function page(opts: { body?: string; head?: string; bodyAttrs?: string; footer?: string }): string {
  return `<!DOCTYPE html><html data-theme="gitea-auto"><head>${opts.head ?? ''}</head><body${opts.bodyAttrs ?? ''}>
<div class="timeline">${opts.body ?? ''}</div>
<footer class="page-footer">${opts.footer ?? ''}</footer></body></html>`;
}

describe('readPostFromPage', () => {
  const twoPosts =
    post('- [ ] one &amp; &lt;b&gt;two&lt;/b&gt;\r\nline', 'issue-1004-raw', '/owner/repo/issues/4/content', '7') +
    post('comment text', 'issuecomment-31-raw', '/owner/repo/comments/31', '3') +
    post('other comment', 'issuecomment-310-raw', '/owner/repo/comments/310', '1');

  it('finds the description by its update URL and decodes its raw text', () => {
    const read = readPostFromPage(page({ body: twoPosts, footer: '<a href="https://about.gitea.com">Powered by Gitea</a> Version: 1.23.8 Page: 5ms' }), issue);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.post.body).toBe('- [ ] one & <b>two</b>\nline');
    expect(read.post.version).toBe(7);
    expect(read.post.canEdit).toBe(true);
    expect(read.post.facts).toEqual({
      updateUrl: '/owner/repo/issues/4/content',
      context: '/owner/repo',
      contentVersion: 7,
      csrfToken: null,
      forge: 'gitea',
      forgeVersion: '1.23.8',
    });
  });

  it('finds a comment by id, not a comment whose id merely ends the same way', () => {
    const read = readPostFromPage(page({ body: twoPosts }), comment);
    expect(read.ok && read.post.body).toBe('comment text');
    expect(read.ok && read.post.version).toBe(3);
  });

  it('does not take issue 14 for issue 4', () => {
    const read = readPostFromPage(page({ body: post('x', 'issue-9-raw', '/owner/repo/issues/14/content', '1') }), issue);
    expect(read).toMatchObject({ ok: false, problem: 'not-found' });
  });

  it('reports no lock when data-content-version is absent', () => {
    const read = readPostFromPage(page({ body: post('x', 'issue-9-raw', '/owner/repo/issues/4/content', null) }), issue);
    expect(read.ok && read.post.version).toBe(null);
    expect(read.ok && read.post.facts.contentVersion).toBe(null);
  });

  it('refuses a version that is not a number', () => {
    const read = readPostFromPage(page({ body: post('x', 'issue-9-raw', '/owner/repo/issues/4/content', 'seven') }), issue);
    expect(read).toMatchObject({ ok: false, problem: 'malformed' });
  });

  it('finds the old-scheme CSRF token in hx-headers or a hidden input', () => {
    const body = post('x', 'issue-9-raw', '/owner/repo/issues/4/content', '1');
    const hx = readPostFromPage(page({ body, bodyAttrs: ` hx-headers='{"x-csrf-token": "tok-hx"}'` }), issue);
    expect(hx.ok && hx.post.facts.csrfToken).toBe('tok-hx');
    const input = readPostFromPage(page({ body: body + '<form><input type="hidden" name="_csrf" value="tok-input"></form>' }), issue);
    expect(input.ok && input.post.facts.csrfToken).toBe('tok-input');
  });

  it('tells Forgejo and its version from the footer or the asset URLs', () => {
    const body = post('x', 'issue-9-raw', '/owner/repo/issues/4/content', '1');
    const footer = readPostFromPage(page({ body, footer: '<a href="https://forgejo.org">Forgejo</a> Version: 11.0.1+gitea-1.22.0' }), issue);
    expect(footer.ok && [footer.post.facts.forge, footer.post.facts.forgeVersion]).toEqual(['forgejo', '11.0.1']);
    const assets = readPostFromPage(page({ body, head: '<script src="/assets/js/index.js?v=7.0.16~gitea-1.22.0"></script>' }), issue);
    expect(assets.ok && [assets.post.facts.forge, assets.post.facts.forgeVersion]).toEqual(['forgejo', '7.0.16']);
  });
});
