// @vitest-environment happy-dom
// The start-up checks look at the first post alone when it is a good one, and at every post
// when it is not.
import { describe, expect, it } from 'vitest';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { hasEditablePost, hasPost } from './post';
import { ATTR_CAN_EDIT, ATTR_UPDATE_URL, EDIT_ZONE, POST_BODY } from './selectors';

describe('hasPost and hasEditablePost', () => {
  it('find the posts of a forge page', () => {
    const doc = loadFixture('gitea-1.26');
    expect(hasPost(doc)).toBe(true);
    expect(hasEditablePost(doc)).toBe(true);
  });

  it('look past a first post that is not well formed', () => {
    const doc = loadFixture('gitea-1.26');
    const posts = [...doc.querySelectorAll(POST_BODY)];
    expect(posts.length).toBeGreaterThan(1);
    posts[0]!.querySelector(EDIT_ZONE)!.removeAttribute(ATTR_UPDATE_URL);
    expect(hasPost(doc)).toBe(true);
    for (const post of posts.slice(1)) post.querySelector(EDIT_ZONE)!.removeAttribute(ATTR_UPDATE_URL);
    expect(hasPost(doc)).toBe(false);
  });

  it('find no editable post when only a malformed one says it may be edited', () => {
    const doc = loadFixture('gitea-1.26');
    const editable = [...doc.querySelectorAll(`[${ATTR_CAN_EDIT}="true"]`)];
    expect(editable.length).toBeGreaterThan(0);
    for (const render of editable.slice(1)) render.removeAttribute(ATTR_CAN_EDIT);
    expect(hasEditablePost(doc)).toBe(true);
    editable[0]!.closest(POST_BODY)!.querySelector(EDIT_ZONE)!.removeAttribute(ATTR_UPDATE_URL);
    expect(hasEditablePost(doc)).toBe(false);
  });
});
