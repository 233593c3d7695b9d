// @vitest-environment happy-dom
// Keeping the page in step after our writes: the raw text and version at once, the render once
// no write of the post is in flight, and only the box states when nothing else changed.
import { describe, expect, it } from 'vitest';
import type { BodyOp } from '../body/index';
import type { Confirmation } from '../protocol/index';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { findPosts, seenOf, type PagePost } from './post';
import { createPostSync } from './post-sync';
import { ATTR_CONTENT_VERSION, TASK_CHECKBOX_IN_BLOCK } from './selectors';

const TICK: BodyOp = { kind: 'task-toggle', match: 'first again', checked: true };

function confirmation(post: PagePost, body: string, html: string | null, versionAfter: number | null): Confirmation {
  return {
    ok: true,
    verb: 'tick',
    op: TICK,
    target: post.target,
    summary: 'Ticked.',
    versionBefore: versionAfter === null ? null : versionAfter - 1,
    versionAfter,
    rebased: false,
    locked: versionAfter !== null,
    noop: false,
    flips: null,
    renderedHtml: html,
    body,
    ledgerId: null,
  };
}

function editableComment(profile: 'gitea-1.26' | 'gitea-1.22'): PagePost {
  const post = findPosts(loadFixture(profile))[1];
  if (post === undefined) throw new Error('fixture without the comment');
  return post;
}

describe('post sync', () => {
  it('stores the confirmed body and version at once and refreshes the render when idle', () => {
    const post = editableComment('gitea-1.26');
    const sync = createPostSync(() => true, 'madtea');
    sync.attach(post);
    const before = seenOf(post).body;
    const after = before.replace('- [ ] first again', '- [x] first again');
    const boxes = [...post.render.querySelectorAll(TASK_CHECKBOX_IN_BLOCK)];
    const html = post.render.innerHTML.replace(/(data-source-position="\d+")(>first again)/, '$1 checked=""$2');
    expect(html).not.toBe(post.render.innerHTML);

    const other: BodyOp = { kind: 'task-toggle', match: 'first', checked: true };
    sync.begin(post, TICK);
    sync.begin(post, other);
    sync.end(post, TICK, confirmation(post, after, html, 1));
    expect(seenOf(post)).toEqual({ body: after, version: 1 });
    expect(post.zone.getAttribute(ATTR_CONTENT_VERSION)).toBe('1');
    // Another write is still in flight: the render stays as it is.
    expect(post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)[1]!.checked).toBe(false);

    sync.end(post, other, { ...confirmation(post, after, null, 1), noop: true });
    const shown = [...post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)];
    expect(shown[1]!.checked).toBe(true);
    // Only box states changed, so the very same elements stay (a click under way still lands).
    expect(shown).toEqual(boxes);
    expect(sync.renderedSource(post)).toBe(after);
  });

  it('swaps the render when more than the boxes changed, and ignores answers older than the page', () => {
    const post = editableComment('gitea-1.26');
    const sync = createPostSync(() => true, 'madtea');
    sync.attach(post);
    sync.begin(post, TICK);
    sync.end(post, TICK, confirmation(post, 'New text\n', '<p>New text</p>', 5));
    expect(post.render.innerHTML).toBe('<p>New text</p>');
    expect(sync.renderedSource(post)).toBe('New text\n');

    sync.begin(post, TICK);
    sync.end(post, TICK, confirmation(post, 'Older text\n', '<p>Older text</p>', 3));
    expect(seenOf(post)).toEqual({ body: 'New text\n', version: 5 });
  });

  it('on a post without a lock, says the page showed the body its own writes in flight will produce', () => {
    const post = editableComment('gitea-1.22');
    const sync = createPostSync(() => true, 'madtea');
    sync.attach(post);
    const base = seenOf(post);
    expect(base.version).toBeNull();
    sync.begin(post, TICK);
    expect(sync.seenFor(post)).toEqual({ body: base.body.replace('- [ ] first again', '- [x] first again'), version: null });
    sync.end(post, TICK, { ...confirmation(post, base.body, null, null), ok: true });
    expect(sync.seenFor(post).body).toBe(base.body);
  });

  it('enables the boxes only where ticks are the extension’s to make', () => {
    const post = editableComment('gitea-1.26');
    const sync = createPostSync(() => true, 'madtea');
    sync.setBoxesEnabled(post, true);
    expect([...post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)].every((box) => !box.disabled)).toBe(true);
    sync.setBoxesEnabled(post, false);
    expect([...post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)].every((box) => box.disabled)).toBe(true);
  });
});
