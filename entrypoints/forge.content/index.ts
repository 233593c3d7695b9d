// The content script: detects a Gitea or Forgejo page and starts the page features on it.
export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  runAt: 'document_idle',
  main() {
    document.documentElement.dataset.noclobber = 'ready';
  },
});
