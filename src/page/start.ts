// Starts the page features on a Gitea or Forgejo page and restarts them when the settings
// change. With `nativeEdit: 'off'` the extension stays idle and the forge behaves as without it.
//
// What must work the moment the page loads is in this script: the capture-phase takeovers, the
// pending state of a ticked box, the edit itself. What only draws (Preact, the overlay, jsdiff)
// comes with the UI bundle, loaded as soon as the page shows a post the viewer may edit.
import { loadSettings, watchSettings, type Settings } from '../policy/index';
import { createBackgroundClient, type BackgroundClient } from './background-client';
import * as checkboxTakeover from './checkbox-takeover';
import { createDeferredOverlay } from './deferred-overlay';
import * as editTakeover from './edit-takeover';
import type { FeatureContext, PostPanelHandle } from './feature-context';
import { readForgeHints } from './forge-hints';
import { servePageInfo } from './page-info';
import { findPosts } from './post';
import * as postPanel from './post-panel';
import { createPostSync } from './post-sync';
import { pageIsDark, watchTheme } from './theme';
import { watchPosts } from './post-watch';
import { createUiLoader, type UiLoader } from './ui-loader';

/** `data-noclobber` on <html>: 'active' once the features run, 'idle' when policy turns them off. */
const STATE_ATTR = 'data-noclobber';

export function isForgePage(doc: Document): boolean {
  return readForgeHints(doc).forge !== null || findPosts(doc).length > 0;
}

export function startFeatures(doc: Document, settings: Settings, client: BackgroundClient, loadUi: UiLoader, signal: AbortSignal): void {
  const allowed = new Set(settings.allowedOps);
  const overlay = createDeferredOverlay(doc, signal, loadUi);
  const panels = new Map<HTMLElement, PostPanelHandle>();
  const ctx: FeatureContext = {
    doc,
    settings,
    client,
    overlay,
    loadUi,
    sync: createPostSync(() => allowed.has('task-toggle'), settings.sectionPrefix),
    hints: () => readForgeHints(doc),
    allowed: (kind) => allowed.has(kind),
    panels,
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
  watchPosts(doc, signal, (post, postSignal) => {
    const panel = postPanel.init(ctx, post, postSignal, () => dark);
    if (panel === null) return;
    // A post the viewer may edit: its edits will want toasts, so the overlay comes now.
    overlay.prepare();
    panels.set(post.element, panel);
    postSignal.addEventListener('abort', () => panels.delete(post.element), { once: true });
  });
}

/**
 * `loadUi` gets the UI bundle (unit tests import it directly); its one load serves every restart
 * of the features on this page.
 */
export async function startNoclobber(doc: Document, signal: AbortSignal, loadUi: UiLoader = createUiLoader()): Promise<void> {
  if (!isForgePage(doc)) return;
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
  run((await loadSettings()).settings);
  watchSettings((next) => run(next.settings), signal);
}
