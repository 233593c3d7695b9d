// The issue and pull request pages (forge-facts §3): the `.comment-body` triple of every post,
// the wrappers per release, the Edit menu item, where the page names repo and index, how forge
// and version show, and the raw text a parser sees.

import { describe, expect, it } from 'vitest';
import type { ForgeDouble, ProfileName, UserName } from './api';
import { PROFILE_NAMES, PROFILES } from './profiles';
import {
  attr,
  children,
  classes,
  closest,
  type Element,
  getAs,
  nextElementSibling,
  pageDom,
  parseHtml,
  querySelector,
  querySelectorAll,
  textContent,
  withForge,
} from './test-support';

function seedConversation(double: ForgeDouble) {
  const issue = double.seedIssue({ title: 'Plan', body: '- [ ] one\n- [x] two\n', poster: 'owner', attachments: ['notes.txt'] });
  const comment = double.seedComment({ index: issue.index, body: 'writer says\n- [ ] three', poster: 'writer' });
  const readerComment = double.seedComment({ index: issue.index, body: 'reader says', poster: 'reader' });
  const event = double.seedComment({ index: issue.index, body: '', kind: 'event' });
  return { issue, comment, readerComment, event };
}

/** The triple inside one `.comment-body`, asserting there is exactly one of each. */
function triple(body: Element) {
  const render = querySelectorAll(body, '.render-content.markup');
  const raw = querySelectorAll(body, '.raw-content.tw-hidden');
  const zone = querySelectorAll(body, '.edit-content-zone.tw-hidden');
  expect([render.length, raw.length, zone.length]).toEqual([1, 1, 1]);
  return { render: render[0]!, raw: raw[0]!, zone: zone[0]! };
}

describe.each(PROFILE_NAMES)('issue page on %s', (profileName: ProfileName) => {
  const profile = PROFILES[profileName];

  it('renders the description triple with the right ids, URLs and version attribute', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { issue } = seedConversation(double);
      double.setBody({ kind: 'issue', index: issue.index }, '- [ ] one\n- [x] two\n'); // version 1
      const dom = await pageDom(double, '/owner/repo/issues/1');
      const raw = querySelector(dom, `#issue-${issue.id}-raw`);
      expect(raw).not.toBeNull();
      const body = closest(raw!, '.comment-body')!;
      const { render, zone } = triple(body);
      expect(attr(zone, 'data-update-url')).toBe('/owner/repo/issues/1/content');
      expect(attr(zone, 'data-context')).toBe('/owner/repo');
      expect(attr(zone, 'data-attachment-url')).toBe('/owner/repo/issues/1/attachments');
      expect(attr(zone, 'data-content-version')).toBe(profile.lock ? '1' : null);
      expect(attr(render, 'id')).toBe(profile.renderBlockIds ? `issue-${issue.id}-content` : null);
      expect(textContent(raw!)).toBe('- [ ] one\n- [x] two\n');
      expect(querySelectorAll(render, 'li.task-list-item input[type=checkbox][disabled][data-source-position]')).toHaveLength(2);
    });
  });

  it('wraps the description as this release does', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { issue } = seedConversation(double);
      const dom = await pageDom(double, '/owner/repo/issues/1');
      const wrapper = closest(querySelector(dom, `#issue-${issue.id}-raw`)!, '.timeline-item')!;
      if (profile.descriptionWrapper === 'first') {
        expect(attr(wrapper, 'id')).toBe(`issue-${issue.id}`);
        expect(classes(wrapper)).toEqual(expect.arrayContaining(['timeline-item', 'comment', 'first']));
        expect(querySelectorAll(dom, '.issue-content-comment')).toHaveLength(0);
      } else {
        expect(classes(wrapper)).toEqual(expect.arrayContaining(['timeline-item', 'comment', 'issue-content-comment']));
        expect(classes(wrapper)).not.toContain('first');
        expect(querySelector(dom, `#issue-${issue.id}`)).toBeNull();
      }
    });
  });

  it('renders each comment as #issuecomment-{id}.timeline-item.comment with its own triple', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { comment, readerComment, event } = seedConversation(double);
      const dom = await pageDom(double, '/owner/repo/issues/1');
      for (const id of [comment.commentId, readerComment.commentId]) {
        const wrapper = querySelector(dom, `#issuecomment-${id}.timeline-item.comment`);
        expect(wrapper).not.toBeNull();
        const bodies = querySelectorAll(wrapper!, '.comment-body');
        expect(bodies).toHaveLength(1);
        const { render, raw, zone } = triple(bodies[0]!);
        expect(attr(raw, 'id')).toBe(`issuecomment-${id}-raw`);
        expect(attr(zone, 'data-update-url')).toBe(`/owner/repo/comments/${id}`);
        expect(attr(zone, 'data-attachment-url')).toBe(`/owner/repo/comments/${id}/attachments`);
        expect(attr(zone, 'data-content-version')).toBe(profile.lock ? '0' : null);
        expect(attr(render, 'id')).toBe(profile.renderBlockIds ? `issuecomment-${id}-content` : null);
      }
      // A text-less event has no body to edit.
      const eventItem = querySelector(dom, `#issuecomment-${event.commentId}`)!;
      expect(classes(eventItem)).toContain('event');
      expect(querySelectorAll(eventItem, '.comment-body')).toHaveLength(0);
      // Every .comment-body on the page has exactly one triple.
      for (const body of querySelectorAll(dom, '.comment-body')) triple(body);
    });
  });

  it('names repository and index the way this release does', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedConversation(double);
      const dom = await pageDom(double, '/owner/repo/issues/1');
      const info = querySelector(dom, '#issue-page-info');
      if (profile.pageInfo === 'issue-page-info') {
        expect(attr(info!, 'data-issue-index')).toBe('1');
        expect(attr(info!, 'data-issue-repo-link')).toBe('/owner/repo');
        expect(querySelector(dom, '#repolink')).toBeNull();
      } else {
        expect(info).toBeNull();
        expect(attr(querySelector(dom, 'input#repolink[type=hidden]')!, 'value')).toBe('/owner/repo');
        expect(attr(querySelector(dom, 'input#issueIndex[type=hidden]')!, 'value')).toBe('1');
      }
    });
  });

  it('shows forge and version in footer, asset URLs, theme and body class', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedConversation(double);
      const dom = await pageDom(double, '/owner/repo/issues/1');
      const footerLink = profile.forge === 'gitea' ? 'a[href="https://about.gitea.com"]' : 'a[href="https://forgejo.org"]';
      const otherLink = profile.forge === 'gitea' ? 'a[href="https://forgejo.org"]' : 'a[href="https://about.gitea.com"]';
      expect(querySelector(dom, `footer ${footerLink}`)).not.toBeNull();
      expect(querySelector(dom, otherLink)).toBeNull();
      expect(textContent(querySelector(dom, 'footer')!)).toContain(`Version: ${profile.version}`);
      const assets = [...querySelectorAll(dom, 'link[rel=stylesheet]').map((l) => attr(l, 'href')!), ...querySelectorAll(dom, 'script[src]').map((s) => attr(s, 'src')!)];
      expect(assets.length).toBe(3);
      for (const url of assets) {
        if (profile.assetVersion !== null) expect(url).toMatch(new RegExp(`\\?v=${profile.assetVersion.replace(/[.+]/g, '\\$&')}$`));
        else expect(url).toMatch(/\/[a-z-]+\.[0-9a-f]{8}\.(css|js)$/);
      }
      if (profile.forge === 'forgejo') expect(assets[0]).toMatch(/\?v=\d+\.\d+\.\d+~gitea-1\.22\.0$/);
      expect(attr(querySelector(dom, 'html')!, 'data-theme')).toBe(`${profile.forge}-auto`);
      expect(classes(querySelector(dom, 'body')!).includes('no-js')).toBe(profile.bodyNoJs);
      for (const url of assets) expect((await fetch(double.url + url)).status).toBe(200);
    });
  });

  it('marks editable posts with data-can-edit and offers Edit only to those who may edit', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { issue, comment, readerComment } = seedConversation(double);
      const expectations: Record<string, { viewer: UserName | null; editable: string[] }> = {
        owner: { viewer: 'owner', editable: ['description', 'comment', 'readerComment'] },
        writer: { viewer: 'writer', editable: ['description', 'comment', 'readerComment'] },
        reader: { viewer: 'reader', editable: ['readerComment'] },
        outsider: { viewer: 'outsider', editable: [] },
        anonymous: { viewer: null, editable: [] },
      };
      const rawIds: Record<string, string> = {
        description: `issue-${issue.id}-raw`,
        comment: `issuecomment-${comment.commentId}-raw`,
        readerComment: `issuecomment-${readerComment.commentId}-raw`,
      };
      for (const { viewer, editable } of Object.values(expectations)) {
        const dom = await pageDom(double, '/owner/repo/issues/1', viewer);
        for (const [post, rawId] of Object.entries(rawIds)) {
          const body = closest(querySelector(dom, `#${rawId}`)!, '.comment-body')!;
          const { render } = triple(body);
          const container = closest(body, '.comment-container')!;
          const editItem = querySelectorAll(container, '.comment-header .item.context.js-aria-clickable.edit-content');
          const canEdit = editable.includes(post);
          expect([viewer, post, attr(render, 'data-can-edit')]).toEqual([viewer, post, canEdit ? 'true' : null]);
          expect([viewer, post, editItem.length]).toEqual([viewer, post, canEdit ? 1 : 0]);
        }
      }
    });
  });

  it('lets the native handlers find the body from the Edit item: closest(.comment-header).nextElementSibling', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedConversation(double);
      const dom = await pageDom(double, '/owner/repo/issues/1');
      const items = querySelectorAll(dom, '.edit-content');
      expect(items.length).toBe(3);
      for (const item of items) {
        const sibling = nextElementSibling(closest(item, '.comment-header')!);
        expect(classes(sibling!)).toContain('comment-body');
      }
    });
  });

  it('carries the raw markdown HTML-escaped, as the parser turns it back (CRLF becomes LF)', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const body = 'Tags: <script>alert("x")</script> & \'quotes\'\r\n\r\n- [ ] Größe 🚀\r\n';
      const issue = double.seedIssue({ body });
      const response = await getAs(double, `/owner/repo/issues/${issue.index}`);
      const html = await response.text();
      expect(html).toContain('Tags: &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;quotes&#39;\r\n');
      const dom = parseHtml(html);
      const raw = querySelector(dom, `#issue-${issue.id}-raw`)!;
      const lf = body.replace(/\r\n/g, '\n');
      expect(textContent(raw)).toBe(lf);
      // The rendered checkbox position points into the raw text the page holds.
      const input = querySelector(closest(raw, '.comment-body')!, '.render-content input[data-source-position]')!;
      const position = Number(attr(input, 'data-source-position'));
      expect(Buffer.from(textContent(raw), 'utf8').subarray(position, position + 3).toString()).toBe('[ ]');
      // The body's markup never becomes elements: only the page's own scripts exist.
      expect(querySelectorAll(closest(raw, '.comment-body')!, 'script')).toHaveLength(0);
    });
  });

  it('shows the placeholder for an empty body and attachments under the post', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const issue = double.seedIssue({ body: '', attachments: ['a.txt'] });
      const dom = await pageDom(double, `/owner/repo/issues/${issue.index}`);
      const body = closest(querySelector(dom, `#issue-${issue.id}-raw`)!, '.comment-body')!;
      expect(querySelectorAll(triple(body).render, 'span.no-content')).toHaveLength(1);
      const links = querySelectorAll(body, '.dropzone-attachments a');
      expect(links.map((a) => textContent(a).trim())).toEqual(['a.txt']);
      expect(attr(links[0]!, 'href')).toMatch(/^\/attachments\/[0-9a-f-]{36}$/);
    });
  });

  it('renders dark theme from ?theme=dark and from the user setting', async () => {
    await withForge({ profile: profileName }, async (double) => {
      seedConversation(double);
      const query = await pageDom(double, '/owner/repo/issues/1?theme=dark');
      expect(attr(querySelector(query, 'html')!, 'data-theme')).toBe(`${profile.forge}-dark`);
      double.setTheme!('writer', 'dark');
      expect(attr(querySelector(await pageDom(double, '/owner/repo/issues/1', 'writer'), 'html')!, 'data-theme')).toBe(`${profile.forge}-dark`);
      expect(attr(querySelector(await pageDom(double, '/owner/repo/issues/1', 'owner'), 'html')!, 'data-theme')).toBe(`${profile.forge}-auto`);
      const css = await (await fetch(double.url + attr(querySelector(query, 'link[rel=stylesheet]')!, 'href')!)).text();
      expect(css).toMatch(/html\[data-theme\$='-dark'\]\s*\{[^}]*--color-body:/);
    });
  });
});

describe.each(PROFILE_NAMES)('pull request page on %s', (profileName: ProfileName) => {
  function seedPull(double: ForgeDouble) {
    double.seedIssue({ body: 'an issue first' });
    const pull = double.seedIssue({ title: 'PR', body: '- [ ] tests\n', isPull: true, poster: 'writer' });
    const review = double.seedComment({ index: pull.index, body: '- [ ] fix this', review: true, poster: 'owner' });
    const plain = double.seedComment({ index: pull.index, body: 'plain comment' });
    return { pull, review, plain };
  }

  it('redirects /issues/{n} of a pull request to /pulls/{n} (and back for an issue), keeping the query', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { pull } = seedPull(double);
      const r = await getAs(double, `/owner/repo/issues/${pull.index}?theme=dark`);
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/owner/repo/pulls/${pull.index}?theme=dark`);
      const back = await getAs(double, '/owner/repo/pulls/1');
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe('/owner/repo/issues/1');
    });
  });

  it('renders the description, comments and a review comment, each with its triple', async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { pull, review, plain } = seedPull(double);
      const dom = await pageDom(double, `/owner/repo/pulls/${pull.index}`);
      const descriptionZone = querySelector(dom, `#issue-${pull.id}-raw`)!;
      expect(attr(triple(closest(descriptionZone, '.comment-body')!).zone, 'data-update-url')).toBe(`/owner/repo/issues/${pull.index}/content`);
      expect(querySelector(dom, `#issuecomment-${plain.commentId}.timeline-item.comment`)).not.toBeNull();
      const codeComment = querySelector(dom, `.comment#issuecomment-${review.commentId}`)!;
      expect(classes(codeComment)).toEqual(expect.arrayContaining(['comment', 'code-comment']));
      expect(closest(codeComment, '.conversation-holder')).not.toBeNull();
      const { zone, render } = triple(querySelector(codeComment, '.comment-body')!);
      expect(attr(zone, 'data-update-url')).toBe(`/owner/repo/comments/${review.commentId}`);
      expect(querySelectorAll(render, 'input[data-source-position="2"]')).toHaveLength(1);
      expect(querySelector(codeComment, '.comment-header .edit-content')).not.toBeNull();
    });
  });

  it("shows review comments on the Files tab as .comment#issuecomment-{id}", async () => {
    await withForge({ profile: profileName }, async (double) => {
      const { pull, review } = seedPull(double);
      const dom = await pageDom(double, `/owner/repo/pulls/${pull.index}/files`);
      const codeComment = querySelector(dom, `#diff-file-boxes .comment#issuecomment-${review.commentId}`)!;
      expect(codeComment).not.toBeNull();
      triple(querySelector(codeComment, '.comment-body')!);
      expect((await getAs(double, '/owner/repo/pulls/1/files')).status).toBe(404);
    });
  });
});

describe('page answers', () => {
  it('answers 404 as a page for browsers and as text for fetch', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      double.seedIssue({ body: 'x' });
      double.deletePost({ kind: 'issue', index: 1 });
      const browser = await getAs(double, '/owner/repo/issues/1', 'owner', { accept: 'text/html,application/xhtml+xml' });
      expect(browser.status).toBe(404);
      expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
      const script = await getAs(double, '/owner/repo/issues/1', 'owner', { accept: '*/*' });
      expect(script.status).toBe(404);
      expect(await script.text()).toBe('Not found.\n');
      expect((await getAs(double, '/owner/nothing/issues/1')).status).toBe(404);
    });
  });

  it('lists the sample repository and its issues', async () => {
    await withForge({ profile: 'forgejo-11', seedSamples: true }, async (double) => {
      const list = await pageDom(double, '/owner/repo/issues');
      expect(querySelectorAll(list, '.issue-list a.issue-title').map((a) => attr(a, 'href'))).toEqual(['/owner/repo/issues/1', '/owner/repo/issues/3']);
      const home = await pageDom(double, '/');
      expect(children(querySelector(home, '.issue-list')!)).toHaveLength(1);
    });
  });
});
