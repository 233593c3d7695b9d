// Specs evaluate code inside the extension's service worker, where `chrome` is the API.
declare const chrome: typeof import('wxt/browser').browser;
