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
});
