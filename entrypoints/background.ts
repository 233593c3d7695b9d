// The background service worker. It wires the engine to runtime messages and nothing else.
export default defineBackground(() => {
  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    if (sender.id !== browser.runtime.id) return undefined;
    if (typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ping') {
      return Promise.resolve({ type: 'pong' });
    }
    return undefined;
  });
});
