// Posts appear without page loads (Forgejo's htmx swaps, Gitea's fetch-and-replace): the DOM is
// observed rather than either framework hooked. Each post gets its own AbortSignal, aborted when
// the post leaves the page or everything stops.
import { findPosts, type PagePost } from './post';

export interface PostWatch {
  /** Attaches the posts present at the start now, if that is still pending. */
  attachPending(): void;
}

export function watchPosts(doc: Document, signal: AbortSignal, attach: (post: PagePost, signal: AbortSignal) => void): PostWatch {
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

  // The posts already on the page are attached in a task of their own. The takeovers are
  // delegated, so ticks and Edit on these posts are handled from the start; the forge's own
  // start-up code runs first, so the box states set here are the last word; and the page's load
  // event is not held up by the per-post work.
  let pending = true;
  const scanPending = (): void => {
    if (!pending || signal.aborted) return;
    pending = false;
    clearTimeout(initialScan);
    scan(doc);
  };
  const initialScan = setTimeout(scanPending, 0);
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
      pending = false;
      clearTimeout(initialScan);
      observer.disconnect();
      for (const controller of attached.values()) controller.abort();
      attached.clear();
    },
    { once: true },
  );
  return { attachPending: scanPending };
}
