// Starts the page features on a Gitea or Forgejo page and restarts them when the settings
// change. With `nativeEdit: 'off'` the extension stays idle and the forge behaves as without it.
//
// What must work the moment the page loads is in this script: the capture-phase takeovers, the
// pending state of a ticked box, the edit itself. What only draws (Preact, the overlay, jsdiff)
// comes with the UI bundle, loaded as soon as the page shows a post the viewer may edit.
import { loadSettings, watchSettings, type EffectiveSettings, type Settings } from '../policy/index';
import { createBackgroundClient, type BackgroundClient } from './background-client';
import * as checkboxTakeover from './checkbox-takeover';
import { createDeferredOverlay } from './deferred-overlay';
import * as editTakeover from './edit-takeover';
import type { FeatureContext, PostPanelHandle } from './feature-context';
import { readForgeHints } from './forge-hints';
import { servePageInfo } from './page-info';
import { hasEditablePost, hasPost } from './post';
import * as postPanel from './post-panel';
import { createPostSync } from './post-sync';
import { pageIsDark, watchTheme } from './theme';
import { watchPosts, type PostWatch } from './post-watch';
import { createUiLoader, type UiLoader } from './ui-loader';

/** `data-noclobber` on <html>: 'active' once the features run, 'idle' when policy turns them off. */
const STATE_ATTR = 'data-noclobber';

export function isForgePage(doc: Document): boolean {
  // Posts first: the forge hints read the footer's text, which costs more on a long page.
  return hasPost(doc) || readForgeHints(doc).forge !== null;
}

export function startFeatures(doc: Document, settings: Settings, client: BackgroundClient, loadUi: UiLoader, signal: AbortSignal): void {
  const allowed = new Set(settings.allowedOps);
  const overlay = createDeferredOverlay(doc, signal, loadUi);
  const panels = new Map<HTMLElement, PostPanelHandle>();
  let posts: PostWatch | null = null;
  const ctx: FeatureContext = {
    doc,
    settings,
    client,
    overlay,
    loadUi,
    sync: createPostSync(() => allowed.has('task-toggle'), settings.sectionPrefix),
    hints: () => readForgeHints(doc),
    allowed: (kind) => allowed.has(kind),
    panelOf: (element) => {
      posts?.attachPending();
      return panels.get(element);
    },
  };
  let dark = pageIsDark(doc);
  overlay.setDark(dark);
  watchTheme(
    doc,
    (next) => {
      dark = next;
      overlay.setDark(dark);
      for (const panel of panels.values()) panel.setDark(dark);
    },
    signal,
  );
  checkboxTakeover.init(ctx, signal);
  editTakeover.init(ctx, signal);
  // Edits on this page will want toasts and controls: the UI bundle is asked for now, while the
  // posts are attached.
  if (hasEditablePost(doc)) overlay.prepare();
  posts = watchPosts(doc, signal, (post, postSignal) => {
    const panel = postPanel.init(ctx, post, postSignal, () => dark);
    if (panel === null) return;
    // A post the viewer may edit: its edits will want toasts, so the overlay comes now.
    overlay.prepare();
    panels.set(post.element, panel);
    postSignal.addEventListener('abort', () => panels.delete(post.element), { once: true });
  });
}

export interface StartOptions {
  /** Gets the UI bundle (unit tests import it directly); its one load serves every restart of the features on this page. */
  loadUi?: UiLoader;
  /** The settings read begun earlier (the content script starts it before the page is parsed). */
  settings?: Promise<EffectiveSettings>;
}

/** Starts the features on a parsed document. */
export async function startNoclobber(doc: Document, signal: AbortSignal, options: StartOptions = {}): Promise<void> {
  const settings = options.settings ?? loadSettings();
  if (!isForgePage(doc)) {
    // Not a forge page: the settings are not needed, nor is a failure to read them.
    settings.catch(() => undefined);
    return;
  }
  const loadUi = options.loadUi ?? createUiLoader();
  const client = createBackgroundClient();
  let running: AbortController | null = null;
  servePageInfo(doc, () => running !== null, signal);
  const run = (settings: Settings): void => {
    running?.abort();
    running = null;
    if (signal.aborted) return;
    if (settings.nativeEdit === 'off') {
      doc.documentElement.setAttribute(STATE_ATTR, 'idle');
      return;
    }
    running = new AbortController();
    const stop = running;
    signal.addEventListener('abort', () => stop.abort(), { once: true });
    startFeatures(doc, settings, client, loadUi, stop.signal);
    doc.documentElement.setAttribute(STATE_ATTR, 'active');
  };
  run((await settings).settings);
  watchSettings((next) => run(next.settings), signal);
}
