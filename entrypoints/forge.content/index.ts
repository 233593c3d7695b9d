// The content script: detects a Gitea or Forgejo page and starts the page features on it.
// Everything it does is undone when the extension is reloaded or removed (ctx.signal).
//
// It is injected at document_start: Chromium then prepares it while the page is still arriving,
// and the settings are read in the meantime, so the posts are taken over as soon as the page is
// parsed instead of a while after its DOMContentLoaded.
import { loadSettings } from '../../src/policy/index';
import { whenParsed } from '../../src/page/dom-parsed';
import { startNoclobber } from '../../src/page/start';

export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  runAt: 'document_start',
  main(ctx) {
    document.documentElement?.setAttribute('data-noclobber', 'ready');
    const settings = loadSettings();
    whenParsed(document, ctx.signal)
      .then(() => startNoclobber(document, ctx.signal, { settings }))
      .catch((error: unknown) => {
        // The page keeps working without the extension.
        console.error('noclobber: the page features did not start', error);
      });
  },
});
