// @vitest-environment happy-dom
// Posts that appear after load get attached; posts that leave get their signal aborted.
import { describe, expect, it } from 'vitest';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import type { PagePost } from './post';
import { watchPosts } from './post-watch';
import { POST_BODY } from './selectors';

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchPosts', () => {
  it('attaches to posts present, added and swapped in, and aborts those removed', async () => {
    const doc = loadFixture('forgejo-11');
    const attached: { post: PagePost; signal: AbortSignal }[] = [];
    const controller = new AbortController();
    watchPosts(doc, controller.signal, (post, signal) => attached.push({ post, signal }));
    // The posts present at the start are attached in a task of their own, after the page's.
    expect(attached).toHaveLength(0);
    await flush();
    expect(attached).toHaveLength(3);

    // A swap as htmx does it: the comment's wrapper replaced by a fresh copy.
    const comment = doc.querySelectorAll(POST_BODY)[1]!;
    const wrapper = comment.parentElement!;
    const copy = wrapper.cloneNode(true) as HTMLElement;
    wrapper.replaceWith(copy);
    await flush();
    expect(attached).toHaveLength(4);
    expect(attached[1]!.signal.aborted).toBe(true);
    expect(attached[3]!.post.element.isConnected).toBe(true);
    expect(attached[3]!.post.target).toEqual(attached[1]!.post.target);

    controller.abort();
    expect(attached.every((entry) => entry.signal.aborted)).toBe(true);
    copy.remove();
    doc.body.append(copy);
    await flush();
    expect(attached).toHaveLength(4);
  });

  it('attaches the posts present at once when asked before its task has run, and only once', async () => {
    const doc = loadFixture('gitea-1.26');
    const attached: PagePost[] = [];
    const controller = new AbortController();
    const watch = watchPosts(doc, controller.signal, (post) => attached.push(post));
    watch.attachPending();
    const count = attached.length;
    expect(count).toBe(doc.querySelectorAll(POST_BODY).length);
    await flush();
    watch.attachPending();
    expect(attached).toHaveLength(count);
    controller.abort();
  });

  it('attaches nothing when stopped before its task has run', async () => {
    const doc = loadFixture('gitea-1.26');
    const attached: PagePost[] = [];
    const controller = new AbortController();
    watchPosts(doc, controller.signal, (post) => attached.push(post));
    controller.abort();
    await flush();
    expect(attached).toHaveLength(0);
  });
});
