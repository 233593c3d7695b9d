// What every page feature is handed when it starts: the settings in force, the channel to the
// engine, the overlay and the UI bundle it comes with, and the shared per-post state.
import type { OpKind, Settings } from '../policy/index';
import type { PageOverlay } from '../overlay/page-overlay';
import type { BackgroundClient } from './background-client';
import type { ForgeHints } from './forge-hints';
import type { PagePost } from './post';
import type { PostSync } from './post-sync';
import type { UiLoader } from './ui-loader';

/** What the Edit takeover needs from a post's panel. */
export interface PostPanelHandle {
  openFullEditor(opener: HTMLElement | null, live?: { body: string; version: number | null; reference: string | null }): void;
  setDark(dark: boolean): void;
}

export interface FeatureContext {
  readonly doc: Document;
  readonly settings: Settings;
  readonly client: BackgroundClient;
  /** Usable at once: what it is asked to show before the UI bundle is there waits for it. */
  readonly overlay: PageOverlay;
  /** The UI bundle (Preact views, draft-to-patch), loaded on first need. */
  readonly loadUi: UiLoader;
  readonly sync: PostSync;
  /** Read afresh for every edit: the CSRF token can change while the page is open. */
  hints(): ForgeHints;
  allowed(kind: OpKind): boolean;
  /** The panel of an editable post (attaching the posts found at start first, if still pending). */
  panelOf(postElement: HTMLElement): PostPanelHandle | undefined;
}

/** "description" or "comment", for headings and accessible names. */
export function postNoun(post: PagePost): string {
  return post.target.kind === 'issue' ? 'description' : 'comment';
}
