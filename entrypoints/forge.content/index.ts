// The content script: detects a Gitea or Forgejo page and starts the page features on it.
// Everything it does is undone when the extension is reloaded or removed (ctx.signal).
import { startNoclobber } from '../../src/page/start';

export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  runAt: 'document_idle',
  main(ctx) {
    document.documentElement.dataset.noclobber = 'ready';
    startNoclobber(document, ctx.signal).catch((error: unknown) => {
      // The page keeps working without the extension.
      console.error('noclobber: the page features did not start', error);
    });
  },
});
