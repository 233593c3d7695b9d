// The one way the page features get the UI bundle (Preact, the overlay, jsdiff; see
// ui-bundle.ts). The content script cannot inject a script itself, so it asks the background
// to run overlay.js in this frame ('load-ui') and then takes the bundle it handed over. One
// load serves every caller; a failed load is tried again at the next need.
import { browser } from 'wxt/browser';
import { UiLoadedResponseSchema, type LoadUiMessage } from '../protocol/index';
import type { UiBundle } from './ui-bundle';
import { handedOverUi } from './ui-handover';

export type UiLoader = () => Promise<UiBundle>;

/** Shares one load between all callers; after a failure the next call loads again. */
export function shareLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending === null) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}

/** Loads the bundle through the background; `scope` is the world the bundle is handed over in. */
export function createUiLoader(
  send: (message: LoadUiMessage) => Promise<unknown> = (message) => browser.runtime.sendMessage(message),
  scope: object = globalThis,
): UiLoader {
  return shareLoad(async () => {
    const present = handedOverUi(scope);
    if (present !== null) return present;
    const answer = UiLoadedResponseSchema.safeParse(await send({ type: 'load-ui' }));
    if (!answer.success) throw new Error("the extension's background answered the UI request in an unexpected shape");
    if (!answer.data.ok) throw new Error(`the page UI was not loaded: ${answer.data.detail}`);
    // The background answers once overlay.js has run in this frame, so the bundle is there now.
    const loaded = handedOverUi(scope);
    if (loaded === null) throw new Error('the page UI bundle ran but handed nothing over');
    return loaded;
  });
}
