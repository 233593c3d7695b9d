// Starts the page features on a Gitea or Forgejo page and restarts them when the settings
// change. With `nativeEdit: 'off'` the extension stays idle and the forge behaves as without it.
import { loadSettings, watchSettings, type Settings } from '../policy/index';
import { createPageOverlay } from '../overlay/page-overlay';
import { createBackgroundClient, type BackgroundClient } from './background-client';
import * as checkboxTakeover from './checkbox-takeover';
import * as editTakeover from './edit-takeover';
import type { FeatureContext, PostPanelHandle } from './feature-context';
import { readForgeHints } from './forge-hints';
import { findPosts } from './post';
import * as postPanel from './post-panel';
import { createPostSync } from './post-sync';
import { pageIsDark, watchTheme } from './theme';
import { watchPosts } from './post-watch';

/** `data-noclobber` on <html>: 'active' once the features run, 'idle' when policy turns them off. */
const STATE_ATTR = 'data-noclobber';

export function isForgePage(doc: Document): boolean {
  return readForgeHints(doc).forge !== null || findPosts(doc).length > 0;
}

export function startFeatures(doc: Document, settings: Settings, client: BackgroundClient, signal: AbortSignal): void {
  const allowed = new Set(settings.allowedOps);
  const overlay = createPageOverlay(doc, signal);
  const panels = new Map<HTMLElement, PostPanelHandle>();
  const ctx: FeatureContext = {
    doc,
    settings,
    client,
    overlay,
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
    panels.set(post.element, panel);
    postSignal.addEventListener('abort', () => panels.delete(post.element), { once: true });
  });
}

export async function startNoclobber(doc: Document, signal: AbortSignal): Promise<void> {
  if (!isForgePage(doc)) return;
  const client = createBackgroundClient();
  let running: AbortController | null = null;
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
    startFeatures(doc, settings, client, stop.signal);
    doc.documentElement.setAttribute(STATE_ATTR, 'active');
  };
  run((await loadSettings()).settings);
  watchSettings((next) => run(next.settings), signal);
}
