// @vitest-environment happy-dom
// Every selector constant against the page each forge version renders (fixtures saved from the
// forge double, see __tests__/fixtures/save-fixtures.ts).
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../e2e/forge/profiles';
import { checklistItems } from '../body/index';
import { editItemOf, postOfEditItem } from './edit-takeover';
import { FIXTURE_COMMENT, FIXTURE_DESCRIPTION, FIXTURE_REVIEW } from './__tests__/fixtures/fixture-bodies';
import { FIXTURE_PROFILES, loadFixture } from './__tests__/fixtures/load-fixture';
import { readForgeHints } from './forge-hints';
import { canEdit, factsOf, findPosts, pageIssueIndex, seenOf } from './post';
import * as S from './selectors';
import { taskOpForCheckbox } from './task-op';
import { isDarkTheme } from './theme';

describe.each(FIXTURE_PROFILES)('%s page', (profile) => {
  const facts = PROFILES[profile];

  it('has three post triples: render block, raw text and edit zone', () => {
    const doc = loadFixture(profile);
    const bodies = doc.querySelectorAll(S.POST_BODY);
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(body.querySelectorAll(S.RENDER_BLOCK)).toHaveLength(1);
      expect(body.querySelectorAll(S.RAW_CONTENT)).toHaveLength(1);
      expect(body.querySelectorAll(S.EDIT_ZONE)).toHaveLength(1);
    }
  });

  it('reads each post: target, raw text, version, context and edit right', () => {
    const doc = loadFixture(profile);
    const posts = findPosts(doc);
    expect(posts.map((post) => post.target)).toEqual([
      { origin: 'http://forge.test', repoLink: '/owner/repo', kind: 'issue', index: 1 },
      { origin: 'http://forge.test', repoLink: '/owner/repo', kind: 'comment', index: 1, commentId: 2001 },
      { origin: 'http://forge.test', repoLink: '/owner/repo', kind: 'comment', index: 1, commentId: 2002 },
    ]);
    expect(posts.map((post) => seenOf(post).body)).toEqual([FIXTURE_DESCRIPTION, FIXTURE_COMMENT, FIXTURE_REVIEW]);
    expect(posts.map((post) => seenOf(post).version)).toEqual(facts.lock ? [0, 0, 0] : [null, null, null]);
    // The viewer (reader) wrote only the comment.
    expect(posts.map(canEdit)).toEqual([false, true, false]);
    expect(doc.querySelectorAll(`[${S.ATTR_CAN_EDIT}="true"]`)).toHaveLength(1);
    for (const post of posts) {
      expect(post.zone.getAttribute(S.ATTR_CONTEXT)).toBe('/owner/repo');
      expect(post.zone.hasAttribute(S.ATTR_CONTENT_VERSION)).toBe(facts.lock);
    }
  });

  it('names the issue number on the page', () => {
    const doc = loadFixture(profile);
    if (facts.pageInfo === 'issue-page-info') {
      expect(doc.querySelector(S.ISSUE_PAGE_INFO)?.getAttribute(S.ATTR_ISSUE_INDEX)).toBe('1');
      expect(doc.querySelector(S.ISSUE_PAGE_INFO)?.getAttribute(S.ATTR_ISSUE_REPO_LINK)).toBe('/owner/repo');
    } else {
      expect(doc.querySelector<HTMLInputElement>(S.ISSUE_INDEX_INPUT)?.value).toBe('1');
      expect(doc.querySelector<HTMLInputElement>(S.REPO_LINK_INPUT)?.value).toBe('/owner/repo');
    }
    expect(pageIssueIndex(doc)).toBe(1);
  });

  it('finds every task checkbox at the offset of its line', () => {
    const doc = loadFixture(profile);
    const boxes = doc.querySelectorAll<HTMLInputElement>(S.TASK_CHECKBOX);
    expect(boxes).toHaveLength(5);
    for (const post of findPosts(doc)) {
      const raw = seenOf(post).body;
      const inPost = [...post.render.querySelectorAll<HTMLInputElement>(S.TASK_CHECKBOX_IN_BLOCK)];
      const items = checklistItems(raw);
      expect(inPost).toHaveLength(items.length);
      inPost.forEach((box, i) => {
        const built = taskOpForCheckbox(raw, Number(box.getAttribute(S.ATTR_SOURCE_POSITION)), true);
        expect(built.ok && built.label).toBe(items[i]!.label);
        expect(box.checked).toBe(items[i]!.checked);
      });
    }
  });

  it('has the Edit item in the header of the editable post only, pointing at that post', () => {
    const doc = loadFixture(profile);
    const items = doc.querySelectorAll(S.EDIT_MENU_ITEM);
    expect(items).toHaveLength(1);
    const post = postOfEditItem(items[0]!);
    expect(post?.target).toMatchObject({ kind: 'comment', commentId: 2001 });
    expect(items[0]!.closest(S.COMMENT_HEADER)).not.toBeNull();
    expect(items[0]!.closest(S.CONTEXT_DROPDOWN)).not.toBeNull();
    const [description, comment] = findPosts(doc);
    expect(editItemOf(comment!)).toBe(items[0]);
    expect(editItemOf(description!)).toBeNull();
  });

  it('tells the forge, its version and the write protection', () => {
    const doc = loadFixture(profile);
    const hints = readForgeHints(doc);
    expect(hints.forge).toBe(facts.forge);
    expect(hints.forgeVersion).toBe(/^\d+(\.\d+)*/.exec(facts.version)?.[0]);
    expect(doc.querySelector(facts.forge === 'gitea' ? S.GITEA_HOME_LINK : S.FORGEJO_HOME_LINK)).not.toBeNull();
    expect(doc.querySelector(S.FOOTER)?.textContent).toContain(`Version: ${facts.version}`);
    expect(doc.querySelectorAll(S.VERSIONED_ASSET).length > 0).toBe(facts.assetVersion !== null);
    const tokenScheme = facts.writeProtection === 'token';
    expect(doc.querySelector(S.CSRF_HX_HEADERS_HOST) !== null).toBe(tokenScheme);
    expect(doc.querySelector(S.CSRF_INPUT) !== null).toBe(tokenScheme);
    expect(hints.csrfToken !== null).toBe(tokenScheme);
    expect(factsOf(findPosts(doc)[1]!, hints)).toMatchObject({
      updateUrl: '/owner/repo/comments/2001',
      context: '/owner/repo',
      csrfToken: hints.csrfToken,
      forge: facts.forge,
    });
  });

  it('names its theme on <html>', () => {
    const doc = loadFixture(profile);
    const theme = doc.documentElement.getAttribute(S.ATTR_THEME);
    expect(theme).toBe(`${facts.forge}-auto`);
    expect(isDarkTheme(theme, true)).toBe(true);
    expect(isDarkTheme(theme, false)).toBe(false);
  });
});

describe('isDarkTheme', () => {
  it('reads the forges’ theme names', () => {
    expect(isDarkTheme('gitea-dark', false)).toBe(true);
    expect(isDarkTheme('forgejo-light', true)).toBe(false);
    expect(isDarkTheme('arc-green', false)).toBe(true);
    expect(isDarkTheme('gitea-auto', true)).toBe(true);
    expect(isDarkTheme(null, false)).toBe(false);
  });
});
