// The background service worker. It wires the engine to runtime messages, keeps the engine's
// policy in step with managed and user settings, and keeps the content script registered on
// the self-hosted forges the user or the organisation added. Nothing else.
import { browser } from 'wxt/browser';
import { createExtensionForgeClient } from '../src/forge/index';
import { browserLocalStore, classifySender, createEngine, createLedger, handleMessage, type UiInjector } from '../src/engine/index';
import { syncForgeContentScripts } from '../src/hosts/registry';
import { DEFAULT_ENGINE_POLICY, enginePolicyOf, loadSettings, watchSettings } from '../src/policy';

export default defineBackground(() => {
  // The service worker starts often (MV3 stops it when idle), and usually because a message
  // woke it: every message waits for the settings to be read, so the engine never acts on
  // defaults while an organisation's policy says otherwise.
  let policy = DEFAULT_ENGINE_POLICY;
  const ready = loadSettings().then(
    (effective) => {
      policy = enginePolicyOf(effective.settings);
    },
    (error: unknown) => console.error('Noclobber: reading settings failed', error),
  );
  const sync = (): void =>
    void syncForgeContentScripts().catch((error: unknown) => console.error('Noclobber: registering forge origins failed', error));
  watchSettings((effective) => {
    policy = enginePolicyOf(effective.settings);
    sync();
  }, new AbortController().signal);
  browser.runtime.onStartup.addListener(sync);
  browser.runtime.onInstalled.addListener(sync);
  browser.permissions.onAdded.addListener(sync);
  browser.permissions.onRemoved.addListener(sync);

  const forge = createExtensionForgeClient();
  const ledger = createLedger({ store: browserLocalStore(browser.storage.local) });
  const engine = createEngine({ forge, ledger, policy: () => policy });
  const self = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') };
  // The content script's UI bundle (entrypoints/overlay.ts), run in its frame when it asks.
  // Injected scripts share the extension's isolated world with the content script there.
  const injectUi: UiInjector = async ({ tabId, frameId }) => {
    await browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: ['/overlay.js'] });
  };

  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    // Messages from anything but this extension's own pages and content scripts get no answer.
    if (classifySender(sender, self).kind === 'foreign') return false;
    void ready
      .then(() => handleMessage(engine, message, sender, self, injectUi))
      .then((answer) => answer ?? undefined)
      .then(sendResponse, (error: unknown) =>
        sendResponse({ ok: false, reason: 'invalid-message', detail: `the engine failed: ${error instanceof Error ? error.message : String(error)}` }),
      );
    // Keeps the channel open for the asynchronous answer (works in Chrome and Firefox alike).
    return true;
  });
});
