// What the popup shows about the forge page in the active tab, read off the page on request.
// The popup asks with tabs.sendMessage, which only the extension itself can do; a web page has
// no way to reach this listener, and the answer carries no text of the page, only counts and
// the forge's name and version.
import { browser } from 'wxt/browser';
import { PageInfoRequestSchema, type PageInfo } from '../protocol/index';
import { readForgeHints } from './forge-hints';
import { canEdit, contentVersionOf, findPosts } from './post';

type PageInfoListener = (message: unknown, sender: { id?: string }, sendResponse: (response?: unknown) => void) => void;

/** The part of `browser.runtime` the listener needs. */
export interface PageInfoRuntime {
  readonly id: string;
  readonly onMessage: {
    addListener(listener: PageInfoListener): void;
    removeListener(listener: PageInfoListener): void;
  };
}

/** `active`: whether the page features run (false when policy keeps the extension idle). */
export function readPageInfo(doc: Document, active: boolean): PageInfo {
  const hints = readForgeHints(doc);
  const posts = findPosts(doc);
  return {
    type: 'page-info',
    forge: hints.forge,
    forgeVersion: hints.forgeVersion,
    posts: posts.length,
    editablePosts: posts.filter(canEdit).length,
    // A post has the lock exactly when the forge renders `data-content-version` for it.
    lockedPosts: posts.filter((post) => contentVersionOf(post) !== null).length,
    csrfToken: hints.csrfToken !== null,
    active,
  };
}

/** Answers the popup's 'page-info' requests until `signal` aborts; anything else is left unanswered. */
export function servePageInfo(doc: Document, isActive: () => boolean, signal: AbortSignal, runtime: PageInfoRuntime = browser.runtime): void {
  const listener: PageInfoListener = (message, sender, sendResponse) => {
    if (!PageInfoRequestSchema.safeParse(message).success) return;
    if (sender.id !== runtime.id) return;
    sendResponse(readPageInfo(doc, isActive()));
  };
  runtime.onMessage.addListener(listener);
  signal.addEventListener('abort', () => runtime.onMessage.removeListener(listener), { once: true });
}
