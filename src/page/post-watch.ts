// Posts appear without page loads (Forgejo's htmx swaps, Gitea's fetch-and-replace): the DOM is
// observed rather than either framework hooked. Each post gets its own AbortSignal, aborted when
// the post leaves the page or everything stops.
import { findPosts, type PagePost } from './post';

export function watchPosts(doc: Document, signal: AbortSignal, attach: (post: PagePost, signal: AbortSignal) => void): void {
  const attached = new Map<HTMLElement, AbortController>();

  const scan = (root: ParentNode): void => {
    for (const post of findPosts(root)) {
      if (attached.has(post.element)) continue;
      const controller = new AbortController();
      attached.set(post.element, controller);
      try {
        attach(post, controller.signal);
      } catch (error) {
        // One broken post must not stop the others; the forge's page keeps working either way.
        console.error('noclobber: could not attach to a post', error);
      }
    }
  };

  const prune = (): void => {
    for (const [element, controller] of attached) {
      if (!element.isConnected) {
        controller.abort();
        attached.delete(element);
      }
    }
  };

  scan(doc);
  const observer = new MutationObserver((records) => {
    let removed = false;
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) scan(node);
      if (record.removedNodes.length > 0) removed = true;
    }
    if (removed) prune();
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      for (const controller of attached.values()) controller.abort();
      attached.clear();
    },
    { once: true },
  );
}
